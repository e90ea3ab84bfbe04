import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatAwbNumber } from '../../domain/awb';
import { companyMayDecide, markRefusal, type ShipmentStatus } from '../../domain/shipmentStatus';
import type { CheckUpdateAnswer } from '../../domain/shipmentWire';
import { parseCompactUpdateDt } from '../../domain/updateDt';
import type { AppContext } from '../context';
import { accountOf } from '../http/authenticate';
import { FunctionId } from '../../domain/access';
import { actionLogRows } from './actionLog';
import { invalid, ok, shipmentNotFound, shipmentRefused } from './answers';
import { callerOf } from './caller';
import { detailAnswerJson, shipmentData } from './detail';
import { oneRecordBase } from '../oneRecord/routes';
import { privilegeFrom } from '../compliance/privilege';
import { heldByAnother } from './handlingLock';
import { lookupCodes } from './lookupCodes';
import {
  awbDetailAnswer,
  awbParams,
  checkUpdateAnswer,
  checkUpdateParams,
  lookupCodesAnswer,
  lookupParams,
  sanctionDetailAnswer,
  shipmentIdParams,
} from './schemas';
import { accessOf } from './scope';
import { findShipment, shipmentAccess } from './shipmentRecord';
import { REFUSALS, SHIPMENT_REFUSALS } from '../http/answerSchemas';

/** GET awbdetail (by id, by AWB), sanction/detail, util/getlookupcode, util/awbcheckupdate. */
export async function detailRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  /** Shows a detail: takes (or reports) the handling lock, and logs the Display (batched: it only reads). */
  async function showDetail(request: Parameters<typeof callerOf>[1], reply: FastifyReply, key: { id: string } | { prefix: string; suffix: string }) {
    const caller = await callerOf(ctx, request);
    const awb = 'prefix' in key ? formatAwbNumber(key) : undefined;
    const cached = 'id' in key ? await ctx.shipments.byId(key.id) : await ctx.shipments.byAwb(key.prefix, key.suffix);
    if (!cached) return shipmentNotFound(reply, awb);
    const shipmentId = String(cached.row.shipment_id);
    const shipment = cached.row;
    // The scope holds the company's lendings already (read with it for the same request).
    const access = accessOf(caller.scope, shipment);
    if (access !== 'full') return shipmentRefused(reply, access === 'lent' ? 'lent' : 'none');
    const [handling, privilege] = await Promise.all([
      ctx.shipments.takeHandling(shipmentId, caller.account, caller.lockMinutes),
      privilegeFrom(shipment, caller.account, (carrier) => ctx.shipments.privilegeRows(carrier)),
    ]);
    ctx.logs.actions(
      actionLogRows(caller.account, caller.ip, [
        {
          actType: 'Display',
          docType: 'AWB',
          docName: `AWB ${formatAwbNumber({ prefix: shipment.awb_prefix, suffix: shipment.awb_suffix })}`,
          shipmentId,
          awbPrefix: shipment.awb_prefix,
          awbSuffix: shipment.awb_suffix,
        },
      ]),
    );
    return reply
      .type('application/json; charset=utf-8')
      .send(detailAnswerJson(cached, shipment, caller.scope, handling, oneRecordBase(ctx.config.publicUrl), privilege));
  }

  // The detail is sent as JSON text (detail.ts), which no serialiser reads: its schema documents it.
  app.get('/awbdetail/:shipmentId', { schema: { params: shipmentIdParams, response: { 200: awbDetailAnswer, ...SHIPMENT_REFUSALS } } }, (request, reply) =>
    showDetail(request, reply, { id: request.params.shipmentId }),
  );

  app.get('/awbdetail/:prefix/:suffix', { schema: { params: awbParams, response: { 200: awbDetailAnswer, ...SHIPMENT_REFUSALS } } }, (request, reply) =>
    showDetail(request, reply, { prefix: request.params.prefix, suffix: request.params.suffix }),
  );

  app.get(
    '/sanction/detail/:shipmentId',
    { schema: { params: shipmentIdParams, response: { 200: sanctionDetailAnswer, ...SHIPMENT_REFUSALS } } },
    async (request, reply) => {
      const caller = await callerOf(ctx, request);
      const found = await findShipment(ctx.db, caller.scope, { id: request.params.shipmentId });
      if (found.kind === 'notFound') return shipmentNotFound(reply);
      if (found.access !== 'full') return shipmentRefused(reply, found.access);
      const data = shipmentData(found.shipment);
      const heldBy = await heldByAnother(ctx.db, data.ShipmentId, caller.account, caller.lockMinutes);
      const decider = heldBy === null && companyMayDecide(caller.scope.companyTypeId);
      const reviewer = await ctx.access.roleHoldsFunction(caller.account.roleId, FunctionId.SANCTION_REVIEW);
      return ok({
        ShipmentId: data.ShipmentId,
        AWBPrefix: data.AWBPrefix,
        AWBSuffix: data.AWBSuffix,
        AWBNumber: data.AWBNumber,
        Status: data.Status,
        UpdateDT: data.UpdateDT,
        SanctionHits: data.SanctionHits,
        ComplianceChecks: data.ComplianceChecks,
        Compliance: data.Compliance,
        Eyeball: data.Eyeball,
        HeldBy: heldBy,
        Can: {
          Mark: heldBy === null && markRefusal({ companyTypeId: caller.scope.companyTypeId, status: data.Status as ShipmentStatus }) === undefined,
          // Escalating and cancelling an escalation: anyone who decides; approving, denying and clearing: compliance reviewers.
          Escalate: decider,
          Review: decider && reviewer,
          Resend: decider,
        },
      });
    },
  );

  app.get('/util/getlookupcode/:lookupType', { schema: { params: lookupParams, response: { 200: lookupCodesAnswer, ...REFUSALS } } }, async (request) =>
    ok(await lookupCodes(ctx.db, request.params.lookupType, accountOf(request).companyId)),
  );

  app.get(
    '/util/awbcheckupdate/:shipmentId/:updateDT',
    { schema: { params: checkUpdateParams, response: { 200: checkUpdateAnswer, ...SHIPMENT_REFUSALS } } },
    async (request, reply) => {
      const since = parseCompactUpdateDt(request.params.updateDT);
      if (!since) return invalid(reply, 'updateDT must be the UpdateDT with colons, dashes and spaces removed (e.g. 20261122T101530.123Z).');
      const caller = await callerOf(ctx, request);
      const found = await shipmentAccess(ctx.db, caller.scope, request.params.shipmentId);
      if (found.kind === 'notFound') return shipmentNotFound(reply);
      if (found.access !== 'full') return shipmentRefused(reply, found.access);
      const messages = await ctx.db
        .selectFrom('shipment_events')
        .select('event_id')
        .where('shipment_id', '=', request.params.shipmentId)
        .where('kind', 'in', ['FWB', 'FHL'])
        .where('at', '>', new Date(since))
        .limit(1)
        .execute();
      const answer: CheckUpdateAnswer = {
        IsUpdated: found.updateDt.getTime() > Date.parse(since),
        IsFwbFhlUpdated: messages.length > 0,
        UpdateDT: found.updateDt.toISOString(),
        Status: found.status as ShipmentStatus,
      };
      return ok(answer);
    },
  );
}

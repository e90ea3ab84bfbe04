import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ok, shipmentNotFound, shipmentRefused } from './answers';
import { callerOf, sendOutcome } from './caller';
import { approveShipment, markShipment, rejectShipment } from './decisions';
import { releaseHandling, takeHandling } from './handlingLock';
import {
  acceptDocumentBody,
  approveBody,
  decisionAnswerSchema,
  handlingAnswer,
  markBody,
  modifyBody,
  rejectBody,
  releasedAnswer,
  sendBody,
  sendTargetsAnswer,
  sendTargetsBody,
  shipmentIdParams,
} from './schemas';
import { acceptAdditionalDocument, modifyShipment, sendShipment, sendTargetChecks } from './shipmentChanges';
import { shipmentAccess } from './shipmentRecord';
import { REFUSALS, SHIPMENT_REFUSALS } from '../http/answerSchemas';

/** The decisions and changes (awbapprove, awbreject, awbmark, awbmodify, acceptdocument, awbsend) and the handling lock calls. */
export async function decisionRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const decided = { 200: decisionAnswerSchema, ...SHIPMENT_REFUSALS };
  app.post('/awbapprove', { schema: { body: approveBody, response: decided } }, async (request, reply) =>
    sendOutcome(reply, await approveShipment(await callerOf(ctx, request), request.body)),
  );
  app.post('/awbreject', { schema: { body: rejectBody, response: decided } }, async (request, reply) =>
    sendOutcome(reply, await rejectShipment(await callerOf(ctx, request), request.body)),
  );
  app.post('/awbmark', { schema: { body: markBody, response: decided } }, async (request, reply) =>
    sendOutcome(reply, await markShipment(await callerOf(ctx, request), request.body)),
  );
  app.post('/awbmodify', { schema: { body: modifyBody, response: decided } }, async (request, reply) =>
    sendOutcome(reply, await modifyShipment(await callerOf(ctx, request), request.body)),
  );
  app.post('/acceptdocument', { schema: { body: acceptDocumentBody, response: decided } }, async (request, reply) =>
    sendOutcome(reply, await acceptAdditionalDocument(await callerOf(ctx, request), request.body)),
  );
  app.post('/awbsend', { schema: { body: sendBody, response: decided } }, async (request, reply) =>
    sendOutcome(reply, await sendShipment(await callerOf(ctx, request), request.body)),
  );
  /** What awbsend would refuse for each selected shipment, so the Send menu offers only what fits (ACAS to the US, ACI to Canada). */
  app.post('/sendtargets', { schema: { body: sendTargetsBody, response: { 200: sendTargetsAnswer, ...REFUSALS } } }, async (request) =>
    ok(await sendTargetChecks(await callerOf(ctx, request), request.body.ShipmentIds)),
  );

  /** Releases the caller's handling lock (moving to another shipment, signing out). */
  app.post(
    '/deletehandling/:shipmentId',
    { schema: { params: shipmentIdParams, response: { 200: releasedAnswer, ...SHIPMENT_REFUSALS } } },
    async (request, reply) => {
      const caller = await callerOf(ctx, request);
      const found = await shipmentAccess(ctx.db, caller.scope, request.params.shipmentId);
      if (found.kind === 'notFound') return shipmentNotFound(reply);
      if (found.access !== 'full') return shipmentRefused(reply, found.access);
      return ok({ Released: await releaseHandling(ctx.db, request.params.shipmentId, caller.account) });
    },
  );

  /** The browser renews the lock every minute while the detail is open; the answer says who holds it now. */
  app.post(
    '/renewhandling/:shipmentId',
    { schema: { params: shipmentIdParams, response: { 200: handlingAnswer, ...SHIPMENT_REFUSALS } } },
    async (request, reply) => {
      const caller = await callerOf(ctx, request);
      const found = await shipmentAccess(ctx.db, caller.scope, request.params.shipmentId);
      if (found.kind === 'notFound') return shipmentNotFound(reply);
      if (found.access !== 'full') return shipmentRefused(reply, found.access);
      return ok(await takeHandling(ctx.db, request.params.shipmentId, caller.account, caller.lockMinutes));
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { AcceptDocumentRequest, ApproveRequest, MarkRequest, ModifyRequest, RejectRequest, SendRequest } from '../../domain/shipmentWire';
import type { AppContext } from '../context';
import { ok, shipmentNotFound, shipmentRefused } from './answers';
import { callerOf, sendOutcome } from './caller';
import { approveShipment, markShipment, rejectShipment } from './decisions';
import { releaseHandling, takeHandling } from './handlingLock';
import {
  acceptDocumentBody,
  approveBody,
  decisionAnswerSchema,
  markBody,
  modifyBody,
  rejectBody,
  sendBody,
  sendTargetsAnswer,
  sendTargetsBody,
  shipmentIdParams,
} from './schemas';
import { acceptAdditionalDocument, modifyShipment, sendShipment, sendTargetChecks } from './shipmentChanges';
import { shipmentAccess } from './shipmentRecord';

/** The decisions and changes (awbapprove, awbreject, awbmark, awbmodify, acceptdocument, awbsend) and the handling lock calls. */
export async function decisionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post<{ Body: ApproveRequest }>('/awbapprove', { schema: { body: approveBody, response: { 200: decisionAnswerSchema } } }, async (request, reply) =>
    sendOutcome(reply, await approveShipment(await callerOf(ctx, request), request.body)),
  );
  app.post<{ Body: RejectRequest }>('/awbreject', { schema: { body: rejectBody, response: { 200: decisionAnswerSchema } } }, async (request, reply) =>
    sendOutcome(reply, await rejectShipment(await callerOf(ctx, request), request.body)),
  );
  app.post<{ Body: MarkRequest }>('/awbmark', { schema: { body: markBody, response: { 200: decisionAnswerSchema } } }, async (request, reply) =>
    sendOutcome(reply, await markShipment(await callerOf(ctx, request), request.body)),
  );
  app.post<{ Body: ModifyRequest }>('/awbmodify', { schema: { body: modifyBody, response: { 200: decisionAnswerSchema } } }, async (request, reply) =>
    sendOutcome(reply, await modifyShipment(await callerOf(ctx, request), request.body)),
  );
  app.post<{ Body: AcceptDocumentRequest }>(
    '/acceptdocument',
    { schema: { body: acceptDocumentBody, response: { 200: decisionAnswerSchema } } },
    async (request, reply) => sendOutcome(reply, await acceptAdditionalDocument(await callerOf(ctx, request), request.body)),
  );
  app.post<{ Body: SendRequest }>('/awbsend', { schema: { body: sendBody, response: { 200: decisionAnswerSchema } } }, async (request, reply) =>
    sendOutcome(reply, await sendShipment(await callerOf(ctx, request), request.body)),
  );
  /** What awbsend would refuse for each selected shipment, so the Send menu offers only what fits (ACAS to the US, ACI to Canada). */
  app.post<{ Body: { ShipmentIds: string[] } }>('/sendtargets', { schema: { body: sendTargetsBody, response: { 200: sendTargetsAnswer } } }, async (request) =>
    ok(await sendTargetChecks(await callerOf(ctx, request), request.body.ShipmentIds)),
  );

  /** Releases the caller's handling lock (moving to another shipment, signing out). */
  app.post<{ Params: { shipmentId: string } }>('/deletehandling/:shipmentId', { schema: { params: shipmentIdParams } }, async (request, reply) => {
    const caller = await callerOf(ctx, request);
    const found = await shipmentAccess(ctx.db, caller.scope, request.params.shipmentId);
    if (found.kind === 'notFound') return shipmentNotFound(reply);
    if (found.access !== 'full') return shipmentRefused(reply, found.access);
    return ok({ Released: await releaseHandling(ctx.db, request.params.shipmentId, caller.account) });
  });

  /** The browser renews the lock every minute while the detail is open; the answer says who holds it now. */
  app.post<{ Params: { shipmentId: string } }>('/renewhandling/:shipmentId', { schema: { params: shipmentIdParams } }, async (request, reply) => {
    const caller = await callerOf(ctx, request);
    const found = await shipmentAccess(ctx.db, caller.scope, request.params.shipmentId);
    if (found.kind === 'notFound') return shipmentNotFound(reply);
    if (found.access !== 'full') return shipmentRefused(reply, found.access);
    return ok(await takeHandling(ctx.db, request.params.shipmentId, caller.account, caller.lockMinutes));
  });
}

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../context';
import { Answer } from '../http/answerSchemas';
import { SHIPMENT_REFUSALS } from '../http/answerSchemas';
import { ok, shipmentNotFound, shipmentRefused } from '../shipments/answers';
import { callerOf, sendOutcome } from '../shipments/caller';
import { decisionAnswerSchema, ID, shipmentIdParams, UPDATE_DT } from '../shipments/schemas';
import { accessOf } from '../shipments/scope';
import { oneRecordBase } from './routes';
import { changeRequestsOf, decideShipmentChange } from './shipmentChangeRequests';

/**
 * /awbapi's calls for partners' ONE Record change requests to a shipment (issue 37, 4): the AWB detail page lists them
 * (GET onerecordchanges/{shipmentId}) and an operator accepts or rejects a pending one (POST onerecordchange).
 */

const REQUEST_ID = Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' });
const changeRequestSchema = Type.Object({
  RequestId: Type.String(),
  RequestIri: Type.String({ description: 'the api:ChangeRequest on the ONE Record server' }),
  ObjectIri: Type.String({ description: 'the logistics object it changes' }),
  RequestedBy: Type.String({ description: "the requesting organisation's IRI" }),
  RequestedByName: Type.Union([Type.String(), Type.Null()], {
    description: "its name when the portal knows it: a portal company's, or a registered ONE Record client's with its company's",
  }),
  RequestedAt: Type.String(),
  Status: Type.Enum(['PENDING', 'ACCEPTED', 'REJECTED', 'FAILED', 'REVOKED'], { type: 'string' }),
  StatusSince: Type.String(),
  Description: Type.Union([Type.String(), Type.Null()]),
  ForRevision: Type.Integer(),
  Current: Type.Boolean({ description: "made for the shipment's latest revision" }),
  Changes: Type.Array(Type.Object({ What: Type.String(), From: Type.String(), To: Type.String() }), {
    description: 'what a pending request that still applies changes',
  }),
  Problem: Type.Union([Type.String(), Type.Null()], { description: 'why it failed, or why a pending one would' }),
});
const decisionBody = Type.Object(
  { ShipmentId: ID, UpdateDT: UPDATE_DT, RequestId: REQUEST_ID, Decision: Type.Enum(['accept', 'reject'], { type: 'string' }) },
  { additionalProperties: false },
);

export async function shipmentChangeRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const base = oneRecordBase(ctx.config.publicUrl);

  app.get(
    '/onerecordchanges/:shipmentId',
    {
      schema: {
        description:
          "Partners' ONE Record change requests to the shipment's logistics objects, newest first (at most 100): who asked, when, the status, and what a pending one changes.",
        params: shipmentIdParams,
        response: { 200: Answer(Type.Array(changeRequestSchema)), ...SHIPMENT_REFUSALS },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(ctx, request);
      const cached = await ctx.shipments.rowById(request.params.shipmentId);
      if (!cached) return shipmentNotFound(reply);
      const access = accessOf(caller.scope, cached.row);
      if (access !== 'full') return shipmentRefused(reply, access === 'lent' ? 'lent' : 'none');
      return ok(await changeRequestsOf(ctx.db, cached.row, base));
    },
  );

  app.post(
    '/onerecordchange',
    {
      schema: {
        description:
          "An operator accepts or rejects a partner's pending ONE Record change request, on the shipment's UpdateDT. Accepted, the FWB it makes is taken in as a newer FWB (a new revision, screened again); one made for an older revision, or that no longer applies, is recorded as failed, with why.",
        body: decisionBody,
        response: { 200: decisionAnswerSchema, ...SHIPMENT_REFUSALS },
      },
    },
    async (request, reply) =>
      sendOutcome(
        reply,
        await decideShipmentChange(await callerOf(ctx, request), request.body, { base, autoAcceptDelaySeconds: ctx.config.autoAcceptDelaySeconds }),
      ),
  );
}

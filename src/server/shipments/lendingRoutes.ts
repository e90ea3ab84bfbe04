import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { callerOf, sendOutcome } from './caller';
import { lendableCompanies, lendShipment, takeBackShipment } from './lending';
import { decisionAnswerSchema, lendableCompaniesAnswer, lendingBody, shipmentIdParams } from './schemas';
import { SHIPMENT_REFUSALS } from '../http/answerSchemas';

/** Lending (lending.ts): awblend, awbtakeback, and the companies a shipment may be lent to. */
export async function lendingRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const lent = { 200: decisionAnswerSchema, ...SHIPMENT_REFUSALS };
  app.post('/awblend', { schema: { body: lendingBody, response: lent } }, async (request, reply) =>
    sendOutcome(reply, await lendShipment(await callerOf(ctx, request), request.body)),
  );
  app.post('/awbtakeback', { schema: { body: lendingBody, response: lent } }, async (request, reply) =>
    sendOutcome(reply, await takeBackShipment(await callerOf(ctx, request), request.body)),
  );
  app.get(
    '/util/lendcompanies/:shipmentId',
    { schema: { params: shipmentIdParams, response: { 200: lendableCompaniesAnswer, ...SHIPMENT_REFUSALS } } },
    async (request, reply) => sendOutcome(reply, await lendableCompanies(await callerOf(ctx, request), request.params.shipmentId)),
  );
}

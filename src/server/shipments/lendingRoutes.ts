import type { FastifyInstance } from 'fastify';
import type { LendingRequest } from '../../domain/lending';
import type { AppContext } from '../context';
import { callerOf, sendOutcome } from './caller';
import { lendableCompanies, lendShipment, takeBackShipment } from './lending';
import { lendingBody, shipmentIdParams } from './schemas';

/** Lending (lending.ts): awblend, awbtakeback, and the companies a shipment may be lent to. */
export async function lendingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post<{ Body: LendingRequest }>('/awblend', { schema: { body: lendingBody } }, async (request, reply) =>
    sendOutcome(reply, await lendShipment(await callerOf(ctx, request), request.body)),
  );
  app.post<{ Body: LendingRequest }>('/awbtakeback', { schema: { body: lendingBody } }, async (request, reply) =>
    sendOutcome(reply, await takeBackShipment(await callerOf(ctx, request), request.body)),
  );
  app.get<{ Params: { shipmentId: string } }>('/util/lendcompanies/:shipmentId', { schema: { params: shipmentIdParams } }, async (request, reply) =>
    sendOutcome(reply, await lendableCompanies(await callerOf(ctx, request), request.params.shipmentId)),
  );
}

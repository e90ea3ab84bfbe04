import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { accountOf } from '../http/authenticate';
import { ok, invalid, refused, shipmentNotFound, shipmentRefused } from './answers';
import type { DecisionCaller } from './decisions';
import type { ChangeOutcome } from './decisionGuard';

/** The signed-in caller of a shipment call, with the company scope every query needs. */
export async function callerOf(ctx: AppContext, request: FastifyRequest): Promise<DecisionCaller> {
  const account = accountOf(request);
  return {
    db: ctx.db,
    access: ctx.access,
    account,
    scope: await ctx.access.scope(account),
    ip: request.ip,
    lockMinutes: ctx.config.handlingLockMinutes,
    outboundAddresses: ctx.config.outboundAddresses,
    ...(ctx.jobs ? { jobs: ctx.jobs } : {}),
  };
}

/** Turns the outcome of a change into the spec's answer. */
export function sendOutcome<T>(reply: FastifyReply, outcome: ChangeOutcome<T>, awb?: string) {
  switch (outcome.kind) {
    case 'ok':
      return ok(outcome.data);
    case 'notFound':
      return shipmentNotFound(reply, awb);
    case 'access':
      return shipmentRefused(reply, outcome.access);
    case 'refused':
      return refused(reply, outcome.reason, outcome.message, outcome.data);
    case 'invalid':
      return invalid(reply, outcome.message);
  }
}

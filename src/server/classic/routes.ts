import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { authenticate } from '../http/authenticate';
import { ipRestriction } from '../http/ipRestriction';
import { installEnvelopeHook } from './envelope';

export type ClassicRoutes = FastifyPluginAsync<{ ctx: AppContext }>;

/**
 * The classic envelope API: one authentication hook and one envelope hook for every route under it.
 * Authentication comes first (onRequest, before the body is even read): an anonymous caller gets
 * 401 and never reaches the envelope check, so it cannot fill the envelope token table.
 */
export async function classicApiRoutes(app: FastifyInstance, { ctx, routes }: { ctx: AppContext; routes: readonly ClassicRoutes[] }): Promise<void> {
  app.addHook('onRequest', authenticate(ctx));
  // The company's address ranges apply to every classic call (routes may opt out: ipranges).
  app.addHook('onRequest', ipRestriction);
  installEnvelopeHook(app, ctx.db, ctx.config.envelopeWindowSeconds);
  for (const register of routes) await app.register(register, { ctx });
}

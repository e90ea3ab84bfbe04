import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { authenticate } from '../http/authenticate';
import { installEnvelopeHook } from './envelope';

export type ClassicRoutes = FastifyPluginAsync<{ ctx: AppContext }>;

/** The classic envelope API: one envelope hook and one authentication hook for every route under it. */
export async function classicApiRoutes(app: FastifyInstance, { ctx, routes }: { ctx: AppContext; routes: readonly ClassicRoutes[] }): Promise<void> {
  installEnvelopeHook(app, ctx.db, ctx.config.envelopeWindowSeconds);
  app.addHook('preHandler', authenticate(ctx));
  for (const register of routes) await app.register(register, { ctx });
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that only reads (the AWB summary): its answer need not wait for the change feed. */
    readsOnly?: boolean;
  }
}

/**
 * For every request that may change something (any method but GET and HEAD, unless its route says it
 * only reads): the answer goes out only once this process has applied the change notifications of
 * what it committed (ChangeFeed.sync), so the next call to this instance, by anyone, sees the change
 * and never a cached copy from before it (accounts, sessions, shipments, rule lists). Other instances
 * see it when the notification reaches them, within milliseconds.
 */
export function answerAfterOwnChanges(app: FastifyInstance, ctx: Pick<AppContext, 'changes'>): void {
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.routeOptions.config.readsOnly) return done(null, payload);
    ctx.changes.sync().then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
    return undefined;
  });
}

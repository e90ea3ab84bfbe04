import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/database';

/**
 * The probes of load balancers and supervisors (issue 35, 3), left out of the API document:
 * - `/healthz`, liveness: the process answers; 503 (not 500) while its database cannot be reached.
 * - `/readyz`, readiness: 503 while the instance drains before it stops (SIGTERM: the balancer stops
 *   sending it requests while it still answers them) and while its database cannot be reached.
 * While draining, every answer also asks its client to close the connection, so that keep-alive
 * clients open their next one to another instance.
 */

/** Whether the instance is stopping (set on SIGTERM by src/server/main.ts). */
export interface Lifecycle {
  draining: boolean;
}

/**
 * Whether the database answers a read. No timeout of its own: under load the read waits for a
 * connection of the pool like every request (a probe that gave up after 2 s took busy instances out of
 * service), and the balancer's probe timeout judges a database that never answers.
 */
async function databaseAnswers(db: Db): Promise<boolean> {
  return db
    .selectFrom('companies')
    .select('company_id')
    .limit(1)
    .execute()
    .then(
      () => true,
      () => false,
    );
}

export function registerProbes(app: FastifyInstance, ctx: AppContext): void {
  // A callback hook, not an async one: it runs on every answer.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (ctx.lifecycle?.draining) reply.header('Connection', 'close');
    done(null, payload);
  });

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    if (!(await databaseAnswers(ctx.db))) return reply.code(503).send({ status: 'database unreachable' });
    return { status: 'ok' };
  });

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (ctx.lifecycle?.draining) return reply.code(503).send({ status: 'draining' });
    if (!(await databaseAnswers(ctx.db))) return reply.code(503).send({ status: 'database unreachable' });
    return { status: 'ready' };
  });
}

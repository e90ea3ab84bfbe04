import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/**
 * For the routes that change what the access cache holds (users, passwords, sessions, address
 * ranges): a request that changes something is answered only once this process has applied the
 * change notifications of what it committed (ChangeFeed.sync), so the next call to this instance,
 * by anyone, sees the change. Other instances see it when the notification reaches them.
 */
export function answerAfterOwnChanges(app: FastifyInstance, ctx: Pick<AppContext, 'changes'>): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') await ctx.changes.sync();
    return payload;
  });
}

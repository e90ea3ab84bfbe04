import type { FastifyInstance } from 'fastify';
import { FunctionId } from '../../domain/access';
import type { AppContext } from '../context';
import { accountOf } from '../http/authenticate';
import { requireFunction } from '../http/requireFunction';
import { listQuerystringSchema, parseListQuery, sendPage, textFilter, type ListQueryText } from './listQuery';
import { listCompanyAudit } from './userAudit';

/** The `useraudit` resource: the user management audit of the signed-in admin's company, newest first. */
export async function userAuditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.addHook('preHandler', requireFunction(ctx, FunctionId.USER_MANAGEMENT));

  app.get<{ Querystring: ListQueryText }>('/useraudit', { schema: { querystring: listQuerystringSchema } }, async (request, reply) => {
    const query = parseListQuery({ sort: '["at","DESC"]', ...request.query }, ['id', 'at'] as const, 'at');
    const { rows, total } = await listCompanyAudit(ctx.db, accountOf(request).companyId, {
      search: textFilter(query.filter, 'q'),
      action: textFilter(query.filter, 'action', 40),
      descending: query.descending,
      offset: query.offset,
      limit: query.limit,
    });
    return sendPage(reply, 'useraudit', rows, query.offset, total);
  });
}

import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FunctionId } from '../../domain/access';
import type { AppContext } from '../context';
import { accountOf } from '../http/authenticate';
import { requireFunction } from '../http/requireFunction';
import { PageAnswer, Refusal } from '../http/answerSchemas';
import { listQuerystringSchema, parseListQuery, sendPage, textFilter } from './listQuery';
import { listCompanyAudit } from './userAudit';
import { UserAuditRecordSchema } from './userSchemas';

/** The `useraudit` resource: the user management audit of the signed-in admin's company, newest first. */
export async function userAuditRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('preHandler', requireFunction(ctx, FunctionId.USER_MANAGEMENT));

  const schema = { querystring: listQuerystringSchema, response: { 200: PageAnswer(UserAuditRecordSchema), '4xx': Refusal } };
  app.get('/useraudit', { schema }, async (request, reply) => {
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

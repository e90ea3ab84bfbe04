import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { offers, type RuleListPlugin } from '../../../plugins/types';
import { dayNumber } from '../../domain/dateRange';
import { RULE_LIST_AUDIT_ACTIONS } from '../../domain/ruleListAudit';
import type { AppContext } from '../context';
import { PageAnswer } from '../http/answerSchemas';
import { accountOf } from '../http/authenticate';
import { badRequest, listQuerystringSchema, parseListQuery, sendPage, textFilter } from '../users/listQuery';
import { listRowChanges } from './ruleListAudit';
import { AuditEntry, Guarded, Refusals } from './schemas';

/** The list's User Log (userlog/{functionId}): its audit entries, newest first, filtered by action, user, row and dates. */

function dateFilter(filter: Record<string, unknown>, name: string): string | undefined {
  const value = textFilter(filter, name, 10);
  if (value !== undefined && dayNumber(value) === undefined) throw badRequest(`The ${name} filter must be a date, YYYY-MM-DD.`);
  return value;
}

export function ruleListUserLogRoutes(plugin: RuleListPlugin) {
  return async function userLogRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
    const app = plain.withTypeProvider<TypeBoxTypeProvider>();
    if (offers(plugin, 'userLog')) {
      const schema = {
        tags: [plugin.label],
        summary: "The list's user log: one entry per row changed, newest first (filters: q, action, userId, rowId, from, to)",
        querystring: listQuerystringSchema,
        response: { 200: PageAnswer(AuditEntry), 400: Refusals[400], ...Guarded },
      };
      app.get('/userlog', { schema }, async (request, reply) => {
        const query = parseListQuery(request.query, ['at'] as const, 'at');
        const descending = request.query.sort === undefined ? true : query.descending;
        const known = new Set(['q', 'action', 'userId', 'rowId', 'from', 'to']);
        const unknown = Object.keys(query.filter).find((name) => !known.has(name));
        if (unknown) throw badRequest(`Unknown filter "${unknown}". Filters: ${[...known].join(', ')}.`);
        const action = textFilter(query.filter, 'action', 20);
        if (action !== undefined && !(RULE_LIST_AUDIT_ACTIONS as readonly string[]).includes(action)) {
          throw badRequest(`The action filter must be one of ${RULE_LIST_AUDIT_ACTIONS.join(', ')}.`);
        }
        const rowId = textFilter(query.filter, 'rowId', 20);
        if (rowId !== undefined && !/^\d{1,15}$/.test(rowId)) throw badRequest('The rowId filter must be a row id (digits).');
        const { rows, total } = await listRowChanges(ctx.db, accountOf(request).companyId, plugin, {
          q: textFilter(query.filter, 'q', 100),
          action,
          userId: textFilter(query.filter, 'userId', 50),
          rowId,
          from: dateFilter(query.filter, 'from'),
          to: dateFilter(query.filter, 'to'),
          descending,
          offset: query.offset,
          limit: query.limit,
        });
        return sendPage(reply, `${plugin.name}/userlog`, rows satisfies Static<typeof AuditEntry>[], query.offset, total);
      });
    }
  };
}

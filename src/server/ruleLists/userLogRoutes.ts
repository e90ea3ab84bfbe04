import type { FastifyInstance } from 'fastify';
import { offers, type RuleListPlugin } from '../../../plugins/types';
import { dayNumber } from '../../domain/dateRange';
import { RULE_LIST_AUDIT_ACTIONS } from '../../domain/ruleListAudit';
import type { AppContext } from '../context';
import { accountOf } from '../http/authenticate';
import { badRequest, listQuerystringSchema, parseListQuery, sendPage, textFilter, type ListQueryText } from '../users/listQuery';
import { listRowChanges } from './ruleListAudit';

/** The list's User Log (userlog/{functionId}): its audit entries, newest first, filtered by action, user, row and dates. */

function dateFilter(filter: Record<string, unknown>, name: string): string | undefined {
  const value = textFilter(filter, name, 10);
  if (value !== undefined && dayNumber(value) === undefined) throw badRequest(`The ${name} filter must be a date, YYYY-MM-DD.`);
  return value;
}

export function ruleListUserLogRoutes(plugin: RuleListPlugin) {
  return async function userLogRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
    if (offers(plugin, 'userLog')) {
      app.get<{ Querystring: ListQueryText }>('/userlog', { schema: { querystring: listQuerystringSchema } }, async (request, reply) => {
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
        return sendPage(reply, `${plugin.name}/userlog`, rows, query.offset, total);
      });
    }
  };
}

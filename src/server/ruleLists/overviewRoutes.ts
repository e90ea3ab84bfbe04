import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { RuleListPlugin } from '../../../plugins/types';
import type { RuleListOverviewEntry } from '../../domain/ruleListAudit';
import { StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { accountOf } from '../http/authenticate';
import { ruleListOpenApi } from './openapi';

/**
 * The Admin List Control page's data (GET /classicapi/rulelists): every list the user's functions
 * allow, with its row count and its last change, for the user's company; and the OpenAPI
 * description of the rule-list routes (GET /classicapi/rulelists/openapi.json).
 */

export function ruleListOverviewRoutes(plugins: readonly RuleListPlugin[]) {
  return async function overviewRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
    const openApi = ruleListOpenApi(plugins);
    app.get('/openapi.json', async () => openApi);

    app.get('/', async (request, reply) => {
      const account = accountOf(request);
      const held = new Set(await ctx.access.functionsOfRole(account.roleId));
      const visible = plugins.filter((plugin) => held.has(plugin.functionId));
      if (visible.length === 0)
        return reply.code(403).send({ status: StatusCode.USER_ACL_EXCEPTION, message: 'You do not have permission to use any rule list.' });
      const names = visible.map((plugin) => plugin.name);
      const [counts, changes] = await Promise.all([
        ctx.db
          .selectFrom('rule_list_rows')
          .select(['list_name', sql<string>`count(*)`.as('rows')])
          .where('company_id', '=', account.companyId)
          .where('list_name', 'in', names)
          .groupBy('list_name')
          .execute(),
        ctx.db
          .selectFrom('audit_log')
          .distinctOn('entity')
          .select(['entity', 'at', 'user_id'])
          .where('company_id', '=', account.companyId)
          .where('entity', 'in', names)
          .orderBy('entity')
          .orderBy('at', 'desc')
          .execute(),
      ]);
      const data: RuleListOverviewEntry[] = visible.map((plugin) => {
        const change = changes.find((row) => row.entity === plugin.name);
        return {
          name: plugin.name,
          functionId: plugin.functionId,
          label: plugin.label,
          rows: Number(counts.find((row) => row.list_name === plugin.name)?.rows ?? 0),
          lastChangedAt: change ? change.at.toISOString() : null,
          lastChangedBy: change?.user_id ?? null,
        };
      });
      return { status: StatusCode.SUCCESS, data, total: data.length };
    });
  };
}

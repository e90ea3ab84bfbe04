import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { RuleListPlugin } from '../../../plugins/types';
import type { RuleListOverviewEntry } from '../../domain/ruleListAudit';
import { StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { PageAnswer } from '../http/answerSchemas';
import { accountOf } from '../http/authenticate';
import { ruleListOpenApi, type OpenApiDocument } from './openapi';
import { Guarded, OverviewEntry, Refusals, refusal } from './schemas';

/**
 * The Admin List Control page's data (GET /classicapi/rulelists): every list the user's functions
 * allow, with its row count and its last change, for the user's company; and the rule-list part
 * of the OpenAPI document (GET /classicapi/rulelists/openapi.json).
 */

/** The document as JSON: its parts are the OpenAPI document's own, passed through as they are. */
const Document = Type.Object(
  {
    openapi: Type.String(),
    info: Type.Record(Type.String(), Type.Unknown()),
    components: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    paths: Type.Record(Type.String(), Type.Unknown()),
  },
  { description: 'OpenAPI 3.1: the operations of the rule lists and of their overview' },
);

export function ruleListOverviewRoutes(plugins: readonly RuleListPlugin[]) {
  return async function overviewRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
    const app = plain.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['Admin List Control'];
    // Cut once, on the first call: the whole document is complete only once every route is declared.
    let openApi: OpenApiDocument | undefined;
    app.get(
      '/openapi.json',
      { schema: { tags, summary: 'The rule-list part of the OpenAPI document (/api/docs/openapi.json)', response: { 200: Document, 401: Refusals[401] } } },
      async () => {
        openApi ??= ruleListOpenApi(app.swagger() as OpenApiDocument, plugins);
        return openApi;
      },
    );

    const schema = {
      tags,
      summary: 'The lists the user may maintain, with row counts and last change',
      response: {
        200: PageAnswer(OverviewEntry),
        ...Guarded,
        403: refusal('USER_ACL_EXCEPTION (-10000): the role holds the function of no list'),
      },
    };
    app.get('/', { schema }, async (request, reply) => {
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

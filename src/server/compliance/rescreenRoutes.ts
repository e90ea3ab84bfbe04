import type { FastifyInstance } from 'fastify';
import { ruleListPlugins } from '../../../plugins';
import { StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { accountOf } from '../http/authenticate';
import { refuseAccess } from '../http/requireFunction';
import { latestRuns, runOfList } from './rescreen';

/**
 * The progress of re-screening after a list change (`/classicapi/rescreenruns`): the company's
 * latest runs, or the run of one list's latest change, for any user who keeps one of its rule lists.
 */
export async function rescreenRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const listFunctions = ruleListPlugins.map((plugin) => plugin.functionId);
  const querystring = {
    type: 'object',
    properties: {
      list: { type: 'string', enum: ruleListPlugins.map((plugin) => plugin.name), description: "one list's run: the run that screens its latest change" },
    },
    additionalProperties: false,
  } as const;
  app.get<{ Querystring: { list?: string } }>('/rescreenruns', { schema: { querystring } }, async (request, reply) => {
    const account = accountOf(request);
    const held = await ctx.access.functionsOfRole(account.roleId);
    if (!listFunctions.some((functionId) => held.includes(functionId))) return refuseAccess(reply);
    // A list's page shows the run of its own change (issue 18, item 7), not the company's latest.
    if (request.query.list) {
      const run = await runOfList(ctx.db, account.companyId, request.query.list);
      return { status: StatusCode.SUCCESS, data: run ? [run] : [], total: run ? 1 : 0 };
    }
    const runs = await latestRuns(ctx.db, account.companyId);
    return { status: StatusCode.SUCCESS, data: runs, total: runs.length };
  });
}

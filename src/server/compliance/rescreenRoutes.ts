import type { FastifyInstance } from 'fastify';
import { ruleListPlugins } from '../../../plugins';
import { StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { accountOf } from '../http/authenticate';
import { refuseAccess } from '../http/requireFunction';
import { latestRuns } from './rescreen';

/**
 * The progress of re-screening after a list change (`/classicapi/rescreenruns`): the company's
 * latest runs, for any user who keeps one of its rule lists.
 */
export async function rescreenRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const listFunctions = ruleListPlugins.map((plugin) => plugin.functionId);
  app.get('/rescreenruns', async (request, reply) => {
    const account = accountOf(request);
    const held = await ctx.access.functionsOfRole(account.roleId);
    if (!listFunctions.some((functionId) => held.includes(functionId))) return refuseAccess(reply);
    const runs = await latestRuns(ctx.db, account.companyId);
    return { status: StatusCode.SUCCESS, data: runs, total: runs.length };
  });
}

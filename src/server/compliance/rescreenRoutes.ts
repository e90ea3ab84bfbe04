import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ruleListPlugins } from '../../../plugins';
import { StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { NullableText, PageAnswer, Refusal } from '../http/answerSchemas';
import { accountOf } from '../http/authenticate';
import { refuseAccess } from '../http/requireFunction';
import { latestRuns, runOfList } from './rescreen';

/**
 * The progress of re-screening after a list change (`/classicapi/rescreenruns`): the company's
 * latest runs, or the run of one list's latest change, for any user who keeps one of its rule lists.
 */
/** RescreenRunView (rescreen.ts); a list's run also says which list's change it took over (Includes). */
const RescreenRun = Type.Object({
  RunId: Type.String(),
  ListName: Type.String(),
  Reason: Type.String(),
  RequestedBy: Type.String(),
  State: Type.String(),
  Total: Type.Integer(),
  Done: Type.Integer(),
  Changed: Type.Integer(),
  Screened: Type.Integer({ description: 'shipments assessed again of those done (a targeted run passes over those its changed entries do not concern)' }),
  Targeted: Type.Boolean({
    description: 'after new versions of sanctions sources: only the shipments their added, changed or removed entries concern are assessed again',
  }),
  CreatedAt: Type.String(),
  StartedAt: NullableText,
  FinishedAt: NullableText,
  Error: NullableText,
  Includes: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: "with ?list=: the list asked for when the run is another list's, which took its change over; null for the list's own run",
    }),
  ),
});

export async function rescreenRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const listFunctions = ruleListPlugins.map((plugin) => plugin.functionId);
  const querystring = Type.Object(
    {
      list: Type.Optional(
        Type.Enum(
          ruleListPlugins.map((plugin) => plugin.name),
          { type: 'string', description: "one list's run: the run that screens its latest change" },
        ),
      ),
    },
    { additionalProperties: false },
  );
  const response = { 200: PageAnswer(RescreenRun), 400: Refusal, 401: Refusal, 403: Refusal };
  app.get('/rescreenruns', { schema: { querystring, response } }, async (request, reply) => {
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

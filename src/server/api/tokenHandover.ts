import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { findAccount } from '../auth/accounts';
import type { Account } from '../auth/refreshTokens';
import { issueTokenPair } from '../auth/sessions';
import { createHandover, redeemHandover, type HandoverCheck } from '../auth/tokenHandovers';
import { Answer, Refusal } from '../http/answerSchemas';
import { accountOf, authenticate } from '../http/authenticate';
import { ipRestriction } from '../http/ipRestriction';

export const HANDOVER_INVALID = 'The hand-over id is unknown, has expired or was already used.';

const HandoverIdParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }) });
const requestUri = Type.String({ minLength: 1, maxLength: 2000 });
const appId = Type.Integer({ minimum: 1, maximum: 2147483647 });

const HandoverBody = Type.Object({ app: appId, request_uri: Type.Optional(requestUri) });

/** The single-use id and how many seconds it works. */
const HandoverAnswer = Answer(Type.Object({ id: Type.String(), expires_in: Type.Integer() }));

/** The classic site's own token pair for the user whose session was handed over. */
const RedeemedAnswer = Answer(
  Type.Object({
    access_token: Type.String(),
    refresh_token: Type.String(),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer({ description: 'seconds the access token works' }),
    user_id: Type.String(),
    company_id: Type.String(),
  }),
);

/** Redeemed, or 400 with HANDOVER_INVALID (unknown, expired, used, or another app or address). */
const redeemAnswers = { 200: RedeemedAnswer, '4xx': Refusal } as const;

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/**
 * The token hand-over to the classic site (spec 7): POST /api/authentication/handover (signed in)
 * gives a single-use id valid for TOKEN_HANDOVER_SECONDS; the classic site redeems it once with
 * GET /api/authentication/fetchToken/{id}?app={app} or POST /api/authentication/fetchToken/{id}
 * {request_uri} and gets a token pair of its own for the user.
 */
export async function tokenHandoverRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = ctx;

  app.post(
    '/authentication/handover',
    {
      // Handing the session over is a signed-in call like any other: from inside the company's ranges only.
      preHandler: [authenticate(ctx), ipRestriction],
      schema: {
        security: [{ bearer: [] }],
        body: HandoverBody,
        response: { 200: HandoverAnswer, '4xx': Refusal },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (!config.classicSiteUrl)
        return reply.code(400).send({ status: StatusCode.VALIDATION_FAIL, message: 'No classic site is configured to hand the session over to.' });
      if (request.body.app !== config.classicAppId) {
        return reply.code(400).send({ status: StatusCode.VALIDATION_FAIL, message: `Sessions are handed over to app ${config.classicAppId} only.` });
      }
      const uri = request.body.request_uri ?? config.classicSiteUrl;
      if (!sameOrigin(uri, config.classicSiteUrl))
        return reply.code(400).send({ status: StatusCode.VALIDATION_FAIL, message: 'request_uri must be on the classic site.' });
      const account = accountOf(request);
      const id = await createHandover(db, account, request.body.app, uri, config.tokenHandoverSeconds);
      return { status: StatusCode.SUCCESS, data: { id, expires_in: config.tokenHandoverSeconds } };
    },
  );

  async function redeem(id: string, check: HandoverCheck, reply: FastifyReply) {
    reply.header('Cache-Control', 'no-store');
    const redeemed: Account | undefined = await redeemHandover(db, id, check);
    const account = redeemed && (await findAccount(db, redeemed.companyId, redeemed.userId));
    if (!account || account.isLocked) return reply.code(400).send({ status: StatusCode.FAILURE, message: HANDOVER_INVALID });
    const tokens = await issueTokenPair(ctx, account);
    return {
      status: StatusCode.SUCCESS,
      data: {
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken,
        token_type: 'Bearer' as const,
        expires_in: config.accessTokenSeconds,
        user_id: account.userId,
        company_id: account.companyId,
      },
    };
  }

  app.get(
    '/authentication/fetchToken/:id',
    { schema: { params: HandoverIdParams, querystring: Type.Object({ app: appId }), response: redeemAnswers } },
    async (request, reply) => redeem(request.params.id, { app: request.query.app }, reply),
  );

  app.post(
    '/authentication/fetchToken/:id',
    { schema: { params: HandoverIdParams, body: Type.Object({ request_uri: requestUri }), response: redeemAnswers } },
    async (request, reply) => redeem(request.params.id, { requestUri: request.body.request_uri }, reply),
  );
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import formbody from '@fastify/formbody';
import { parseClientId, APP_ID } from '../../domain/access';
import { Messages } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { findAccount, type AccountProfile } from './accounts';
import { signAccessToken } from './accessTokens';
import { verifyAgainstNothing, verifyPassword } from './passwords';
import { issueRefreshToken, rotateRefreshToken, type Account } from './refreshTokens';
import { accountKey, clearFailures, recordFailure, secondsUntilAllowed } from './loginThrottle';
import { createMfaSession, isValidMfaSession, sendChallengeCode, startChallenge, verifyChallengeCode } from './mfa';

/**
 * The authentication host (spec 7): POST /token with three grant types and POST /mfa/challenge.
 * Every answer is the spec's token response; failures are OAuth-style `error` / `error_description`
 * and never tell whether a user id exists.
 */

interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  error?: string;
  error_description?: string;
  mfa_token?: string;
  mfa_session_id?: string;
  remain_attempt?: number;
}

const field = { type: 'string', maxLength: 2000 } as const;

const tokenBodySchema = {
  type: 'object',
  properties: {
    GrantType: field,
    ClientId: field,
    ClientSecret: field,
    MFASessionID: field,
    MFAToken: field,
    MFACode: field,
    RefreshToken: field,
  },
} as const;

interface TokenBody {
  GrantType?: string;
  ClientId?: string;
  ClientSecret?: string;
  MFASessionID?: string;
  MFAToken?: string;
  MFACode?: string;
  RefreshToken?: string;
}

function fail(reply: FastifyReply, error: string, description: string, extra: TokenResponse = {}, httpStatus = 400) {
  return reply.code(httpStatus).send({ error, error_description: description, ...extra } satisfies TokenResponse);
}

export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const { db, config } = ctx;
  await app.register(formbody, { bodyLimit: 16_384 });
  const mfaSettings = {
    codeTtlSeconds: config.mfaCodeTtlSeconds,
    maxAttempts: config.mfaMaxAttempts,
    resendSeconds: config.mfaResendSeconds,
    sessionDays: config.mfaSessionDays,
  };
  const throttle = {
    maxPerAccount: config.loginMaxFailuresPerAccount,
    maxPerAddress: config.loginMaxFailuresPerAddress,
    windowSeconds: config.loginFailureWindowSeconds,
  };

  async function issueTokens(account: Account, extra: TokenResponse = {}): Promise<TokenResponse> {
    return {
      access_token: signAccessToken(ctx.jwtSecret, account.userId, account.companyId, config.accessTokenSeconds),
      refresh_token: await issueRefreshToken(db, account, config.refreshTokenHours),
      ...extra,
    };
  }

  function tooMany(reply: FastifyReply, seconds: number) {
    reply.header('Retry-After', String(seconds));
    return fail(reply, 'too_many_requests', `Too many failed sign-in attempts. Please try again in ${seconds} seconds.`, {}, 429);
  }

  async function clientCredentials(body: TokenBody, address: string, reply: FastifyReply) {
    const client = body.ClientId ? parseClientId(body.ClientId) : undefined;
    if (!client || client.appId !== APP_ID || !body.ClientSecret) {
      return fail(reply, 'invalid_request', 'ClientId ({userId}|{companyId}|{appId}|L) and ClientSecret are required.');
    }
    const key = accountKey(client.companyId, client.userId);
    const wait = await secondsUntilAllowed(db, key, address, throttle);
    if (wait > 0) return tooMany(reply, wait);

    const account: AccountProfile | undefined = await findAccount(db, client.companyId, client.userId);
    const valid = account ? await verifyPassword(account.passwordHash, body.ClientSecret) : await verifyAgainstNothing(body.ClientSecret);
    if (!account || !valid || account.isLocked) {
      await recordFailure(db, key, address);
      return fail(reply, 'invalid_grant', Messages.loginIncorrect);
    }
    await clearFailures(db, key);
    const who = { companyId: account.companyId, userId: account.userId };
    if (account.mfaRequired) {
      if (body.MFASessionID && (await isValidMfaSession(db, body.MFASessionID, who))) return reply.send(await issueTokens(who));
      if (!account.email) {
        return fail(reply, 'mfa_email_required', 'Your account requires a one-time code by e-mail, but no e-mail address is on file. Please ask your administrator to add one.');
      }
      return fail(reply, 'mfa_required', 'A one-time code is required.', { mfa_token: await startChallenge(db, who, mfaSettings) });
    }
    return reply.send(await issueTokens(who));
  }

  async function mfaEmail(body: TokenBody, reply: FastifyReply) {
    if (!body.MFAToken || !body.MFACode) return fail(reply, 'invalid_request', 'MFAToken and MFACode are required.');
    const result = await verifyChallengeCode(db, body.MFAToken, body.MFACode.trim());
    if (result.ok) {
      const sessionId = await createMfaSession(db, result.account, mfaSettings);
      return reply.send(await issueTokens(result.account, { mfa_session_id: sessionId }));
    }
    if (result.remainingAttempts > 0) {
      return fail(reply, 'mfa_passcode_fail', Messages.otpIncorrect.replace('{times}', String(result.remainingAttempts)), { remain_attempt: result.remainingAttempts });
    }
    return fail(reply, 'invalid_grant', Messages.loginUnsuccessful, { remain_attempt: 0 });
  }

  async function refresh(body: TokenBody, reply: FastifyReply) {
    const client = body.ClientId ? parseClientId(body.ClientId) : undefined;
    if (!client || !body.RefreshToken) return fail(reply, 'invalid_request', 'ClientId and RefreshToken are required.');
    const account = await findAccount(db, client.companyId, client.userId);
    if (!account || account.isLocked) return fail(reply, 'invalid_grant', Messages.sessionTimeout);
    const result = await rotateRefreshToken(db, body.RefreshToken, { companyId: account.companyId, userId: account.userId });
    if (!result.ok) return fail(reply, 'invalid_grant', Messages.sessionTimeout);
    return reply.send({
      access_token: signAccessToken(ctx.jwtSecret, result.account.userId, result.account.companyId, config.accessTokenSeconds),
      refresh_token: result.token,
    } satisfies TokenResponse);
  }

  app.post<{ Body: TokenBody }>('/token', { schema: { body: tokenBodySchema } }, async (request, reply) => {
    const body = request.body ?? {};
    reply.header('Cache-Control', 'no-store');
    switch (body.GrantType) {
      case 'client_credentials':
        return clientCredentials(body, request.ip, reply);
      case 'mfa-email':
        return mfaEmail(body, reply);
      case 'refresh_token':
        return refresh(body, reply);
      case undefined:
      case '':
        return fail(reply, 'invalid_request', 'GrantType is required.');
      default:
        return fail(reply, 'unsupported_grant_type', 'GrantType must be client_credentials, mfa-email or refresh_token.');
    }
  });

  const challengeSchema = {
    type: 'object',
    required: ['authenticatorType', 'MFAToken'],
    properties: { authenticatorType: { type: 'string', maxLength: 20 }, MFAToken: { type: 'string', maxLength: 200 } },
  } as const;

  app.post<{ Body: { authenticatorType: string; MFAToken: string } }>('/mfa/challenge', { schema: { body: challengeSchema } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (request.body.authenticatorType !== 'email') return fail(reply, 'invalid_request', 'authenticatorType must be email.');
    const sent = await sendChallengeCode(db, ctx.mailer, request.body.MFAToken, mfaSettings);
    if (sent.ok) return reply.send({ name: sent.maskedEmail, prefix: sent.prefix });
    if (sent.reason === 'too-soon') {
      reply.header('Retry-After', String(sent.retryAfterSeconds));
      return fail(reply, 'too_many_requests', `A code was sent moments ago. Please wait ${sent.retryAfterSeconds} seconds.`, {}, 429);
    }
    if (sent.reason === 'no-email') return fail(reply, 'mfa_email_required', 'No e-mail address is on file for this account.');
    if (sent.reason === 'already-sent') return fail(reply, 'invalid_request', 'The code of this sign-in was already sent; sign in again for a new one.');
    return fail(reply, 'invalid_grant', Messages.loginUnsuccessful);
  });
}

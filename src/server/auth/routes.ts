import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { parseClientId, APP_ID } from '../../domain/access';
import { Messages } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { findAccount, type AccountProfile } from './accounts';
import { issueTokenPair, sessionAccessToken } from './sessions';
import { verifyAgainstNothing, verifyPassword } from './passwords';
import { revokeFamilyOf, rotateRefreshToken, type Account } from './refreshTokens';
import { accountKey, clearFailures, codeKey, releaseAttempt, reserveAttempt, throttleLimits } from './loginThrottle';
import { credentialOf, deviceCookie, deviceCookiePath, deviceOf, newDeviceId } from './deviceCookies';
import { isAddressAllowed } from '../../domain/ipRange';
import { AccessMessages } from '../../domain/accessMessages';
import { challengeOwner, createMfaSession, isValidMfaSession, sendChallengeCode, startChallenge, verifyChallengeCode } from './mfa';
import type { TokenResponse } from '../../domain/authWire';
import type { Holds, Same } from '../http/answerSchemas';
import { ONE_RECORD_CLIENT_ID } from '../../domain/oneRecord/clients';
import { clientOfCredentials } from '../oneRecord/clients';
import { oneRecordBase } from '../oneRecord/routes';
import { ONE_RECORD_TOKEN_SECONDS, signOneRecordToken } from './accessTokens';

/** A ONE Record client's refusal: the same whether the id is unknown, the secret wrong or the client revoked. */
export const ONE_RECORD_CLIENT_REFUSED = 'The client id or secret is not right, or the client was revoked.';

/** The challenge answer when the mail server refused the code's mail (HTTP 503, OAuth's temporarily_unavailable). */
export const CODE_MAIL_FAILED =
  'The one-time code could not be sent to your e-mail address. Please try again in a few minutes, or ask your administrator if this keeps happening.';

/**
 * The authentication host (spec 7): POST /token with three grant types and POST /mfa/challenge.
 * Every answer is the spec's token response; failures are OAuth-style `error` / `error_description`
 * and never tell whether a user id exists.
 */

const field = Type.Optional(Type.String({ maxLength: 2000 }));

const TokenBody = Type.Object({
  GrantType: Type.Optional(
    Type.String({
      maxLength: 2000,
      description: 'client_credentials, mfa-email or refresh_token (any other is refused by the handler: unsupported_grant_type)',
    }),
  ),
  ClientId: field,
  ClientSecret: field,
  MFASessionID: field,
  MFAToken: field,
  MFACode: field,
  RefreshToken: field,
});

type TokenBody = Static<typeof TokenBody>;

/**
 * Every token answer, success or refusal, has this shape (the domain's TokenResponse, which the
 * browser reads): absent fields are left out.
 */
function tokenAnswer(description: string) {
  // Fastify serialises from this schema: a field added to TokenResponse later is sent, not dropped.
  return Type.Object(
    {
      access_token: Type.Optional(Type.String()),
      refresh_token: Type.Optional(Type.String()),
      error: Type.Optional(Type.String()),
      error_description: Type.Optional(Type.String()),
      mfa_token: Type.Optional(Type.String()),
      mfa_session_id: Type.Optional(Type.String()),
      remain_attempt: Type.Optional(Type.Integer()),
    },
    { additionalProperties: true, description },
  );
}

/** A refusal, OAuth style, as the handlers and the error handler of the auth host (validation, rate limit) send it. */
const TokenRefusal = tokenAnswer('A refusal, OAuth style: error and error_description (mfa_token when a code is required, remain_attempt after a wrong code)');

/** The schema is the domain's TokenResponse, field for field (checked by the compiler). */
export type TokenAnswerIsTokenResponse = Holds<Same<Static<typeof TokenRefusal>, TokenResponse>>;

/**
 * Form-encoded as OAuth clients send it (the portal's sign-in does); JSON is read the same. A grant's
 * missing field is the handler's refusal (invalid_request naming it), so the schema requires none.
 */
const tokenRouteSchema = {
  summary: 'Sign in (client_credentials), complete a one-time code (mfa-email) or refresh a session (refresh_token)',
  description: [
    'A completed sign-in (client_credentials without a code still to come, or mfa-email) also answers a device cookie for the account:',
    '`Set-Cookie: cargo_device_<20 hex digits>=<signed token>` (HttpOnly, SameSite=Strict, Secure over TLS, Path the auth base, Max-Age LOGIN_DEVICE_COOKIE_DAYS).',
    'A client that sends it back as `Cookie` when it signs in to that account again is judged by its own failed attempts only, so guesses of others',
    '(other addresses, or its own NAT address) do not keep it out; without it, the account is limited for all such clients together',
    'once it has failed sign-ins (HTTP 429 with Retry-After). Browsers keep it by themselves; an API client keeps one cookie per account it signs in to.',
  ].join(' '),
  consumes: ['application/x-www-form-urlencoded', 'application/json'],
  body: TokenBody,
  // Refusals have the same shape: the handler's, and the error handler's for the auth host (validation, rate limit).
  response: {
    200: tokenAnswer('The signed-in session: access_token and refresh_token (mfa_session_id after a code)'),
    '4xx': TokenRefusal,
  },
};

/** The mail server refused the code's mail: temporarily_unavailable with CODE_MAIL_FAILED. */
const CodeMailFailed = tokenAnswer("The code's mail could not be sent: error temporarily_unavailable, to be tried again in a few minutes");

const ChallengeBody = Type.Object({ authenticatorType: Type.String({ maxLength: 20 }), MFAToken: Type.String({ maxLength: 200 }) });

const ChallengeAnswer = Type.Object(
  { name: Type.String({ description: 'the masked e-mail address' }), prefix: Type.String({ description: 'the prefix the code is shown with' }) },
  { description: 'The code was mailed: the masked address and the prefix the code is shown with' },
);

function fail(reply: FastifyReply, error: string, description: string, extra: TokenResponse = {}, httpStatus = 400) {
  return reply.code(httpStatus).send({ error, error_description: description, ...extra } satisfies TokenResponse);
}

export async function authRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = ctx;
  await app.register(formbody, { bodyLimit: 16_384 });
  const mfaSettings = {
    codeTtlSeconds: config.mfaCodeTtlSeconds,
    maxAttempts: config.mfaMaxAttempts,
    resendSeconds: config.mfaResendSeconds,
    sessionDays: config.mfaSessionDays,
  };
  const throttle = throttleLimits(config);
  const deviceSettings = { days: config.loginDeviceCookieDays, path: deviceCookiePath(config.authBase) };
  // An auth host on another origin than the portal's pages (PUBLIC_AUTH_BASE a URL): the pages' origin may call it with credentials, so the device cookie is sent and kept.
  const portalOrigin = new URL(config.publicUrl).origin;
  if (new URL(config.authBase, config.publicUrl).origin !== portalOrigin)
    await app.register(cors, { origin: [portalOrigin], credentials: true, methods: ['POST'] });

  async function issueTokens(account: Account, extra: TokenResponse = {}): Promise<TokenResponse> {
    const tokens = await issueTokenPair(ctx, account);
    return { access_token: tokens.accessToken, refresh_token: tokens.refreshToken, ...extra };
  }

  /**
   * A sign-in completed from this client: its own device's failures (and the account's wrong codes)
   * are cleared, it gets or renews its device cookie, and the tokens go out.
   */
  async function signedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    device: { id: string | undefined; credential: string },
    account: Account,
    extra: TokenResponse = {},
  ) {
    await clearFailures(db, key, device.id);
    ctx.metrics?.signIns.inc({ outcome: 'success' });
    reply.header('Set-Cookie', deviceCookie(ctx.jwtSecret, key, device.id ?? newDeviceId(), device.credential, deviceSettings, request.protocol === 'https'));
    return reply.send(await issueTokens(account, extra));
  }

  function tooMany(reply: FastifyReply, seconds: number) {
    ctx.metrics?.signIns.inc({ outcome: 'throttled' });
    reply.log.warn({ retryAfterSeconds: seconds }, 'sign-in throttled');
    reply.header('Retry-After', String(seconds));
    return fail(reply, 'too_many_requests', `Too many failed sign-in attempts. Please try again in ${seconds} seconds.`, {}, 429);
  }

  async function clientCredentials(body: TokenBody, request: FastifyRequest, reply: FastifyReply) {
    const address = request.ip;
    // Each malformed request says what is wrong with it, not a list of everything that could be.
    if (!body.ClientId) return fail(reply, 'invalid_request', 'ClientId is required, as {userId}|{companyId}|{appId}|L.');
    if (ONE_RECORD_CLIENT_ID.test(body.ClientId)) return oneRecordClient(body.ClientId, body.ClientSecret, request, reply);
    const client = parseClientId(body.ClientId);
    if (!client) return fail(reply, 'invalid_request', 'ClientId must be {userId}|{companyId}|{appId}|L, e.g. operator|DEMOAIR|2|L.');
    if (client.appId !== APP_ID)
      return fail(reply, 'invalid_request', `This portal signs in application ${APP_ID}; ClientId names application ${client.appId}.`);
    if (!body.ClientSecret) return fail(reply, 'invalid_request', 'ClientSecret (the password) is required.');
    const key = accountKey(client.companyId, client.userId);
    const account: AccountProfile | undefined = await findAccount(db, client.companyId, client.userId);
    // A client that signed in to this account, with its password as it is now, is judged by its own failures only.
    const credential = account ? credentialOf(account.passwordHash) : undefined;
    const deviceId = deviceOf(request.headers.cookie, ctx.jwtSecret, key, credential);
    // Counted as a failure until proven otherwise, so parallel guesses cannot overrun the limit.
    const attempt = await reserveAttempt(db, key, { address, deviceId }, throttle);
    if (!attempt.ok) return tooMany(reply, attempt.retryAfterSeconds);

    const valid = account ? await verifyPassword(account.passwordHash, body.ClientSecret) : await verifyAgainstNothing(body.ClientSecret);
    if (!account || !valid || account.isLocked) {
      // Logged for the operators (never the password); the answer says no more than before.
      ctx.metrics?.signIns.inc({ outcome: 'failure' });
      request.log.warn(
        { companyId: client.companyId, userId: client.userId, reason: !account ? 'no such user' : account.isLocked ? 'locked' : 'wrong password' },
        'sign-in failed',
      );
      return fail(reply, 'invalid_grant', Messages.loginIncorrect);
    }
    const who = { companyId: account.companyId, userId: account.userId };
    const rememberedBrowser = account.mfaRequired && body.MFASessionID !== undefined && (await isValidMfaSession(db, body.MFASessionID, who));
    // The password is proven: this attempt was no guess. Earlier failures stay until a sign-in completes (then its device's go).
    await releaseAttempt(db, attempt.attemptId);
    // IP restriction: only after the password is proven, so an outsider learns nothing of the company.
    if (!isAddressAllowed(address, account.ipRanges)) return fail(reply, 'ip_restricted', AccessMessages.ipSignInRefused, {}, 403);
    if (account.mfaRequired) {
      if (rememberedBrowser) return signedIn(request, reply, key, { id: deviceId, credential: credentialOf(account.passwordHash) }, who);
      if (!account.email) {
        return fail(
          reply,
          'mfa_email_required',
          'Your account requires a one-time code by e-mail, but no e-mail address is on file. Please ask your administrator to add one.',
        );
      }
      return fail(reply, 'mfa_required', 'A one-time code is required.', { mfa_token: await startChallenge(db, who, mfaSettings) });
    }
    return signedIn(request, reply, key, { id: deviceId, credential: credentialOf(account.passwordHash) }, who);
  }

  /**
   * A registered ONE Record client (issue 37, 4): its secret proven (wrong ones throttled as a user's passwords are),
   * from an address its company allows, gets a ONE Record access token: no refresh token, no session.
   */
  async function oneRecordClient(clientId: string, secret: string | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (!secret) return fail(reply, 'invalid_request', 'ClientSecret (the client secret) is required.');
    const attempt = await reserveAttempt(db, `onerecord:${clientId}`, { address: request.ip }, throttle);
    if (!attempt.ok) return tooMany(reply, attempt.retryAfterSeconds);
    const client = await clientOfCredentials(db, clientId, secret);
    if (!client) {
      request.log.warn({ clientId }, 'ONE Record client sign-in failed');
      return fail(reply, 'invalid_client', ONE_RECORD_CLIENT_REFUSED, {}, 401);
    }
    await releaseAttempt(db, attempt.attemptId);
    if (!isAddressAllowed(request.ip, client.ipRanges)) return fail(reply, 'ip_restricted', AccessMessages.ipSignInRefused, {}, 403);
    const issuer = config.publicUrl;
    return reply.send({
      access_token: signOneRecordToken(ctx.jwtSecret, client, issuer, oneRecordBase(issuer)),
      token_type: 'Bearer',
      expires_in: ONE_RECORD_TOKEN_SECONDS,
    });
  }

  async function mfaEmail(body: TokenBody, request: FastifyRequest, reply: FastifyReply) {
    if (!body.MFAToken || !body.MFACode) return fail(reply, 'invalid_request', 'MFAToken and MFACode are required.');
    const owner = await challengeOwner(db, body.MFAToken);
    if (!owner) return fail(reply, 'invalid_grant', Messages.loginUnsuccessful, { remain_attempt: 0 });
    // Wrong codes count against the account's code step (codeKey), across every challenge of it and every address.
    const key = accountKey(owner.companyId, owner.userId);
    const holder = await findAccount(db, owner.companyId, owner.userId);
    const credential = holder ? credentialOf(holder.passwordHash) : undefined;
    const deviceId = deviceOf(request.headers.cookie, ctx.jwtSecret, key, credential);
    const attempt = await reserveAttempt(db, codeKey(key), { address: request.ip, deviceId }, throttle, 'strict');
    if (!attempt.ok) return tooMany(reply, attempt.retryAfterSeconds);
    const result = await verifyChallengeCode(db, body.MFAToken, body.MFACode.trim());
    if (!result.ok && !result.guessed) await releaseAttempt(db, attempt.attemptId);
    if (result.ok) {
      const sessionId = await createMfaSession(db, result.account, mfaSettings);
      return signedIn(request, reply, key, { id: deviceId, credential: credential ?? '' }, result.account, { mfa_session_id: sessionId });
    }
    ctx.metrics?.signIns.inc({ outcome: 'failure' });
    request.log.warn({ companyId: owner.companyId, userId: owner.userId, reason: 'wrong one-time code' }, 'sign-in failed');
    if (result.remainingAttempts > 0) {
      return fail(reply, 'mfa_passcode_fail', Messages.otpIncorrect.replace('{times}', String(result.remainingAttempts)), {
        remain_attempt: result.remainingAttempts,
      });
    }
    return fail(reply, 'invalid_grant', Messages.loginUnsuccessful, { remain_attempt: 0 });
  }

  async function refresh(body: TokenBody, address: string, reply: FastifyReply) {
    const client = body.ClientId ? parseClientId(body.ClientId) : undefined;
    if (!client || !body.RefreshToken) return fail(reply, 'invalid_request', 'ClientId and RefreshToken are required.');
    const account = await findAccount(db, client.companyId, client.userId);
    if (!account || account.isLocked) return fail(reply, 'invalid_grant', Messages.sessionTimeout);
    const result = await rotateRefreshToken(db, body.RefreshToken, { companyId: account.companyId, userId: account.userId });
    if (!result.ok) return fail(reply, 'invalid_grant', Messages.sessionTimeout);
    // IP restriction, as at sign-in: only a holder of a valid token learns of it. A session that
    // leaves the company's ranges ends here (its family is revoked); signing in again needs an address inside.
    if (!isAddressAllowed(address, account.ipRanges)) {
      await revokeFamilyOf(db, result.token);
      return fail(reply, 'ip_restricted', AccessMessages.ipSignInRefused, {}, 403);
    }
    return reply.send({
      access_token: sessionAccessToken(ctx, result.account, result.sessionId),
      refresh_token: result.token,
    } satisfies TokenResponse);
  }

  app.post('/token', { schema: tokenRouteSchema }, async (request, reply) => {
    const body = request.body ?? {};
    reply.header('Cache-Control', 'no-store');
    switch (body.GrantType) {
      case 'client_credentials':
        return clientCredentials(body, request, reply);
      case 'mfa-email':
        return mfaEmail(body, request, reply);
      case 'refresh_token':
        return refresh(body, request.ip, reply);
      case undefined:
      case '':
        return fail(reply, 'invalid_request', 'GrantType is required.');
      default:
        return fail(reply, 'unsupported_grant_type', 'GrantType must be client_credentials, mfa-email or refresh_token.');
    }
  });

  app.post(
    '/mfa/challenge',
    { schema: { body: ChallengeBody, response: { 200: ChallengeAnswer, '4xx': TokenRefusal, 503: CodeMailFailed } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (request.body.authenticatorType !== 'email') return fail(reply, 'invalid_request', 'authenticatorType must be email.');
      const sent = await sendChallengeCode(db, ctx.mailer, request.body.MFAToken, mfaSettings);
      if (sent.ok) return reply.send({ name: sent.maskedEmail, prefix: sent.prefix });
      if (sent.reason === 'too-soon') {
        reply.header('Retry-After', String(sent.retryAfterSeconds));
        return fail(reply, 'too_many_requests', `A code was sent moments ago. Please wait ${sent.retryAfterSeconds} seconds.`, {}, 429);
      }
      if (sent.reason === 'no-email') return fail(reply, 'mfa_email_required', 'No e-mail address is on file for this account.');
      if (sent.reason === 'mail-failed') return fail(reply, 'temporarily_unavailable', CODE_MAIL_FAILED, {}, 503);
      if (sent.reason === 'already-sent') return fail(reply, 'invalid_request', 'The code of this sign-in was already sent; sign in again for a new one.');
      return fail(reply, 'invalid_grant', Messages.loginUnsuccessful);
    },
  );
}

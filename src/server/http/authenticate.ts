import type { FastifyReply, FastifyRequest } from 'fastify';
import { Messages, StatusCode } from '../../domain/statusCodes';
import { verifyAccessToken, type AccessClaims } from '../auth/accessTokens';
import type { AccountProfile } from '../auth/accounts';
import type { AppContext } from '../context';

declare module 'fastify' {
  interface FastifyRequest {
    account?: AccountProfile;
    /** The session the signed-in call belongs to, and when its access token was issued. */
    session?: { sessionId: string; issuedAt: number };
  }
}

/**
 * An access token signed before the user's password last changed is no longer honoured. `iat` has
 * whole seconds, so the change is compared at whole seconds too: a token signed in the same second
 * as the change is kept (it may be the one signed right after it).
 */
export function issuedBeforePasswordChange(issuedAtSeconds: number, passwordChangedAt: Date): boolean {
  return issuedAtSeconds < Math.floor(passwordChangedAt.getTime() / 1000);
}

/**
 * A preHandler for every API call: a valid bearer token (else HTTP 401, and the browser refreshes once),
 * then the user as the database has it now (from the access cache, which every change of it clears), so a deleted or locked user answers the invalid-profile status at once
 * (which signs the browser out), and a token older than the user's last password change, or one of a
 * session that was ended (signed out, its refresh token replayed, revoked by an admin), answers 401.
 */
export function authenticate(ctx: AppContext) {
  return async function authenticateRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const claims = bearerClaims(ctx, request);
    if (!claims) {
      reply.header('WWW-Authenticate', 'Bearer');
      return reply.code(401).send({ status: StatusCode.FAILURE, message: Messages.sessionExpired });
    }
    await admitSession(ctx, request, reply, claims);
  };
}

/**
 * The account checks every signed-in call passes, whatever proved who it is (an access token, or
 * a file link's ticket issued under one): the user afresh, the session still live, no password
 * change since. Sets `request.account` and `request.session`, or answers the refusal.
 */
export async function admitSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, claims: AccessClaims): Promise<void> {
  const admitted = await accountOfSession(ctx, claims);
  if (admitted === 'invalidProfile') {
    return reply.code(200).send({ status: StatusCode.USER_PROFILE_INVALID, message: Messages.invalidUserProfile });
  }
  if (admitted === 'sessionEnded') {
    // Like an expired token: the browser refreshes once. After an admin set the password the
    // refresh tokens are revoked too, so that ends the session; after the user's own change it goes on.
    reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
    return reply.code(401).send({ status: StatusCode.FAILURE, message: Messages.sessionExpired });
  }
  request.account = admitted;
  request.session = { sessionId: claims.sessionId, issuedAt: claims.issuedAt };
}

/** The claims of the request's bearer token: signed by this server and not expired; undefined otherwise. */
export function bearerClaims(ctx: AppContext, request: FastifyRequest): AccessClaims | undefined {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  return token ? verifyAccessToken(ctx.jwtSecret, token) : undefined;
}

/**
 * Who a token's claims stand for now, by the checks every signed-in call passes (admitSession, and the ONE Record
 * server's own refusals): the user as the database has it (missing or locked: invalidProfile), the session still
 * live and no password change since the token was signed (else sessionEnded).
 */
export async function accountOfSession(ctx: AppContext, claims: AccessClaims): Promise<AccountProfile | 'invalidProfile' | 'sessionEnded'> {
  const [account, liveSession] = await Promise.all([ctx.access.account(claims.companyId, claims.userId), ctx.access.isLiveSession(claims.sessionId)]);
  if (!account || account.isLocked) return 'invalidProfile';
  if (!liveSession || issuedBeforePasswordChange(claims.issuedAt, account.passwordChangedAt)) return 'sessionEnded';
  return account;
}

/** The signed-in account; only for handlers behind `authenticate`. */
export function accountOf(request: FastifyRequest): AccountProfile {
  if (!request.account) throw new Error('route is missing the authenticate preHandler');
  return request.account;
}

/** The signed-in call's session; only for handlers behind `authenticate`. */
export function sessionOf(request: FastifyRequest): { sessionId: string; issuedAt: number } {
  if (!request.session) throw new Error('route is missing the authenticate preHandler');
  return request.session;
}

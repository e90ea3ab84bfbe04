import type { FastifyReply, FastifyRequest } from 'fastify';
import { Messages, StatusCode } from '../../domain/statusCodes';
import { verifyAccessToken } from '../auth/accessTokens';
import { findAccount, type AccountProfile } from '../auth/accounts';
import type { AppContext } from '../context';

declare module 'fastify' {
  interface FastifyRequest {
    account?: AccountProfile;
  }
}

/**
 * A preHandler for every API call: a valid bearer token (else HTTP 401, and the browser refreshes once),
 * then the user read afresh, so a deleted or locked user answers the invalid-profile status at once
 * (which signs the browser out).
 */
export function authenticate(ctx: AppContext) {
  return async function authenticateRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const claims = token ? verifyAccessToken(ctx.jwtSecret, token) : undefined;
    if (!claims) {
      reply.header('WWW-Authenticate', 'Bearer');
      return reply.code(401).send({ status: StatusCode.FAILURE, message: Messages.sessionExpired });
    }
    const account = await findAccount(ctx.db, claims.companyId, claims.userId);
    if (!account || account.isLocked) {
      return reply.code(200).send({ status: StatusCode.USER_PROFILE_INVALID, message: Messages.invalidUserProfile });
    }
    request.account = account;
  };
}

/** The signed-in account; only for handlers behind `authenticate`. */
export function accountOf(request: FastifyRequest): AccountProfile {
  if (!request.account) throw new Error('route is missing the authenticate preHandler');
  return request.account;
}

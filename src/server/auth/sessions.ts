import type { AppContext } from '../context';
import { signAccessToken } from './accessTokens';
import { startSession, type Account } from './refreshTokens';

type TokenContext = Pick<AppContext, 'db' | 'config' | 'jwtSecret'>;

/** An access token for a session of the account, with the configured lifetime. */
export function sessionAccessToken(ctx: TokenContext, account: Account, sessionId: string): string {
  return signAccessToken(ctx.jwtSecret, account.userId, account.companyId, ctx.config.accessTokenSeconds, sessionId);
}

/** A new session (sign-in, a token handover): its refresh token and an access token bound to it. */
export async function issueTokenPair(ctx: TokenContext, account: Account): Promise<{ accessToken: string; refreshToken: string }> {
  const session = await startSession(ctx.db, account, ctx.config.refreshTokenHours);
  return { accessToken: sessionAccessToken(ctx, account, session.sessionId), refreshToken: session.refreshToken };
}

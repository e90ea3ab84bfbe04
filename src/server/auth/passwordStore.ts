import type { Db } from '../db/database';
import { revokeMfaSessions } from './mfa';
import { revokeAllOfUser } from './refreshTokens';

/**
 * A user's new password, in the caller's transaction: the hash and the time it changed (access
 * tokens issued before it are refused), and the end of every remembered browser, so the one-time
 * code is asked again. With `signOutEverywhere` (a reset by e-mail link) every session ends too.
 */
export async function storePassword(db: Db, who: { companyId: string; userId: string }, hash: string, options: { signOutEverywhere: boolean }): Promise<void> {
  const now = new Date();
  await db
    .updateTable('users')
    .set({ password_hash: hash, password_changed_at: now, updated_at: now })
    .where('company_id', '=', who.companyId)
    .where('user_id', '=', who.userId)
    .execute();
  if (options.signOutEverywhere) await revokeAllOfUser(db, who);
  await revokeMfaSessions(db, who);
}

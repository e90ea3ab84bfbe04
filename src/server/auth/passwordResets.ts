import { addMinutes } from 'date-fns';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Account } from './refreshTokens';
import { hashToken, newOpaqueToken } from './secureTokens';

/** Forgot-password links: single use, expiring; a new link retires the user's earlier ones. */

/** The advisory lock class of an account's reset links (pg_advisory_xact_lock(class, key)), so parallel requests cannot overrun the hour's mails. */
const RESET_LOCK_CLASS = 7303;

/**
 * A new link for the account, or undefined when `perHour` links were issued to it within the last
 * hour (each was mailed): then nothing changes, and the last link mailed still works.
 */
export async function issuePasswordReset(db: Db, account: Account, lifetimeMinutes: number, requestedIp: string, perHour: number): Promise<string | undefined> {
  const token = newOpaqueToken();
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${RESET_LOCK_CLASS}::int, hashtext(${`${account.companyId}|${account.userId}`}))`.execute(trx);
    const issued = await trx
      .selectFrom('password_resets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', account.companyId)
      .where('user_id', '=', account.userId)
      .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    if (Number(issued.n) >= perHour) return undefined;
    await trx
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('company_id', '=', account.companyId)
      .where('user_id', '=', account.userId)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('password_resets')
      .values({
        token_hash: hashToken(token),
        company_id: account.companyId,
        user_id: account.userId,
        requested_ip: requestedIp,
        expires_at: addMinutes(new Date(), lifetimeMinutes),
      })
      .execute();
    return token;
  });
}

/** A link whose mail never left: it is marked used, so it can never work. */
export async function retirePasswordReset(db: Db, token: string): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: new Date() }).where('token_hash', '=', hashToken(token)).where('used_at', 'is', null).execute();
}

/**
 * Takes a link for its one use, in the caller's transaction: true for the one request that marks it
 * used while it is still unused and unexpired, false for every other.
 */
export async function claimPasswordReset(db: Db, token: string): Promise<boolean> {
  const claimed = await db
    .updateTable('password_resets')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** The account a token may still reset, or undefined (unknown, used or expired). */
export async function pendingPasswordReset(db: Db, token: string): Promise<(Account & { expiresAt: Date }) | undefined> {
  const row = await db
    .selectFrom('password_resets')
    .select(['company_id', 'user_id', 'expires_at'])
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row ? { companyId: row.company_id, userId: row.user_id, expiresAt: row.expires_at } : undefined;
}

/** Used or expired links are kept a day for the record, then dropped. */
export async function prunePasswordResets(db: Db): Promise<void> {
  await db
    .deleteFrom('password_resets')
    .where('expires_at', '<', new Date(Date.now() - 86_400_000))
    .execute();
}

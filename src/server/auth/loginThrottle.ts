import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Failed sign-ins counted per account and per client address in the database, so every app instance
 * shares the count. Over the limit, sign-in answers HTTP 429 with Retry-After until the window slides.
 */
export interface ThrottleLimits {
  maxPerAccount: number;
  maxPerAddress: number;
  windowSeconds: number;
}

export function accountKey(companyId: string, userId: string): string {
  return `${companyId.trim().toUpperCase()}|${userId.trim().toLowerCase()}`;
}

/** Seconds to wait, or 0 when sign-in may be tried. */
export async function secondsUntilAllowed(db: Db, key: string, address: string, limits: ThrottleLimits): Promise<number> {
  const since = new Date(Date.now() - limits.windowSeconds * 1000);
  const check = async (column: 'account_key' | 'ip_address', value: string, max: number) => {
    const rows = await db
      .selectFrom('login_failures')
      .select('failed_at')
      .where(column, '=', value)
      .where('failed_at', '>', since)
      .orderBy('failed_at', 'desc')
      .limit(max)
      .execute();
    if (rows.length < max) return 0;
    // The oldest of the last `max` failures must leave the window before another try.
    const oldest = rows[rows.length - 1].failed_at.getTime();
    return Math.max(1, Math.ceil((oldest + limits.windowSeconds * 1000 - Date.now()) / 1000));
  };
  return Math.max(await check('account_key', key, limits.maxPerAccount), await check('ip_address', address, limits.maxPerAddress));
}

export async function recordFailure(db: Db, key: string, address: string): Promise<void> {
  await db.insertInto('login_failures').values({ account_key: key, ip_address: address, failed_at: new Date() }).execute();
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('account_key', '=', key).execute();
}

export async function pruneFailures(db: Db, windowSeconds: number): Promise<void> {
  await db.deleteFrom('login_failures').where('failed_at', '<', sql<Date>`now() - make_interval(secs => ${windowSeconds})`).execute();
}

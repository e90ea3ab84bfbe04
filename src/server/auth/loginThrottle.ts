import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { Config } from '../config';
import { normaliseAccount } from './accounts';

/**
 * Failed sign-ins counted per account and per client address in the database, so every app instance
 * shares the count. Over the limit, sign-in answers HTTP 429 with Retry-After until the window slides.
 *
 * An attempt is recorded as a failure before it is judged (`reserveAttempt`), in the same transaction
 * that counts, under advisory locks on the account and the address: attempts in parallel are counted
 * one after the other, so a burst gets exactly the limit through. An attempt that turns out not to be
 * a failure gives its row back (`releaseAttempt`) or clears the account (`clearFailures`).
 * Wrong one-time codes count against the account too, so a password holder cannot guess codes
 * challenge after challenge: the account's count is only cleared when a sign-in completes.
 */
export interface ThrottleLimits {
  maxPerAccount: number;
  maxPerAddress: number;
  windowSeconds: number;
}

/** The sign-in failure limits of the configuration (LOGIN_MAX_FAILURES_PER_ACCOUNT / _PER_ADDRESS, LOGIN_FAILURE_WINDOW_SECONDS). */
export function throttleLimits(config: Pick<Config, 'loginMaxFailuresPerAccount' | 'loginMaxFailuresPerAddress' | 'loginFailureWindowSeconds'>): ThrottleLimits {
  return { maxPerAccount: config.loginMaxFailuresPerAccount, maxPerAddress: config.loginMaxFailuresPerAddress, windowSeconds: config.loginFailureWindowSeconds };
}

export type Reservation = { ok: true; attemptId: string } | { ok: false; retryAfterSeconds: number };

/** Advisory lock classes (pg_advisory_xact_lock(class, key)); account locks are always taken before address locks. */
const ACCOUNT_LOCK_CLASS = 7301;
const ADDRESS_LOCK_CLASS = 7302;

export function accountKey(companyId: string, userId: string): string {
  const account = normaliseAccount(companyId, userId);
  return `${account.companyId}|${account.userId}`;
}

/** Seconds until one more failure of this column's value fits in the window, or 0. */
async function secondsUntilFree(db: Transaction<Database>, column: 'account_key' | 'ip_address', value: string, max: number, windowSeconds: number): Promise<number> {
  const rows = await db
    .selectFrom('login_failures')
    .select('failed_at')
    .where(column, '=', value)
    .where('failed_at', '>', new Date(Date.now() - windowSeconds * 1000))
    .orderBy('failed_at', 'desc')
    .limit(max)
    .execute();
  if (rows.length < max) return 0;
  // The oldest of the last `max` failures must leave the window before another try.
  const oldest = rows[rows.length - 1].failed_at.getTime();
  return Math.max(1, Math.ceil((oldest + windowSeconds * 1000 - Date.now()) / 1000));
}

/** Admits one attempt and records it as a failure, or says how long to wait; atomic per account and address. */
export async function reserveAttempt(db: Db, key: string, address: string, limits: ThrottleLimits): Promise<Reservation> {
  return db.transaction().execute(async (trx): Promise<Reservation> => {
    await sql`SELECT pg_advisory_xact_lock(${ACCOUNT_LOCK_CLASS}::int, hashtext(${key}))`.execute(trx);
    await sql`SELECT pg_advisory_xact_lock(${ADDRESS_LOCK_CLASS}::int, hashtext(${address}))`.execute(trx);
    const wait = Math.max(
      await secondsUntilFree(trx, 'account_key', key, limits.maxPerAccount, limits.windowSeconds),
      await secondsUntilFree(trx, 'ip_address', address, limits.maxPerAddress, limits.windowSeconds),
    );
    if (wait > 0) return { ok: false, retryAfterSeconds: wait };
    const row = await trx.insertInto('login_failures').values({ account_key: key, ip_address: address, failed_at: new Date() }).returning('id').executeTakeFirstOrThrow();
    return { ok: true, attemptId: String(row.id) };
  });
}

/** The attempt was not a failure after all (right password, code still to come): its row goes, earlier failures stay. */
export async function releaseAttempt(db: Db, attemptId: string): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', attemptId).execute();
}

/** A sign-in completed: the account starts afresh. */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('account_key', '=', key).execute();
}

export async function pruneFailures(db: Db, windowSeconds: number): Promise<void> {
  await db.deleteFrom('login_failures').where('failed_at', '<', sql<Date>`now() - make_interval(secs => ${windowSeconds})`).execute();
}

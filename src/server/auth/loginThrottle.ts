import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { Config } from '../config';
import { normaliseAccount } from './accounts';

/**
 * Failed sign-ins counted per account and per client address in the database, so every app instance
 * shares the count. Refused attempts answer HTTP 429 with Retry-After.
 *
 * Passwords are limited without letting anyone lock others out (ASVS 6.1.1, 6.3.1: no malicious
 * lockout):
 * - one account from one address: `maxPerAccount` failures in the window, then refused until the
 *   oldest leaves it (guessing one account from one place stops);
 * - an account over `maxPerAccount` failures from all addresses together is slowed, not closed: an
 *   address that has failed on it may try once per window / maxPerAccount after the account's last
 *   failure, while an address that has not failed on it goes straight through, so the real user with
 *   the right password signs in whatever an attacker elsewhere does;
 * - an address over `maxPerAddress` failures (one address trying many accounts) is slowed the same
 *   way, once per window / maxPerAddress after its last failure, not refused for the whole window:
 *   fifty staff behind one NAT address wait seconds, not a quarter of an hour.
 * One-time codes (policy 'strict', counted under their own key) stay strict: only a password holder can
 * guess them, so their limit closes the account's code step, across addresses, until the window
 * slides, while a password sign-in (and a code completed before the limit) still goes through.
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
export function throttleLimits(
  config: Pick<Config, 'loginMaxFailuresPerAccount' | 'loginMaxFailuresPerAddress' | 'loginFailureWindowSeconds'>,
): ThrottleLimits {
  return {
    maxPerAccount: config.loginMaxFailuresPerAccount,
    maxPerAddress: config.loginMaxFailuresPerAddress,
    windowSeconds: config.loginFailureWindowSeconds,
  };
}

export type Reservation = { ok: true; attemptId: string } | { ok: false; retryAfterSeconds: number };

/** Advisory lock classes (pg_advisory_xact_lock(class, key)); account locks are always taken before address locks. */
const ACCOUNT_LOCK_CLASS = 7301;
const ADDRESS_LOCK_CLASS = 7302;

export function accountKey(companyId: string, userId: string): string {
  const account = normaliseAccount(companyId, userId);
  return `${account.companyId}|${account.userId}`;
}

/** The key wrong one-time codes of an account are counted under (apart from its wrong passwords). */
export const codeKey = (key: string) => `code:${key}`;

type Scope = { account_key?: string; ip_address?: string };

/** The last `max` failures of the scope within the window, newest first. */
async function recentFailures(db: Transaction<Database>, scope: Scope, max: number, windowSeconds: number): Promise<number[]> {
  let query = db
    .selectFrom('login_failures')
    .select('failed_at')
    .where('failed_at', '>', new Date(Date.now() - windowSeconds * 1000));
  if (scope.account_key !== undefined) query = query.where('account_key', '=', scope.account_key);
  if (scope.ip_address !== undefined) query = query.where('ip_address', '=', scope.ip_address);
  const rows = await query.orderBy('failed_at', 'desc').limit(max).execute();
  return rows.map((row) => row.failed_at.getTime());
}

const secondsUntil = (at: number) => (at > Date.now() ? Math.max(1, Math.ceil((at - Date.now()) / 1000)) : 0);

/** Closed: seconds until one more failure of the scope fits in the window (the oldest of the last `max` leaves it), or 0. */
async function secondsUntilFree(db: Transaction<Database>, scope: Scope, max: number, windowSeconds: number): Promise<number> {
  return closedFor(await recentFailures(db, scope, max, windowSeconds), max, windowSeconds);
}

/** Of the last `max` failures (newest first): seconds until the oldest leaves the window when there are `max`, else 0. */
function closedFor(failures: number[], max: number, windowSeconds: number): number {
  return failures.length < max ? 0 : secondsUntil(failures[failures.length - 1] + windowSeconds * 1000);
}

/** Slowed: over `max` failures, one attempt per window / max after the scope's last failure; 0 when it may go now. */
async function secondsUntilSlowedTurn(db: Transaction<Database>, scope: Scope, max: number, windowSeconds: number): Promise<number> {
  const failures = await recentFailures(db, scope, max, windowSeconds);
  return failures.length < max ? 0 : secondsUntil(failures[0] + (windowSeconds * 1000) / max);
}

export type ThrottlePolicy = 'password' | 'strict';

/** Seconds this password attempt must wait under the rules above, or 0. */
async function passwordWait(trx: Transaction<Database>, key: string, address: string, limits: ThrottleLimits): Promise<number> {
  const { maxPerAccount, maxPerAddress, windowSeconds } = limits;
  // The pair's failures, read once: how many (closed at the limit) and whether there are any (the account's slowing applies).
  const pairFailures = await recentFailures(trx, { account_key: key, ip_address: address }, maxPerAccount, windowSeconds);
  const pair = closedFor(pairFailures, maxPerAccount, windowSeconds);
  const account = pairFailures.length > 0 ? await secondsUntilSlowedTurn(trx, { account_key: key }, maxPerAccount, windowSeconds) : 0;
  const fromAddress = await secondsUntilSlowedTurn(trx, { ip_address: address }, maxPerAddress, windowSeconds);
  return Math.max(pair, account, fromAddress);
}

/**
 * Admits one attempt and records it as a failure, or says how long to wait; atomic per account and
 * address. `policy` 'strict' (one-time codes under their own key, codeKey; reset requests) closes the account and the
 * address at their limits; 'password' slows instead (see above).
 */
export async function reserveAttempt(db: Db, key: string, address: string, limits: ThrottleLimits, policy: ThrottlePolicy = 'password'): Promise<Reservation> {
  return db.transaction().execute(async (trx): Promise<Reservation> => {
    await sql`SELECT pg_advisory_xact_lock(${ACCOUNT_LOCK_CLASS}::int, hashtext(${key}))`.execute(trx);
    await sql`SELECT pg_advisory_xact_lock(${ADDRESS_LOCK_CLASS}::int, hashtext(${address}))`.execute(trx);
    const wait =
      policy === 'strict'
        ? Math.max(
            await secondsUntilFree(trx, { account_key: key }, limits.maxPerAccount, limits.windowSeconds),
            await secondsUntilFree(trx, { ip_address: address }, limits.maxPerAddress, limits.windowSeconds),
          )
        : await passwordWait(trx, key, address, limits);
    if (wait > 0) return { ok: false, retryAfterSeconds: wait };
    const row = await trx
      .insertInto('login_failures')
      .values({ account_key: key, ip_address: address, failed_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ok: true, attemptId: String(row.id) };
  });
}

/** The attempt was not a failure after all (right password, code still to come): its row goes, earlier failures stay. */
export async function releaseAttempt(db: Db, attemptId: string): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', attemptId).execute();
}

/** A sign-in completed: the account starts afresh, its passwords and its codes. */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('account_key', 'in', [key, codeKey(key)])
    .execute();
}

export async function pruneFailures(db: Db, windowSeconds: number): Promise<void> {
  await db.deleteFrom('login_failures').where('failed_at', '<', sql<Date>`now() - make_interval(secs => ${windowSeconds})`).execute();
}

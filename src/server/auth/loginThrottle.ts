import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { Config } from '../config';
import { normaliseAddress, parseIpRange } from '../../domain/ipRange';
import { normaliseAccount } from './accounts';

/**
 * Failed sign-ins counted per account in the database, so every app instance shares the count.
 * Refused attempts answer HTTP 429 with Retry-After. The scheme is OWASP's "Slow Down Online
 * Guessing Attacks with Device Cookies": guessing is limited per account, whatever the number of
 * addresses guessing, without letting anyone lock the real user out (ASVS 6.1.1, 6.3.1).
 *
 * A failure is recorded with its account, its client's address (an IPv6 address by its /64, which one
 * subscriber holds whole) and its device: the device id of the client's valid device cookie for that
 * account (deviceCookies.ts), or none.
 * - A client with a valid device cookie for the account (a browser or API client that has signed in to
 *   it before) is judged by its own device's failures only: `maxPerClient` in the window, then refused
 *   until the oldest leaves it. Nobody else's failures hold it back: the real user signs in during an
 *   attack, from any address, behind a NAT address shared with the attacker too.
 * - A client without one is refused on the account from its address after `maxPerClient` failures
 *   there in the window, until the oldest leaves it. And all such clients share the account's budget:
 *   once the account has `maxPerClient` failures from them in the window, together they get one
 *   password check per window / `sharedChecks` after their last failure (10 per 15 minutes by
 *   default), whatever their addresses: more addresses buy an attacker no more guesses.
 * - An address is held back only on the accounts it failed on: what it did to one account closes no
 *   other to it (fifty staff behind one NAT address sign in to their own accounts).
 * - A completed sign-in clears the failures of its own device and no others (a client that came
 *   without a cookie has none yet: its address's failures stay, they may be an attacker's behind the
 *   same address), and sets or renews its device cookie.
 * One-time codes (policy 'strict', counted under their own key, codeKey) stay strict: only a password
 * holder can guess them, so `maxPerClient` wrong codes close the account's code step, across addresses
 * and devices, until the window slides, while a password sign-in (and a code completed before the
 * limit) still goes through; the count is only cleared when a sign-in completes.
 *
 * An attempt is recorded as a failure before it is judged (`reserveAttempt`), in the same transaction
 * that counts, under an advisory lock on the account: attempts in parallel are counted one after the
 * other, so a burst gets exactly the limit through. An attempt that turns out not to be a failure
 * gives its row back (`releaseAttempt`).
 */
export interface ThrottleLimits {
  /** Failures one client may make on an account in the window: an address without the account's device cookie, or one device with it. */
  maxPerClient: number;
  /** Password checks per window that the clients without the account's device cookie share, once it has `maxPerClient` failures from them. */
  sharedChecks: number;
  windowSeconds: number;
}

/** The sign-in failure limits of the configuration (LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_SHARED_CHECKS_PER_ACCOUNT, LOGIN_FAILURE_WINDOW_SECONDS). */
export function throttleLimits(
  config: Pick<Config, 'loginMaxFailuresPerAccount' | 'loginSharedChecksPerAccount' | 'loginFailureWindowSeconds'>,
): ThrottleLimits {
  return {
    maxPerClient: config.loginMaxFailuresPerAccount,
    sharedChecks: config.loginSharedChecksPerAccount,
    windowSeconds: config.loginFailureWindowSeconds,
  };
}

/** Who is trying: the request's address, and the device id of its valid device cookie for the account when it has one. */
export interface SignInClient {
  address: string;
  deviceId?: string;
}

export type Reservation = { ok: true; attemptId: string } | { ok: false; retryAfterSeconds: number };

/** The advisory lock class of accounts (pg_advisory_xact_lock(class, key)); 7302, the address class of before, is no longer taken. */
const ACCOUNT_LOCK_CLASS = 7301;

export function accountKey(companyId: string, userId: string): string {
  const account = normaliseAccount(companyId, userId);
  return `${account.companyId}|${account.userId}`;
}

/** The key wrong one-time codes of an account are counted under (apart from its wrong passwords). */
export const codeKey = (key: string) => `code:${key}`;

/** The address a client's failures are counted under: IPv4 as it is, IPv6 by its /64 (one subscriber's network, free to hop within). */
export function throttledAddress(ip: string): string {
  const address = normaliseAddress(ip);
  if (address === undefined) return ip;
  return address.includes(':') ? (parseIpRange(`${address}/64`)?.cidr ?? address) : address;
}

/** The failures of one account, narrowed to an address and to a device (null: clients without a device cookie). */
type Scope = { account_key: string; ip_address?: string; device_id?: string | null };

/** The last `max` failures of the scope within the window, newest first. */
async function recentFailures(db: Transaction<Database>, scope: Scope, max: number, windowSeconds: number): Promise<number[]> {
  let query = db
    .selectFrom('login_failures')
    .select('failed_at')
    .where('account_key', '=', scope.account_key)
    .where('failed_at', '>', new Date(Date.now() - windowSeconds * 1000));
  if (scope.ip_address !== undefined) query = query.where('ip_address', '=', scope.ip_address);
  if (scope.device_id === null) query = query.where('device_id', 'is', null);
  else if (scope.device_id !== undefined) query = query.where('device_id', '=', scope.device_id);
  const rows = await query.orderBy('failed_at', 'desc').limit(max).execute();
  return rows.map((row) => row.failed_at.getTime());
}

const secondsUntil = (at: number) => (at > Date.now() ? Math.max(1, Math.ceil((at - Date.now()) / 1000)) : 0);

/** Closed: of the last `max` failures (newest first), seconds until the oldest leaves the window when there are `max`, else 0. */
function closedFor(failures: number[], max: number, windowSeconds: number): number {
  return failures.length < max ? 0 : secondsUntil(failures[failures.length - 1] + windowSeconds * 1000);
}

export type ThrottlePolicy = 'password' | 'strict';

/** Seconds this password attempt must wait under the rules above, or 0. */
async function passwordWait(trx: Transaction<Database>, key: string, client: SignInClient, limits: ThrottleLimits): Promise<number> {
  const { maxPerClient, sharedChecks, windowSeconds } = limits;
  if (client.deviceId !== undefined) {
    return closedFor(await recentFailures(trx, { account_key: key, device_id: client.deviceId }, maxPerClient, windowSeconds), maxPerClient, windowSeconds);
  }
  const fromAddress = await recentFailures(trx, { account_key: key, ip_address: client.address, device_id: null }, maxPerClient, windowSeconds);
  const shared = await recentFailures(trx, { account_key: key, device_id: null }, maxPerClient, windowSeconds);
  const sharedTurn = shared.length < maxPerClient ? 0 : secondsUntil(shared[0] + (windowSeconds * 1000) / sharedChecks);
  return Math.max(closedFor(fromAddress, maxPerClient, windowSeconds), sharedTurn);
}

/**
 * Admits one attempt and records it as a failure, or says how long to wait; atomic per account.
 * `policy` 'strict' (one-time codes, under codeKey) closes the account at `maxPerClient` failures from
 * anyone; 'password' judges by device or address and the shared budget (see above).
 */
export async function reserveAttempt(
  db: Db,
  key: string,
  client: SignInClient,
  limits: ThrottleLimits,
  policy: ThrottlePolicy = 'password',
): Promise<Reservation> {
  const counted = { address: throttledAddress(client.address), deviceId: client.deviceId };
  return db.transaction().execute(async (trx): Promise<Reservation> => {
    await sql`SELECT pg_advisory_xact_lock(${ACCOUNT_LOCK_CLASS}::int, hashtext(${key}))`.execute(trx);
    const wait =
      policy === 'strict'
        ? closedFor(await recentFailures(trx, { account_key: key }, limits.maxPerClient, limits.windowSeconds), limits.maxPerClient, limits.windowSeconds)
        : await passwordWait(trx, key, counted, limits);
    if (wait > 0) return { ok: false, retryAfterSeconds: wait };
    const row = await trx
      .insertInto('login_failures')
      .values({ account_key: key, ip_address: counted.address, device_id: counted.deviceId ?? null, failed_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ok: true, attemptId: String(row.id) };
  });
}

/** The attempt was not a failure after all (right password): its row goes, earlier failures stay. */
export async function releaseAttempt(db: Db, attemptId: string): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', attemptId).execute();
}

/**
 * A sign-in completed: the password failures of its own device go (`deviceId`: the device cookie it
 * came with; none without one), and the account's wrong codes; every other failure of the account stays.
 */
export async function clearFailures(db: Db, key: string, deviceId: string | undefined): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where((eb) =>
      deviceId === undefined
        ? eb('account_key', '=', codeKey(key))
        : eb.or([eb('account_key', '=', codeKey(key)), eb.and([eb('account_key', '=', key), eb('device_id', '=', deviceId)])]),
    )
    .execute();
}

export async function pruneFailures(db: Db, windowSeconds: number): Promise<void> {
  await db.deleteFrom('login_failures').where('failed_at', '<', sql<Date>`now() - make_interval(secs => ${windowSeconds})`).execute();
}

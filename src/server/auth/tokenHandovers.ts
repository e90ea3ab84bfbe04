import { addSeconds } from 'date-fns';
import type { Db } from '../db/database';
import type { Account } from './refreshTokens';
import { hashToken, newOpaqueToken } from './secureTokens';

/**
 * The token hand-over to the classic site: a signed-in browser asks for a single-use,
 * short-lived id bound to its user and to the app that will redeem it; the classic site then
 * redeems the id once for a token pair of its own (fetchToken).
 */

export async function createHandover(db: Db, account: Account, appId: number, requestUri: string | null, lifetimeSeconds: number): Promise<string> {
  const id = newOpaqueToken();
  await db
    .insertInto('token_handovers')
    .values({
      handover_hash: hashToken(id),
      company_id: account.companyId,
      user_id: account.userId,
      app_id: appId,
      request_uri: requestUri,
      expires_at: addSeconds(new Date(), lifetimeSeconds),
    })
    .execute();
  return id;
}

export type HandoverCheck = { app: number } | { requestUri: string };

/**
 * Redeems an id: the first presentation uses it up, whether or not it matches (a wrong app or
 * request_uri may be an attacker's guess, so the id must not survive it).
 */
export async function redeemHandover(db: Db, id: string, check: HandoverCheck): Promise<Account | undefined> {
  const row = await db
    .updateTable('token_handovers')
    .set({ redeemed_at: new Date() })
    .where('handover_hash', '=', hashToken(id))
    .where('redeemed_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['company_id', 'user_id', 'app_id', 'request_uri'])
    .executeTakeFirst();
  if (!row) return undefined;
  const matches = 'app' in check ? row.app_id === check.app : row.request_uri !== null && row.request_uri === check.requestUri;
  return matches ? { companyId: row.company_id, userId: row.user_id } : undefined;
}

export async function pruneHandovers(db: Db): Promise<void> {
  await db
    .deleteFrom('token_handovers')
    .where('expires_at', '<', new Date(Date.now() - 86_400_000))
    .execute();
}

import { randomUUID } from 'node:crypto';
import { addHours } from 'date-fns';
import type { Db } from '../db/database';
import { hashToken, newOpaqueToken } from './secureTokens';

/**
 * Refresh tokens: 256 random bits stored hashed, rotated on every use, in families with an absolute
 * lifetime. Presenting a token that was already rotated revokes its whole family (it was stolen or replayed).
 */

export interface Account {
  companyId: string;
  userId: string;
}

/** A new refresh-token family: its first token, and the family id that the access tokens of the session carry (`sid`). */
export async function startSession(db: Db, account: Account, lifetimeHours: number): Promise<{ refreshToken: string; sessionId: string }> {
  const token = newOpaqueToken();
  const familyId = randomUUID();
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: hashToken(token),
      family_id: familyId,
      company_id: account.companyId,
      user_id: account.userId,
      family_expires_at: addHours(new Date(), lifetimeHours),
    })
    .execute();
  return { refreshToken: token, sessionId: familyId };
}

/** True while the session (refresh-token family) is not revoked; its access tokens are honoured only then. */
export async function isLiveSession(db: Db, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('family_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export type RotationResult =
  | { ok: true; token: string; account: Account; sessionId: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'mismatch' };

export async function rotateRefreshToken(db: Db, presented: string, expected: Account): Promise<RotationResult> {
  return db.transaction().execute(async (trx): Promise<RotationResult> => {
    const row = await trx.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hashToken(presented)).forUpdate().executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.company_id !== expected.companyId || row.user_id !== expected.userId) return { ok: false, reason: 'mismatch' };
    if (row.revoked_at) return { ok: false, reason: 'revoked' };
    if (row.rotated_at) {
      await trx.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('family_id', '=', row.family_id).where('revoked_at', 'is', null).execute();
      return { ok: false, reason: 'reused' };
    }
    if (row.family_expires_at.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
    const token = newOpaqueToken();
    await trx.updateTable('refresh_tokens').set({ rotated_at: new Date() }).where('token_hash', '=', row.token_hash).execute();
    await trx
      .insertInto('refresh_tokens')
      .values({
        token_hash: hashToken(token),
        family_id: row.family_id,
        company_id: row.company_id,
        user_id: row.user_id,
        family_expires_at: row.family_expires_at,
      })
      .execute();
    return { ok: true, token, account: { companyId: row.company_id, userId: row.user_id }, sessionId: row.family_id };
  });
}

/** Signing out: the family of the presented token is revoked, whichever member it is. */
export async function revokeFamilyOf(db: Db, presented: string): Promise<boolean> {
  const row = await db.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', hashToken(presented)).executeTakeFirst();
  if (!row) return false;
  await db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('family_id', '=', row.family_id).where('revoked_at', 'is', null).execute();
  return true;
}

/** Signing out with the access token alone: the session (refresh family) it belongs to is revoked. */
export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
}

export async function revokeAllOfUser(db: Db, account: Account): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('company_id', '=', account.companyId)
    .where('user_id', '=', account.userId)
    .where('revoked_at', 'is', null)
    .execute();
}

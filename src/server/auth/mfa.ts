import { addDays, addSeconds } from 'date-fns';
import { isValidOneTimeCode } from '../../domain/oneTimeCode';
import type { Db } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { hashToken, newOpaqueToken, newSixDigitCode, sameHash } from './secureTokens';
import type { Account } from './refreshTokens';

/** E-mail one-time codes bound to one sign-in attempt (the MFA token), and the MFA sessions that skip them. */

export interface MfaSettings {
  codeTtlSeconds: number;
  maxAttempts: number;
  resendSeconds: number;
  sessionDays: number;
}

const CHALLENGE_LIFETIME_SECONDS = 600;

export async function startChallenge(db: Db, account: Account, settings: MfaSettings): Promise<string> {
  const mfaToken = newOpaqueToken();
  await db
    .insertInto('mfa_challenges')
    .values({
      mfa_token_hash: hashToken(mfaToken),
      company_id: account.companyId,
      user_id: account.userId,
      attempts_left: settings.maxAttempts,
      expires_at: addSeconds(new Date(), CHALLENGE_LIFETIME_SECONDS),
    })
    .execute();
  return mfaToken;
}

/** "j***@example.com": enough for the user to recognise the address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  if (!domain) return '***';
  return `${local.slice(0, 1)}****@${domain}`;
}

function codeHash(mfaToken: string, code: string): string {
  return hashToken(`${mfaToken}:${code}`);
}

export type SendResult =
  | { ok: true; maskedEmail: string; prefix: string }
  | { ok: false; reason: 'unknown' | 'no-email' | 'already-sent' | 'too-soon' | 'mail-failed'; retryAfterSeconds?: number };

/** The account a live sign-in attempt belongs to, or undefined for an unknown token. */
export async function challengeOwner(db: Db, mfaToken: string): Promise<Account | undefined> {
  const row = await db.selectFrom('mfa_challenges').select(['company_id', 'user_id']).where('mfa_token_hash', '=', hashToken(mfaToken)).executeTakeFirst();
  return row ? { companyId: row.company_id, userId: row.user_id } : undefined;
}

/** Sends the code of a challenge by mail; one code per challenge (resend repeats the sign-in). */
export async function sendChallengeCode(db: Db, mailer: Mailer, mfaToken: string, settings: MfaSettings): Promise<SendResult> {
  const challenge = await db
    .selectFrom('mfa_challenges as m')
    .innerJoin('users as u', (join) => join.onRef('u.company_id', '=', 'm.company_id').onRef('u.user_id', '=', 'm.user_id'))
    .select(['m.mfa_token_hash', 'm.company_id', 'm.user_id', 'm.code_sent_at', 'm.expires_at', 'm.consumed_at', 'u.email'])
    .where('m.mfa_token_hash', '=', hashToken(mfaToken))
    .executeTakeFirst();
  if (!challenge || challenge.consumed_at || challenge.expires_at.getTime() <= Date.now()) return { ok: false, reason: 'unknown' };
  if (!challenge.email) return { ok: false, reason: 'no-email' };
  if (challenge.code_sent_at) return { ok: false, reason: 'already-sent' };
  // Resend repeats the sign-in; a user gets at most one code per resend period, whatever the client does.
  const recent = await db
    .selectFrom('mfa_challenges')
    .select('code_sent_at')
    .where('company_id', '=', challenge.company_id)
    .where('user_id', '=', challenge.user_id)
    .where('code_sent_at', '>', new Date(Date.now() - (settings.resendSeconds - 1) * 1000))
    .orderBy('code_sent_at', 'desc')
    .executeTakeFirst();
  if (recent?.code_sent_at) {
    const wait = Math.ceil((recent.code_sent_at.getTime() + (settings.resendSeconds - 1) * 1000 - Date.now()) / 1000);
    return { ok: false, reason: 'too-soon', retryAfterSeconds: Math.max(1, wait) };
  }

  const code = newSixDigitCode();
  const prefix = String.fromCharCode(65 + Math.floor(Math.random() * 26), 65 + Math.floor(Math.random() * 26));
  const now = new Date();
  const updated = await db
    .updateTable('mfa_challenges')
    .set({ code_hash: codeHash(mfaToken, code), code_sent_at: now, code_expires_at: addSeconds(now, settings.codeTtlSeconds) })
    .where('mfa_token_hash', '=', challenge.mfa_token_hash)
    .where('code_sent_at', 'is', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: 'already-sent' };
  const mail = await mailer.send({
    to: challenge.email,
    subject: `Your sign-in code ${prefix}-${code}`,
    text: `Your one-time sign-in code is ${prefix}-${code}.\nEnter the 6 digits ${code} in the sign-in dialog. The code expires in ${Math.round(settings.codeTtlSeconds / 60)} minutes.\nIf you did not try to sign in, tell your administrator.`,
  });
  if (mail.outcome === 'failed') {
    // The user never got the code: this attempt ends, and it does not hold back the next one's code (resend period).
    await db
      .updateTable('mfa_challenges')
      .set({ code_hash: null, code_sent_at: null, code_expires_at: null, consumed_at: new Date() })
      .where('mfa_token_hash', '=', challenge.mfa_token_hash)
      .execute();
    return { ok: false, reason: 'mail-failed' };
  }
  return { ok: true, maskedEmail: maskEmail(challenge.email), prefix };
}

/** `guessed`: a code was checked and was wrong (it counts against the account); false when there was nothing to check it against. */
export type VerifyResult = { ok: true; account: Account } | { ok: false; remainingAttempts: number; guessed: boolean };

/** Checks a code; a wrong one costs an attempt, the last wrong one ends the challenge. */
export async function verifyChallengeCode(db: Db, mfaToken: string, code: string): Promise<VerifyResult> {
  return db.transaction().execute(async (trx): Promise<VerifyResult> => {
    const challenge = await trx.selectFrom('mfa_challenges').selectAll().where('mfa_token_hash', '=', hashToken(mfaToken)).forUpdate().executeTakeFirst();
    if (!challenge || challenge.consumed_at || !challenge.code_hash || !challenge.code_expires_at) return { ok: false, remainingAttempts: 0, guessed: false };
    if (challenge.expires_at.getTime() <= Date.now() || challenge.code_expires_at.getTime() <= Date.now() || challenge.attempts_left <= 0) {
      await trx.updateTable('mfa_challenges').set({ consumed_at: new Date() }).where('mfa_token_hash', '=', challenge.mfa_token_hash).execute();
      return { ok: false, remainingAttempts: 0, guessed: false };
    }
    if (isValidOneTimeCode(code) && sameHash(challenge.code_hash, codeHash(mfaToken, code))) {
      await trx.updateTable('mfa_challenges').set({ consumed_at: new Date() }).where('mfa_token_hash', '=', challenge.mfa_token_hash).execute();
      return { ok: true, account: { companyId: challenge.company_id, userId: challenge.user_id } };
    }
    const remaining = challenge.attempts_left - 1;
    await trx
      .updateTable('mfa_challenges')
      .set({ attempts_left: remaining, consumed_at: remaining <= 0 ? new Date() : null })
      .where('mfa_token_hash', '=', challenge.mfa_token_hash)
      .execute();
    return { ok: false, remainingAttempts: remaining, guessed: true };
  });
}

export async function createMfaSession(db: Db, account: Account, settings: MfaSettings): Promise<string> {
  const sessionId = newOpaqueToken();
  await db
    .insertInto('mfa_sessions')
    .values({
      session_hash: hashToken(sessionId),
      company_id: account.companyId,
      user_id: account.userId,
      expires_at: addDays(new Date(), settings.sessionDays),
    })
    .execute();
  return sessionId;
}

export async function isValidMfaSession(db: Db, sessionId: string, account: Account): Promise<boolean> {
  const row = await db
    .selectFrom('mfa_sessions')
    .select('session_hash')
    .where('session_hash', '=', hashToken(sessionId))
    .where('company_id', '=', account.companyId)
    .where('user_id', '=', account.userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return Boolean(row);
}

export async function revokeMfaSessions(db: Db, account: Account): Promise<void> {
  await db
    .updateTable('mfa_sessions')
    .set({ revoked_at: new Date() })
    .where('company_id', '=', account.companyId)
    .where('user_id', '=', account.userId)
    .where('revoked_at', 'is', null)
    .execute();
}

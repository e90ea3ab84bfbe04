import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { StatusCode } from '../../src/domain/statusCodes';
import { RESET_REQUESTED, resetDeliveriesSettled } from '../../src/server/api/passwordReset';
import { CODE_MAIL_FAILED } from '../../src/server/auth/routes';
import { createMailer } from '../../src/server/mail/mailer';
import { freePort } from '../../src/server/freePort';
import { buildTestApp, requestToken, type TestApp } from './testApp';

/** A mail server that refuses the mail (SMTP_URL pointing at a closed port): the user is told, not left waiting. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ MFA_RESEND_SECONDS: '30' });
  t.ctx.mailer = createMailer(t.db, `smtp://127.0.0.1:${await freePort()}`, pino({ level: 'silent' }));
});
afterAll(() => t.close());

const mfaLogin = () => requestToken(t.app, { GrantType: 'client_credentials', ClientId: 'mfauser|DEMOAIR|2|L', ClientSecret: 'Mfa#123456' });
const challenge = (mfaToken: string) =>
  t.app.inject({ method: 'POST', url: '/auth/mfa/challenge', payload: { authenticatorType: 'email', MFAToken: mfaToken } });

async function lastMail(recipient: string) {
  return t.db
    .selectFrom('mail_outbox')
    .select(['body_text', 'error', 'sent_at'])
    .where('recipient', '=', recipient)
    .orderBy('mail_id', 'desc')
    .executeTakeFirstOrThrow();
}

describe('the one-time code challenge when the mail cannot be sent', () => {
  it('answers an OAuth-style temporarily_unavailable error, and the unsent code can never be used', async () => {
    const mfaToken = (await mfaLogin()).json().mfa_token as string;
    const answer = await challenge(mfaToken);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ error: 'temporarily_unavailable', error_description: CODE_MAIL_FAILED });

    const mail = await lastMail('mfauser@demoair.example');
    expect(mail.error).toMatch(/ECONNREFUSED|connect/i);
    expect(mail.sent_at).toBeNull();
    const code = /enter the 6 digits (\d{6})/i.exec(mail.body_text)![1];
    const submitted = await requestToken(t.app, { GrantType: 'mfa-email', MFAToken: mfaToken, MFACode: code });
    expect(submitted.statusCode).toBe(400);
    expect(submitted.json()).toMatchObject({ error: 'invalid_grant', remain_attempt: 0 });
  });

  it('does not hold back the next attempt with the resend period', async () => {
    const again = await challenge((await mfaLogin()).json().mfa_token);
    expect(again.statusCode).toBe(503); // not 429: no code reached the user
    expect(again.json().error).toBe('temporarily_unavailable');
  });
});

describe('forgot password when the mail cannot be sent', () => {
  it('answers as always (it tells nothing of the account) and retires the unsent link', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/authentication/forgotpassword', payload: { company_id: 'DEMOAIR', user_id: 'operator' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: StatusCode.SUCCESS, message: RESET_REQUESTED });
    await resetDeliveriesSettled();

    const mail = await lastMail('operator@demoair.example');
    expect(mail.error).toBeTruthy();
    const token = /resetPassword#token=([A-Za-z0-9_-]{43})/.exec(mail.body_text)![1];
    const verify = await t.app.inject({ method: 'POST', url: '/api/authentication/resetpassword/verify', payload: { token } });
    expect(verify.statusCode).toBe(400);
    const pending = await t.db
      .selectFrom('password_resets')
      .select('token_hash')
      .where('user_id', '=', 'operator')
      .where('company_id', '=', 'DEMOAIR')
      .where('used_at', 'is', null)
      .execute();
    expect(pending).toEqual([]);
  });
});

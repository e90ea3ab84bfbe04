import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { StatusCode } from '../../src/domain/statusCodes';
import { RESET_LINK_INVALID, RESET_REQUESTED, resetDeliveriesSettled } from '../../src/server/api/passwordReset';
import { bearer, buildTestApp, requestToken, signIn, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    PUBLIC_URL: 'https://portal.example',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    AUTH_RATE_LIMIT_PER_MINUTE: '40',
    PASSWORD_RESET_MINUTES: '15',
  });
});
afterAll(() => t.close());

function forgot(app: FastifyInstance, company_id: string, user_id: string, ip = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/authentication/forgotpassword', payload: { company_id, user_id }, remoteAddress: ip });
}

function reset(token: string, new_password: string) {
  return t.app.inject({ method: 'POST', url: '/api/authentication/resetpassword', payload: { token, new_password } });
}

async function latestResetToken(email: string): Promise<{ token: string; text: string }> {
  await resetDeliveriesSettled();
  const mail = await t.db
    .selectFrom('mail_outbox')
    .select(['body_text', 'subject'])
    .where('recipient', '=', email)
    .orderBy('mail_id', 'desc')
    .executeTakeFirstOrThrow();
  const match = /https:\/\/portal\.example\/ez4\/en\/resetPassword#token=([A-Za-z0-9_-]{43})/.exec(mail.body_text);
  if (!match) throw new Error(`no reset link in: ${mail.body_text}`);
  return { token: match[1], text: mail.body_text };
}

describe('POST /api/authentication/forgotpassword', () => {
  const requested = { status: StatusCode.SUCCESS, message: RESET_REQUESTED, data: { expiresInMinutes: 15 } };
  const outboxSize = async () => Number((await t.db.selectFrom('mail_outbox').select(t.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  it('mails a reset link to the address on file, and answers without telling the address', async () => {
    const answer = await forgot(t.app, ' demoair ', 'Operator', '10.1.0.1');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(requested);
    const { text } = await latestResetToken('operator@demoair.example');
    expect(text).toContain('within 15 minutes');
    expect(text).toContain('user operator of company DEMOAIR');
  });

  it('answers an unknown, a locked and an address-less user exactly as an existing one, and mails none of them', async () => {
    await t.db.updateTable('users').set({ email: null }).where('company_id', '=', 'DEMOFWD').where('user_id', '=', 'operator').execute();
    await t.db.updateTable('users').set({ is_locked: true }).where('company_id', '=', 'SKYAIR').where('user_id', '=', 'operator').execute();
    await t.ctx.changes.sync();
    await resetDeliveriesSettled();
    const before = await outboxSize();
    const existing = ['DEMOAIR', 'DEMOFWD', 'DEMOGHA', 'DEMOGHA'];
    for (const [index, [company, user, ip]] of [
      ['DEMOAIR', 'nobody', '10.1.0.2'],
      ['DEMOFWD', 'operator', '10.1.0.3'],
      ['SKYAIR', 'operator', '10.1.0.5'],
      ['NOSUCHCO', 'admin', '10.1.0.6'],
    ].entries()) {
      const answer = await forgot(t.app, company!, user!, ip);
      expect(answer.statusCode, `${company} ${user}`).toBe(200);
      expect(answer.json(), `${company} ${user}`).toEqual(requested);
      // Byte for byte what an existing admin's request gets.
      const known = await forgot(t.app, existing[index]!, 'admin', `${ip}9`);
      expect(known.body).toBe(answer.body);
    }
    await resetDeliveriesSettled();
    // Only the existing admins asked for alongside got a mail (one each time they were asked).
    const recipients = await t.db.selectFrom('mail_outbox').select('recipient').orderBy('mail_id').offset(Number(before)).execute();
    const admins = await t.db.selectFrom('users').select(['company_id', 'email']).where('user_id', '=', 'admin').where('company_id', 'in', existing).execute();
    const emailOf = new Map(admins.map((admin) => [admin.company_id, admin.email]));
    expect(recipients.map((row) => row.recipient).sort()).toEqual(
      existing
        .map((company) => emailOf.get(company))
        .filter(Boolean)
        .sort(),
    );
    await t.db.updateTable('users').set({ is_locked: false }).where('company_id', '=', 'SKYAIR').where('user_id', '=', 'operator').execute();
  });

  it('refuses bad input with a clear message', async () => {
    for (const payload of [
      {},
      { company_id: 'DEMOAIR' },
      { company_id: '', user_id: 'x' },
      { company_id: 'DEMO AIR', user_id: 'x' },
      { company_id: 'x'.repeat(101), user_id: 'x' },
      { company_id: 5, user_id: [] },
    ]) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/authentication/forgotpassword', payload, remoteAddress: '10.1.0.4' });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().status).toBe(StatusCode.VALIDATION_FAIL);
      expect(answer.json().message).toMatch(/\w/);
    }
  });

  it('answers every request for an account the same at once, from any address, and mails it at most 3 links an hour', async () => {
    const email = 'admin@skyair.example';
    await resetDeliveriesSettled();
    const mailsTo = async () => (await t.db.selectFrom('mail_outbox').select('mail_id').where('recipient', '=', email).execute()).length;
    const before = await mailsTo();
    // Someone asks again and again, from many addresses at once: never refused, never told anything.
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => forgot(t.app, 'SKYAIR', 'admin', `10.2.0.${i}`)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(requested);
    }
    await resetDeliveriesSettled();
    expect((await mailsTo()) - before).toBe(3);

    // The user's own request answers the same and sends nothing more; the last link mailed still works.
    const own = await forgot(t.app, 'SKYAIR', 'admin', '10.2.1.1');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(requested);
    await resetDeliveriesSettled();
    expect((await mailsTo()) - before).toBe(3);
    // Of the three mailed (sent in parallel, so not necessarily received in order), the newest link works.
    const mailed = await t.db.selectFrom('mail_outbox').select('body_text').where('recipient', '=', email).orderBy('mail_id', 'desc').limit(3).execute();
    const verified = await Promise.all(
      mailed.map(async (mail) => {
        const token = /resetPassword#token=([A-Za-z0-9_-]{43})/.exec(mail.body_text)![1];
        return (await t.app.inject({ method: 'POST', url: '/api/authentication/resetpassword/verify', payload: { token } })).json();
      }),
    );
    expect(verified.filter((answer) => answer.status === StatusCode.SUCCESS)).toEqual([
      { status: StatusCode.SUCCESS, data: expect.objectContaining({ company_id: 'SKYAIR', user_id: 'admin' }) },
    ]);
    // An hour on, a request mails a link again; and signing in never counted any of it.
    await sql`UPDATE password_resets SET created_at = created_at - interval '1 hour' WHERE company_id = 'SKYAIR' AND user_id = 'admin'`.execute(t.db);
    await forgot(t.app, 'SKYAIR', 'admin', '10.2.1.1');
    await resetDeliveriesSettled();
    expect((await mailsTo()) - before).toBe(4);
    expect(
      (await requestToken(t.app, { GrantType: 'client_credentials', ClientId: 'admin|SKYAIR|2|L', ClientSecret: 'Admin#12345' }, '10.2.0.9')).statusCode,
    ).toBe(200);
  });

  it('caps only a flood from one address, as the auth host does (AUTH_RATE_LIMIT_PER_MINUTE)', async () => {
    for (let i = 0; i < 40; i++) expect((await forgot(t.app, 'DEMOAIR', `ghost${i}`, '10.3.0.1')).statusCode).toBe(200);
    const flood = await forgot(t.app, 'DEMOAIR', 'ghost99', '10.3.0.1');
    expect(flood.statusCode).toBe(429);
    expect(Number(flood.headers['retry-after'])).toBeGreaterThan(0);
    expect(flood.json()).toMatchObject({ status: StatusCode.FAILURE });
    expect((await forgot(t.app, 'DEMOAIR', 'ghost99', '10.3.0.2')).statusCode).toBe(200);
  });
});

describe('resetting the password with the link', () => {
  it('verifies the link, sets a new password once, and signs the user out everywhere', async () => {
    const before = await signIn(t.app, 'DEMOGHA', 'operator', 'Operator#12345');
    await forgot(t.app, 'DEMOGHA', 'operator', '10.4.0.1');
    const { token } = await latestResetToken('operator@demogha.example');

    const verify = await t.app.inject({ method: 'POST', url: '/api/authentication/resetpassword/verify', payload: { token } });
    expect(verify.json()).toMatchObject({ status: StatusCode.SUCCESS, data: { company_id: 'DEMOGHA', user_id: 'operator' } });

    const weak = await reset(token, 'short1!');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ status: StatusCode.VALIDATION_FAIL, message: 'Password must be at least 8 characters.' });
    const same = await reset(token, 'Operator#12345');
    expect(same.json()).toEqual({ status: StatusCode.VALIDATION_FAIL, message: 'Please use a new password.' });

    const done = await reset(token, 'Handler#2025new');
    expect(done.json()).toEqual({ status: StatusCode.SUCCESS });
    expect(
      (await requestToken(t.app, { GrantType: 'client_credentials', ClientId: 'operator|DEMOGHA|2|L', ClientSecret: 'Operator#12345' }, '10.4.0.2')).statusCode,
    ).toBe(400);
    await signIn(t.app, 'DEMOGHA', 'operator', 'Handler#2025new');
    // The refresh token issued before the reset no longer works.
    const refresh = await requestToken(t.app, { GrantType: 'refresh_token', ClientId: 'operator|DEMOGHA|2|L', RefreshToken: before.refresh_token });
    expect(refresh.statusCode).toBe(400);

    const replay = await reset(token, 'Another#2025pw');
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ status: StatusCode.FAILURE, message: RESET_LINK_INVALID });
    const verifyAgain = await t.app.inject({ method: 'POST', url: '/api/authentication/resetpassword/verify', payload: { token } });
    expect(verifyAgain.json()).toEqual({ status: StatusCode.FAILURE, message: RESET_LINK_INVALID });
    const audit = await t.db.selectFrom('audit_log').select('action').where('entity_key', '=', 'DEMOGHA|operator').execute();
    expect(audit.map((row) => row.action)).toContain('reset-password');
  });

  it('a newer link retires the older one', async () => {
    await forgot(t.app, 'DEMOAIR', 'mfauser', '10.5.0.1');
    const first = await latestResetToken('mfauser@demoair.example');
    await forgot(t.app, 'DEMOAIR', 'mfauser', '10.5.0.1');
    const second = await latestResetToken('mfauser@demoair.example');
    expect(second.token).not.toBe(first.token);
    expect((await reset(first.token, 'Factor#2025new')).json()).toEqual({ status: StatusCode.FAILURE, message: RESET_LINK_INVALID });
    expect((await reset(second.token, 'Factor#2025new')).json()).toEqual({ status: StatusCode.SUCCESS });
  });

  it('an expired link changes nothing', async () => {
    await forgot(t.app, 'DEMOAIR', 'admin', '10.6.0.1');
    const { token } = await latestResetToken('admin@demoair.example');
    await t.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('company_id', '=', 'DEMOAIR')
      .where('user_id', '=', 'admin')
      .execute();
    expect((await reset(token, 'Expired#2025pw')).json()).toEqual({ status: StatusCode.FAILURE, message: RESET_LINK_INVALID });
    await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345');
  });

  it('answers malformed requests with 400, never 500', async () => {
    for (const payload of [
      {},
      { token: 'x' },
      { token: 'x'.repeat(43), new_password: 'Valid#2025pw' },
      { token: 12, new_password: 'x' },
      { token: 'a'.repeat(200), new_password: 'x' },
    ]) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/authentication/resetpassword', payload });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const bad = await t.app.inject({ method: 'POST', url: '/api/authentication/resetpassword/verify', payload: { token: '../../etc' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('change password (existing call) with the spec messages', () => {
  it('refuses a wrong old password and a reused one', async () => {
    const { access_token } = await signIn(t.app, 'DEMOAIR', 'operator', 'Operator#12345');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/mobileapi/authentication/changepassword',
      headers: bearer(access_token),
      payload: { old_password: 'nope', new_password: 'Valid#2025pw' },
    });
    expect(wrong.json()).toMatchObject({ message: 'Incorrect password.' });
    const same = await t.app.inject({
      method: 'POST',
      url: '/mobileapi/authentication/changepassword',
      headers: bearer(access_token),
      payload: { old_password: 'Operator#12345', new_password: 'Operator#12345' },
    });
    expect(same.json()).toMatchObject({ message: 'Please use a new password.' });
  });
});

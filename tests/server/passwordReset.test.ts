import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { StatusCode } from '../../src/domain/statusCodes';
import { RESET_LINK_INVALID, NO_EMAIL_ON_FILE } from '../../src/server/api/passwordReset';
import { bearer, buildTestApp, requestToken, signIn, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://portal.example', LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '6', PASSWORD_RESET_MINUTES: '15' });
});
afterAll(() => t.close());

function forgot(app: FastifyInstance, company_id: string, user_id: string, ip = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/authentication/forgotpassword', payload: { company_id, user_id }, remoteAddress: ip });
}

function reset(token: string, new_password: string) {
  return t.app.inject({ method: 'POST', url: '/api/authentication/resetpassword', payload: { token, new_password } });
}

async function latestResetToken(email: string): Promise<{ token: string; text: string }> {
  const mail = await t.db.selectFrom('mail_outbox').select(['body_text', 'subject']).where('recipient', '=', email).orderBy('mail_id', 'desc').executeTakeFirstOrThrow();
  const match = /https:\/\/portal\.example\/ez4\/en\/resetPassword#token=([A-Za-z0-9_-]{43})/.exec(mail.body_text);
  if (!match) throw new Error(`no reset link in: ${mail.body_text}`);
  return { token: match[1], text: mail.body_text };
}

describe('POST /api/authentication/forgotpassword', () => {
  it('mails a reset link to the address on file and tells the masked address', async () => {
    const answer = await forgot(t.app, ' demoair ', 'Operator', '10.1.0.1');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: StatusCode.SUCCESS, data: { email: 'o****@demoair.example', expiresInMinutes: 15 } });
    const { text } = await latestResetToken('operator@demoair.example');
    expect(text).toContain('within 15 minutes');
    expect(text).toContain('user operator of company DEMOAIR');
  });

  it("answers the spec's message for an unknown user and sends nothing", async () => {
    const mails = await t.db.selectFrom('mail_outbox').select(t.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const answer = await forgot(t.app, 'DEMOAIR', 'nobody', '10.1.0.2');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: StatusCode.USER_PROFILE_NOT_FOUND, message: 'Sorry, we could not recognize the user name.' });
    const after = await t.db.selectFrom('mail_outbox').select(t.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(mails.n);
  });

  it('says so when the user has no e-mail address', async () => {
    await t.db.updateTable('users').set({ email: null }).where('company_id', '=', 'DEMOFWD').where('user_id', '=', 'operator').execute();
    await t.ctx.changes.sync();
    const answer = await forgot(t.app, 'DEMOFWD', 'operator', '10.1.0.3');
    expect(answer.json()).toEqual({ status: StatusCode.FAILURE, message: NO_EMAIL_ON_FILE });
  });

  it('refuses bad input with a clear message', async () => {
    for (const payload of [{}, { company_id: 'DEMOAIR' }, { company_id: '', user_id: 'x' }, { company_id: 'DEMO AIR', user_id: 'x' }, { company_id: 'x'.repeat(101), user_id: 'x' }, { company_id: 5, user_id: [] }]) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/authentication/forgotpassword', payload, remoteAddress: '10.1.0.4' });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().status).toBe(StatusCode.VALIDATION_FAIL);
      expect(answer.json().message).toMatch(/\w/);
    }
  });

  it('is throttled per account like sign-in, with Retry-After, and does not eat the sign-in allowance', async () => {
    for (let i = 0; i < 3; i++) expect((await forgot(t.app, 'SKYAIR', 'admin', `10.2.0.${i}`)).statusCode).toBe(200);
    const refused = await forgot(t.app, 'SKYAIR', 'admin', '10.2.0.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ status: StatusCode.FAILURE, message: expect.stringMatching(/Too many password reset requests/) });
    // Signing in still works for the account.
    expect((await requestToken(t.app, { GrantType: 'client_credentials', ClientId: 'admin|SKYAIR|2|L', ClientSecret: 'Admin#12345' }, '10.2.0.9')).statusCode).toBe(200);
  });

  it('is throttled per address, unknown users included', async () => {
    for (let i = 0; i < 6; i++) await forgot(t.app, 'DEMOAIR', `ghost${i}`, '10.3.0.1');
    expect((await forgot(t.app, 'DEMOAIR', 'ghost99', '10.3.0.1')).statusCode).toBe(429);
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
    expect((await requestToken(t.app, { GrantType: 'client_credentials', ClientId: 'operator|DEMOGHA|2|L', ClientSecret: 'Operator#12345' }, '10.4.0.2')).statusCode).toBe(400);
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
    await t.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000) }).where('company_id', '=', 'DEMOAIR').where('user_id', '=', 'admin').execute();
    expect((await reset(token, 'Expired#2025pw')).json()).toEqual({ status: StatusCode.FAILURE, message: RESET_LINK_INVALID });
    await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345');
  });

  it('answers malformed requests with 400, never 500', async () => {
    for (const payload of [{}, { token: 'x' }, { token: 'x'.repeat(43), new_password: 'Valid#2025pw' }, { token: 12, new_password: 'x' }, { token: 'a'.repeat(200), new_password: 'x' }]) {
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
    const wrong = await t.app.inject({ method: 'POST', url: '/mobileapi/authentication/changepassword', headers: bearer(access_token), payload: { old_password: 'nope', new_password: 'Valid#2025pw' } });
    expect(wrong.json()).toMatchObject({ message: 'Incorrect password.' });
    const same = await t.app.inject({ method: 'POST', url: '/mobileapi/authentication/changepassword', headers: bearer(access_token), payload: { old_password: 'Operator#12345', new_password: 'Operator#12345' } });
    expect(same.json()).toMatchObject({ message: 'Please use a new password.' });
  });
});

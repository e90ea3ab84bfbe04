import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { bearer, buildTestApp, requestToken, signIn, type TestApp } from './testApp';
import { StatusCode } from '../../src/domain/statusCodes';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', MFA_RESEND_SECONDS: '2' });
});
afterAll(() => t.close());

const admin = { GrantType: 'client_credentials', ClientId: 'admin|DEMOAIR|2|L', ClientSecret: 'Admin#12345' };

async function latestCode(email: string): Promise<string> {
  const mail = await t.db.selectFrom('mail_outbox').select('body_text').where('recipient', '=', email).orderBy('mail_id', 'desc').executeTakeFirstOrThrow();
  return /enter the 6 digits (\d{6})/i.exec(mail.body_text)![1];
}

describe('POST /auth/token client_credentials', () => {
  it('signs in every demo account without MFA and answers a short-lived HS256 JWT and a refresh token', async () => {
    for (const [company, user, password] of [
      ['DEMOAIR', 'admin', 'Admin#12345'],
      ['DEMOAIR', 'operator', 'Operator#12345'],
      ['DEMOFWD', 'operator', 'Operator#12345'],
      ['DEMOGHA', 'operator', 'Operator#12345'],
    ]) {
      const tokens = await signIn(t.app, company, user, password);
      const decoded = jwt.decode(tokens.access_token, { complete: true }) as jwt.Jwt & { payload: jwt.JwtPayload };
      expect(decoded.header.alg).toBe('HS256');
      expect(decoded.payload).toMatchObject({ sub: user, cid: company, typ: 'access' });
      expect(decoded.payload.exp! - decoded.payload.iat!).toBe(900);
      expect(tokens.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const wrong = await requestToken(t.app, { ...admin, ClientId: 'operator|DEMOGHA|2|L', ClientSecret: 'nope' }, '10.0.0.1');
    const unknown = await requestToken(t.app, { ...admin, ClientId: 'ghost|DEMOGHA|2|L', ClientSecret: 'nope' }, '10.0.0.1');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'Your user name or password was incorrect, please try again.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses malformed requests with an OAuth-style error and never a 500', async () => {
    const cases: Record<string, string>[] = [
      {},
      { GrantType: 'password' },
      { GrantType: 'client_credentials' },
      { GrantType: 'client_credentials', ClientId: 'admin|DEMOAIR', ClientSecret: 'x' },
      { GrantType: 'client_credentials', ClientId: 'admin|DEMOAIR|9|L', ClientSecret: 'x' },
      { GrantType: 'mfa-email' },
      { GrantType: 'refresh_token', ClientId: 'admin|DEMOAIR|2|L' },
      { GrantType: 'client_credentials', ClientId: 'x'.repeat(5000), ClientSecret: 'x' },
    ];
    for (const fields of cases) {
      const response = await requestToken(t.app, fields, '10.0.0.9');
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().error).toMatch(/^(invalid_request|unsupported_grant_type)$/);
    }
    const text = await t.app.inject({ method: 'POST', url: '/auth/token', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe('invalid_request');
    const xml = await t.app.inject({ method: 'POST', url: '/auth/token', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error).toBe('invalid_request');
    const broken = await t.app.inject({ method: 'POST', url: '/auth/token', headers: { 'content-type': 'application/json' }, payload: '{"GrantType":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('invalid_request');
  });

  it('says what is wrong with a malformed sign-in request, one problem at a time', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ GrantType: 'client_credentials', ClientSecret: 'x' }, 'ClientId is required, as {userId}|{companyId}|{appId}|L.'],
      [
        { GrantType: 'client_credentials', ClientId: 'admin|DEMOAIR', ClientSecret: 'x' },
        'ClientId must be {userId}|{companyId}|{appId}|L, e.g. operator|DEMOAIR|2|L.',
      ],
      [
        { GrantType: 'client_credentials', ClientId: 'admin|DEMOAIR|9|L', ClientSecret: 'x' },
        'This portal signs in application 2; ClientId names application 9.',
      ],
      [{ GrantType: 'client_credentials', ClientId: 'admin|DEMOAIR|2|L' }, 'ClientSecret (the password) is required.'],
    ];
    for (const [fields, description] of cases) {
      const response = await requestToken(t.app, fields, '10.0.0.10');
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_request', error_description: description });
    }
  });

  it('answers 429 for one address trying one account too often, and holds it back on no other account', async () => {
    // More accounts than the 20 failures a whole address had before (issue 33): each its own.
    for (let i = 0; i < 25; i++) await requestToken(t.app, { ...admin, ClientId: `user${i}|NOPE|2|L`, ClientSecret: 'x' }, '10.2.0.1');
    // user0 had one of them: two more reach its limit (3 here).
    for (let i = 0; i < 2; i++)
      expect((await requestToken(t.app, { ...admin, ClientId: 'user0|NOPE|2|L', ClientSecret: 'x' }, '10.2.0.1')).statusCode).toBe(400);
    const blocked = await requestToken(t.app, { ...admin, ClientId: 'user0|NOPE|2|L', ClientSecret: 'x' }, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('too_many_requests');
    expect((await requestToken(t.app, admin, '10.2.0.1')).statusCode).toBe(200);
  });
});

// Forged, expired and tampered access tokens, refresh-token reuse, sign-out then reuse and sign-in
// brute force up to 429 are proved in tests/server/proof/attacks.test.ts.
describe('access tokens', () => {
  const profile = (token: string) => t.app.inject({ method: 'GET', url: '/userapi/user/getuserprofile', headers: bearer(token) });

  it('a locked or deleted user gets the invalid-profile status on the next call', async () => {
    const tokens = await signIn(t.app, 'DEMOGHA', 'operator', 'Operator#12345');
    await t.db.updateTable('users').set({ is_locked: true }).where('company_id', '=', 'DEMOGHA').execute();
    await t.ctx.changes.sync(); // the app has heard of the change (its access cache holds the account)
    const locked = await profile(tokens.access_token);
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toEqual({ status: StatusCode.USER_PROFILE_INVALID, message: 'Invalid User Profile' });
    await t.db.updateTable('users').set({ is_locked: false }).where('company_id', '=', 'DEMOGHA').execute();
    await t.ctx.changes.sync();
    expect((await profile(tokens.access_token)).json().status).toBe(1);
  });
});

describe('e-mail one-time code', () => {
  const mfaLogin = (extra: Record<string, string> = {}) =>
    requestToken(t.app, { GrantType: 'client_credentials', ClientId: 'mfauser|DEMOAIR|2|L', ClientSecret: 'Mfa#123456', ...extra });
  const challenge = (mfaToken: string) =>
    t.app.inject({ method: 'POST', url: '/auth/mfa/challenge', payload: { authenticatorType: 'email', MFAToken: mfaToken } });
  const submit = (mfaToken: string, code: string) => requestToken(t.app, { GrantType: 'mfa-email', MFAToken: mfaToken, MFACode: code });

  it('requires the code, mails it, counts wrong attempts and remembers the browser afterwards', async () => {
    const first = await mfaLogin();
    expect(first.json()).toMatchObject({ error: 'mfa_required' });
    const mfaToken = first.json().mfa_token;
    const sent = await challenge(mfaToken);
    expect(sent.json()).toEqual({ name: 'm****@demoair.example', prefix: expect.stringMatching(/^[A-Z]{2}$/) });
    const code = await latestCode('mfauser@demoair.example');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await submit(mfaToken, wrongCode);
    expect(wrong.json()).toMatchObject({ error: 'mfa_passcode_fail', remain_attempt: 2, error_description: 'Your OTP is incorrect. You have 2 attempt(s).' });
    const ok = await submit(mfaToken, code);
    expect(ok.statusCode).toBe(200);
    const tokens = ok.json();
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.mfa_session_id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Single use: the same code again is refused.
    expect((await submit(mfaToken, code)).json().error).toBe('invalid_grant');
    // The remembered browser skips the code.
    const remembered = await mfaLogin({ MFASessionID: tokens.mfa_session_id });
    expect(remembered.statusCode).toBe(200);
    expect(remembered.json().access_token).toBeTruthy();
    const forged = await mfaLogin({ MFASessionID: 'forged' });
    expect(forged.json().error).toBe('mfa_required');
  });

  it('ends the attempt after the last wrong code, and a code is bound to its own sign-in attempt', async () => {
    await new Promise((resolve) => setTimeout(resolve, 2100)); // the configured resend period
    const attemptA = (await mfaLogin()).json().mfa_token;
    await challenge(attemptA);
    const codeA = await latestCode('mfauser@demoair.example');
    const attemptB = (await mfaLogin()).json().mfa_token;
    expect((await submit(attemptB, codeA)).json().error).toBe('invalid_grant'); // B has no code sent yet
    const wrongCode = codeA === '000000' ? '111111' : '000000';
    expect((await submit(attemptA, wrongCode)).json().remain_attempt).toBe(2);
    expect((await submit(attemptA, wrongCode)).json().remain_attempt).toBe(1);
    expect((await submit(attemptA, wrongCode)).json()).toMatchObject({ error: 'invalid_grant', error_description: 'Login Unsuccessful, please login again.' });
    // Three wrong codes reach the account's failure limit (3 here): the next try waits, whatever the code.
    const blocked = await submit(attemptA, codeA);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('too_many_requests');
    // The window passing, as far as the next tests are concerned.
    await t.db.deleteFrom('login_failures').where('account_key', 'in', ['DEMOAIR|mfauser', 'code:DEMOAIR|mfauser']).execute();
    expect((await submit(attemptA, codeA)).json().error).toBe('invalid_grant');
  });

  it('sends at most one code per resend period and answers 429 with Retry-After', async () => {
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const one = (await mfaLogin()).json().mfa_token;
    const two = (await mfaLogin()).json().mfa_token;
    expect((await challenge(one)).statusCode).toBe(200);
    const tooSoon = await challenge(two);
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect((await challenge('unknown-token')).json().error).toBe('invalid_grant');
    expect((await t.app.inject({ method: 'POST', url: '/auth/mfa/challenge', payload: { MFAToken: one } })).statusCode).toBe(400);
  });

  it('answers mfa_email_required when the user must use a code but has no e-mail', async () => {
    await t.db.updateTable('users').set({ email: null }).where('user_id', '=', 'mfauser').execute();
    await t.ctx.changes.sync();
    const response = await mfaLogin();
    expect(response.json().error).toBe('mfa_email_required');
    expect(response.json().error_description).toMatch(/no e-mail address/);
    await t.db.updateTable('users').set({ email: 'mfauser@demoair.example' }).where('user_id', '=', 'mfauser').execute();
    await t.ctx.changes.sync();
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, requestToken, type TestApp } from './testApp';

/**
 * The sign-in throttle under load: a parallel burst gets exactly the limit through, and wrong
 * one-time codes count against the account across challenges. Many addresses on one account and
 * device cookies: signinDevices.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    LOGIN_SHARED_CHECKS_PER_ACCOUNT: '10',
    LOGIN_FAILURE_WINDOW_SECONDS: '600',
    MFA_RESEND_SECONDS: '1',
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('login_failures').execute();
});

const BURST = 12;

function outcomes(responses: LightMyRequestResponse[]) {
  return {
    judged: responses.filter((response) => response.statusCode !== 429),
    refused: responses.filter((response) => response.statusCode === 429),
  };
}

/** A sign-in sent with the cookies its client kept (as a browser, or an API client sending them back). */
function requestTokenWith(cookie: string, fields: Record<string, string>, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: ip,
  });
}

/** The device cookie of a completed sign-in, as Cookie sends it back. */
function deviceCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((each) => each.name.startsWith('cargo_device_'));
  if (!cookie) throw new Error('no device cookie');
  return `${cookie.name}=${cookie.value}`;
}

describe('a parallel burst of sign-ins', () => {
  const owner = { GrantType: 'client_credentials', ClientId: 'operator|DEMOFWD|2|L', ClientSecret: 'Operator#12345' };

  it('lets exactly the per-client limit be tried from one address, and the owner with a device cookie still signs in, from that address too', async () => {
    const device = deviceCookieOf(await requestToken(t.app, owner, '10.10.1.1'));
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        requestToken(t.app, { GrantType: 'client_credentials', ClientId: 'operator|DEMOFWD|2|L', ClientSecret: `wrong-${i}` }, '10.10.0.1'),
      ),
    );
    const { judged, refused } = outcomes(responses);
    expect(judged).toHaveLength(3);
    for (const response of judged) expect(response.json()).toMatchObject({ error: 'invalid_grant' });
    expect(refused).toHaveLength(BURST - 3);
    for (const response of refused) {
      expect(response.json().error).toBe('too_many_requests');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    const rows = await t.db.selectFrom('login_failures').select('id').where('account_key', '=', 'DEMOFWD|operator').execute();
    expect(rows).toHaveLength(3);
    // No malicious lockout: the account's owner, with the device cookie of an earlier sign-in, gets in from anywhere.
    expect((await requestTokenWith(device, owner, '10.10.0.1')).statusCode).toBe(200);
    // Without one, the account's shared turn comes within window / shared checks (600 / 10 s).
    const fresh = await requestToken(t.app, owner, '10.10.1.2');
    expect(fresh.statusCode).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBeLessThanOrEqual(60);
    await sql`UPDATE login_failures SET failed_at = failed_at - make_interval(secs => 61)`.execute(t.db);
    expect((await requestToken(t.app, owner, '10.10.1.2')).statusCode).toBe(200);
  });

  it('lets many addresses at once try the account no more than one address', async () => {
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        requestToken(t.app, { GrantType: 'client_credentials', ClientId: 'operator|DEMOFWD|2|L', ClientSecret: `wrong-${i}` }, `10.13.0.${i}`),
      ),
    );
    const { judged, refused } = outcomes(responses);
    expect(judged).toHaveLength(3);
    expect(refused).toHaveLength(BURST - 3);
    for (const response of refused) expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(600 / 10);
  });

  it('closes no account to an address for its failures on others', async () => {
    // More accounts than the 20 failures a whole address had before (issue 33).
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        requestToken(t.app, { GrantType: 'client_credentials', ClientId: `nobody${i}|DEMOAIR|2|L`, ClientSecret: 'wrong' }, '10.11.0.1'),
      ),
    );
    expect(outcomes(responses).judged).toHaveLength(25);
    expect(
      (await requestToken(t.app, { GrantType: 'client_credentials', ClientId: 'admin|DEMOAIR|2|L', ClientSecret: 'Admin#12345' }, '10.11.0.1')).statusCode,
    ).toBe(200);
  });

  it('does not hold back correct sign-ins that come one after the other', async () => {
    for (let i = 0; i < 6; i++) {
      const response = await requestToken(t.app, { GrantType: 'client_credentials', ClientId: 'admin|DEMOAIR|2|L', ClientSecret: 'Admin#12345' }, '10.12.0.1');
      expect(response.statusCode).toBe(200);
    }
    expect(await t.db.selectFrom('login_failures').select('id').execute()).toEqual([]);
  });
});

describe('wrong one-time codes', () => {
  const mfaLogin = (ip = '10.20.0.1') =>
    requestToken(t.app, { GrantType: 'client_credentials', ClientId: 'mfauser|DEMOAIR|2|L', ClientSecret: 'Mfa#123456' }, ip);
  const submit = (mfaToken: string, code: string, ip = '10.20.0.1') => requestToken(t.app, { GrantType: 'mfa-email', MFAToken: mfaToken, MFACode: code }, ip);

  async function newChallenge(): Promise<{ mfaToken: string; code: string }> {
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the configured resend period
    const login = await mfaLogin();
    expect(login.json().error).toBe('mfa_required');
    const mfaToken = login.json().mfa_token as string;
    const sent = await t.app.inject({ method: 'POST', url: '/auth/mfa/challenge', payload: { authenticatorType: 'email', MFAToken: mfaToken } });
    expect(sent.statusCode).toBe(200);
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select('body_text')
      .where('recipient', '=', 'mfauser@demoair.example')
      .orderBy('mail_id', 'desc')
      .executeTakeFirstOrThrow();
    return { mfaToken, code: /enter the 6 digits (\d{6})/i.exec(mail.body_text)![1] };
  }
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

  it('count against the code step of the account across challenges and addresses, so the password holder meets 429 with Retry-After', async () => {
    const first = await newChallenge();
    expect((await submit(first.mfaToken, wrong(first.code))).json()).toMatchObject({ error: 'mfa_passcode_fail', remain_attempt: 2 });
    expect((await submit(first.mfaToken, wrong(first.code), '10.20.0.2')).json()).toMatchObject({ error: 'mfa_passcode_fail', remain_attempt: 1 });

    // A new sign-in with the right password does not wipe the wrong codes.
    const second = await newChallenge();
    expect((await submit(second.mfaToken, wrong(second.code), '10.20.0.3')).json()).toMatchObject({ error: 'mfa_passcode_fail', remain_attempt: 2 });

    // Three wrong codes: the limit. Even the right code now waits, from any address; the password still leads to a new challenge.
    const blocked = await submit(second.mfaToken, second.code, '10.20.0.4');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('too_many_requests');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const signIn = await mfaLogin('10.20.0.5');
    expect(signIn.json().error).toBe('mfa_required');
  });

  it('a burst of guesses on one challenge is judged at most the limit times', async () => {
    const { mfaToken, code } = await newChallenge();
    const responses = await Promise.all(Array.from({ length: BURST }, (_, i) => submit(mfaToken, wrong(code), `10.21.0.${i}`)));
    const { judged, refused } = outcomes(responses);
    expect(judged).toHaveLength(3);
    expect(refused).toHaveLength(BURST - 3);
  });

  it('a completed sign-in clears the count', async () => {
    const first = await newChallenge();
    await submit(first.mfaToken, wrong(first.code));
    await submit(first.mfaToken, wrong(first.code));
    const ok = await submit(first.mfaToken, first.code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().access_token).toBeTruthy();
    // A sign-in completed with a code gives the device its cookie too.
    expect(deviceCookieOf(ok)).toMatch(/^cargo_device_/);
    expect(await t.db.selectFrom('login_failures').select('id').where('account_key', 'in', ['DEMOAIR|mfauser', 'code:DEMOAIR|mfauser']).execute()).toEqual([]);
  });

  it('a submission with nothing to check (no code sent yet) is not counted as a guess', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const pending = (await mfaLogin()).json().mfa_token as string;
    for (let i = 0; i < 4; i++) expect((await submit(pending, '123456')).json()).toMatchObject({ error: 'invalid_grant', remain_attempt: 0 });
    expect(await t.db.selectFrom('login_failures').select('id').where('account_key', 'in', ['DEMOAIR|mfauser', 'code:DEMOAIR|mfauser']).execute()).toEqual([]);
  });
});

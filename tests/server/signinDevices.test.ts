import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { sql } from 'kysely';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { deviceSigningKey } from '../../src/server/auth/deviceCookies';
import { hashPassword } from '../../src/server/auth/passwords';
import { buildTestApp, type TestApp } from './testApp';

/**
 * Guessing one account from many addresses, and device cookies (issue 33, item 4; OWASP's "Slow Down
 * Online Guessing Attacks with Device Cookies"), at the default limits: 5 failures per client in 15
 * minutes, then 10 password checks per 15 minutes that all clients without the account's device
 * cookie share. Each test shows both sides: what the attacker gets, and the real user getting in.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ TRUSTED_PROXIES: '10.99.0.1' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('login_failures').execute();
});

const CLIENT_ID = 'operator|DEMOFWD|2|L';
const PASSWORD = 'Operator#12345';

/** POST /auth/token as a browser or an API client sends it: form-encoded, from `ip`, with the cookies it kept. */
function requestToken(fields: Record<string, string>, ip: string, cookie?: string, app: FastifyInstance = t.app, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}), ...headers },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: ip,
  });
}
const guess = (ip: string, n: number, cookie?: string) =>
  requestToken({ GrantType: 'client_credentials', ClientId: CLIENT_ID, ClientSecret: `guess-${n}` }, ip, cookie);
const rightPassword = (ip: string, cookie?: string) =>
  requestToken({ GrantType: 'client_credentials', ClientId: CLIENT_ID, ClientSecret: PASSWORD }, ip, cookie);

/** The device cookie a completed sign-in answered, as its client sends it back (Cookie: name=value). */
function deviceCookieOf(response: LightMyRequestResponse): string {
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((each) => each.name.startsWith('cargo_device_'));
  if (!cookie) throw new Error(`no device cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  return `${cookie.name}=${cookie.value}`;
}

const judged = (responses: LightMyRequestResponse[]) => responses.filter((response) => response.statusCode !== 429);
const retryAfter = (response: LightMyRequestResponse) => Number(response.headers['retry-after']);

/** Time passing: every recorded failure `seconds` older. */
const age = (seconds: number) => sql`UPDATE login_failures SET failed_at = failed_at - make_interval(secs => ${seconds})`.execute(t.db);

const ATTACKERS = Array.from({ length: 50 }, (_, i) => `198.51.100.${i + 1}`);

describe('guessing one account from many addresses', () => {
  it('50 addresses get the 5 failures, then 10 password checks in the next 15 minutes, all together', async () => {
    const first = await Promise.all(ATTACKERS.map((ip, i) => guess(ip, i)));
    expect(judged(first)).toHaveLength(5);
    for (const response of judged(first)) expect(response.json().error).toBe('invalid_grant');
    for (const refused of first.filter((response) => response.statusCode === 429)) {
      expect(refused.json().error).toBe('too_many_requests');
      expect(retryAfter(refused)).toBeGreaterThan(0);
      expect(retryAfter(refused)).toBeLessThanOrEqual(90); // the next shared turn: 900 s / 10 checks
    }
    // The next quarter of an hour, a shared turn at a time: all 50 addresses try again at once each time.
    let checks = 0;
    for (let turn = 0; turn < 10; turn++) {
      await age(90);
      checks += judged(await Promise.all(ATTACKERS.map((ip, i) => guess(ip, 100 + turn * 50 + i)))).length;
    }
    expect(checks).toBe(10);
  });

  it('counts an IPv6 client by its /64: hopping within it buys no guesses', async () => {
    for (let i = 1; i <= 5; i++) expect((await guess(`2001:db8:1:2::${i}`, i)).statusCode).toBe(400);
    // The same /64: closed until the oldest of its failures leaves the window.
    const sameNetwork = await guess('2001:db8:1:2:ffff:ffff:ffff:ffff', 6);
    expect(sameNetwork.statusCode).toBe(429);
    expect(retryAfter(sameNetwork)).toBeGreaterThan(90);
    // Another /64 waits for the account's shared turn only.
    const otherNetwork = await guess('2001:db8:1:3::1', 7);
    expect(otherNetwork.statusCode).toBe(429);
    expect(retryAfter(otherNetwork)).toBeLessThanOrEqual(90);
    const recorded = await t.db.selectFrom('login_failures').select('ip_address').where('account_key', '=', 'DEMOFWD|operator').execute();
    expect(recorded.map((row) => row.ip_address)).toEqual(Array(5).fill('2001:db8:1:2::/64'));
  });
});

describe('the real user during an attack', () => {
  it('signs in with the device cookie of an earlier sign-in, from a fresh address and from the NAT address the attacker shares', async () => {
    const device = deviceCookieOf(await rightPassword('203.0.113.10')); // yesterday, at the office
    const nat = '192.0.2.1';
    for (let i = 0; i < 5; i++) expect((await guess(nat, i)).statusCode).toBe(400);
    expect(judged(await Promise.all(ATTACKERS.map((ip, i) => guess(ip, 10 + i))))).toHaveLength(0);

    // Without the cookie the right password waits too: the account's shared budget, or the NAT address's own failures.
    const fresh = await rightPassword('203.0.113.77');
    expect(fresh.statusCode).toBe(429);
    expect(retryAfter(fresh)).toBeLessThanOrEqual(90);
    expect((await rightPassword(nat)).statusCode).toBe(429);

    // With it: in at once, from anywhere, the attacker's own address included.
    for (const ip of ['203.0.113.77', nat]) {
      const signedIn = await rightPassword(ip, device);
      expect(signedIn.statusCode, ip).toBe(200);
      expect(signedIn.json().access_token).toBeTruthy();
    }
    // A colleague behind the same NAT address signs in to an account the attacker did not touch, cookie or not.
    expect((await requestToken({ GrantType: 'client_credentials', ClientId: 'operator|DEMOGHA|2|L', ClientSecret: PASSWORD }, nat)).statusCode).toBe(200);
  });

  it('a user who mistyped once signs in with the right password while an attacker keeps failing elsewhere', async () => {
    const device = deviceCookieOf(await rightPassword('203.0.113.20'));
    expect((await guess('203.0.113.20', 0, device)).json().error).toBe('invalid_grant'); // the typo
    for (let i = 0; i < 8; i++) await guess(ATTACKERS[i]!, i);
    const signedIn = await rightPassword('203.0.113.20', device);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().access_token).toBeTruthy();
  });
});

describe('device cookies', () => {
  it('judge a device by its own failures only: five close it, wherever it tries from, and leave the others alone', async () => {
    const stolen = deviceCookieOf(await rightPassword('203.0.113.30'));
    const otherBrowser = deviceCookieOf(await rightPassword('203.0.113.31'));
    for (let i = 0; i < 5; i++) expect((await guess('203.0.113.30', i, stolen)).statusCode).toBe(400);
    for (const ip of ['203.0.113.30', '198.51.100.200']) {
      const closed = await rightPassword(ip, stolen);
      expect(closed.statusCode, ip).toBe(429);
      expect(retryAfter(closed)).toBeGreaterThan(90);
    }
    // Another device of the account, from the same address, and a client without a cookie: the device's failures are not theirs.
    expect((await rightPassword('203.0.113.30', otherBrowser)).statusCode).toBe(200);
    expect((await rightPassword('203.0.113.32')).statusCode).toBe(200);
  });

  it('a completed sign-in clears its own device failures and no others', async () => {
    const device = deviceCookieOf(await rightPassword('203.0.113.40'));
    for (let i = 0; i < 2; i++) await guess('203.0.113.40', i, device);
    for (let i = 0; i < 3; i++) await guess('198.51.100.40', 10 + i);
    expect((await rightPassword('203.0.113.40', device)).statusCode).toBe(200);
    const left = await t.db.selectFrom('login_failures').select('ip_address').where('account_key', '=', 'DEMOFWD|operator').execute();
    expect(left.map((row) => row.ip_address)).toEqual(['198.51.100.40', '198.51.100.40', '198.51.100.40']);
  });

  it('trusts only a valid cookie of this account: not another account’s, a forged, an expired or a garbled one', async () => {
    const own = deviceCookieOf(await rightPassword('203.0.113.50'));
    const [name] = own.split('=');
    const othersValue = deviceCookieOf(
      await requestToken({ GrantType: 'client_credentials', ClientId: 'admin|DEMOAIR|2|L', ClientSecret: 'Admin#12345' }, '203.0.113.50'),
    ).split('=')[1];
    const claims = (jwt.decode(own.slice(name!.length + 1)) as jwt.JwtPayload) ?? {};
    const forged = jwt.sign({ typ: 'device', acct: claims.acct, did: claims.did }, 'not-the-server-key-not-the-server-key', { expiresIn: 3600 });
    const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, deviceSigningKey(t.ctx.jwtSecret));
    for (let i = 0; i < 5; i++) await guess(ATTACKERS[i]!, i); // the account under attack

    for (const [what, value] of [
      ['another account’s', othersValue],
      ['forged', forged],
      ['expired', expired],
      ['garbled', 'not-a-token'],
    ]) {
      const refused = await rightPassword('203.0.113.51', `${name}=${value}`);
      expect(refused.statusCode, what).toBe(429);
    }
    expect((await rightPassword('203.0.113.51', own)).statusCode).toBe(200);
  });

  it('are worthless once the password changes: a device that knew the old one is judged like any other', async () => {
    const before = deviceCookieOf(await rightPassword('203.0.113.60'));
    for (let i = 0; i < 5; i++) await guess(ATTACKERS[i]!, i); // the account under attack
    expect((await rightPassword('203.0.113.61', before)).statusCode).toBe(200);
    // The password is set again (here to itself: a new salt, a new stored hash).
    await t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('company_id', '=', 'DEMOFWD')
      .where('user_id', '=', 'operator')
      .execute();
    for (let i = 0; i < 5; i++) await guess(ATTACKERS[10 + i]!, 10 + i);
    expect((await rightPassword('203.0.113.61', before)).statusCode).toBe(429);
  });

  it('is HttpOnly, SameSite=Strict, sent to the auth base only, kept 30 days, Secure over TLS, and renewed for the same device', async () => {
    const first = await rightPassword('203.0.113.60');
    const cookie = first.cookies.find((each) => each.name.startsWith('cargo_device_'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth', maxAge: 30 * 86_400 });
    expect(cookie?.secure).toBeUndefined(); // plain http: a browser would drop a Secure cookie
    const device = (jwt.decode(cookie!.value) as jwt.JwtPayload).did;

    // Over TLS as a trusted proxy says (TRUSTED_PROXIES): Secure; the cookie sent back is renewed for its device.
    const overTls = await requestToken(
      { GrantType: 'client_credentials', ClientId: CLIENT_ID, ClientSecret: PASSWORD },
      '10.99.0.1',
      deviceCookieOf(first),
      t.app,
      {
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '203.0.113.61',
      },
    );
    const renewed = overTls.cookies.find((each) => each.name === cookie!.name);
    expect(renewed?.secure).toBe(true);
    expect((jwt.decode(renewed!.value) as jwt.JwtPayload).did).toBe(device);
    // A wrong password gets no cookie.
    expect((await guess('203.0.113.60', 0)).headers['set-cookie']).toBeUndefined();
  });

  it('reach an auth host on another origin: its path, and CORS with credentials for the portal’s origin only', async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DIST_DIR: '/nonexistent-dist',
      PUBLIC_URL: 'https://portal.example',
      PUBLIC_AUTH_BASE: 'https://auth.portal.example/sign/',
    });
    const split = await buildApp({ ...t.ctx, config }, { logger: false });
    try {
      const preflight = (origin: string) =>
        split.inject({
          method: 'OPTIONS',
          url: '/auth/token',
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
        });
      const allowed = await preflight('https://portal.example');
      expect(allowed.headers['access-control-allow-origin']).toBe('https://portal.example');
      expect(allowed.headers['access-control-allow-credentials']).toBe('true');
      expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();

      const signedIn = await requestToken({ GrantType: 'client_credentials', ClientId: CLIENT_ID, ClientSecret: PASSWORD }, '203.0.113.70', undefined, split, {
        origin: 'https://portal.example',
      });
      expect(signedIn.headers['access-control-allow-origin']).toBe('https://portal.example');
      expect(signedIn.headers['access-control-allow-credentials']).toBe('true');
      expect(signedIn.cookies.find((each) => each.name.startsWith('cargo_device_'))?.path).toBe('/sign');
    } finally {
      await split.close();
    }
  });
});

import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import jwt from 'jsonwebtoken';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, buildTestApp, requestToken, signIn, type TestApp } from '../testApp';
import { classicCall } from '../classicCall';
import { Messages, StatusCode } from '../../../src/domain/statusCodes';

/**
 * Token and session attacks (issue 8, item 4), one clearly named test per attack. Each forged,
 * stale or revoked credential is tried on all three hosts a browser session reaches (the user API,
 * the shipment API and the classic envelope API); each test also shows the honest credential
 * working, so a refusal is the attack's and not the harness's.
 *
 * Elsewhere, other angles of the same attacks: parallel bursts of wrong passwords and codes
 * (signinThrottle.test.ts), many addresses guessing one account and device cookies
 * (signinDevices.test.ts), the envelope's field checks (envelope.test.ts), tokens signed before a
 * password change (passwordChangeTokens.test.ts), one address trying many accounts (auth.test.ts).
 */

let t: TestApp;
/** The session of a real sign-in, which the tokens forged with the server's key name. */
let liveSessionId: string;
beforeAll(async () => {
  t = await buildTestApp(
    {
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
      LOGIN_FAILURE_WINDOW_SECONDS: '900',
      MFA_MAX_ATTEMPTS: '3',
      MFA_RESEND_SECONDS: '1',
    },
    { shipments: 10 },
  );
  liveSessionId = (jwt.decode((await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token) as jwt.JwtPayload).sid;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('login_failures').execute();
});

const OPERATOR_ID = 'operator|DEMOAIR|2|L';

/** The same credential on every host: a user-API read, a shipment-API search, a classic-API list. */
async function everyHost(token: string): Promise<LightMyRequestResponse[]> {
  return [
    await t.app.inject({ method: 'GET', url: '/userapi/user/getuserprofile', headers: bearer(token) }),
    await t.app.inject({
      method: 'POST',
      url: '/awbapi/awbsummary',
      headers: bearer(token),
      payload: { fieldSearch: [], dbOptions: { CurrentPage: 1, PageSize: 5 } },
    }),
    await classicCall(t.app, token, 'GET', '/shipmentlog'),
  ];
}

const HOSTS = ['/userapi', '/awbapi', '/classicapi'];

async function expectRefusedEverywhere(token: string, what: string): Promise<void> {
  for (const [i, response] of (await everyHost(token)).entries()) {
    expect(response.statusCode, `${what}: ${HOSTS[i]} answered ${response.body.slice(0, 200)}`).toBe(401);
    expect(response.json()).toEqual({ status: StatusCode.FAILURE, message: Messages.sessionExpired });
  }
}

async function expectAcceptedEverywhere(token: string, what: string): Promise<void> {
  for (const [i, response] of (await everyHost(token)).entries()) {
    expect(response.statusCode, `${what}: ${HOSTS[i]} answered ${response.body.slice(0, 200)}`).toBe(200);
    expect(response.json().status, `${what}: ${HOSTS[i]} answered ${response.body.slice(0, 200)}`).toBe(StatusCode.SUCCESS);
  }
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const partsOf = (token: string) => token.split('.') as [string, string, string];
const decodePart = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** Signed with the server's own key: the positive control, and the base of the tampering. */
const honest = (claims: Record<string, unknown> = {}, options: jwt.SignOptions = {}) =>
  jwt.sign({ cid: 'DEMOAIR', typ: 'access', sid: liveSessionId, ...claims }, t.ctx.jwtSecret, {
    algorithm: 'HS256',
    subject: 'admin',
    expiresIn: 60,
    ...options,
  });

const refresh = (clientId: string, token: string, ip = '127.0.0.1') =>
  requestToken(t.app, { GrantType: 'refresh_token', ClientId: clientId, RefreshToken: token }, ip);
const logout = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/mobileapi/authentication/logout', payload: { refresh_token: refreshToken } });

describe('forged and stale access tokens', () => {
  it('alg none: an unsigned token is refused, however the header spells it', async () => {
    await expectAcceptedEverywhere(honest(), 'the honest token');
    const claims = { sub: 'admin', cid: 'DEMOAIR', typ: 'access', jti: randomUUID(), iat: nowSeconds(), exp: nowSeconds() + 600 };
    const [, , honestSignature] = partsOf(honest());
    const forged = [
      jwt.sign(claims, null as never, { algorithm: 'none' }), // what jsonwebtoken itself makes of alg none
      ...['none', 'None', 'NONE', 'nOnE'].map((alg) => `${b64({ alg, typ: 'JWT' })}.${b64(claims)}.`),
      `${b64({ alg: 'none' })}.${b64(claims)}`, // no third part at all
      `${b64({ alg: 'none' })}.${b64(claims)}.${honestSignature}`, // a real signature kept beside alg none
      `${b64({ typ: 'JWT' })}.${b64(claims)}.`, // no alg
    ];
    for (const token of forged) await expectRefusedEverywhere(token, `alg none: ${decodePart(token.split('.')[0]).alg}`);
  });

  it('wrong key: a token signed with another key or another algorithm is refused', async () => {
    const claims = { cid: 'DEMOAIR', typ: 'access' };
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged: [string, string][] = [
      ['HS256 with another secret', jwt.sign(claims, 'another-secret-of-enough-length-000000000000', { subject: 'admin', expiresIn: 60 })],
      ['HS256 with the secret one character off', jwt.sign(claims, `${t.ctx.jwtSecret.slice(0, -1)}y`, { subject: 'admin', expiresIn: 60 })],
      ['HS384 with the right secret (algorithm not allowed)', jwt.sign(claims, t.ctx.jwtSecret, { algorithm: 'HS384', subject: 'admin', expiresIn: 60 })],
      ['HS512 with the right secret (algorithm not allowed)', jwt.sign(claims, t.ctx.jwtSecret, { algorithm: 'HS512', subject: 'admin', expiresIn: 60 })],
      ['RS256 with a key pair of the attacker', jwt.sign(claims, privateKey, { algorithm: 'RS256', subject: 'admin', expiresIn: 60 })],
      // Algorithm confusion: HS256 keyed with a public key the attacker knows.
      [
        'HS256 keyed with a public key',
        jwt.sign(claims, publicKey.export({ type: 'spki', format: 'pem' }).toString(), { algorithm: 'HS256', subject: 'admin', expiresIn: 60 }),
      ],
    ];
    for (const [what, token] of forged) await expectRefusedEverywhere(token, what);
  });

  it('expired: a real token is refused after its 15 minutes, and so is one not valid yet', async () => {
    const { access_token } = await signIn(t.app, 'DEMOAIR', 'operator', 'Operator#12345');
    await expectAcceptedEverywhere(access_token, 'a fresh token');
    const { exp, iat } = jwt.decode(access_token) as jwt.JwtPayload;
    expect(exp! - iat!).toBe(900);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime((exp! - 2) * 1000);
      await expectAcceptedEverywhere(access_token, 'two seconds before expiry');
      vi.setSystemTime((exp! + 1) * 1000);
      await expectRefusedEverywhere(access_token, 'one second after expiry');
    } finally {
      vi.useRealTimers();
    }
    await expectRefusedEverywhere(
      jwt.sign({ cid: 'DEMOAIR', typ: 'access', exp: nowSeconds() - 1 }, t.ctx.jwtSecret, { subject: 'admin' }),
      'expired a second ago',
    );
    await expectRefusedEverywhere(honest({}, { notBefore: 600, expiresIn: 3600 }), 'not valid for another ten minutes');
  });

  it('tampered claims: changing who, which company, the type or the lifetime breaks the signature', async () => {
    const { access_token } = await signIn(t.app, 'DEMOFWD', 'operator', 'Operator#12345');
    await expectAcceptedEverywhere(access_token, 'the forwarder operator token as issued');
    const [header, body, signature] = partsOf(access_token);
    const claims = decodePart(body);
    const tampered: [string, string][] = [
      ['another company', `${header}.${b64({ ...claims, cid: 'DEMOAIR' })}.${signature}`],
      ['another user', `${header}.${b64({ ...claims, sub: 'admin' })}.${signature}`],
      ['another user and company', `${header}.${b64({ ...claims, sub: 'admin', cid: 'DEMOAIR' })}.${signature}`],
      ['a longer life', `${header}.${b64({ ...claims, exp: claims.exp + 86_400 })}.${signature}`],
      ['the same claims re-encoded with spaces', `${header}.${Buffer.from(JSON.stringify(claims, null, 1)).toString('base64url')}.${signature}`],
      ['one bit of the signature flipped', `${header}.${body}.${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`],
      ['the signature of another token', `${header}.${body}.${partsOf(honest())[2]}`],
      ['a fourth part', `${access_token}.${signature}`],
      ['garbage', 'garbage'],
    ];
    for (const [what, token] of tampered) await expectRefusedEverywhere(token, what);
    // Correctly signed, but not an access token: the type claim is checked too.
    await expectRefusedEverywhere(honest({ typ: 'refresh' }), 'typ refresh');
    await expectRefusedEverywhere(honest({ typ: undefined }), 'no typ');
    await expectRefusedEverywhere(jwt.sign({ typ: 'access' }, t.ctx.jwtSecret, { subject: 'admin', expiresIn: 60 }), 'no cid');
    // Every token names its session, so that ending the session ends the token: none, or one of no live session, is refused.
    await expectRefusedEverywhere(honest({ sid: undefined }), 'no session id');
    await expectRefusedEverywhere(honest({ sid: randomUUID() }), 'a session that does not exist');
    await expectRefusedEverywhere(honest({ sid: 'not-a-uuid' }), 'a malformed session id');
    // And no token at all.
    expect((await t.app.inject({ method: 'GET', url: '/userapi/permission' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/userapi/permission', headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } })).statusCode).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('refresh-token reuse: replaying a rotated token revokes its family, the access tokens of the family with it', async () => {
    const first = await signIn(t.app, 'DEMOAIR', 'operator', 'Operator#12345');
    // The access token names its session (the refresh-token family), so the family's end is its end.
    expect((jwt.decode(first.access_token) as jwt.JwtPayload).sid).toMatch(/^[0-9a-f-]{36}$/);
    const bystander = await signIn(t.app, 'DEMOAIR', 'operator', 'Operator#12345'); // the same user in another browser
    const second = await refresh(OPERATOR_ID, first.refresh_token);
    expect(second.statusCode).toBe(200);
    const secondTokens = second.json() as { access_token: string; refresh_token: string };
    expect(secondTokens.refresh_token).not.toBe(first.refresh_token); // rotated on every use
    await expectAcceptedEverywhere(secondTokens.access_token, 'the access token of the rotation');

    // The thief replays the rotated token: refused, and the whole family with it.
    const replay = await refresh(OPERATOR_ID, first.refresh_token, '10.66.0.1');
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await refresh(OPERATOR_ID, secondTokens.refresh_token)).json().error).toBe('invalid_grant');
    await expectRefusedEverywhere(secondTokens.access_token, 'the newest access token of the revoked family');
    await expectRefusedEverywhere(first.access_token, 'the first access token of the revoked family');
    // Only that family: the user's other session goes on.
    await expectAcceptedEverywhere(bystander.access_token, 'another session of the same user');
    expect((await refresh(OPERATOR_ID, bystander.refresh_token)).statusCode).toBe(200);
  });

  it('refresh-token reuse in a race: two refreshes with one token never both get a live session', async () => {
    const session = await signIn(t.app, 'DEMOAIR', 'operator', 'Operator#12345');
    const answers = await Promise.all([refresh(OPERATOR_ID, session.refresh_token), refresh(OPERATOR_ID, session.refresh_token, '10.66.0.2')]);
    // The token row is locked while it rotates: exactly one refresh wins, the other presents a rotated token.
    const winners = answers.filter((answer) => answer.statusCode === 200);
    const losers = answers.filter((answer) => answer.statusCode !== 200);
    expect(winners).toHaveLength(1);
    expect(losers.map((answer) => [answer.statusCode, answer.json().error])).toEqual([[400, 'invalid_grant']]);
    // That reuse revokes the family, so no winner keeps a session either, nor does the original one.
    for (const answer of winners) {
      expect((await refresh(OPERATOR_ID, answer.json().refresh_token)).json().error).toBe('invalid_grant');
      await expectRefusedEverywhere(answer.json().access_token, 'the race winner of a revoked family');
    }
    await expectRefusedEverywhere(session.access_token, 'the session both refreshes came from');
  });

  it('refuses a refresh token presented for another user, and an unknown one', async () => {
    const tokens = await signIn(t.app, 'DEMOAIR', 'operator', 'Operator#12345');
    expect((await refresh('admin|DEMOAIR|2|L', tokens.refresh_token)).json().error).toBe('invalid_grant');
    expect((await refresh(OPERATOR_ID, 'A'.repeat(43))).json().error).toBe('invalid_grant');
    expect((await refresh(OPERATOR_ID, tokens.refresh_token)).statusCode).toBe(200); // a wrong owner's try did not spend it
  });
});

describe('sign-out', () => {
  it('logout then reuse: the access tokens and every refresh token of the session are refused', async () => {
    const session = await signIn(t.app, 'DEMOAIR', 'operator', 'Operator#12345');
    const other = await signIn(t.app, 'DEMOAIR', 'operator', 'Operator#12345');
    const rotated = (await refresh(OPERATOR_ID, session.refresh_token)).json() as { access_token: string; refresh_token: string };
    await expectAcceptedEverywhere(rotated.access_token, 'before sign-out');

    const out = await logout(rotated.refresh_token);
    expect(out.json()).toEqual({ status: StatusCode.SUCCESS });

    // Someone who copied the tokens before the sign-out gets nothing with any of them.
    await expectRefusedEverywhere(rotated.access_token, 'the current access token after sign-out');
    await expectRefusedEverywhere(session.access_token, 'the earlier access token after sign-out');
    for (const token of [rotated.refresh_token, session.refresh_token]) {
      const again = await refresh(OPERATOR_ID, token, '10.67.0.1');
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe('invalid_grant');
    }
    // Signing out again is harmless and tells nothing.
    expect((await logout(rotated.refresh_token)).json()).toEqual({ status: StatusCode.SUCCESS });
    expect((await logout('not-a-token')).json()).toEqual({ status: StatusCode.SUCCESS });
    // The user's session in another browser is not signed out.
    await expectAcceptedEverywhere(other.access_token, 'another session after sign-out');
  });

  it('logout with the bearer token alone (an empty body) ends the session the token belongs to, and no other', async () => {
    const session = await signIn(t.app, 'DEMOAIR', 'operator', 'Operator#12345');
    const other = await signIn(t.app, 'DEMOAIR', 'operator', 'Operator#12345');
    await expectAcceptedEverywhere(session.access_token, 'before sign-out');
    const out = await t.app.inject({
      method: 'POST',
      url: '/mobileapi/authentication/logout',
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: {},
    });
    expect(out.json()).toEqual({ status: StatusCode.SUCCESS });
    await expectRefusedEverywhere(session.access_token, 'the access token after a bearer-only sign-out');
    const again = await refresh(OPERATOR_ID, session.refresh_token, '10.67.0.2');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
    await expectAcceptedEverywhere(other.access_token, 'another session after a bearer-only sign-out');
    // A forged bearer token ends nothing and tells nothing.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/mobileapi/authentication/logout',
      headers: { authorization: `Bearer ${other.access_token.slice(0, -4)}AAAA` },
      payload: {},
    });
    expect(forged.json()).toEqual({ status: StatusCode.SUCCESS });
    await expectAcceptedEverywhere(other.access_token, 'another session after a forged sign-out');
  });
});

describe('brute force', () => {
  const operatorFwd = { GrantType: 'client_credentials', ClientId: 'operator|DEMOFWD|2|L' };

  it('sign-in brute force: a password list from one address meets 429 with a truthful Retry-After, and the right password in it gets nothing', async () => {
    const guesses = ['123456', 'password', 'Operator#1234', 'Operator#12346', 'operator#12345', 'Operator#12345', 'Operator#123456'];
    const answers: LightMyRequestResponse[] = [];
    for (const guess of guesses) answers.push(await requestToken(t.app, { ...operatorFwd, ClientSecret: guess }, '10.70.0.1'));
    expect(answers.slice(0, 5).map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 400]);
    for (const blocked of answers.slice(5)) {
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ error: 'too_many_requests' });
      expect(blocked.json().access_token).toBeUndefined(); // the right password (guess 6) included
      const wait = Number(blocked.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(900);
    }
    // Hammering while blocked does not count (nor lengthen the wait): only the five judged tries are recorded.
    expect(await t.db.selectFrom('login_failures').select('id').where('account_key', '=', 'DEMOFWD|operator').execute()).toHaveLength(5);
    const wait = Number(answers.at(-1)!.headers['retry-after']);

    // The wait is the real one: a little before it is over the address is still refused, once it is over it may try again.
    const age = (seconds: number) =>
      sql`UPDATE login_failures SET failed_at = failed_at - make_interval(secs => ${seconds}) WHERE account_key = 'DEMOFWD|operator'`.execute(t.db);
    await age(wait - 3);
    const early = await requestToken(t.app, { ...operatorFwd, ClientSecret: 'Operator#12345' }, '10.70.0.1');
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(4);
    await age(4);
    expect((await requestToken(t.app, { ...operatorFwd, ClientSecret: 'Operator#12345' }, '10.70.0.1')).statusCode).toBe(200);
  });

  it('no malicious lockout: guesses from many addresses leave the real user, with the device cookie of an earlier sign-in, signing in at once', async () => {
    const earlier = await requestToken(t.app, { ...operatorFwd, ClientSecret: 'Operator#12345' }, '10.72.9.1');
    const device = earlier.cookies.find((cookie) => cookie.name.startsWith('cargo_device_'));
    expect(device?.httpOnly).toBe(true);
    // An attacker with many addresses takes the account over its limit (5 in this app): the shared budget holds them all.
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => requestToken(t.app, { ...operatorFwd, ClientSecret: `guess-${i}` }, `10.72.0.${i}`)),
    );
    expect(guesses.filter((answer) => answer.statusCode !== 429)).toHaveLength(5);
    // Every client without the account's device cookie waits for the account's next shared turn (900 s / 10 checks), the right password too ...
    const withoutCookie = await requestToken(t.app, { ...operatorFwd, ClientSecret: 'Operator#12345' }, '10.72.9.9');
    expect(withoutCookie.statusCode).toBe(429);
    expect(Number(withoutCookie.headers['retry-after'])).toBeLessThanOrEqual(90);
    // ... while the real user's browser, sending its cookie back, signs in from a fresh address.
    const user = await t.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${device!.name}=${device!.value}` },
      payload: new URLSearchParams({ ...operatorFwd, ClientSecret: 'Operator#12345' }).toString(),
      remoteAddress: '10.72.9.9',
    });
    expect(user.statusCode).toBe(200);
    expect(user.json().access_token).toBeTruthy();
  });

  it('MFA code brute force: a password holder guessing codes challenge after challenge gets the limit of guesses judged, then 429, and never a token', async () => {
    const ip = '10.71.0.1';
    const signInWithPassword = () => requestToken(t.app, { GrantType: 'client_credentials', ClientId: 'mfauser|DEMOAIR|2|L', ClientSecret: 'Mfa#123456' }, ip);
    const submit = (mfaToken: string, code: string) => requestToken(t.app, { GrantType: 'mfa-email', MFAToken: mfaToken, MFACode: code }, ip);
    const issued: unknown[] = [];
    const judged: string[] = [];
    let next = 0;
    let mfaToken: string | undefined;
    let realCode = '';
    let lockedOut: LightMyRequestResponse | undefined;

    for (let round = 0; round < 30 && !lockedOut; round++) {
      if (!mfaToken) {
        const login = await signInWithPassword();
        expect(login.json().error).toBe('mfa_required');
        mfaToken = login.json().mfa_token as string;
        expect(
          (await t.app.inject({ method: 'POST', url: '/auth/mfa/challenge', payload: { authenticatorType: 'email', MFAToken: mfaToken } })).statusCode,
        ).toBe(200);
        const mail = await t.db
          .selectFrom('mail_outbox')
          .select('body_text')
          .where('recipient', '=', 'mfauser@demoair.example')
          .orderBy('mail_id', 'desc')
          .executeTakeFirstOrThrow();
        realCode = /enter the 6 digits (\d{6})/i.exec(mail.body_text)![1];
      }
      let guess = String(next++).padStart(6, '0');
      if (guess === realCode) guess = String(next++).padStart(6, '0'); // a lucky hit is not the point here
      const answer = await submit(mfaToken, guess);
      if (answer.json().access_token) issued.push(answer.json());
      if (answer.statusCode === 429) {
        lockedOut = answer;
        break;
      }
      const body = answer.json();
      if (body.error === 'mfa_passcode_fail') judged.push(guess);
      else {
        expect(body).toMatchObject({ error: 'invalid_grant', remain_attempt: 0 });
        judged.push(guess); // the last attempt of the challenge, judged and ended
        mfaToken = undefined; // the challenge is over: sign in again for a new one
      }
    }
    expect(issued).toEqual([]);
    // Three guesses end a challenge (MFA_MAX_ATTEMPTS), five end the account's window (LOGIN_MAX_FAILURES_PER_ACCOUNT).
    expect(judged).toHaveLength(5);
    expect(lockedOut?.statusCode).toBe(429);
    expect(Number(lockedOut!.headers['retry-after'])).toBeGreaterThan(0);
    // Now even the right code of the open challenge waits, and so does the code of a new sign-in (the password still leads to one).
    const rightCode = await submit(mfaToken!, realCode);
    expect(rightCode.statusCode).toBe(429);
    expect(rightCode.json().access_token).toBeUndefined();
    const again = await signInWithPassword();
    expect(again.json().error).toBe('mfa_required');
    expect((await submit(again.json().mfa_token as string, realCode)).statusCode).toBe(429);
    expect(await t.db.selectFrom('login_failures').select('id').where('account_key', '=', 'code:DEMOAIR|mfauser').execute()).toHaveLength(5);
  });
});

describe('the classic envelope', () => {
  it('envelope replay on /classicapi: a captured request sent again, in parallel, re-stamped or by another user changes nothing', async () => {
    const admin = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
    const otherAdmin = (await signIn(t.app, 'SKYAIR', 'admin', 'Admin#12345')).access_token;
    const rule = { countryCode: 'kp', carrierId: 'demoair', direction: 'Export', ruleType: 'Embargo', shcCodes: 'dgr', remarks: 'Replay target' };
    const captured = { request: rule, app_id: 2, token: randomUUID(), ts: nowSeconds() };
    const send = (token: string, envelope: unknown, url = '/classicapi/countryrules') =>
      t.app.inject({ method: 'POST', url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: JSON.stringify(envelope) });

    const original = await send(admin, captured);
    expect(original.statusCode).toBe(200);
    expect(original.json().status).toBe(StatusCode.SUCCESS);
    const rowId = String(original.json().data.id);

    const replays = [
      await send(admin, captured), // the same request again
      ...(await Promise.all(Array.from({ length: 6 }, () => send(admin, captured)))), // a burst at once
      await send(admin, { ...captured, ts: nowSeconds() + 1 }), // re-stamped with a new ts
      await send(admin, { ...captured, request: { ...rule, countryCode: 'cu' } }), // same token, another payload
      await send(otherAdmin, captured), // by another user of another company
      await send(admin, { ...captured, request: {} }, '/classicapi/users'), // the token on another route
    ];
    for (const replay of replays) {
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual({ status: StatusCode.VALIDATION_FAIL, message: expect.stringMatching(/already received/) });
    }
    // One row and one audit entry: the replays reached no route.
    const rows = await t.db.selectFrom('audit_log').select('audit_id').where('entity', '=', 'countryrules').where('entity_key', '=', rowId).execute();
    expect(rows).toHaveLength(1);
    const cuba = await classicCall(t.app, admin, 'GET', `/countryrules?filter=${encodeURIComponent(JSON.stringify({ countryCode: 'CU' }))}`);
    expect(cuba.json().total).toBe(0);
    expect(await t.db.selectFrom('envelope_tokens').select('token').where('token', '=', captured.token).execute()).toHaveLength(1);
    // A new envelope around the same request is a new request (and meets the list's own unique key).
    const fresh = await classicCall(t.app, admin, 'POST', '/countryrules', { ...rule, countryCode: 'cu' });
    expect(fresh.json().status).toBe(StatusCode.SUCCESS);
  });
});

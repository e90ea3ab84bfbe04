import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { bearer, buildTestApp, requestToken, signIn, type TestApp } from './testApp';
import { classicCall, userPath } from './classicCall';
import { Messages, StatusCode } from '../../src/domain/statusCodes';
import { issuedBeforePasswordChange } from '../../src/server/http/authenticate';

/**
 * Access tokens live 15 minutes; one signed before the user's password last changed stops working
 * at once (CONTRACTS.md: every API call checks the user; a locked or deleted one answers -10002).
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
});
afterAll(() => t.close());

const profile = (token: string) => t.app.inject({ method: 'GET', url: '/userapi/user/getuserprofile', headers: bearer(token) });
const summary = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/awbapi/awbsummary',
    headers: bearer(token),
    payload: { fieldSearch: [], dbOptions: { CurrentPage: 1, PageSize: 10 } },
  });
const shipmentLog = (token: string) => classicCall(t.app, token, 'GET', '/shipmentlog');
const refresh = (userId: string, refreshToken: string) =>
  requestToken(t.app, { GrantType: 'refresh_token', ClientId: `${userId}|DEMOAIR|2|L`, RefreshToken: refreshToken });
const issuedAt = (token: string) => (jwt.decode(token) as { iat: number }).iat;

/** Waits until the clock is past the second the token was signed in, so a change now is seen as after it. */
async function nextSecondAfter(token: string): Promise<void> {
  const wait = (issuedAt(token) + 1) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 5));
}

async function createOperator(userId: string, password: string): Promise<void> {
  const created = await classicCall(t.app, admin, 'POST', '/users', {
    user_id: userId,
    user_name: `Token ${userId}`,
    email: `${userId}@demoair.example`,
    role_id: 'OPERATOR',
    password,
  });
  expect(created.json().status).toBe(StatusCode.SUCCESS);
}

function expectExpiredAnswer(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ status: StatusCode.FAILURE, message: Messages.sessionExpired });
}

describe('access tokens and password changes', () => {
  it('compares at whole seconds, as iat is', () => {
    const changed = new Date('2026-03-01T10:00:05.400Z');
    const changedSecond = Math.floor(changed.getTime() / 1000);
    expect(issuedBeforePasswordChange(changedSecond - 1, changed)).toBe(true);
    expect(issuedBeforePasswordChange(changedSecond, changed)).toBe(false);
    expect(issuedBeforePasswordChange(changedSecond + 1, changed)).toBe(false);
  });

  it('refuses every call with an access token signed before an admin set a new password, and the session cannot be renewed', async () => {
    await createOperator('tokenvictim', 'Victim#2024x');
    const session = await signIn(t.app, 'DEMOAIR', 'tokenvictim', 'Victim#2024x');
    expect((await profile(session.access_token)).json().status).toBe(StatusCode.SUCCESS);
    expect((await summary(session.access_token)).json().status).toBe(StatusCode.SUCCESS);
    expect((await shipmentLog(session.access_token)).json().status).toBe(StatusCode.SUCCESS);
    await nextSecondAfter(session.access_token);
    const changed = await classicCall(t.app, admin, 'PUT', userPath('DEMOAIR', 'tokenvictim'), {
      user_name: 'Token tokenvictim',
      email: 'tokenvictim@demoair.example',
      role_id: 'OPERATOR',
      password: 'Changed#2024y',
    });
    expect(changed.json().status).toBe(StatusCode.SUCCESS);

    expectExpiredAnswer(await profile(session.access_token));
    expectExpiredAnswer(await summary(session.access_token));
    expectExpiredAnswer(await shipmentLog(session.access_token));
    expect((await refresh('tokenvictim', session.refresh_token)).json().error).toBe('invalid_grant');
    // Signing in with the new password gives tokens that work.
    const fresh = await signIn(t.app, 'DEMOAIR', 'tokenvictim', 'Changed#2024y');
    expect((await profile(fresh.access_token)).json().status).toBe(StatusCode.SUCCESS);
  });

  it('keeps a token signed in the second of the change, and one signed after it', async () => {
    await createOperator('tokensecond', 'Second#2024x');
    const session = await signIn(t.app, 'DEMOAIR', 'tokensecond', 'Second#2024x');
    const iat = issuedAt(session.access_token);
    await t.db
      .updateTable('users')
      .set({ password_changed_at: new Date(iat * 1000 + 999) })
      .where('user_id', '=', 'tokensecond')
      .execute();
    await t.ctx.changes.sync();
    expect((await profile(session.access_token)).json().status).toBe(StatusCode.SUCCESS);
    await t.db
      .updateTable('users')
      .set({ password_changed_at: new Date((iat + 1) * 1000) })
      .where('user_id', '=', 'tokensecond')
      .execute();
    await t.ctx.changes.sync();
    expectExpiredAnswer(await profile(session.access_token));
  });

  it('lets a user who changed their own password go on after one refresh', async () => {
    await createOperator('tokenself', 'Self#2024xy');
    const session = await signIn(t.app, 'DEMOAIR', 'tokenself', 'Self#2024xy');
    await nextSecondAfter(session.access_token);
    const change = await t.app.inject({
      method: 'POST',
      url: '/mobileapi/authentication/changepassword',
      headers: bearer(session.access_token),
      payload: { old_password: 'Self#2024xy', new_password: 'Self#2025xy' },
    });
    expect(change.json()).toEqual({ status: StatusCode.SUCCESS });
    expectExpiredAnswer(await profile(session.access_token));
    const renewed = await refresh('tokenself', session.refresh_token);
    expect(renewed.statusCode).toBe(200);
    expect((await profile(renewed.json().access_token)).json().status).toBe(StatusCode.SUCCESS);
  });

  it('still answers -10002 for a locked or deleted user, whose tokens stop at once', async () => {
    await createOperator('tokenlocked', 'Locked#2024x');
    const session = await signIn(t.app, 'DEMOAIR', 'tokenlocked', 'Locked#2024x');
    expect((await classicCall(t.app, admin, 'POST', userPath('DEMOAIR', 'tokenlocked', '/lock'), { locked: true })).json().status).toBe(StatusCode.SUCCESS);
    for (const response of [await profile(session.access_token), await summary(session.access_token), await shipmentLog(session.access_token)]) {
      expect(response.json()).toEqual({ status: StatusCode.USER_PROFILE_INVALID, message: Messages.invalidUserProfile });
    }
    expect((await classicCall(t.app, admin, 'DELETE', userPath('DEMOAIR', 'tokenlocked'))).json().status).toBe(StatusCode.SUCCESS);
    expect((await profile(session.access_token)).json().status).toBe(StatusCode.USER_PROFILE_INVALID);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusCode } from '../../src/domain/statusCodes';
import { HANDOVER_INVALID } from '../../src/server/api/tokenHandover';
import { bearer, buildTestApp, signIn, type TestApp } from './testApp';

let t: TestApp;
let token: string;
const classic = 'https://classic.example/cargo/login.aspx';
beforeAll(async () => {
  t = await buildTestApp({ CLASSIC_SITE_URL: classic, CLASSIC_APP_ID: '7', TOKEN_HANDOVER_SECONDS: '30' });
  token = (await signIn(t.app, 'DEMOAIR', 'operator', 'Operator#12345')).access_token;
});
afterAll(() => t.close());

async function handover(payload: unknown = { app: 7 }): Promise<string> {
  const answer = await t.app.inject({ method: 'POST', url: '/api/authentication/handover', headers: bearer(token), payload: payload as object });
  expect(answer.json()).toMatchObject({ status: StatusCode.SUCCESS, data: { expires_in: 30 } });
  return answer.json().data.id;
}

describe('token hand-over to the classic site', () => {
  it('GET fetchToken redeems the id once for a working token pair of the same user', async () => {
    const id = await handover();
    const answer = await t.app.inject({ method: 'GET', url: `/api/authentication/fetchToken/${id}?app=7` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { data } = answer.json();
    expect(data).toMatchObject({ token_type: 'Bearer', user_id: 'operator', company_id: 'DEMOAIR' });
    const profile = await t.app.inject({ method: 'GET', url: '/userapi/user/getuserprofile', headers: bearer(data.access_token) });
    expect(profile.json().data).toMatchObject({ user_id: 'operator', company_id: 'DEMOAIR' });

    const again = await t.app.inject({ method: 'GET', url: `/api/authentication/fetchToken/${id}?app=7` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: StatusCode.FAILURE, message: HANDOVER_INVALID });
  });

  it('POST fetchToken redeems with the request_uri the id was made for', async () => {
    const id = await handover({ app: 7, request_uri: 'https://classic.example/cargo/landing' });
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/authentication/fetchToken/${id}`,
      payload: { request_uri: 'https://classic.example/cargo/landing' },
    });
    expect(answer.json()).toMatchObject({ status: StatusCode.SUCCESS, data: { user_id: 'operator' } });
  });

  it('a wrong app or request_uri uses the id up', async () => {
    const id = await handover();
    expect((await t.app.inject({ method: 'GET', url: `/api/authentication/fetchToken/${id}?app=2` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/authentication/fetchToken/${id}?app=7` })).statusCode).toBe(400);
    const other = await handover();
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/authentication/fetchToken/${other}`, payload: { request_uri: 'https://evil.example/' } })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/authentication/fetchToken/${other}`, payload: { request_uri: classic } })).statusCode).toBe(400);
  });

  it('an expired id is refused', async () => {
    const id = await handover();
    await t.db
      .updateTable('token_handovers')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('redeemed_at', 'is', null)
      .execute();
    expect((await t.app.inject({ method: 'GET', url: `/api/authentication/fetchToken/${id}?app=7` })).json()).toEqual({
      status: StatusCode.FAILURE,
      message: HANDOVER_INVALID,
    });
  });

  it('only a signed-in user gets an id, only for the classic app and site', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/authentication/handover', payload: { app: 7 } })).statusCode).toBe(401);
    const wrongApp = await t.app.inject({ method: 'POST', url: '/api/authentication/handover', headers: bearer(token), payload: { app: 2 } });
    expect(wrongApp.statusCode).toBe(400);
    expect(wrongApp.json().message).toBe('Sessions are handed over to app 7 only.');
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/handover',
      headers: bearer(token),
      payload: { app: 7, request_uri: 'https://evil.example/' },
    });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('answers malformed ids and queries with 400, never 500', async () => {
    for (const url of [
      '/api/authentication/fetchToken/short?app=7',
      `/api/authentication/fetchToken/${'a'.repeat(43)}`,
      `/api/authentication/fetchToken/${'a'.repeat(43)}?app=x`,
      `/api/authentication/fetchToken/${'a'.repeat(43)}?app=7`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/authentication/fetchToken/${'a'.repeat(43)}`, payload: {} })).statusCode).toBe(400);
  });

  it('without a classic site there is nothing to hand over to', async () => {
    const plain = await buildTestApp();
    try {
      const tokens = await signIn(plain.app, 'DEMOAIR', 'operator', 'Operator#12345');
      const answer = await plain.app.inject({ method: 'POST', url: '/api/authentication/handover', headers: bearer(tokens.access_token), payload: { app: 1 } });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('No classic site is configured to hand the session over to.');
    } finally {
      await plain.close();
    }
  });

  it('lets the classic site be a form target in the Content-Security-Policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(page.headers['content-security-policy']).toContain("form-action 'self' https://classic.example");
  });
});

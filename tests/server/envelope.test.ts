import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, buildTestApp, signIn, type TestApp } from './testApp';
import { envelopeProblem } from '../../src/server/classic/envelope';

let t: TestApp;
let token: string;
const received: unknown[] = [];

beforeAll(async () => {
  // A classic route registered the way the rule lists register theirs: it sees only the unwrapped request.
  const echo = async (app: FastifyInstance) => {
    app.post('/echo', async (request) => {
      received.push(request.body);
      return { status: 1, data: request.body };
    });
    app.get('/echo', async () => ({ status: 1, data: 'get' }));
  };
  t = await buildTestApp({ ENVELOPE_WINDOW_SECONDS: '300' }, { classicRoutes: [echo] });
  token = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
});
afterAll(() => t.close());

const now = () => Math.floor(Date.now() / 1000);
const post = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/classicapi/echo',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

describe('the classic envelope hook', () => {
  it('unwraps a valid envelope and hands only the request to the route', async () => {
    const response = await post({ request: { name: 'KEEP' }, app_id: 2, token: randomUUID(), ts: now() });
    expect(response.json()).toEqual({ status: 1, data: { name: 'KEEP' } });
    expect(received.at(-1)).toEqual({ name: 'KEEP' });
  });

  it('refuses a replayed envelope token', async () => {
    const envelope = { request: { n: 1 }, app_id: 2, token: randomUUID(), ts: now() };
    expect((await post(envelope)).statusCode).toBe(200);
    const replay = await post(envelope);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ status: -50001, message: expect.stringMatching(/already received/) });
  });

  it('refuses broken envelopes with a specific message and reaches no route', async () => {
    const before = received.length;
    const cases: [unknown, RegExp][] = [
      [{ n: 1 }, /no request/],
      [{ request: {}, app_id: 3, token: randomUUID(), ts: now() }, /app_id/],
      [{ request: {}, app_id: 2, token: 'not-a-uuid', ts: now() }, /UUID/],
      [{ request: {}, app_id: 2, token: randomUUID(), ts: now() - 301 }, /300 seconds/],
      [{ request: {}, app_id: 2, token: randomUUID(), ts: now() + 400 }, /300 seconds/],
      [{ request: {}, app_id: 2, token: randomUUID(), ts: '123' }, /unix seconds/],
      [[1, 2], /must be an envelope/],
    ];
    for (const [payload, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/classicapi/echo',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"request":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(received.length).toBe(before);
  });

  it('needs no envelope on GET, but a valid token on every call', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/classicapi/echo', headers: bearer(token) })).json()).toEqual({ status: 1, data: 'get' });
    expect((await t.app.inject({ method: 'GET', url: '/classicapi/echo' })).statusCode).toBe(401);
    const noToken = await t.app.inject({ method: 'POST', url: '/classicapi/echo', payload: { request: {}, app_id: 2, token: randomUUID(), ts: now() } });
    expect(noToken.statusCode).toBe(401);
  });

  it('authenticates before the envelope check: an anonymous caller gets 401 and stores no envelope token', async () => {
    const envelope = { request: { n: 1 }, app_id: 2, token: randomUUID(), ts: now() };
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/classicapi/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(envelope),
    });
    expect(anonymous.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/classicapi/echo',
      headers: { ...bearer('not.a.jwt'), 'content-type': 'application/json' },
      payload: JSON.stringify(envelope),
    });
    expect(forged.statusCode).toBe(401);
    const stored = await t.db.selectFrom('envelope_tokens').select('token').where('token', '=', envelope.token).execute();
    expect(stored).toEqual([]);
    // The token was not spent, so the signed-in user's call with it goes through.
    expect((await post(envelope)).json()).toEqual({ status: 1, data: { n: 1 } });

    // Without a token, a broken envelope or body is a 401 too, not a 400 that reveals the envelope rules.
    for (const payload of ['{"request":', JSON.stringify({ n: 1 }), JSON.stringify([1, 2])]) {
      const response = await t.app.inject({ method: 'POST', url: '/classicapi/echo', headers: { 'content-type': 'application/json' }, payload });
      expect(response.statusCode, payload).toBe(401);
    }
  });

  it('checks ts against the window exactly', () => {
    const base = { request: null, app_id: 2, token: randomUUID() };
    expect(envelopeProblem({ ...base, ts: 1000 }, 1300, 300)).toBeUndefined();
    expect(envelopeProblem({ ...base, ts: 1000 }, 1301, 300)).toMatch(/300 seconds/);
  });
});

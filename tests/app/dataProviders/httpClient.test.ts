// @vitest-environment jsdom
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { StatusCode } from '../../../src/domain/statusCodes';
import { createHttpClient, type HttpClientHooks } from '../../../dataProviders/httpClient';
import { ApiError, ErrorPageError, InvalidProfileError, NetworkError, SessionExpiredError, TooManyRequestsError } from '../../../dataProviders/httpErrors';
import { sessionFromPermission, sessionStore } from '../../../dataProviders/sessionStore';
import { readAccessToken, readRefreshToken, writeTokens } from '../../../dataProviders/tokenCookies';
import { cookieNames, createTestServer, fakeAccessToken, permissionFixture, resetBrowserState, testConfig, url } from './support';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const server = createTestServer();
let hooks: { onSignOut: ReturnType<typeof vi.fn<HttpClientHooks['onSignOut']>>; onErrorPage: ReturnType<typeof vi.fn<HttpClientHooks['onErrorPage']>> };

function newClient() {
  return createHttpClient(testConfig, hooks);
}

function signIn(accessToken = 'access-1', refreshToken = 'refresh-1') {
  writeTokens({ accessToken, refreshToken });
  sessionStore.set(sessionFromPermission(permissionFixture()));
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  hooks = { onSignOut: vi.fn(), onErrorPage: vi.fn() };
});
afterEach(() => {
  server.resetHandlers();
  resetBrowserState();
});
afterAll(() => server.close());

describe('bearer token', () => {
  test('is read from the access_token cookie on every call', async () => {
    signIn('token-from-cookie');
    const seen: (string | null)[] = [];
    server.use(
      http.get(url('/userapi/user/getuserprofile'), ({ request }) => {
        seen.push(request.headers.get('Authorization'));
        return HttpResponse.json({ status: 1, data: { name: 'Jane' } });
      }),
    );
    const client = newClient();
    const answer = await client.api('/userapi/user/getuserprofile');
    writeTokens({ accessToken: 'rotated', refreshToken: 'r' });
    await client.api('/userapi/user/getuserprofile');
    expect(answer.json).toEqual({ status: 1, data: { name: 'Jane' } });
    expect(seen).toEqual(['Bearer token-from-cookie', 'Bearer rotated']);
  });
});

/** navigator.locks as browsers give it, for one lock name at a time: each request runs after the previous one's callback settled. */
function webLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  const names: string[] = [];
  return {
    names,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      names.push(name);
      const run = tail.then(() => callback());
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

describe('HTTP 401 in two tabs at once: one refresh for the browser', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  /** The server as it is: a refresh token works once; presented again it is refused (and the family revoked). */
  function rotatingServer() {
    const refreshes: string[] = [];
    let revoked = false;
    server.use(
      http.post(url('/auth/token'), async ({ request }) => {
        const token = new URLSearchParams(await request.text()).get('RefreshToken') ?? '';
        refreshes.push(token);
        await delay(30);
        if (token !== 'old-refresh' || refreshes.filter((used) => used === token).length > 1) {
          revoked = true;
          return HttpResponse.json({ error: 'invalid_grant' }, { status: 400 });
        }
        return HttpResponse.json({ access_token: 'new-access', refresh_token: 'new-refresh' });
      }),
      http.get(url('/awbapi/item/:name'), ({ request, params }) =>
        !revoked && request.headers.get('Authorization') === 'Bearer new-access'
          ? HttpResponse.json({ status: 1, data: `item ${String(params.name)}` })
          : HttpResponse.json({ error: 'unauthorized' }, { status: 401 }),
      ),
    );
    return refreshes;
  }

  test('the tab that waited for the other one uses the pair it left in the shared cookies, and both stay signed in', async () => {
    signIn('old-access', 'old-refresh');
    const locks = webLocks();
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    const refreshes = rotatingServer();
    // Two tabs: two clients of their own, one cookie jar.
    const [first, second] = [newClient(), newClient()];
    const results = await Promise.all([first.api('/awbapi/item/a'), second.api('/awbapi/item/b')]);

    expect(results.map((result) => result.json.data)).toEqual(['item a', 'item b']);
    expect(refreshes).toEqual(['old-refresh']);
    expect(locks.names).toEqual(['cargo-portal-token-refresh', 'cargo-portal-token-refresh']);
    expect(readRefreshToken()).toBe('new-refresh');
    expect(hooks.onSignOut).not.toHaveBeenCalled();
  });

  test('without Web Locks each tab refreshes on its own, and the server refuses the second (what the lock prevents)', async () => {
    signIn('old-access', 'old-refresh');
    const refreshes = rotatingServer();
    const [first, second] = [newClient(), newClient()];
    const outcomes = await Promise.allSettled([first.api('/awbapi/item/a'), second.api('/awbapi/item/b')]);
    expect(refreshes).toEqual(['old-refresh', 'old-refresh']);
    expect(outcomes.some((outcome) => outcome.status === 'rejected')).toBe(true);
  });
});

describe('HTTP 401: one shared refresh, one retry each', () => {
  test('several requests failing together cause exactly one refresh and one retry each', async () => {
    signIn('old-access', 'old-refresh');
    const refreshForms: Record<string, string>[] = [];
    const calls: Record<string, string[]> = { a: [], b: [], c: [] };
    server.use(
      http.post(url('/auth/token'), async ({ request }) => {
        refreshForms.push(Object.fromEntries(new URLSearchParams(await request.text())));
        await delay(60);
        return HttpResponse.json({ access_token: 'new-access', refresh_token: 'new-refresh' });
      }),
      http.get(url('/awbapi/item/:name'), async ({ request, params }) => {
        const name = String(params.name);
        const auth = request.headers.get('Authorization') ?? '';
        calls[name].push(auth);
        if (auth !== 'Bearer new-access') {
          await delay({ a: 5, b: 20, c: 40 }[name]);
          return HttpResponse.json({ error: 'unauthorized' }, { status: 401 });
        }
        return HttpResponse.json({ status: 1, data: `item ${name}` });
      }),
    );
    const client = newClient();
    const results = await Promise.all(['a', 'b', 'c'].map((name) => client.api(`/awbapi/item/${name}`)));

    expect(results.map((r) => r.json.data)).toEqual(['item a', 'item b', 'item c']);
    expect(refreshForms).toEqual([{ GrantType: 'refresh_token', ClientId: 'U1|C1|2|L', RefreshToken: 'old-refresh' }]);
    expect(calls).toEqual({
      a: ['Bearer old-access', 'Bearer new-access'],
      b: ['Bearer old-access', 'Bearer new-access'],
      c: ['Bearer old-access', 'Bearer new-access'],
    });
    expect(readAccessToken()).toBe('new-access');
    expect(readRefreshToken()).toBe('new-refresh');
    expect(hooks.onSignOut).not.toHaveBeenCalled();
  });

  test('a 401 that arrives after the refresh finished retries with the new token, without a second refresh', async () => {
    signIn('old-access', 'old-refresh');
    let refreshes = 0;
    server.use(
      http.post(url('/auth/token'), () => {
        refreshes += 1;
        return HttpResponse.json({ access_token: `new-access-${refreshes}`, refresh_token: `new-refresh-${refreshes}` });
      }),
      http.get(url('/awbapi/fast'), ({ request }) =>
        request.headers.get('Authorization') === 'Bearer old-access' ? HttpResponse.json({}, { status: 401 }) : HttpResponse.json({ status: 1, data: 'fast' }),
      ),
      http.get(url('/awbapi/slow'), async ({ request }) => {
        if (request.headers.get('Authorization') === 'Bearer old-access') {
          await delay(150);
          return HttpResponse.json({}, { status: 401 });
        }
        return HttpResponse.json({ status: 1, data: request.headers.get('Authorization') });
      }),
    );
    const client = newClient();
    const [fast, slow] = await Promise.all([client.api('/awbapi/fast'), client.api('/awbapi/slow')]);
    expect(fast.json.data).toBe('fast');
    expect(slow.json.data).toBe('Bearer new-access-1');
    expect(refreshes).toBe(1);
  });

  test('the retry of a classic call carries a fresh envelope token', async () => {
    signIn('old-access');
    const envelopes: { token: string; request: unknown }[] = [];
    server.use(
      http.post(url('/auth/token'), () => HttpResponse.json({ access_token: 'new-access', refresh_token: 'new-refresh' })),
      http.post(url('/classicapi/sanctionlist'), async ({ request }) => {
        envelopes.push((await request.json()) as { token: string; request: unknown });
        return request.headers.get('Authorization') === 'Bearer new-access'
          ? HttpResponse.json({ status: 1, data: { id: 1 } })
          : HttpResponse.json({}, { status: 401 });
      }),
    );
    await newClient().classic('/sanctionlist', { method: 'POST', body: { name: 'x' } });
    expect(envelopes).toHaveLength(2);
    expect(envelopes[0].request).toEqual({ name: 'x' });
    expect(envelopes[1].request).toEqual({ name: 'x' });
    expect(envelopes[0].token).not.toBe(envelopes[1].token);
  });

  test('a failed refresh clears the state and signs out once for all requests failing together', async () => {
    signIn('old-access', 'old-refresh');
    let refreshes = 0;
    const calls: string[] = [];
    server.use(
      http.post(url('/auth/token'), async () => {
        refreshes += 1;
        await delay(30);
        return HttpResponse.json({ error: 'invalid_grant' }, { status: 400 });
      }),
      http.get(url('/awbapi/item/:name'), async ({ params }) => {
        calls.push(String(params.name));
        await delay(5);
        return HttpResponse.json({}, { status: 401 });
      }),
    );
    const client = newClient();
    const outcomes = await Promise.allSettled(['a', 'b', 'c'].map((name) => client.api(`/awbapi/item/${name}`)));

    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(SessionExpiredError);
    }
    expect(refreshes).toBe(1);
    expect(calls.sort()).toEqual(['a', 'b', 'c']); // no retry without a new token
    expect(hooks.onSignOut).toHaveBeenCalledTimes(1);
    expect(hooks.onSignOut).toHaveBeenCalledWith('session');
    expect(hooks.onErrorPage).not.toHaveBeenCalled();
    expect(cookieNames()).toEqual([]);
    expect(sessionStore.get()).toBeUndefined();
  });

  test('a retry refused again signs out instead of looping', async () => {
    signIn();
    let refreshes = 0;
    let calls = 0;
    server.use(
      http.post(url('/auth/token'), () => {
        refreshes += 1;
        return HttpResponse.json({ access_token: 'new-access', refresh_token: 'new-refresh' });
      }),
      http.get(url('/awbapi/x'), () => {
        calls += 1;
        return HttpResponse.json({}, { status: 401 });
      }),
    );
    await expect(newClient().api('/awbapi/x')).rejects.toBeInstanceOf(SessionExpiredError);
    expect(refreshes).toBe(1);
    expect(calls).toBe(2);
    expect(hooks.onSignOut).toHaveBeenCalledTimes(1);
    expect(cookieNames()).toEqual([]);
  });

  test('without a refresh token there is no refresh call, only the sign-out', async () => {
    let refreshes = 0;
    server.use(
      http.post(url('/auth/token'), () => {
        refreshes += 1;
        return HttpResponse.json({});
      }),
      http.get(url('/awbapi/x'), () => HttpResponse.json({}, { status: 401 })),
    );
    await expect(newClient().api('/awbapi/x')).rejects.toBeInstanceOf(SessionExpiredError);
    expect(refreshes).toBe(0);
    expect(hooks.onSignOut).toHaveBeenCalledWith('session');
  });

  test('in a tab without a session store, the refresh names the user from the access token', async () => {
    writeTokens({ accessToken: fakeAccessToken('jane', 'ACME'), refreshToken: 'r1' });
    let clientId: string | null = null;
    server.use(
      http.post(url('/auth/token'), async ({ request }) => {
        clientId = new URLSearchParams(await request.text()).get('ClientId');
        return HttpResponse.json({ access_token: 'new', refresh_token: 'r2' });
      }),
      http.get(url('/userapi/permission'), ({ request }) =>
        request.headers.get('Authorization') === 'Bearer new' ? HttpResponse.json(permissionFixture()) : HttpResponse.json({}, { status: 401 }),
      ),
    );
    const answer = await newClient().api('/userapi/permission');
    expect(answer.json.user_id).toBe('U1');
    expect(clientId).toBe('jane|ACME|2|L');
  });
});

describe('envelope', () => {
  async function captureClassic(method: string, body?: unknown) {
    signIn();
    let captured: { method: string; contentType: string | null; text: string } | undefined;
    server.use(
      http.all(url('/classicapi/countryrules/:id?'), async ({ request }) => {
        captured = { method: request.method, contentType: request.headers.get('Content-Type'), text: await request.text() };
        return HttpResponse.json({ status: 1, data: { id: 7 } });
      }),
    );
    await newClient().classic(method === 'POST' ? '/countryrules' : '/countryrules/7', { method, body });
    return captured!;
  }

  test.each(['POST', 'PUT', 'PATCH'])('wraps a %s body as {request, app_id: 2, token, ts}', async (method) => {
    const before = Math.floor(Date.now() / 1000);
    const captured = await captureClassic(method, { countryCode: 'CN', name: '中国' });
    const after = Math.floor(Date.now() / 1000);
    const envelope = JSON.parse(captured.text);
    expect(captured.method).toBe(method);
    expect(captured.contentType).toBe('application/json');
    expect(Object.keys(envelope).sort()).toEqual(['app_id', 'request', 'token', 'ts']);
    expect(envelope.request).toEqual({ countryCode: 'CN', name: '中国' });
    expect(envelope.app_id).toBe(2);
    expect(envelope.token).toMatch(UUID_V4);
    expect(Number.isInteger(envelope.ts)).toBe(true);
    expect(envelope.ts).toBeGreaterThanOrEqual(before - 2);
    expect(envelope.ts).toBeLessThanOrEqual(after + 2);
  });

  test('wraps a DELETE without payload, with an empty request', async () => {
    const captured = await captureClassic('DELETE');
    const envelope = JSON.parse(captured.text);
    expect(envelope.request).toEqual({});
    expect(envelope.app_id).toBe(2);
    expect(envelope.token).toMatch(UUID_V4);
  });

  test('a payload already serialised as JSON is wrapped, not double-encoded', async () => {
    const captured = await captureClassic('POST', JSON.stringify({ countryCode: 'FR' }));
    expect(JSON.parse(captured.text).request).toEqual({ countryCode: 'FR' });
  });

  test('gives every request its own token', async () => {
    signIn();
    const tokens: string[] = [];
    server.use(
      http.post(url('/classicapi/countryrules'), async ({ request }) => {
        tokens.push(((await request.json()) as { token: string }).token);
        return HttpResponse.json({ status: 1, data: {} });
      }),
    );
    const client = newClient();
    await Promise.all(Array.from({ length: 5 }, () => client.classic('/countryrules', { method: 'POST', body: {} })));
    expect(tokens).toHaveLength(5);
    expect(new Set(tokens).size).toBe(5);
    for (const token of tokens) expect(token).toMatch(UUID_V4);
  });

  test('is not used on a classic GET', async () => {
    // msw drops a GET body silently where a browser's fetch throws, so look at what fetch was given.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const captured = await captureClassic('GET');
      expect(captured.method).toBe('GET');
      expect(captured.text).toBe('');
      expect(fetchSpy).toHaveBeenCalledTimes(1);
      expect(fetchSpy.mock.calls[0][1]?.body).toBeUndefined();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  test('is not used on the API host', async () => {
    signIn();
    let text = '';
    server.use(
      http.post(url('/awbapi/awbapprove'), async ({ request }) => {
        text = await request.text();
        return HttpResponse.json({ status: 1 });
      }),
    );
    await newClient().api('/awbapi/awbapprove', { method: 'POST', body: { ShipmentId: '12', ApproveType: 'NORMAL' } });
    expect(JSON.parse(text)).toEqual({ ShipmentId: '12', ApproveType: 'NORMAL' });
  });
});

describe('answer mapping', () => {
  type Expected = 'resolve' | 403 | 404 | 500 | 'signOut' | 'apiError' | 'tooMany';

  async function outcomeOf(status: number, body: unknown, headers: Record<string, string> = {}, options = {}) {
    signIn();
    server.use(http.get(url('/awbapi/probe'), () => HttpResponse.json(body as JsonBodyType, { status, headers })));
    return newClient()
      .api('/awbapi/probe', options)
      .then(
        (answer) => ({ resolved: answer, rejected: undefined }),
        (error: unknown) => ({ resolved: undefined, rejected: error }),
      );
  }

  function expectOutcome(result: Awaited<ReturnType<typeof outcomeOf>>, expected: Expected) {
    switch (expected) {
      case 'resolve':
        expect(result.rejected).toBeUndefined();
        expect(hooks.onErrorPage).not.toHaveBeenCalled();
        expect(hooks.onSignOut).not.toHaveBeenCalled();
        break;
      case 403:
      case 404:
      case 500:
        expect(result.rejected).toBeInstanceOf(ErrorPageError);
        expect((result.rejected as ErrorPageError).page).toBe(expected);
        expect(hooks.onErrorPage).toHaveBeenCalledTimes(1);
        expect(hooks.onErrorPage).toHaveBeenCalledWith(expected);
        expect(hooks.onSignOut).not.toHaveBeenCalled();
        expect(readAccessToken()).toBe('access-1'); // still signed in
        break;
      case 'signOut':
        expect(result.rejected).toBeInstanceOf(InvalidProfileError);
        expect(hooks.onSignOut).toHaveBeenCalledTimes(1);
        expect(hooks.onSignOut).toHaveBeenCalledWith('invalidProfile');
        expect(hooks.onErrorPage).not.toHaveBeenCalled();
        expect(cookieNames()).toEqual([]);
        expect(sessionStore.get()).toBeUndefined();
        break;
      case 'apiError':
        expect(result.rejected).toBeInstanceOf(ApiError);
        expect(hooks.onErrorPage).not.toHaveBeenCalled();
        expect(hooks.onSignOut).not.toHaveBeenCalled();
        break;
      case 'tooMany':
        expect(result.rejected).toBeInstanceOf(TooManyRequestsError);
        expect(hooks.onErrorPage).not.toHaveBeenCalled();
        expect(hooks.onSignOut).not.toHaveBeenCalled();
        break;
    }
  }

  // Every HTTP code spec 8 recognises (401 is covered by the refresh tests above).
  const httpCases: [number, Expected][] = [
    [200, 'resolve'],
    [400, 500],
    [403, 403],
    [404, 404],
    [429, 'tooMany'],
    [500, 500],
    [503, 500],
  ];
  test.each(httpCases)('HTTP %i without a body status -> %s', async (status, expected) => {
    expectOutcome(await outcomeOf(status, { message: 'x' }), expected);
  });

  const statusCases: Record<keyof typeof StatusCode, Expected> = {
    SHIPMENT_NOT_FOUND: 'apiError',
    IP_RESTRICTION: 'apiError',
    SYSTEM_EXCEPTION: 500,
    VALIDATION_FAIL: 500,
    USER_PROFILE_DELETE_SELF: 'apiError',
    USER_PROFILE_DUPLICATE: 'apiError',
    USER_PROFILE_EMAIL_DUPLICATE: 'apiError',
    USER_PROFILE_INVALID: 'signOut',
    USER_PROFILE_NOT_FOUND: 'apiError',
    USER_ACL_EXCEPTION: 403,
    FAILURE: 500,
    NO_RESPONSE: 500,
    SUCCESS: 'resolve',
  };

  test('the table below covers every status code of spec 8', () => {
    expect(Object.keys(statusCases).sort()).toEqual(Object.keys(StatusCode).sort());
  });

  test.each(Object.entries(statusCases))('HTTP 200 with status %s -> %s', async (name, expected) => {
    const status = StatusCode[name as keyof typeof StatusCode];
    const result = await outcomeOf(200, { status, message: `message of ${name}`, data: null });
    expectOutcome(result, expected);
    if (expected === 'apiError') {
      const error = result.rejected as ApiError;
      expect(error.status).toBe(status);
      expect(error.message).toBe(`message of ${name}`);
      expect(error.httpStatus).toBe(200);
    }
    if (expected === 'resolve') expect(result.resolved?.json).toEqual({ status: 1, message: 'message of SUCCESS', data: null });
  });

  test('429 carries Retry-After', async () => {
    const result = await outcomeOf(429, { error: 'too_many_requests' }, { 'Retry-After': '17' });
    expect((result.rejected as TooManyRequestsError).retryAfterSeconds).toBe(17);
  });

  test('no response at all -> 500 page', async () => {
    signIn();
    server.use(http.get(url('/awbapi/probe'), () => HttpResponse.error()));
    const error = await newClient()
      .api('/awbapi/probe')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorPageError);
    expect(error).toMatchObject({ page: 500, httpStatus: 0 });
    expect(hooks.onErrorPage).toHaveBeenCalledWith(500);
  });

  test('a status the caller handles comes back with its message even on a 4xx', async () => {
    const result = await outcomeOf(404, { status: StatusCode.SHIPMENT_NOT_FOUND, message: 'There is no shipment found in AWB #160-12345675.' });
    expectOutcome(result, 'apiError');
    expect((result.rejected as ApiError).message).toBe('There is no shipment found in AWB #160-12345675.');
    expect((result.rejected as ApiError).httpStatus).toBe(404);
  });

  test('callerHandles turns a page-mapped status into an ApiError for that call', async () => {
    const result = await outcomeOf(200, { status: StatusCode.FAILURE, message: 'Accept Shipment Fail!' }, {}, { callerHandles: [StatusCode.FAILURE] });
    expectOutcome(result, 'apiError');
    expect((result.rejected as ApiError).status).toBe(StatusCode.FAILURE);
  });

  test('validateStatus: false resolves whatever came, without hooks', async () => {
    for (const [status, body] of [
      [500, { message: 'boom' }],
      [400, { status: StatusCode.USER_PROFILE_INVALID }],
      [200, { status: StatusCode.FAILURE, message: 'Incorrect password.' }],
      [429, {}],
    ] as const) {
      const result = await outcomeOf(status, body, {}, { validateStatus: false });
      expect(result.rejected).toBeUndefined();
      expect(result.resolved?.status).toBe(status);
      expect(result.resolved?.json).toEqual(body);
    }
    expect(hooks.onErrorPage).not.toHaveBeenCalled();
    expect(hooks.onSignOut).not.toHaveBeenCalled();
    expect(readAccessToken()).toBe('access-1');
  });

  test('validateStatus: false with no response rejects NetworkError without a page', async () => {
    server.use(http.get(url('/awbapi/probe'), () => HttpResponse.error()));
    await expect(newClient().api('/awbapi/probe', { validateStatus: false })).rejects.toBeInstanceOf(NetworkError);
    expect(hooks.onErrorPage).not.toHaveBeenCalled();
  });

  test('an aborted request rejects quietly', async () => {
    server.use(
      http.get(url('/awbapi/probe'), async () => {
        await delay(200);
        return HttpResponse.json({ status: 1 });
      }),
    );
    const controller = new AbortController();
    const pending = newClient().api('/awbapi/probe', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(hooks.onErrorPage).not.toHaveBeenCalled();
  });
});

// @vitest-environment jsdom
import { delay, http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { StatusCode } from '../../../src/domain/statusCodes';
import { createAuthProvider, MFA_SESSION_ID_KEY } from '../../../dataProviders/authProvider';
import { createHttpClient } from '../../../dataProviders/httpClient';
import { SessionExpiredError, TooManyRequestsError } from '../../../dataProviders/httpErrors';
import { LoginFailedError, MfaEmailRequiredError, MfaPasscodeError, MfaRequiredError, TooManyAttemptsError } from '../../../dataProviders/loginErrors';
import { sessionFromPermission, sessionStore } from '../../../dataProviders/sessionStore';
import { readAccessToken, readRefreshToken, writeTokens } from '../../../dataProviders/tokenCookies';
import { cookieNames, createTestServer, fakeAccessToken, permissionFixture, resetBrowserState, testConfig, url } from './support';

const server = createTestServer();
const hooks = { onSignOut: vi.fn(), onErrorPage: vi.fn() };
const classicMenu = [{ function_id: 120, site_type: 1, category: 0, text: 'Sanction List', url: '/sanctionlist', items: [] }];

function authProvider() {
  return createAuthProvider({ config: testConfig, httpClient: createHttpClient(testConfig, hooks), loginUrl: '/en/login' });
}

/** The auth host answers `answer` to a token request; the forms it received are collected. */
function tokenEndpoint(answer: () => Response) {
  const forms: Record<string, string>[] = [];
  const contentTypes: (string | null)[] = [];
  const credentials: RequestCredentials[] = [];
  server.use(
    http.post(url('/auth/token'), async ({ request }) => {
      contentTypes.push(request.headers.get('Content-Type'));
      credentials.push(request.credentials);
      forms.push(Object.fromEntries(new URLSearchParams(await request.text())));
      return answer();
    }),
  );
  return { forms, contentTypes, credentials };
}

/** Both permission calls; the requests' Authorization headers and queries are collected. */
function permissionEndpoint(main: () => Response = () => HttpResponse.json(permissionFixture())) {
  const seen: { authorization: string | null; isClassic: string | null }[] = [];
  server.use(
    http.get(url('/userapi/permission'), ({ request }) => {
      const isClassic = new URL(request.url).searchParams.get('isClassic');
      seen.push({ authorization: request.headers.get('Authorization'), isClassic });
      return isClassic === 'true' ? HttpResponse.json(permissionFixture({ menu: classicMenu })) : main();
    }),
  );
  return seen;
}

const tokens = () => HttpResponse.json({ access_token: 'access-new', refresh_token: 'refresh-new' });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  hooks.onSignOut.mockReset();
  hooks.onErrorPage.mockReset();
});
afterEach(() => {
  server.resetHandlers();
  resetBrowserState();
});
afterAll(() => server.close());

describe('login', () => {
  test('posts trimmed client credentials, keeps the tokens and fills the session store', async () => {
    const { forms, contentTypes } = tokenEndpoint(tokens);
    const permissionCalls = permissionEndpoint();

    await authProvider().login({ companyId: ' C1 ', userId: '  U1', password: ' Secret#123 ' });

    expect(forms).toEqual([{ GrantType: 'client_credentials', ClientId: 'U1|C1|2|L', ClientSecret: 'Secret#123' }]);
    expect(contentTypes).toEqual(['application/x-www-form-urlencoded']);
    expect(readAccessToken()).toBe('access-new');
    expect(readRefreshToken()).toBe('refresh-new');
    expect(permissionCalls.map((c) => c.isClassic).sort()).toEqual(['true', null].sort());
    expect(permissionCalls.every((c) => c.authorization === 'Bearer access-new')).toBe(true);
    const session = sessionStore.get()!;
    expect(session.userId).toBe('U1');
    expect(session.companyId).toBe('C1');
    expect(session.functionList).toEqual([81]);
    expect(session.menuList).toEqual(permissionFixture().menu);
    expect(session.classicMenuList).toEqual(classicMenu);
  });

  test('asks with credentials, so the device cookie of the auth host is kept and sent back, on another origin too', async () => {
    const { credentials } = tokenEndpoint(tokens);
    permissionEndpoint();
    await authProvider().login({ companyId: 'C1', userId: 'U1', password: 'p' });
    expect(credentials).toEqual(['include']);
  });

  test('sends the stored MFA session id', async () => {
    localStorage.setItem(MFA_SESSION_ID_KEY, 'mfa-session-7');
    const { forms } = tokenEndpoint(tokens);
    permissionEndpoint();
    await authProvider().login({ companyId: 'C1', userId: 'U1', password: 'p' });
    expect(forms[0].MFASessionID).toBe('mfa-session-7');
  });

  test('mfa_required rejects with the MFA token and keeps nothing', async () => {
    tokenEndpoint(() => HttpResponse.json({ error: 'mfa_required', mfa_token: 'mfa-token-1' }, { status: 400 }));
    const error = await authProvider()
      .login({ companyId: 'C1', userId: 'U1', password: 'p' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MfaRequiredError);
    expect((error as MfaRequiredError).mfaToken).toBe('mfa-token-1');
    expect(cookieNames()).toEqual([]);
    expect(sessionStore.get()).toBeUndefined();
  });

  test('mfa_email_required rejects with the server description', async () => {
    tokenEndpoint(() =>
      HttpResponse.json({ error: 'mfa_email_required', error_description: 'No e-mail address is registered for this user.' }, { status: 400 }),
    );
    const error = await authProvider()
      .login({ companyId: 'C1', userId: 'U1', password: 'p' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MfaEmailRequiredError);
    expect((error as MfaEmailRequiredError).description).toBe('No e-mail address is registered for this user.');
  });

  test('a wrong password rejects with LoginFailedError and keeps nothing', async () => {
    tokenEndpoint(() => HttpResponse.json({ error: 'invalid_grant' }, { status: 400 }));
    const error = await authProvider()
      .login({ companyId: 'C1', userId: 'U1', password: 'wrong' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoginFailedError);
    expect((error as LoginFailedError).error).toBe('invalid_grant');
    expect(cookieNames()).toEqual([]);
    expect(sessionStore.get()).toBeUndefined();
    expect(hooks.onErrorPage).not.toHaveBeenCalled();
  });

  test('429 rejects with the seconds to wait', async () => {
    tokenEndpoint(() => HttpResponse.json({ error: 'too_many_requests' }, { status: 429, headers: { 'Retry-After': '30' } }));
    const error = await authProvider()
      .login({ companyId: 'C1', userId: 'U1', password: 'p' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyAttemptsError);
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect((error as TooManyAttemptsError).retryAfterSeconds).toBe(30);
  });

  test('no answer from the auth host rejects with network_error', async () => {
    server.use(http.post(url('/auth/token'), () => HttpResponse.error()));
    const error = await authProvider()
      .login({ companyId: 'C1', userId: 'U1', password: 'p' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoginFailedError);
    expect((error as LoginFailedError).error).toBe('network_error');
  });

  test('an invalid profile on the permission call undoes the sign-in', async () => {
    tokenEndpoint(tokens);
    permissionEndpoint(() => HttpResponse.json({ status: StatusCode.USER_PROFILE_INVALID }));
    const error = await authProvider()
      .login({ companyId: 'C1', userId: 'U1', password: 'p' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoginFailedError);
    expect((error as LoginFailedError).error).toBe('invalid_profile');
    expect(cookieNames()).toEqual([]);
    expect(sessionStore.get()).toBeUndefined();
  });
});

describe('MFA', () => {
  test('requestMfaChallenge posts the token as JSON and returns the masked address', async () => {
    let body: unknown;
    server.use(
      http.post(url('/auth/mfa/challenge'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ name: 'j***@example.com', prefix: 'AB' });
      }),
    );
    expect(await authProvider().requestMfaChallenge('mfa-token-1')).toEqual({ name: 'j***@example.com', prefix: 'AB' });
    expect(body).toEqual({ authenticatorType: 'email', MFAToken: 'mfa-token-1' });
  });

  test('loginWithMfaCode signs in and keeps the MFA session id', async () => {
    const { forms } = tokenEndpoint(() => HttpResponse.json({ access_token: 'access-mfa', refresh_token: 'refresh-mfa', mfa_session_id: 'mfa-session-9' }));
    permissionEndpoint();
    await authProvider().loginWithMfaCode('mfa-token-1', '123456');
    expect(forms).toEqual([{ GrantType: 'mfa-email', MFAToken: 'mfa-token-1', MFACode: '123456' }]);
    expect(localStorage.getItem(MFA_SESSION_ID_KEY)).toBe('mfa-session-9');
    expect(readAccessToken()).toBe('access-mfa');
    expect(sessionStore.get()?.userId).toBe('U1');
  });

  test('a wrong code rejects with the attempts left', async () => {
    tokenEndpoint(() => HttpResponse.json({ error: 'mfa_passcode_fail', remain_attempt: 2 }, { status: 400 }));
    const error = await authProvider()
      .loginWithMfaCode('mfa-token-1', '000000')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MfaPasscodeError);
    expect((error as MfaPasscodeError).remainAttempt).toBe(2);
    expect(localStorage.getItem(MFA_SESSION_ID_KEY)).toBeNull();
  });
});

describe('logout', () => {
  function signedIn(overrides = {}) {
    writeTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    sessionStore.set({ ...sessionFromPermission(permissionFixture(overrides)), currentShipmentId: '123' });
  }

  test('revokes the refresh token and clears cookies and session store', async () => {
    signedIn();
    const seen: { authorization: string | null; body: unknown }[] = [];
    server.use(
      http.post(url('/mobileapi/authentication/logout'), async ({ request }) => {
        seen.push({ authorization: request.headers.get('Authorization'), body: await request.json() });
        return HttpResponse.json({ status: 1 });
      }),
    );
    expect(await authProvider().logout({})).toBe('/en/login');
    expect(seen).toEqual([{ authorization: 'Bearer access-1', body: { refresh_token: 'refresh-1' } }]);
    expect(cookieNames()).toEqual([]);
    expect(sessionStore.get()).toBeUndefined();
  });

  test('releases the handling lock first for role 3 in an airline', async () => {
    signedIn({ company_type_id: 1, role_type_list: [3] });
    const order: string[] = [];
    server.use(
      http.post(url('/awbapi/deletehandling/:id'), ({ params }) => {
        order.push(`deletehandling ${params.id}`);
        return HttpResponse.json({ status: 1 });
      }),
      http.post(url('/mobileapi/authentication/logout'), () => {
        order.push('logout');
        return HttpResponse.json({ status: 1 });
      }),
    );
    await authProvider().logout({});
    expect(order).toEqual(['deletehandling 123', 'logout']);
  });

  test('ignores a network failure and still clears everything', async () => {
    signedIn();
    server.use(http.post(url('/mobileapi/authentication/logout'), () => HttpResponse.error()));
    await authProvider().logout({});
    expect(cookieNames()).toEqual([]);
    expect(sessionStore.get()).toBeUndefined();
    expect(hooks.onErrorPage).not.toHaveBeenCalled();
    expect(hooks.onSignOut).not.toHaveBeenCalled();
  });

  test('makes no call when nobody is signed in', async () => {
    await expect(authProvider().logout({})).resolves.toBe('/en/login'); // onUnhandledRequest would fail a call
  });
});

describe('checkAuth, checkError', () => {
  test('refuses without tokens', async () => {
    await expect(authProvider().checkAuth({})).rejects.toEqual({ redirectTo: '/en/login', message: false });
  });

  test('accepts tokens with a session store, without calling the server', async () => {
    writeTokens({ accessToken: 'a', refreshToken: 'r' });
    sessionStore.set(sessionFromPermission(permissionFixture()));
    await expect(authProvider().checkAuth({})).resolves.toBeUndefined();
  });

  test('rebuilds a missing session store once, from the permission calls (a new tab)', async () => {
    writeTokens({ accessToken: 'a', refreshToken: 'r' });
    const seen = permissionEndpoint(() => HttpResponse.json(permissionFixture({ company_name: 'Air Cargo 航空' })));
    const provider = authProvider();
    await Promise.all([provider.checkAuth({}), provider.checkAuth({}), provider.checkAuth({})]);
    expect(seen).toHaveLength(2); // one main, one classic
    expect(sessionStore.get()?.companyName).toBe('Air Cargo 航空');
    expect(sessionStore.get()?.classicMenuList).toEqual(classicMenu);
  });

  test('refuses when the rebuild fails', async () => {
    writeTokens({ accessToken: 'a', refreshToken: 'r' });
    permissionEndpoint(() => HttpResponse.json({ status: StatusCode.USER_PROFILE_INVALID }));
    await expect(authProvider().checkAuth({})).rejects.toEqual({ redirectTo: '/en/login', message: false });
  });

  test('a 401 logs out; a 403 does not', async () => {
    writeTokens({ accessToken: 'a', refreshToken: 'r' });
    const provider = authProvider();
    await expect(provider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(readAccessToken()).toBe('a');
    await expect(provider.checkError({ status: 401 })).rejects.toEqual({ redirectTo: '/en/login', message: false });
    await expect(provider.checkError(new Error('plain'))).resolves.toBeUndefined();
  });

  test('a session the httpClient already ended is not redirected twice', async () => {
    await expect(authProvider().checkError(new SessionExpiredError())).rejects.toEqual({ redirectTo: false, message: false });
  });
});

describe('identity, permissions, canAccess', () => {
  beforeEach(() => {
    sessionStore.set(sessionFromPermission(permissionFixture({ user_id: 'jane', company_name: 'ACME Freight' }), permissionFixture({ menu: classicMenu })));
  });

  test('getIdentity and getPermissions read the session store', async () => {
    const provider = authProvider();
    expect(await provider.getIdentity()).toEqual({ id: 'jane', fullName: 'jane', companyId: 'C1', companyName: 'ACME Freight' });
    expect(await provider.getPermissions({})).toEqual([81]);
  });

  test.each([
    [{ resource: 'function', action: '81' }, true], // in the function list
    [{ resource: 'function', action: '83' }, true], // held through a nested menu entry
    [{ resource: 'function', action: '120' }, true], // held through the classic menu
    [{ resource: 'function', action: '82' }, false],
    [{ resource: 'function', action: 'access', record: { functionId: 82 } }, false],
    [{ resource: 'function', action: 'access', record: { functionId: 81 } }, true],
    [{ resource: 'function', action: 'list' }, false], // not a function id
    [{ resource: 'shipment', action: 'list' }, true],
    [{ resource: 'shipmentLog', action: 'list' }, false],
    [{ resource: 'userManagement', action: 'edit' }, true],
    [{ resource: 'cookiesPolicy', action: 'list' }, true], // no function id: any signed-in user
  ])('canAccess(%o) is %s', async (params, expected) => {
    expect(await authProvider().canAccess(params)).toBe(expected);
  });

  test('resources added by plugins are checked by their function id', async () => {
    const provider = createAuthProvider({
      config: testConfig,
      httpClient: createHttpClient(testConfig, hooks),
      resourceFunctionIds: { sanctionlist: 120, countryrules: 130 },
    });
    expect(await provider.canAccess({ resource: 'sanctionlist', action: 'list' })).toBe(true);
    expect(await provider.canAccess({ resource: 'countryrules', action: 'list' })).toBe(false);
  });

  test('nothing is allowed without a session', async () => {
    sessionStore.clear();
    const provider = authProvider();
    expect(await provider.canAccess({ resource: 'shipment', action: 'list' })).toBe(false);
    expect(await provider.canAccess({ resource: 'cookiesPolicy', action: 'list' })).toBe(false);
    // react-admin's refusal shape: no message of its own (the app shows the login page).
    await expect(provider.getIdentity()).rejects.toMatchObject({ message: false });
  });
});

describe('a new tab whose access token has expired', () => {
  function expiredAccessThenFresh() {
    let refreshes = 0;
    const refreshClientIds: (string | null)[] = [];
    server.use(
      http.post(url('/auth/token'), async ({ request }) => {
        refreshes += 1;
        refreshClientIds.push(new URLSearchParams(await request.text()).get('ClientId'));
        await delay(10);
        return HttpResponse.json({ access_token: 'fresh', refresh_token: 'r2' });
      }),
    );
    const seen = permissionEndpoint();
    server.use(
      http.get(url('/userapi/permission'), ({ request }) =>
        request.headers.get('Authorization') === 'Bearer fresh' ? undefined : HttpResponse.json({}, { status: 401 }),
      ),
    );
    return { seen, refreshClientIds, refreshes: () => refreshes };
  }

  test('checkAuth refreshes once for both permission calls and rebuilds the session', async () => {
    writeTokens({ accessToken: fakeAccessToken('U1', 'C1'), refreshToken: 'r1' });
    const endpoint = expiredAccessThenFresh();
    await authProvider().checkAuth({});
    expect(endpoint.refreshes()).toBe(1);
    expect(endpoint.refreshClientIds).toEqual(['U1|C1|2|L']);
    expect(endpoint.seen.map((c) => c.authorization)).toEqual(['Bearer fresh', 'Bearer fresh']);
    expect(readAccessToken()).toBe('fresh');
    expect(readRefreshToken()).toBe('r2');
    expect(sessionStore.get()?.userId).toBe('U1');
    expect(hooks.onSignOut).not.toHaveBeenCalled();
  });

  test('when the refresh cannot name the user, the session ends once and react-admin does not redirect again', async () => {
    writeTokens({ accessToken: 'not-a-jwt', refreshToken: 'r1' });
    const endpoint = expiredAccessThenFresh();
    await expect(authProvider().checkAuth({})).rejects.toEqual({ redirectTo: false, message: false });
    expect(endpoint.refreshes()).toBe(0);
    expect(hooks.onSignOut).toHaveBeenCalledTimes(1);
    expect(hooks.onSignOut).toHaveBeenCalledWith('session');
    expect(cookieNames()).toEqual([]);
  });
});

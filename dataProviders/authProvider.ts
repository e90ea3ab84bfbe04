/**
 * react-admin's AuthProvider for the portal (spec 4 "Login", "Code dialog", "Session"; spec 6).
 * Signing in gets a token pair from the auth host, keeps it in cookies, then fills the session
 * store from the two permission calls. Every method rejects on failure with a typed error
 * (loginErrors.ts), or with react-admin's `{ redirectTo, message }` shape for checkAuth/checkError.
 *
 * canAccess convention (a pure function of the session store):
 * - `{ resource: 'function', action: '83' }`: the page of function 83;
 *   `{ resource: 'function', action: 'access', record: { functionId: 83 } }` says the same.
 * - any other resource is a route name; its function id comes from `resourceFunctionIds`
 *   (shipment 81, shipmentLog 82, userManagement 83 by default; rule-list plugins add theirs),
 *   whatever the action (list, create, edit...): spec 6 grants pages, not actions.
 * - a route with no function id is allowed to any signed-in user (spec 6); nothing is allowed
 *   without a session.
 */

import type { AuthProvider, UserIdentity } from 'react-admin';
import { buildClientId, FunctionId, holdsHandlingLock } from '../src/domain/access';
import { canAccessFunction, type PermissionResponse } from '../src/domain/permissions';
import { StatusCode } from '../src/domain/statusCodes';
import { bodyStatusOf } from './answerMapping';
import { createAuthHostClient, type AuthHostAnswer, type MfaChallengeResponse, type TokenResponse } from './authHostClient';
import type { HttpClient } from './httpClient';
import { isHandledHttpError, NetworkError } from './httpErrors';
import { LoginFailedError, MfaEmailRequiredError, MfaPasscodeError, MfaRequiredError, TooManyAttemptsError } from './loginErrors';
import type { RuntimeConfig } from './runtimeConfig';
import { sessionFromPermission, sessionStore, type SessionState } from './sessionStore';
import { deleteTokens, hasTokens, readAccessToken, readRefreshToken, writeTokens } from './tokenCookies';

/** Local-storage key of the MFA session id the auth host returns after a code succeeds (spec 4). */
export const MFA_SESSION_ID_KEY = 'mfa_session_id';

/** Route names of the new site's pages and their function ids (spec 2, 6). */
export const DEFAULT_RESOURCE_FUNCTION_IDS: Readonly<Record<string, number>> = {
  shipment: FunctionId.SHIPMENT,
  shipmentLog: FunctionId.USER_LOG,
  userManagement: FunctionId.USER_MANAGEMENT,
};

/** Logout should not wait long on a server that does not answer: it only revokes. */
const LOGOUT_CALL_TIMEOUT_MS = 5000;

export interface LoginParams {
  companyId: string;
  userId: string;
  password: string;
}

export interface AuthProviderOptions {
  config: RuntimeConfig;
  httpClient: HttpClient;
  /** Route name -> function id, merged over DEFAULT_RESOURCE_FUNCTION_IDS. */
  resourceFunctionIds?: Readonly<Record<string, number>>;
  /** Where react-admin goes when checkAuth or checkError refuse (react-admin's own default otherwise). */
  loginUrl?: string;
}

export interface CargoIdentity extends UserIdentity {
  id: string;
  fullName: string;
  companyId: string;
  companyName: string;
}

export interface CargoAuthProvider extends AuthProvider {
  login(params: LoginParams): Promise<void>;
  // biome-ignore lint/suspicious/noConfusingVoidType: react-admin's AuthProvider.logout type, which this interface extends (a string is where to go after).
  logout(params?: unknown): Promise<void | string>;
  checkAuth(params?: unknown): Promise<void>;
  checkError(error: unknown): Promise<void>;
  getIdentity(): Promise<CargoIdentity>;
  getPermissions(params?: unknown): Promise<number[]>;
  canAccess(params: { resource: string; action: string; record?: Record<string, unknown> }): Promise<boolean>;
  /** Sends the one-time code e-mail for an `MfaRequiredError`'s token; resolves with the masked address. */
  requestMfaChallenge(mfaToken: string): Promise<MfaChallengeResponse>;
  /** Completes a sign-in with the one-time code; rejects with MfaPasscodeError on a wrong code. */
  loginWithMfaCode(mfaToken: string, code: string): Promise<void>;
}

/** react-admin's rejection shape: `message: false` because the login page shows the spec's own dialogs. */
interface AuthRefusal {
  redirectTo?: string | false;
  message: false;
}

function isPermissionResponse(json: unknown): json is PermissionResponse {
  const candidate = json as Partial<PermissionResponse> | undefined;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    Array.isArray(candidate.menu) &&
    Array.isArray(candidate.functions) &&
    typeof candidate.user_id === 'string' &&
    typeof candidate.company_id === 'string'
  );
}

function storage(): Storage | undefined {
  return (globalThis as { localStorage?: Storage }).localStorage;
}

/** Turns a token answer into tokens, or rejects with what the login page must show. */
function tokensFrom(answer: AuthHostAnswer<TokenResponse>): { accessToken: string; refreshToken: string; mfaSessionId?: string } {
  const { httpStatus, body } = answer;
  if (httpStatus === 429) throw new TooManyAttemptsError(answer.retryAfterSeconds);
  if (httpStatus === 200 && body.access_token && body.refresh_token) {
    return { accessToken: body.access_token, refreshToken: body.refresh_token, mfaSessionId: body.mfa_session_id };
  }
  switch (body.error) {
    case 'mfa_required':
      if (body.mfa_token) throw new MfaRequiredError(body.mfa_token);
      break;
    case 'mfa_email_required':
      throw new MfaEmailRequiredError(body.error_description ?? '');
    case 'mfa_passcode_fail':
      throw new MfaPasscodeError(typeof body.remain_attempt === 'number' ? body.remain_attempt : undefined);
  }
  throw new LoginFailedError(body.error ?? `http_${httpStatus}`, body.error_description);
}

export function createAuthProvider(options: AuthProviderOptions): CargoAuthProvider {
  const { config, httpClient, loginUrl } = options;
  const authHost = createAuthHostClient(config);
  const resourceFunctionIds = { ...DEFAULT_RESOURCE_FUNCTION_IDS, ...options.resourceFunctionIds };
  let sessionRebuild: Promise<SessionState> | undefined;

  function refusal(cause?: unknown): AuthRefusal {
    // The httpClient already signed the user out and the app navigates: react-admin must not redirect too.
    if (isHandledHttpError(cause)) return { redirectTo: false, message: false };
    return loginUrl === undefined ? { message: false } : { redirectTo: loginUrl, message: false };
  }

  async function fetchPermission(path: string): Promise<PermissionResponse> {
    const answer = await httpClient.api<unknown>(path, { validateStatus: false });
    if (answer.status === 200 && isPermissionResponse(answer.json)) return answer.json;
    const invalid = bodyStatusOf(answer.json) === StatusCode.USER_PROFILE_INVALID;
    throw new LoginFailedError(invalid ? 'invalid_profile' : 'permission_failed');
  }

  /** Fills the session store from the permission calls; the handling-lock ids start empty. */
  async function loadSession(): Promise<SessionState> {
    const [permission, classicPermission] = await Promise.all([fetchPermission('/userapi/permission'), fetchPermission('/userapi/permission?isClassic=true')]);
    sessionStore.clear();
    return sessionStore.set(sessionFromPermission(permission, classicPermission));
  }

  /** Keeps the tokens, then the session; on any failure nothing of the half sign-in stays. */
  async function completeSignIn(answer: AuthHostAnswer<TokenResponse>): Promise<void> {
    const tokens = tokensFrom(answer);
    if (tokens.mfaSessionId) storage()?.setItem(MFA_SESSION_ID_KEY, tokens.mfaSessionId);
    sessionStore.clear();
    writeTokens(tokens);
    try {
      await loadSession();
    } catch (error) {
      deleteTokens();
      sessionStore.clear();
      if (error instanceof LoginFailedError) throw error;
      throw new LoginFailedError(error instanceof NetworkError ? 'network_error' : 'permission_failed');
    }
  }

  async function askAuthHost<T>(call: () => Promise<AuthHostAnswer<T>>): Promise<AuthHostAnswer<T>> {
    try {
      return await call();
    } catch (error) {
      throw new LoginFailedError(error instanceof NetworkError ? 'network_error' : 'unexpected_error');
    }
  }

  /** Best effort, before the tokens go: release the handling lock, then revoke the refresh token family. */
  async function revokeOnServer(session: SessionState | undefined, refreshToken: string | undefined): Promise<void> {
    const quietly = { method: 'POST', validateStatus: false, refreshOnUnauthorized: false } as const;
    if (session && holdsHandlingLock(session.companyTypeId, session.roleList)) {
      const held = new Set([session.currentShipmentId, session.previousShipmentId].filter((id): id is string => !!id));
      await Promise.all(
        [...held].map((shipmentId) =>
          httpClient
            .api(`/awbapi/deletehandling/${encodeURIComponent(shipmentId)}`, { ...quietly, signal: AbortSignal.timeout(LOGOUT_CALL_TIMEOUT_MS) })
            .catch(() => undefined),
        ),
      );
    }
    if (refreshToken) {
      await httpClient
        .api('/mobileapi/authentication/logout', {
          ...quietly,
          body: { refresh_token: refreshToken },
          signal: AbortSignal.timeout(LOGOUT_CALL_TIMEOUT_MS),
        })
        .catch(() => undefined);
    }
  }

  return {
    async login({ companyId, userId, password }: LoginParams) {
      const mfaSessionId = storage()?.getItem(MFA_SESSION_ID_KEY) ?? undefined;
      const answer = await askAuthHost(() =>
        authHost.requestToken({
          GrantType: 'client_credentials',
          ClientId: buildClientId(userId.trim(), companyId.trim(), config.appId),
          ClientSecret: password.trim(),
          ...(mfaSessionId ? { MFASessionID: mfaSessionId } : {}),
        }),
      );
      await completeSignIn(answer);
    },

    async requestMfaChallenge(mfaToken: string) {
      const answer = await askAuthHost(() => authHost.requestMfaChallenge(mfaToken));
      if (answer.httpStatus === 429) throw new TooManyAttemptsError(answer.retryAfterSeconds);
      const { name, prefix } = answer.body;
      if (answer.httpStatus !== 200 || typeof name !== 'string' || typeof prefix !== 'string') {
        const body = answer.body as Partial<TokenResponse>;
        throw new LoginFailedError(body.error ?? `http_${answer.httpStatus}`, body.error_description);
      }
      return { name, prefix };
    },

    async loginWithMfaCode(mfaToken: string, code: string) {
      const answer = await askAuthHost(() => authHost.requestToken({ GrantType: 'mfa-email', MFAToken: mfaToken, MFACode: code.trim() }));
      await completeSignIn(answer);
    },

    async logout() {
      const session = sessionStore.get();
      if (readAccessToken() || readRefreshToken()) await revokeOnServer(session, readRefreshToken());
      deleteTokens();
      sessionStore.clear();
      return loginUrl;
    },

    async checkAuth() {
      if (!hasTokens()) throw refusal();
      if (sessionStore.get()) return;
      // A new tab shares the cookies but not the session store: rebuild it, once for all callers.
      sessionRebuild ??= loadSession().finally(() => {
        sessionRebuild = undefined;
      });
      try {
        await sessionRebuild;
      } catch (error) {
        throw refusal(error);
      }
    },

    async checkError(error: unknown) {
      const status = (error as { status?: unknown } | null)?.status;
      // react-admin then calls logout, which revokes and clears (the tokens must still be there for that).
      if (status === 401) throw refusal(error);
      // 403 and everything else: the httpClient has shown the page or the caller handles it; stay signed in.
    },

    async getIdentity() {
      const session = sessionStore.get();
      if (!session) throw refusal();
      return { id: session.userId, fullName: session.userId, companyId: session.companyId, companyName: session.companyName };
    },

    async getPermissions() {
      return sessionStore.get()?.functionList ?? [];
    },

    async canAccess({ resource, action, record }) {
      const session = sessionStore.get();
      if (!session) return false;
      const permission = { menu: [...session.menuList, ...session.classicMenuList], functions: session.functionList };
      if (resource === 'function') {
        const functionId = typeof record?.functionId === 'number' ? record.functionId : Number(action);
        return Number.isInteger(functionId) && canAccessFunction(permission, functionId);
      }
      return canAccessFunction(permission, resourceFunctionIds[resource]);
    },
  };
}

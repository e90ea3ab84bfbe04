/**
 * The browser's one way to the API host and the classic envelope API: bearer token from the cookie,
 * envelope on every non-GET classic call, one shared refresh on HTTP 401, and the spec's answer
 * mapping (see answerMapping.ts). The app reacts through two hooks; it navigates, this file does not.
 *
 * Every call resolves only on success and rejects with a typed error otherwise (httpErrors.ts),
 * except with `validateStatus: false`, which resolves with whatever answer came (spec 7 "first
 * group": getuserconsent, createuserconsent, changepassword, logout).
 */

import { buildClientId } from '../src/domain/access';
import { meaningOfAnswer, bodyStatusOf } from './answerMapping';
import { createAuthHostClient } from './authHostClient';
import { wrapInEnvelope } from './envelope';
import {
  ApiError,
  ErrorPageError,
  InvalidProfileError,
  NetworkError,
  SessionExpiredError,
  TooManyRequestsError,
  parseRetryAfter,
  type ErrorPageCode,
} from './httpErrors';
import { hostUrl, type RuntimeConfig } from './runtimeConfig';
import { sessionStore } from './sessionStore';
import { accessTokenSubject, deleteTokens, readAccessToken, readRefreshToken, readTokensNow, writeTokens } from './tokenCookies';

/** 'session': the refresh failed or was refused; 'invalidProfile': the server answered USER_PROFILE_INVALID. */
export type SignOutReason = 'session' | 'invalidProfile';

export interface HttpClientHooks {
  /** Tokens and session store are already cleared: go to login (or the classic logout). */
  onSignOut(reason: SignOutReason): void;
  /** Show the error page of that code. */
  onErrorPage(code: ErrorPageCode): void;
}

export interface RequestOptions {
  method?: string;
  /**
   * A JSON payload, or a string already serialised as JSON (ra-data-simple-rest sends those).
   * FormData, Blob, URLSearchParams and ArrayBuffer bodies are sent as they are, without envelope.
   */
  body?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal | null;
  /** false: no answer mapping at all; the answer resolves whatever its status (401 still refreshes). */
  validateStatus?: boolean;
  /** Body statuses (spec 8) this caller handles: they reject with ApiError instead of a page or sign-out. */
  callerHandles?: readonly number[];
  /** false: a 401 is not refreshed (the logout call, which revokes the session anyway). */
  refreshOnUnauthorized?: boolean;
}

/** The shape of react-admin's fetchJson answer, so ra-data-simple-rest can use it directly. */
// biome-ignore lint/suspicious/noExplicitAny: an answer read without naming its type (react-admin's own calls) stays untyped, as fetch's json() is.
export interface HttpAnswer<T = any> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
}

export type ApiTarget = 'api' | 'classic';

export interface HttpClient {
  /** API host call; `path` is relative to `apiBase` (e.g. '/userapi/permission'). */
  // biome-ignore lint/suspicious/noExplicitAny: as HttpAnswer's default.
  api<T = any>(path: string, options?: RequestOptions): Promise<HttpAnswer<T>>;
  /** Classic envelope API call; `path` is relative to `classicApiBase`. */
  // biome-ignore lint/suspicious/noExplicitAny: as HttpAnswer's default.
  classic<T = any>(path: string, options?: RequestOptions): Promise<HttpAnswer<T>>;
  /** A call to an absolute URL on the given host (the classic one is ra-data-simple-rest's httpClient). */
  // biome-ignore lint/suspicious/noExplicitAny: as HttpAnswer's default.
  request<T = any>(target: ApiTarget, url: string, options?: RequestOptions): Promise<HttpAnswer<T>>;
  apiUrl(path: string): string;
  classicUrl(path: string): string;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isAbort(error: unknown, signal: AbortSignal | null | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

/** The Web Lock the tabs of a browser take in turn to refresh the token pair. */
export const REFRESH_LOCK = 'cargo-portal-token-refresh';

export function createHttpClient(config: RuntimeConfig, hooks: HttpClientHooks): HttpClient {
  const authHost = createAuthHostClient(config);
  let refreshInFlight: Promise<boolean> | undefined;
  // Set once the user is signed out, so that requests failing together call onSignOut once;
  // cleared by the next request that carries an access token (a new sign-in).
  let signedOut = false;

  function endSession(reason: SignOutReason): void {
    if (signedOut) return;
    signedOut = true;
    deleteTokens();
    sessionStore.clear();
    hooks.onSignOut(reason);
  }

  async function refreshTokens(): Promise<boolean> {
    const refreshToken = readRefreshToken();
    if (!refreshToken) return false;
    const session = sessionStore.get();
    const subject = session?.userId && session.companyId ? session : accessTokenSubject(readAccessToken());
    if (!subject) return false;
    try {
      const { httpStatus, body } = await authHost.requestToken({
        GrantType: 'refresh_token',
        ClientId: buildClientId(subject.userId, subject.companyId, config.appId),
        RefreshToken: refreshToken,
      });
      if (httpStatus !== 200 || !body.access_token || !body.refresh_token) return false;
      writeTokens({ accessToken: body.access_token, refreshToken: body.refresh_token });
      return true;
    } catch {
      return false;
    }
  }

  /**
   * One refresh at a time for every tab of the browser: the rotated refresh token is single-use, and
   * the server revokes the whole session when one is presented twice. Under a Web Lock, a tab that
   * waited for another's refresh finds the new pair in the shared cookies and uses it; without Web
   * Locks (old browsers) the tab refreshes on its own.
   */
  async function refreshAcrossTabs(sentToken: string | undefined): Promise<boolean> {
    const locks = (globalThis.navigator as Navigator | undefined)?.locks;
    if (!locks) return refreshTokens();
    return locks.request(REFRESH_LOCK, async () => {
      // Read from the cookie jar itself: this tab's document.cookie may not show the other tab's write yet.
      const now = await readTokensNow();
      if (now.accessToken && now.refreshToken && now.accessToken !== sentToken) {
        // Another tab refreshed while this one waited: its pair, in this tab's document.cookie too, for the retry.
        if (readAccessToken() !== now.accessToken) writeTokens({ accessToken: now.accessToken, refreshToken: now.refreshToken });
        return true;
      }
      return refreshTokens();
    });
  }

  /** All requests of this tab that fail together share one refresh. */
  function refreshOnce(sentToken: string | undefined): Promise<boolean> {
    refreshInFlight ??= refreshAcrossTabs(sentToken).finally(() => {
      refreshInFlight = undefined;
    });
    return refreshInFlight;
  }

  /** True when the request may be retried with the token now in the cookie. */
  async function recoverFromUnauthorized(sentToken: string | undefined): Promise<boolean> {
    const current = readAccessToken();
    if (current && current !== sentToken) return true; // another request refreshed meanwhile
    if (!current && sentToken) return false; // another request ended the session meanwhile
    return refreshOnce(sentToken);
  }

  function buildInit(target: ApiTarget, options: RequestOptions, accessToken: string | undefined): RequestInit {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers = new Headers(options.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
    let body: BodyInit | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      if (isRawBody(options.body)) {
        body = options.body;
      } else if (target === 'classic') {
        const payload = typeof options.body === 'string' ? (parseJsonText(options.body) ?? options.body) : options.body;
        body = JSON.stringify(wrapInEnvelope(payload, config.appId)); // new token and ts on every attempt
        headers.set('Content-Type', 'application/json');
      } else if (options.body !== undefined) {
        body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
        if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
      }
    }
    return { method, headers, body, signal: options.signal ?? undefined };
  }

  async function readAnswer<T>(response: Response): Promise<HttpAnswer<T>> {
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text, json: (text ? parseJsonText(text) : undefined) as T };
  }

  function failWithPage(page: ErrorPageCode, httpStatus: number, bodyStatus?: number): never {
    hooks.onErrorPage(page);
    throw new ErrorPageError(page, httpStatus, bodyStatus);
  }

  function mapAnswer<T>(answer: HttpAnswer<T>, options: RequestOptions): HttpAnswer<T> {
    const meaning = meaningOfAnswer(answer.status, answer.json, options.callerHandles);
    switch (meaning.kind) {
      case 'success':
        return answer;
      case 'errorPage':
        return failWithPage(meaning.page, answer.status, bodyStatusOf(answer.json));
      case 'invalidProfile':
        endSession('invalidProfile');
        throw new InvalidProfileError();
      case 'tooManyRequests':
        throw new TooManyRequestsError(parseRetryAfter(answer.headers.get('Retry-After')));
      case 'callerError':
        throw new ApiError(meaning.status, meaning.message, answer.status, answer.json);
    }
  }

  async function request<T>(target: ApiTarget, url: string, options: RequestOptions = {}): Promise<HttpAnswer<T>> {
    const validate = options.validateStatus !== false;
    const refreshAllowed = options.refreshOnUnauthorized !== false;
    for (let attempt = 0; ; attempt += 1) {
      const sentToken = readAccessToken();
      if (sentToken) signedOut = false;
      let response: Response;
      try {
        response = await fetch(url, buildInit(target, options, sentToken));
      } catch (error) {
        if (isAbort(error, options.signal)) throw error;
        if (validate) failWithPage(500, 0);
        throw new NetworkError(error);
      }
      const answer = await readAnswer<T>(response);
      if (response.status !== 401) return validate ? mapAnswer(answer, options) : answer;
      if (!refreshAllowed) {
        if (!validate) return answer;
      } else if (attempt === 0 && (await recoverFromUnauthorized(sentToken))) {
        continue;
      }
      endSession('session');
      throw new SessionExpiredError();
    }
  }

  const apiUrl = (path: string) => hostUrl(config.apiBase, path);
  const classicUrl = (path: string) => hostUrl(config.classicApiBase, path);

  return {
    api: (path, options) => request('api', apiUrl(path), options),
    classic: (path, options) => request('classic', classicUrl(path), options),
    request,
    apiUrl,
    classicUrl,
  };
}

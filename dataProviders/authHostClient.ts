/**
 * The authentication host (spec 7): the token endpoint and the MFA challenge. These are "first
 * group" calls: no status mapping, no bearer; the parsed body goes back to the caller with the HTTP
 * status, which decides what it means.
 */

import { NetworkError, parseRetryAfter } from './httpErrors';
import { hostUrl, type RuntimeConfig } from './runtimeConfig';
import type { TokenResponse } from '../src/domain/authWire';

export type { TokenResponse } from '../src/domain/authWire';

export type TokenRequest =
  | { GrantType: 'client_credentials'; ClientId: string; ClientSecret: string; MFASessionID?: string }
  | { GrantType: 'mfa-email'; MFAToken: string; MFACode: string }
  | { GrantType: 'refresh_token'; ClientId: string; RefreshToken: string };

export interface MfaChallengeResponse {
  /** The masked e-mail address to show. */
  name: string;
  prefix: string;
}

export interface AuthHostAnswer<T> {
  httpStatus: number;
  body: Partial<T>;
  /** From Retry-After on a 429. */
  retryAfterSeconds?: number;
}

export interface AuthHostClient {
  requestToken(request: TokenRequest): Promise<AuthHostAnswer<TokenResponse>>;
  requestMfaChallenge(mfaToken: string): Promise<AuthHostAnswer<MfaChallengeResponse>>;
}

/**
 * A request whose answer the caller reads whatever its status: the parsed body (empty when it is not
 * JSON) with the HTTP status, and Retry-After on a 429. No answer at all throws NetworkError.
 */
export async function fetchAnswer<T>(url: string, init: RequestInit): Promise<AuthHostAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch (error) {
    throw new NetworkError(error);
  }
  const text = await response.text();
  let body: Partial<T> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (typeof parsed === 'object' && parsed !== null) body = parsed as Partial<T>;
  } catch {
    // Not JSON (a proxy's error page): the HTTP status alone tells the caller what happened.
  }
  const answer: AuthHostAnswer<T> = { httpStatus: response.status, body };
  if (response.status === 429) answer.retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
  return answer;
}

export function createAuthHostClient(config: Pick<RuntimeConfig, 'authBase'>): AuthHostClient {
  return {
    requestToken(request) {
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(request)) {
        if (value !== undefined) form.set(key, String(value));
      }
      return fetchAnswer<TokenResponse>(hostUrl(config.authBase, '/token'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        // The device cookie a completed sign-in sets (HttpOnly, the auth host's path) is kept and sent back
        // also when the auth host is on another origin of the site (PUBLIC_AUTH_BASE), whose CORS allows credentials.
        credentials: 'include',
      });
    },

    requestMfaChallenge(mfaToken) {
      return fetchAnswer<MfaChallengeResponse>(hostUrl(config.authBase, '/mfa/challenge'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ authenticatorType: 'email', MFAToken: mfaToken }),
      });
    },
  };
}

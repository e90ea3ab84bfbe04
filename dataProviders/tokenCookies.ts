/**
 * The token pair lives in two cookies the browser app writes (CONTRACTS.md "Identity and tokens"):
 * SameSite=Strict, path /, Secure under HTTPS, no expiry (they end with the browser; the refresh
 * token's own 12-hour lifetime is enforced by the server).
 */

export const ACCESS_TOKEN_COOKIE = 'access_token';
export const REFRESH_TOKEN_COOKIE = 'refresh_token';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

function cookieAttributes(): string {
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  return `; path=/; SameSite=Strict${secure}`;
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) {
      const value = decodeURIComponent(part.slice(separator + 1).trim());
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}

function writeCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}${cookieAttributes()}`;
}

function deleteCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT${cookieAttributes()}`;
}

export function readAccessToken(): string | undefined {
  return readCookie(ACCESS_TOKEN_COOKIE);
}

export function readRefreshToken(): string | undefined {
  return readCookie(REFRESH_TOKEN_COOKIE);
}

type CookieStoreLike = { get(name: string): Promise<{ value: string } | null | undefined> };

/**
 * The token pair as the browser's cookie jar holds it now. A tab's document.cookie can lag behind
 * another tab's write for a moment; the Cookie Store API (Chromium) asks the jar itself. Without it,
 * document.cookie.
 */
export async function readTokensNow(): Promise<{ accessToken?: string; refreshToken?: string }> {
  const store = (globalThis as { cookieStore?: CookieStoreLike }).cookieStore;
  if (!store) return { accessToken: readAccessToken(), refreshToken: readRefreshToken() };
  try {
    const value = async (name: string) => {
      const text = decodeURIComponent((await store.get(name))?.value ?? '');
      return text === '' ? undefined : text;
    };
    return { accessToken: await value(ACCESS_TOKEN_COOKIE), refreshToken: await value(REFRESH_TOKEN_COOKIE) };
  } catch {
    return { accessToken: readAccessToken(), refreshToken: readRefreshToken() };
  }
}

export function writeTokens(tokens: TokenPair): void {
  writeCookie(ACCESS_TOKEN_COOKIE, tokens.accessToken);
  writeCookie(REFRESH_TOKEN_COOKIE, tokens.refreshToken);
}

export function deleteTokens(): void {
  deleteCookie(ACCESS_TOKEN_COOKIE);
  deleteCookie(REFRESH_TOKEN_COOKIE);
}

export function hasTokens(): boolean {
  return readAccessToken() !== undefined || readRefreshToken() !== undefined;
}

/** The user and company an access token names (claims `sub`, `cid`), read without verifying: only to address a refresh. */
export function accessTokenSubject(token: string | undefined): { userId: string; companyId: string } | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    const claims = JSON.parse(json) as { sub?: unknown; cid?: unknown };
    return typeof claims.sub === 'string' && typeof claims.cid === 'string' ? { userId: claims.sub, companyId: claims.cid } : undefined;
  } catch {
    return undefined;
  }
}

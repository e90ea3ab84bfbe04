import { createHash, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { parse, serialize } from 'cookie';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser or API
 * client that completes a sign-in to an account gets a cookie naming the account and a device id,
 * so that the sign-in throttle (loginThrottle.ts) judges its later attempts on that account by its
 * own failures only. The value is an HS256 JWT of its own type, `device`, signed with the server's
 * key, expiring after LOGIN_DEVICE_COOKIE_DAYS and renewed by each sign-in. One cookie per account,
 * so staff sharing a terminal each keep theirs; HttpOnly, SameSite=Strict, Secure over TLS, and sent
 * only to the authentication host's path. It opens nothing: the password is still needed.
 */
export interface DeviceCookieSettings {
  days: number;
  /** The path of the authentication host's public base (PUBLIC_AUTH_BASE). */
  path: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cookie's path: the path of the auth host's public base, a path ("/auth") or a URL on another origin. */
export function deviceCookiePath(authBase: string): string {
  const path = new URL(authBase, 'http://portal.invalid').pathname.replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/** The name of an account's device cookie (account keys as accountKey() makes them): a hash of the key, so a sign-in reads the one cookie of its account. */
export function deviceCookieName(key: string): string {
  return `cargo_device_${createHash('sha256').update(key).digest('hex').slice(0, 20)}`;
}

/** A new device, for a client that signed in without a device cookie for the account. */
export const newDeviceId = (): string => randomUUID();

/** The Set-Cookie value that gives (or renews) the device's cookie for the account; Secure when the request came over TLS. */
export function deviceCookie(secret: string, key: string, deviceId: string, settings: DeviceCookieSettings, secure: boolean): string {
  const seconds = settings.days * 86_400;
  const token = jwt.sign({ typ: 'device', acct: key, did: deviceId }, secret, { algorithm: 'HS256', expiresIn: seconds });
  return serialize(deviceCookieName(key), token, { httpOnly: true, secure, sameSite: 'strict', path: settings.path, maxAge: seconds });
}

/** The device id of the request's valid device cookie for this account, or undefined (none, expired, forged, another account's). */
export function deviceOf(cookieHeader: string | undefined, secret: string, key: string): string | undefined {
  if (!cookieHeader) return undefined;
  const token = parse(cookieHeader)[deviceCookieName(key)];
  if (!token) return undefined;
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload !== 'object' || payload.typ !== 'device' || payload.acct !== key) return undefined;
    return typeof payload.did === 'string' && UUID.test(payload.did) ? payload.did : undefined;
  } catch {
    return undefined;
  }
}

import { createHash, createHmac, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { parse, serialize } from 'cookie';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser or API
 * client that completes a sign-in to an account gets a cookie naming the account and a device id,
 * so that the sign-in throttle (loginThrottle.ts) judges its later attempts on that account by its
 * own failures only. The value is an HS256 JWT of its own type, `device`, signed with a key of its own
 * derived from the server's, expiring after LOGIN_DEVICE_COOKIE_DAYS and renewed by each sign-in. It
 * names the account's password as it was (a fingerprint of its stored hash): a password change makes
 * every device cookie of the account worthless, those of a device that knew the old one too. One cookie per account,
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

/** A fingerprint of the account's stored password hash: it changes with the password, and says nothing of it. */
export function credentialOf(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 22);
}

/** The device cookies' own signing key, derived from the server's (their tokens can never pass for another kind). */
export function deviceSigningKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('cargo-portal device cookie').digest();
}

/** The Set-Cookie value that gives (or renews) the device's cookie for the account; Secure when the request came over TLS. */
export function deviceCookie(secret: string, key: string, deviceId: string, credential: string, settings: DeviceCookieSettings, secure: boolean): string {
  const seconds = settings.days * 86_400;
  const token = jwt.sign({ typ: 'device', acct: key, did: deviceId, cred: credential }, deviceSigningKey(secret), { algorithm: 'HS256', expiresIn: seconds });
  return serialize(deviceCookieName(key), token, { httpOnly: true, secure, sameSite: 'strict', path: settings.path, maxAge: seconds });
}

/**
 * The device id of the request's valid device cookie for this account and its password as it is now
 * (`credential`; none for an unknown account), or undefined (none, expired, forged, another account's,
 * from before a password change).
 */
export function deviceOf(cookieHeader: string | undefined, secret: string, key: string, credential: string | undefined): string | undefined {
  if (!cookieHeader || credential === undefined) return undefined;
  const token = parse(cookieHeader)[deviceCookieName(key)];
  if (!token) return undefined;
  try {
    const payload = jwt.verify(token, deviceSigningKey(secret), { algorithms: ['HS256'] });
    if (typeof payload !== 'object' || payload.typ !== 'device' || payload.acct !== key || payload.cred !== credential) return undefined;
    return typeof payload.did === 'string' && UUID.test(payload.did) ? payload.did : undefined;
  } catch {
    return undefined;
  }
}

import jwt from 'jsonwebtoken';
import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';

/**
 * Access tokens: HS256 JWTs (algorithm allowlisted on verify) with sub, cid, typ and jti (CONTRACTS.md),
 * and `sid`, the refresh-token family (the session) they were issued in: when the family is revoked
 * (sign-out, a replayed refresh token, an admin's password change, lock or delete) its access
 * tokens stop at once instead of living out their 15 minutes.
 */

export interface AccessClaims {
  userId: string;
  companyId: string;
  issuedAt: number;
  /** The refresh-token family: a token without one is refused, so every token can be revoked with its session. */
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The secret as a key object, made once: given a string, jsonwebtoken first tries it as a public
 * key on every call (half a millisecond each), which a secret key object skips.
 */
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export function signAccessToken(secret: string, userId: string, companyId: string, lifetimeSeconds: number, sessionId: string): string {
  return jwt.sign({ cid: companyId, typ: 'access', sid: sessionId }, keyOf(secret), {
    algorithm: 'HS256',
    subject: userId,
    jwtid: randomUUID(),
    expiresIn: lifetimeSeconds,
  });
}

/**
 * Tokens already verified, with their payloads, until they expire: a browser (or a ONE Record client) sends
 * the same token with every call of its lifetime, and the signature of the same bytes under the same key
 * checks the same. Only signatures that verified are kept; what a token is for (its type, issuer and
 * audience, its claims' shape) is checked on every call, and whether its session or client is still live
 * is the caller's question (authenticate.ts, oneRecord/routes.ts), every time.
 */
const verified = new Map<string, { secret: string; payload: jwt.JwtPayload; expiresAtMs: number }>();
const MAX_VERIFIED = 20_000;

/** The payload of a token signed with the secret and not expired (HS256 only), from memory when verified before. */
function verifiedPayload(secret: string, token: string): jwt.JwtPayload | undefined {
  const known = verified.get(token);
  if (known && known.secret === secret && known.expiresAtMs > Date.now()) return known.payload;
  let payload: string | jwt.JwtPayload;
  try {
    payload = jwt.verify(token, keyOf(secret), { algorithms: ['HS256'] });
  } catch {
    return undefined;
  }
  if (typeof payload !== 'object' || typeof payload.exp !== 'number') return undefined;
  if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
  verified.set(token, { secret, payload, expiresAtMs: payload.exp * 1000 });
  return payload;
}

/** The claims of a valid token, or undefined for anything else (expired, tampered, wrong key, alg none, wrong type, no session). */
export function verifyAccessToken(secret: string, token: string): AccessClaims | undefined {
  const payload = verifiedPayload(secret, token);
  return payload && accessClaimsOf(payload);
}

/**
 * The session a genuine access token belongs to, expired or not (sign-out ends the session of a
 * token that has just expired too); undefined for anything not signed with the key.
 */
export function sessionOfAccessToken(secret: string, token: string): string | undefined {
  try {
    const payload = jwt.verify(token, keyOf(secret), { algorithms: ['HS256'], ignoreExpiration: true });
    return typeof payload === 'object' && typeof payload.exp === 'number' ? accessClaimsOf(payload)?.sessionId : undefined;
  } catch {
    return undefined;
  }
}

function accessClaimsOf(payload: jwt.JwtPayload): AccessClaims | undefined {
  if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.cid !== 'string' || typeof payload.iat !== 'number') return undefined;
  if (typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return undefined;
  return { userId: payload.sub, companyId: payload.cid, issuedAt: payload.iat, sessionId: payload.sid };
}

/**
 * ONE Record access tokens (issue 37, 4): what a registered ONE Record client gets at /auth/token (client
 * credentials, no refresh token). HS256 JWTs with `typ` onerecord, `sub` the client id, `cid` its company,
 * `logistics_agent_uri` its organisation's IRI (the claim the ONE Record security guidance names), `iss` the portal
 * and `aud` its ONE Record server: verifyAccessToken refuses them (another typ), so they reach /onerecord only.
 */
export interface OneRecordClaims {
  clientId: string;
  companyId: string;
  organisationIri: string;
}

export const ONE_RECORD_TOKEN_SECONDS = 3600;

export function signOneRecordToken(secret: string, claims: OneRecordClaims, issuer: string, audience: string): string {
  return jwt.sign({ typ: 'onerecord', cid: claims.companyId, logistics_agent_uri: claims.organisationIri }, keyOf(secret), {
    algorithm: 'HS256',
    subject: claims.clientId,
    issuer,
    audience,
    jwtid: randomUUID(),
    expiresIn: ONE_RECORD_TOKEN_SECONDS,
  });
}

/** The claims of a valid ONE Record token of this issuer for this audience, or undefined for anything else. */
export function verifyOneRecordToken(secret: string, token: string, issuer: string, audience: string): OneRecordClaims | undefined {
  const payload = verifiedPayload(secret, token);
  if (payload?.typ !== 'onerecord' || payload.iss !== issuer || !(payload.aud === audience || (Array.isArray(payload.aud) && payload.aud.includes(audience))))
    return undefined;
  if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string' || typeof payload.logistics_agent_uri !== 'string') return undefined;
  return { clientId: payload.sub, companyId: payload.cid, organisationIri: payload.logistics_agent_uri };
}

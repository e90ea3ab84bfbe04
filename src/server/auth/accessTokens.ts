import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';

/** Access tokens: HS256 JWTs (algorithm allowlisted on verify) with sub, cid, typ and jti (CONTRACTS.md). */

export interface AccessClaims {
  userId: string;
  companyId: string;
  issuedAt: number;
}

export function signAccessToken(secret: string, userId: string, companyId: string, lifetimeSeconds: number): string {
  return jwt.sign({ cid: companyId, typ: 'access' }, secret, {
    algorithm: 'HS256',
    subject: userId,
    jwtid: randomUUID(),
    expiresIn: lifetimeSeconds,
  });
}

/** The claims of a valid token, or undefined for anything else (expired, tampered, wrong key, alg none, wrong type). */
export function verifyAccessToken(secret: string, token: string): AccessClaims | undefined {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload !== 'object' || payload.typ !== 'access') return undefined;
    if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string' || typeof payload.iat !== 'number') return undefined;
    return { userId: payload.sub, companyId: payload.cid, issuedAt: payload.iat };
  } catch {
    return undefined;
  }
}

import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import type { AccessClaims } from '../auth/accessTokens';

/**
 * File links for the browser: the page asks for a ticket with its bearer token, then opens the file
 * URL with `?ticket=` in a new window or downloads it, which cannot carry an Authorization header.
 * A ticket is an HS256 JWT of type `file`, bound to one user and one path, valid a short time. It
 * carries the session and the issue time of the access token it was asked with, so the file is
 * refused, like that token, once the session ends or the password changes.
 */
export function issueFileTicket(secret: string, claims: AccessClaims, path: string, seconds: number): string {
  return jwt.sign({ cid: claims.companyId, typ: 'file', path, sid: claims.sessionId, ati: claims.issuedAt }, secret, {
    algorithm: 'HS256',
    subject: claims.userId,
    jwtid: randomUUID(),
    expiresIn: seconds,
  });
}

/** The claims of the access token the ticket was issued under, or undefined. */
export function verifyFileTicket(secret: string, token: string, path: string): AccessClaims | undefined {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload !== 'object' || payload.typ !== 'file' || payload.path !== path) return undefined;
    if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string' || typeof payload.sid !== 'string' || typeof payload.ati !== 'number')
      return undefined;
    return { userId: payload.sub, companyId: payload.cid, sessionId: payload.sid, issuedAt: payload.ati };
  } catch {
    return undefined;
  }
}

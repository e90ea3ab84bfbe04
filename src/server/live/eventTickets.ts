import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import type { AccessClaims } from '../auth/accessTokens';

/**
 * The ticket of an event stream: EventSource cannot send an Authorization header, so the page asks
 * for a ticket with its bearer token (POST awbapi/eventticket) and opens the stream with `?ticket=`.
 * Like a file ticket (shipments/fileTickets.ts) it is an HS256 JWT of its own type, `events`, bound
 * to one user and the session and issue time of the access token it was asked with, valid a short
 * time; it opens nothing but the stream, and no other ticket or token opens the stream.
 */
export function issueEventTicket(secret: string, claims: AccessClaims, seconds: number): string {
  return jwt.sign({ cid: claims.companyId, typ: 'events', sid: claims.sessionId, ati: claims.issuedAt }, secret, {
    algorithm: 'HS256',
    subject: claims.userId,
    jwtid: randomUUID(),
    expiresIn: seconds,
  });
}

/** The claims of the access token the ticket was issued under, or undefined. */
export function verifyEventTicket(secret: string, token: string): AccessClaims | undefined {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload !== 'object' || payload.typ !== 'events') return undefined;
    if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string' || typeof payload.sid !== 'string' || typeof payload.ati !== 'number')
      return undefined;
    return { userId: payload.sub, companyId: payload.cid, sessionId: payload.sid, issuedAt: payload.ati };
  } catch {
    return undefined;
  }
}

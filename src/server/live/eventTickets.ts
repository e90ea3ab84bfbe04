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

/**
 * The tickets this instance has admitted, kept until they expire: a ticket opens one stream only (it
 * is in a URL, and URLs end up in logs and histories), and a reconnecting page asks for a new one.
 */
export class UsedTickets {
  /** Ticket id -> its expiry (ms); in the order they were used, which is nearly their expiry's. */
  readonly #used = new Map<string, number>();

  /** Whether the ticket was unused (and is now used). */
  use(ticketId: string, expiresAtMs: number, now = Date.now()): boolean {
    for (const [id, expiresAt] of this.#used) {
      if (expiresAt > now) break;
      this.#used.delete(id);
    }
    if (this.#used.has(ticketId)) return false;
    this.#used.set(ticketId, expiresAtMs);
    return true;
  }

  get size(): number {
    return this.#used.size;
  }
}

/** The claims of the access token the ticket was issued under, or undefined; with `used`, only the first time. */
export function verifyEventTicket(secret: string, token: string, used?: UsedTickets): AccessClaims | undefined {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload !== 'object' || payload.typ !== 'events') return undefined;
    if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string' || typeof payload.sid !== 'string' || typeof payload.ati !== 'number')
      return undefined;
    if (used && (typeof payload.jti !== 'string' || typeof payload.exp !== 'number' || !used.use(payload.jti, payload.exp * 1000))) return undefined;
    return { userId: payload.sub, companyId: payload.cid, sessionId: payload.sid, issuedAt: payload.ati };
  } catch {
    return undefined;
  }
}

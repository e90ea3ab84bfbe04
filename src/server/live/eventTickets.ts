import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import type { AccessClaims } from '../auth/accessTokens';
import { sql } from 'kysely';
import type { Db } from '../db/database';

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

/** A ticket's claims, with its id and expiry, which make it single-use (spendEventTicket). */
export interface VerifiedTicket {
  claims: AccessClaims;
  ticketId: string;
  expiresAt: Date;
}

/** The ticket's claims, id and expiry when it is a valid events ticket; undefined otherwise. */
export function verifyEventTicket(secret: string, token: string): VerifiedTicket | undefined {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload !== 'object' || payload.typ !== 'events') return undefined;
    if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string' || typeof payload.sid !== 'string' || typeof payload.ati !== 'number')
      return undefined;
    if (typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return undefined;
    return {
      claims: { userId: payload.sub, companyId: payload.cid, sessionId: payload.sid, issuedAt: payload.ati },
      ticketId: payload.jti,
      expiresAt: new Date(payload.exp * 1000),
    };
  } catch {
    return undefined;
  }
}

/**
 * Uses a ticket: true the first time, on whichever process or instance (the ids used are kept in the
 * database until the ticket expires). A ticket opens one stream only: it is in a URL, and URLs end up
 * in logs and histories; a reconnecting page asks for a new one.
 */
export async function spendEventTicket(db: Db, ticket: VerifiedTicket): Promise<boolean> {
  const used = await db
    .insertInto('used_event_tickets')
    .values({ ticket_id: ticket.ticketId, expires_at: ticket.expiresAt })
    .onConflict((oc) => oc.column('ticket_id').doNothing())
    .executeTakeFirst();
  return Number(used.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Expired tickets are refused by their signature's expiry: their ids need not be kept, once a margin
 * for the instances' clocks has passed (the database's clock, one for all of them).
 */
export async function pruneUsedEventTickets(db: Db): Promise<void> {
  await db.deleteFrom('used_event_tickets').where('expires_at', '<', sql<Date>`now() - interval '10 minutes'`).execute();
}

import { sql, type Kysely } from 'kysely';

/**
 * Event-stream tickets already used (issue 33, item 5): a ticket opens one stream only, on every app
 * process and instance, so the ids of those used are kept in the database until the ticket expires
 * (they were kept in each process's memory, so one ticket opened a stream on each process).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE used_event_tickets (
      ticket_id text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX used_event_tickets_expiry ON used_event_tickets (expires_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE used_event_tickets`.execute(db);
}

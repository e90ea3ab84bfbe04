import { sql, type Kysely } from 'kysely';

/**
 * Issue 37, 4: logistics events partners post to the logistics objects of a shipment (ONE Record API 2.3.0: an
 * append-only event store per object), kept with who posted them; gone with their shipment. Additive.
 */
export const additive = true;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE onerecord_events (
      event_id uuid PRIMARY KEY,
      object_id text NOT NULL,
      shipment_id bigint NOT NULL REFERENCES shipments (shipment_id) ON DELETE CASCADE,
      company_id text NOT NULL,
      user_id text,
      client_id text,
      recording_organisation text,
      event_date timestamptz NOT NULL,
      event_code text,
      event_name text,
      event_time_type text,
      partial_event boolean,
      event_location text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX onerecord_events_object ON onerecord_events (object_id, created_at)`.execute(db);
  await sql`CREATE INDEX onerecord_events_shipment ON onerecord_events (shipment_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE onerecord_events`.execute(db);
}

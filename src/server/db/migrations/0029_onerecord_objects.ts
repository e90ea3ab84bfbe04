import { sql, type Kysely } from 'kysely';

/**
 * Issue 37, 4: logistics objects partners create on the ONE Record server, each revision kept (a historical GET
 * reads the revision of its time), and the change requests made of them (ONE Record action requests: who asked,
 * the change, its status and the statuses it had). Events may now be posted to a partner's object, which has no
 * shipment. Additive: new tables, and a column that no longer needs a value.
 */
export const additive = true;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE onerecord_objects (
      object_id text PRIMARY KEY,
      object_type text NOT NULL,
      company_id text NOT NULL REFERENCES companies (company_id) ON DELETE CASCADE,
      user_id text,
      client_id text,
      organisation_iri text NOT NULL,
      revision integer NOT NULL DEFAULT 1,
      body jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      modified_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX onerecord_objects_company ON onerecord_objects (company_id)`.execute(db);
  await sql`
    CREATE TABLE onerecord_object_revisions (
      object_id text NOT NULL REFERENCES onerecord_objects (object_id) ON DELETE CASCADE,
      revision integer NOT NULL,
      body jsonb NOT NULL,
      valid_from timestamptz NOT NULL,
      PRIMARY KEY (object_id, revision)
    )`.execute(db);
  await sql`
    CREATE TABLE onerecord_action_requests (
      request_id uuid PRIMARY KEY,
      request_type text NOT NULL,
      object_id text NOT NULL REFERENCES onerecord_objects (object_id) ON DELETE CASCADE,
      company_id text NOT NULL,
      user_id text,
      client_id text,
      requested_by text NOT NULL,
      requested_at timestamptz NOT NULL DEFAULT now(),
      status text NOT NULL,
      status_since timestamptz NOT NULL DEFAULT now(),
      status_history jsonb NOT NULL DEFAULT '[]',
      for_revision integer NOT NULL,
      change jsonb NOT NULL,
      errors jsonb,
      revoked_by text,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX onerecord_action_requests_object ON onerecord_action_requests (object_id, requested_at)`.execute(db);
  await sql`ALTER TABLE onerecord_events ALTER COLUMN shipment_id DROP NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE onerecord_action_requests`.execute(db);
  await sql`DROP TABLE onerecord_object_revisions`.execute(db);
  await sql`DROP TABLE onerecord_objects`.execute(db);
}

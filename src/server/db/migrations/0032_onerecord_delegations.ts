import { sql, type Kysely } from 'kysely';

/**
 * Issue 37, 4: ONE Record access delegations of partners' logistics objects (each one an AccessDelegationRequest: who
 * asked, for which organisation and so which company, the permissions, the objects, its status and the statuses it
 * had). An accepted one lets the company it is for read the objects (and their events, and post events) as their
 * holder allows. Additive: a new table.
 */
export const additive = true;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE onerecord_delegations (
      request_id uuid PRIMARY KEY,
      company_id text NOT NULL REFERENCES companies (company_id) ON DELETE CASCADE,
      user_id text,
      client_id text,
      requested_by text NOT NULL,
      holder_company_id text NOT NULL REFERENCES companies (company_id) ON DELETE CASCADE,
      requested_for text NOT NULL,
      grantee_company_id text NOT NULL REFERENCES companies (company_id) ON DELETE CASCADE,
      permissions text[] NOT NULL,
      object_ids text[] NOT NULL,
      description text,
      notify_status boolean NOT NULL DEFAULT false,
      expires_at timestamptz,
      requested_at timestamptz NOT NULL DEFAULT now(),
      status text NOT NULL,
      status_since timestamptz NOT NULL DEFAULT now(),
      status_history jsonb NOT NULL DEFAULT '[]',
      revoked_by text,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX onerecord_delegations_grantee ON onerecord_delegations USING gin (object_ids) WHERE status = 'REQUEST_ACCEPTED'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE onerecord_delegations`.execute(db);
}

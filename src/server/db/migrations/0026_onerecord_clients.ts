import { sql, type Kysely } from 'kysely';

/**
 * Issue 37, 4: ONE Record clients a company's admins register (a partner's or the company's own system calling the
 * ONE Record server as the company). The secret is kept as an argon2id hash, shown once; a revoked client is kept,
 * with who revoked it and when. Additive.
 */
export const additive = true;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE onerecord_clients (
      client_id text PRIMARY KEY,
      company_id text NOT NULL REFERENCES companies (company_id) ON DELETE CASCADE,
      name text NOT NULL,
      organisation_iri text NOT NULL,
      secret_hash text NOT NULL,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_by text,
      revoked_at timestamptz,
      last_used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX onerecord_clients_company ON onerecord_clients (company_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE onerecord_clients`.execute(db);
}

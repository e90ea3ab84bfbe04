import { sql, type Kysely } from 'kysely';

/**
 * Bulletins (the bulletin page, spec 2): operational notices for one company, or for every company
 * when company_id is null. A bulletin shows from published_at until expires_at (if any).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bulletins (
      bulletin_id bigserial PRIMARY KEY,
      company_id text REFERENCES companies ON DELETE CASCADE,
      severity text NOT NULL CHECK (severity IN ('info', 'warning', 'critical')),
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      body text NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
      published_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (expires_at IS NULL OR expires_at > published_at)
    );
    CREATE INDEX bulletins_company_published ON bulletins (company_id, published_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE bulletins`.execute(db);
}

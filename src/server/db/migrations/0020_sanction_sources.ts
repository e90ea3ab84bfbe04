import { sql, type Kysely } from 'kysely';

/**
 * Sanctions sources (issue 34): the official lists a company screens against, each imported from its official
 * file format, every import a version that is kept.
 * - sanction_source_files: one parsed file (or OFAC file set) by the SHA-256 of its bytes, with its entries in
 *   sanction_source_entries. Two companies importing the same file share it.
 * - sanction_source_versions: a company's imports of a source, in order; the latest is the one screened against.
 *   `changes` counts what the version added, removed and changed against the one before it.
 * - sanction_source_attempts: every import and scheduled refresh, the refused and failed ones with their reason, so
 *   the page can show a source's last failure.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sanction_source_files (
      file_hash text PRIMARY KEY,
      source text NOT NULL,
      published_at timestamptz,
      summary jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE sanction_source_entries (
      file_hash text NOT NULL REFERENCES sanction_source_files (file_hash) ON DELETE CASCADE,
      entry_id text NOT NULL,
      content_hash text NOT NULL,
      entry jsonb NOT NULL,
      PRIMARY KEY (file_hash, entry_id)
    );
    CREATE TABLE sanction_source_versions (
      version_id bigserial PRIMARY KEY,
      company_id text NOT NULL REFERENCES companies (company_id),
      source text NOT NULL,
      file_hash text NOT NULL REFERENCES sanction_source_files (file_hash),
      file_names text NOT NULL,
      published_at timestamptz,
      imported_at timestamptz NOT NULL DEFAULT now(),
      imported_by text,
      via text NOT NULL,
      entries integer NOT NULL,
      aliases integer NOT NULL,
      weak_aliases integer NOT NULL,
      added integer NOT NULL,
      removed integer NOT NULL,
      changed integer NOT NULL
    );
    CREATE INDEX sanction_source_versions_latest ON sanction_source_versions (company_id, source, version_id DESC);
    CREATE TABLE sanction_source_attempts (
      attempt_id bigserial PRIMARY KEY,
      company_id text NOT NULL REFERENCES companies (company_id),
      source text NOT NULL,
      at timestamptz NOT NULL DEFAULT now(),
      via text NOT NULL,
      requested_by text,
      outcome text NOT NULL,
      reason text,
      problems jsonb,
      version_id bigint REFERENCES sanction_source_versions (version_id)
    );
    CREATE INDEX sanction_source_attempts_latest ON sanction_source_attempts (company_id, source, attempt_id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sanction_source_attempts, sanction_source_versions, sanction_source_entries, sanction_source_files`.execute(db);
}

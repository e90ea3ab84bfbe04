import { sql, type Kysely } from 'kysely';

/**
 * The admin rule lists: one generic table for every plugin. A row is a company's entry of one list
 * (`list_name` = the plugin's name), its field values as a JSON object, and a version for
 * optimistic concurrency. The plugin's unique key is kept normalised in `unique_key`, so the
 * database itself refuses a duplicate, even from two requests at once.
 *
 * Why one table and not one per list: a plugin is data, and adding a list must be one file and one
 * registry line, without a migration; the values are validated by the plugin's fields before they
 * are written, and sorting and filtering read them with ->>.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rule_list_rows (
      row_id bigserial PRIMARY KEY,
      company_id text NOT NULL REFERENCES companies ON DELETE CASCADE,
      list_name text NOT NULL CHECK (list_name ~ '^[a-z][a-z0-9]{1,49}$'),
      row_values jsonb NOT NULL CHECK (jsonb_typeof(row_values) = 'object'),
      unique_key text NOT NULL,
      version integer NOT NULL DEFAULT 1 CHECK (version > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text NOT NULL,
      CONSTRAINT rule_list_rows_unique_key UNIQUE (company_id, list_name, unique_key)
    );
    CREATE INDEX rule_list_rows_list ON rule_list_rows (company_id, list_name, row_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rule_list_rows;`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * User management: company address ranges (IP restriction), one user id per company whatever its
 * case, and the index the company's user audit page reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE company_ip_ranges (
      range_id bigserial PRIMARY KEY,
      company_id text NOT NULL REFERENCES companies ON DELETE CASCADE,
      cidr cidr NOT NULL,
      description text NOT NULL DEFAULT '',
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (company_id, cidr)
    );
    CREATE UNIQUE INDEX users_company_user_ci ON users (company_id, lower(user_id));
    CREATE INDEX audit_log_company ON audit_log (company_id, entity, at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX audit_log_company;
    DROP INDEX users_company_user_ci;
    DROP TABLE company_ip_ranges;
  `.execute(db);
}

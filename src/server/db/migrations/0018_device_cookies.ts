import { sql, type Kysely } from 'kysely';

/**
 * Sign-in failures by device (issue 33, auth/loginThrottle.ts): a failure of a client that came with
 * a valid device cookie for the account carries its device id, and counts against that device only;
 * one without carries none. Failures are no longer counted by address across accounts, so the index
 * by address goes; ip_address now holds an IPv6 client's /64.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE login_failures ADD COLUMN device_id text;
    DROP INDEX login_failures_address;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX login_failures_address ON login_failures (ip_address, failed_at);
    ALTER TABLE login_failures DROP COLUMN device_id;
  `.execute(db);
}

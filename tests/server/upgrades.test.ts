import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, SchemaTooNew, type Db } from '../../src/server/db/database';
import { createTestDatabase } from './testApp';

/**
 * Issue 35, 6: during a rolling upgrade the previous version keeps running on the new schema when the
 * newer migrations only add, and refuses in one sentence when one does not ("corrupted migrations" and
 * hand-written SQL before).
 */

let test: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
  await migrateToLatest(db);
});
afterAll(() => test.drop());

async function newerMigration(name: string, note: boolean | 'none'): Promise<void> {
  await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${name}, ${new Date().toISOString()})`.execute(db);
  if (note !== 'none') await sql`INSERT INTO portal_migration_notes (name, additive) VALUES (${name}, ${note})`.execute(db);
}

async function forget(name: string): Promise<void> {
  await sql`DELETE FROM kysely_migration WHERE name = ${name}`.execute(db);
  await sql`DELETE FROM portal_migration_notes WHERE name = ${name}`.execute(db);
}

describe('a version on a schema a newer version migrated', () => {
  it('notes which of its migrations only add, for the versions before it to read', async () => {
    const { rows } = await sql<{ name: string; additive: boolean }>`SELECT name, additive FROM portal_migration_notes ORDER BY name`.execute(db);
    expect(rows.find((row) => row.name === '0001_foundation')).toEqual({ name: '0001_foundation', additive: false });
    expect(rows.find((row) => row.name === '0021_retention')).toEqual({ name: '0021_retention', additive: true });
  });

  it('starts when the newer migrations only add', async () => {
    await newerMigration('0900_newer_adds_a_table', true);
    try {
      await expect(migrateToLatest(db)).resolves.toEqual([]);
    } finally {
      await forget('0900_newer_adds_a_table');
    }
  });

  it('refuses in one sentence when a newer migration changes what it reads, or says nothing of itself', async () => {
    await newerMigration('0900_newer_adds_a_table', true);
    await newerMigration('0901_newer_drops_a_column', false);
    await newerMigration('0902_newer_without_a_note', 'none');
    try {
      const refused = await migrateToLatest(db).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(SchemaTooNew);
      expect((refused as Error).message).toBe(
        'The database was migrated by a newer version of the portal (0901_newer_drops_a_column, 0902_newer_without_a_note) that changes what this version reads: start the newer version, or restore the backup taken before the upgrade (README: Upgrades and rollback).',
      );
    } finally {
      for (const name of ['0900_newer_adds_a_table', '0901_newer_drops_a_column', '0902_newer_without_a_note']) await forget(name);
    }
    await expect(migrateToLatest(db)).resolves.toEqual([]);
  });

  it('builds the indexes a pending migration declares CONCURRENTLY first, an INVALID one left by a failed build again', async () => {
    await sql`DELETE FROM kysely_migration WHERE name = '0021_retention'`.execute(db);
    await sql`DROP INDEX action_log_at`.execute(db);
    // What a CREATE INDEX CONCURRENTLY that failed half-way leaves behind.
    await sql`UPDATE pg_index SET indisvalid = false WHERE indexrelid = 'audit_log_at'::regclass`.execute(db);
    expect(await migrateToLatest(db)).toEqual(['0021_retention']);
    const { rows } = await sql<{ name: string; valid: boolean }>`
      SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE c.relname IN ('action_log_at', 'mail_outbox_created_at', 'audit_log_at') ORDER BY c.relname`.execute(db);
    expect(rows).toEqual([
      { name: 'action_log_at', valid: true },
      { name: 'audit_log_at', valid: true },
      { name: 'mail_outbox_created_at', valid: true },
    ]);
  });
});

import { Kysely, Migrator, PostgresDialect, sql, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { migrations } from './migrations';

export type Db = Kysely<Database>;

// bigint columns (ids, counts) arrive as strings; dates as Date.
export function createDatabase(connectionString: string, maxConnections = 10, onLostConnection: (error: Error) => void = () => {}): Db {
  const pool = new pg.Pool({ connectionString, max: maxConnections });
  // An idle connection the server drops (a restart, a shutdown) is replaced on next use; unhandled, it would end the process.
  pool.on('error', onLostConnection);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; concurrent app instances serialise on Kysely's migration lock. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Features land in parallel, so a migration may arrive with a name below one already applied.
  // Kysely looks for its own tables in every schema unless told one: name the connection's, so a
  // database holding other schemas with Kysely tables (test files, other apps) cannot mislead it.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true, migrationTableSchema: rows[0].schema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

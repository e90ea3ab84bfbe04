import { Kysely, Migrator, PostgresDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { migrations } from './migrations';

export type Db = Kysely<Database>;

// bigint columns (ids, counts) arrive as strings; dates as Date.
export function createDatabase(connectionString: string, maxConnections = 10): Db {
  const pool = new pg.Pool({ connectionString, max: maxConnections });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; concurrent app instances serialise on Kysely's migration lock. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Features land in parallel, so a migration may arrive with a name below one already applied.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

import { Kysely, Migrator, PostgresDialect, sql, type MigrationProvider } from 'kysely';
import { createHash } from 'node:crypto';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Database } from './schema';
import { migrations } from './migrations';
import { createIndexSql } from './migrations/concurrentIndexes';

export type Db = Kysely<Database>;

/** Statements a connection keeps prepared, at most: beyond them, new texts are sent unnamed. */
const MAX_PREPARED_PER_CONNECTION = 300;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `k${createHash('sha1').update(text).digest('base64url')}`;
    if (statementNames.size >= 5000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A connection that prepares its parameterised statements once, by name, and then only binds and
 * executes them: PostgreSQL parses and analyses each text once per connection instead of on every
 * call, and may settle on a generic plan for it. Kysely's statements are a fixed set of texts (values
 * travel as parameters), so the set stays small; past MAX_PREPARED_PER_CONNECTION texts (dynamic IN
 * lists) the rest are sent unnamed, as before.
 */
class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();

  // pg's overloads: (text, values) is the form Kysely uses; every other form passes through as it is.
  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2 && PREPARABLE.test(text)) {
      const name = statementName(text);
      if (this.#prepared.has(name) || this.#prepared.size < MAX_PREPARED_PER_CONNECTION) {
        this.#prepared.add(name);
        return (super.query as unknown as (config: pg.QueryConfig) => never)({ name, text, values });
      }
    }
    return (super.query as unknown as (...rest: unknown[]) => never)(...args);
  }
}

const pools = new WeakMap<Db, pg.Pool>();

/** The connection pool under a database made by createDatabase (its counts are metrics). */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

// bigint columns (ids, counts) arrive as strings; dates as Date.
export function createDatabase(connectionString: string, maxConnections = 10, onLostConnection: (error: Error) => void = () => {}): Db {
  const pool = new pg.Pool({ connectionString, max: maxConnections, Client: PreparingClient });
  // An idle connection the server drops (a restart, a shutdown) is replaced on next use; unhandled, it would end the process.
  pool.on('error', onLostConnection);
  // The cursor lets a large read come a chunk at a time (`.stream(n)`, readInChunks): the driver parses a
  // whole answer in one turn of the event loop, 30,000 rows in 200 ms.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  pools.set(db, pool);
  return db;
}

/**
 * Every row a query answers, read through a cursor `chunk` rows at a time: each chunk is parsed in its
 * own turn of the event loop, so that other requests are served between them (issue 33). Inside a
 * transaction, give the transaction's query; outside, the cursor holds one connection until the end.
 */
export async function readInChunks<Row>(query: { stream(chunkSize?: number): AsyncIterableIterator<Row> }, chunk = 1000): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const row of query.stream(chunk)) rows.push(row);
  return rows;
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The schema is newer than this version can run against: a newer version applied a migration that is not additive. */
export class SchemaTooNew extends Error {}

/**
 * Brings the schema up to date; concurrent app instances serialise on Kysely's migration lock.
 *
 * Rolling upgrades and rollbacks (issue 35, 6): every version records, for the migrations it knows,
 * whether each only adds (portal_migration_notes). A version that finds migrations it does not know
 * (a newer version ran them) starts when all of them only add, and refuses in one sentence when one
 * does not, instead of Kysely's "corrupted migrations".
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Features land in parallel, so a migration may arrive with a name below one already applied.
  // Kysely looks for its own tables in every schema unless told one: name the connection's, so a
  // database holding other schemas with Kysely tables (test files, other apps) cannot mislead it.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const newer = await migrationsFromNewerVersions(db);
  if (newer.length > 0) {
    const notAdditive = newer.filter((migration) => !migration.additive);
    if (notAdditive.length > 0)
      throw new SchemaTooNew(
        `The database was migrated by a newer version of the portal (${notAdditive.map((migration) => migration.name).join(', ')}) that changes what this version reads: start the newer version, or restore the backup taken before the upgrade (README: Upgrades and rollback).`,
      );
    const applied = new Set((await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db)).rows.map((row) => row.name));
    const notApplied = Object.keys(migrations).filter((name) => !applied.has(name));
    if (notApplied.length > 0)
      throw new SchemaTooNew(
        `The database was migrated by a newer version of the portal (${newer.map((migration) => migration.name).join(', ')}) but lacks this version's ${notApplied.join(', ')}: start the newer version.`,
      );
    // Every migration of this version is there, and the newer ones only add: this version runs on it.
    return [];
  }
  await buildIndexesConcurrently(db);
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true, migrationTableSchema: rows[0].schema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  await noteMigrations(db);
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/**
 * The indexes pending migrations declare (concurrentIndexes), built CONCURRENTLY before the migrations
 * run: other instances keep writing to the table meanwhile. A table not there yet (a new database) is
 * left to the migration; an index a failed build left INVALID is dropped and built again. One instance
 * at a time (a session advisory lock), so that two starts do not build the same index twice.
 */
async function buildIndexesConcurrently(db: Db): Promise<void> {
  const { rows } = await sql<{ applied: string | null }>`SELECT to_regclass('kysely_migration')::text AS applied`.execute(db);
  const applied = new Set(rows[0].applied ? (await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db)).rows.map((row) => row.name) : []);
  const pending = Object.entries(migrations).flatMap(([name, migration]) => (applied.has(name) ? [] : (migration.concurrentIndexes ?? [])));
  if (pending.length === 0) return;
  await db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(hashtext('portal-concurrent-indexes'))`.execute(connection);
    try {
      for (const index of pending) {
        const { rows: state } = await sql<{ table: string | null; valid: boolean | null }>`
          SELECT to_regclass(${index.table})::text AS "table",
                 (SELECT i.indisvalid FROM pg_index i WHERE i.indexrelid = to_regclass(${index.name})) AS valid`.execute(connection);
        if (!state[0].table) continue;
        if (state[0].valid === false) await sql.raw(`DROP INDEX CONCURRENTLY IF EXISTS ${index.name}`).execute(connection);
        await sql.raw(createIndexSql(index, true)).execute(connection);
      }
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext('portal-concurrent-indexes'))`.execute(connection);
    }
  });
}

/** Records, for every migration this version knows, whether it only adds (older versions read it). */
async function noteMigrations(db: Db): Promise<void> {
  const names = Object.keys(migrations);
  await sql`
    INSERT INTO portal_migration_notes (name, additive)
    SELECT * FROM unnest(${names}::text[], ${names.map((name) => migrations[name].additive === true)}::boolean[])
    ON CONFLICT (name) DO UPDATE SET additive = EXCLUDED.additive`.execute(db);
}

/** Applied migrations this version does not know, with what their version noted of them (not additive when nothing was noted). */
async function migrationsFromNewerVersions(db: Db): Promise<{ name: string; additive: boolean }[]> {
  const { rows } = await sql<{ applied: string | null; notes: string | null }>`
    SELECT to_regclass('kysely_migration')::text AS applied, to_regclass('portal_migration_notes')::text AS notes`.execute(db);
  if (!rows[0].applied) return [];
  const found = await sql<{ name: string; additive: boolean | null }>`
    SELECT m.name, ${rows[0].notes ? sql`n.additive` : sql`NULL::boolean`} AS additive
    FROM kysely_migration m ${rows[0].notes ? sql`LEFT JOIN portal_migration_notes n ON n.name = m.name` : sql``}
    WHERE m.name <> ALL(${Object.keys(migrations)}::text[]) ORDER BY m.name`.execute(db);
  return found.rows.map((row) => ({ name: row.name, additive: row.additive === true }));
}

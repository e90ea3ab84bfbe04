import { Kysely, Migrator, PostgresDialect, sql, type MigrationProvider } from 'kysely';
import { createHash } from 'node:crypto';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Database } from './schema';
import { migrations } from './migrations';

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

// bigint columns (ids, counts) arrive as strings; dates as Date.
export function createDatabase(connectionString: string, maxConnections = 10, onLostConnection: (error: Error) => void = () => {}): Db {
  const pool = new pg.Pool({ connectionString, max: maxConnections, Client: PreparingClient });
  // An idle connection the server drops (a restart, a shutdown) is replaced on next use; unhandled, it would end the process.
  pool.on('error', onLostConnection);
  // The cursor lets a large read come a chunk at a time (`.stream(n)`, readInChunks): the driver parses a
  // whole answer in one turn of the event loop, 30,000 rows in 200 ms.
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
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

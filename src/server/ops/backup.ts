import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { PassThrough, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/**
 * A consistent logical backup of the portal's database, and its restore (issue 35, 1). The embedded
 * PostgreSQL ships no pg_dump, so the backup reads every table of the portal's schema with COPY inside
 * one REPEATABLE READ transaction: one snapshot, taken while the portal serves. The file (gzip):
 *
 *   {"format":"cargo-portal-backup", "formatVersion":1, "postgresMajor":18, "migrations":[...], "tables":[...], "sequences":[...]}
 *   {"table":"companies"}            then the table's rows in COPY's text format, then a line "\."
 *   ...                              (a row line is never "\.": COPY writes a backslash as "\\")
 *   {"end":true, "rows":{...}, "sha256":"..."}   the hash of every line before this one
 *
 * A restore checks the whole file before it changes anything, refuses another PostgreSQL major
 * version or another version of the portal's schema, then empties the tables and loads them in one
 * transaction: the database is the backed-up state, or unchanged.
 *
 * Not in the file: the job queue's own schema (pg-boss). Queued jobs (a re-screen under way, an
 * outbound message waiting for its retry) are the queue's; the shipments, decisions and messages
 * they act on are in the portal's tables.
 */

export const BACKUP_FORMAT = 'cargo-portal-backup';
const FORMAT_VERSION = 1;
/** Kysely's own bookkeeping: compared, not copied (the restoring portal's migrations are the backup's). */
const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];
const END_OF_TABLE = '\\.';

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  takenAt: string;
  postgresMajor: number;
  migrations: string[];
  tables: { name: string; columns: string[] }[];
  sequences: { name: string; lastValue: string | null }[];
}

export interface BackupSummary {
  tables: number;
  rows: number;
  bytes: number;
}

/** A refusal to restore (or to back up) in one sentence: nothing was changed. */
export class BackupRefused extends Error {}

async function postgresMajor(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
  return Math.floor(Number(rows[0].server_version_num) / 10000);
}

/** The migrations applied, none where the database holds no portal schema (PostgreSQL resolves a table's name before any WHERE: asked first). */
async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const { rows: found } = await client.query<{ table: string | null }>(`SELECT to_regclass('kysely_migration')::text AS "table"`);
  if (!found[0].table) return [];
  const { rows } = await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name');
  return rows.map((row) => row.name);
}

/** The schema's tables (partitions and Kysely's own left out) with their columns as COPY writes them (generated ones left out). */
async function tablesOf(client: pg.ClientBase): Promise<BackupHeader['tables']> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `SELECT c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE c.relkind = 'r' AND NOT c.relispartition AND c.relname <> ALL($1::text[])
      GROUP BY c.relname
      ORDER BY c.relname`,
    [MIGRATION_TABLES],
  );
  return rows;
}

async function sequencesOf(client: pg.ClientBase): Promise<BackupHeader['sequences']> {
  const { rows } = await client.query<{ name: string; last_value: string | null }>(
    'SELECT sequencename AS name, last_value::text FROM pg_sequences WHERE schemaname = current_schema() ORDER BY sequencename',
  );
  return rows.map((row) => ({ name: row.name, lastValue: row.last_value }));
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const columnList = (columns: readonly string[]) => columns.map(quoted).join(', ');

/** Copies every table of the database at one snapshot into `file` (gzip); written beside it first, so that a failed backup leaves no half file. */
export async function backupDatabase(connectionString: string, file: string): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const partial = `${file}.partial`;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      formatVersion: FORMAT_VERSION,
      takenAt: new Date().toISOString(),
      postgresMajor: await postgresMajor(client),
      migrations: await appliedMigrations(client),
      tables: await tablesOf(client),
      sequences: await sequencesOf(client),
    };
    if (header.migrations.length === 0) throw new BackupRefused('The database holds no portal schema (no migrations applied): there is nothing to back up.');
    const hash = createHash('sha256');
    const rows: Record<string, number> = {};
    let bytes = 0;
    const hashed = (chunk: string | Buffer) => {
      hash.update(chunk);
      bytes += Buffer.byteLength(chunk);
      return chunk;
    };
    // One pipeline from the COPYs to the file: a failed COPY, a full disk or a missing directory ends it
    // with its error (and the partial file goes), never as an unheard stream error.
    async function* content() {
      yield hashed(`${JSON.stringify(header)}\n`);
      for (const table of header.tables) {
        yield hashed(`${JSON.stringify({ table: table.name })}\n`);
        const copy = client.query(copyTo(`COPY ${quoted(table.name)} (${columnList(table.columns)}) TO STDOUT`));
        for await (const chunk of copy as AsyncIterable<Buffer>) yield hashed(chunk);
        rows[table.name] = Number(copy.rowCount);
        yield hashed(`${END_OF_TABLE}\n`);
      }
      yield `${JSON.stringify({ end: true, rows, sha256: hash.digest('hex') })}\n`;
    }
    await pipeline(content, createGzip(), createWriteStream(partial, { mode: 0o600 }));
    await client.query('COMMIT');
    renameSync(partial, file);
    return { tables: header.tables.length, rows: Object.values(rows).reduce((sum, count) => sum + count, 0), bytes };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end();
  }
}

type BackupLine = { kind: 'header'; header: BackupHeader } | { kind: 'table'; name: string } | { kind: 'row'; line: string } | { kind: 'tableEnd' };

/**
 * The file's lines, checked as they are read: a header first, tables of rows each closed by "\.", and
 * an end line whose hash is that of everything before it. Throws BackupRefused on the first problem.
 */
async function* backupLines(file: string): AsyncGenerator<BackupLine> {
  const damaged = (why: string) => new BackupRefused(`The backup file ${file} is damaged or not a portal backup (${why}): nothing was changed.`);
  const hash = createHash('sha256');
  // The file's read errors reach the gunzip stream (pipeline), which ends the reading with them.
  const input = createGunzip();
  const gunzipFailed = pipeline(createReadStream(file), input).then(
    () => new Promise<never>(() => undefined),
    (error: Error) => {
      throw damaged(error.message);
    },
  );
  gunzipFailed.catch(() => undefined);
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })[Symbol.asyncIterator]();
  let inTable = false;
  let first = true;
  let ended = false;
  for (;;) {
    const next = await Promise.race([lines.next(), gunzipFailed]).catch((error: Error) => {
      // Whichever heard it first (the lines or the pipeline), a read error is a damaged file.
      throw error instanceof BackupRefused ? error : damaged(error.message);
    });
    if (next.done) break;
    const line = next.value;
    if (ended) throw damaged('lines after its end');
    if (first) {
      first = false;
      let header: BackupHeader;
      try {
        header = JSON.parse(line);
      } catch {
        throw damaged('its first line is not a backup header');
      }
      if (header?.format !== BACKUP_FORMAT) throw damaged('its first line is not a backup header');
      if (header.formatVersion !== FORMAT_VERSION)
        throw new BackupRefused(
          `The backup file ${file} is of format ${header.formatVersion}; this portal reads format ${FORMAT_VERSION}: nothing was changed.`,
        );
      hash.update(`${line}\n`);
      yield { kind: 'header', header };
      continue;
    }
    if (inTable) {
      hash.update(`${line}\n`);
      if (line === END_OF_TABLE) {
        inTable = false;
        yield { kind: 'tableEnd' };
      } else yield { kind: 'row', line };
      continue;
    }
    let marker: { table?: string; end?: boolean; sha256?: string };
    try {
      marker = JSON.parse(line);
    } catch {
      throw damaged('a line between tables is neither a table nor the end');
    }
    if (marker.end) {
      if (marker.sha256 !== hash.digest('hex')) throw damaged('its content does not match its checksum');
      ended = true;
      continue;
    }
    if (typeof marker.table !== 'string') throw damaged('a line between tables is neither a table nor the end');
    hash.update(`${line}\n`);
    inTable = true;
    yield { kind: 'table', name: marker.table };
  }
  if (first) throw damaged('it is empty');
  if (!ended) throw damaged('it ends before its end line: cut short');
}

/** The file's header, once the whole file has been read and found whole. */
export async function checkBackup(file: string): Promise<BackupHeader> {
  let header: BackupHeader | undefined;
  for await (const line of backupLines(file)) if (line.kind === 'header') header = line.header;
  return header!;
}

/**
 * Makes the database the backup's state in one transaction (the tables emptied, then loaded; the
 * sequences set), after checking the file whole and that the database runs the same PostgreSQL major
 * version and the same migrations. Triggers (foreign keys, change notifications) are off while it
 * loads: the rows are those of one consistent snapshot. Needs a superuser (the embedded server's).
 */
export async function restoreDatabase(connectionString: string, file: string): Promise<BackupSummary> {
  const header = await checkBackup(file);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const major = await postgresMajor(client);
    if (major !== header.postgresMajor)
      throw new BackupRefused(
        `The backup was taken from PostgreSQL ${header.postgresMajor}; this portal's database is PostgreSQL ${major}. Restore it with the portal version that took it: nothing was changed.`,
      );
    const migrations = await appliedMigrations(client);
    if (migrations.join('\n') !== header.migrations.join('\n'))
      throw new BackupRefused(
        `The backup was taken by another version of the portal (its schema's last migration: ${header.migrations.at(-1)}; this portal's: ${migrations.at(-1) ?? 'none'}). Restore it with the portal version that took it: nothing was changed.`,
      );
    const tables = await tablesOf(client);
    if (JSON.stringify(tables) !== JSON.stringify(header.tables))
      throw new BackupRefused("The backup's tables differ from this database's although their migrations are the same: nothing was changed.");

    await client.query('BEGIN');
    try {
      await client.query('SET LOCAL session_replication_role = replica');
      await client.query(`TRUNCATE ${tables.map((table) => quoted(table.name)).join(', ')}`);
      let rows = 0;
      let bytes = 0;
      let copy: { sink: PassThrough; done: Promise<void> } | undefined;
      for await (const line of backupLines(file)) {
        if (line.kind === 'table') {
          const table = header.tables.find((candidate) => candidate.name === line.name);
          if (!table) throw new BackupRefused(`The backup file names a table it did not announce (${line.name}): nothing was changed.`);
          const sink = new PassThrough();
          const stream = client.query(copyFrom(`COPY ${quoted(table.name)} (${columnList(table.columns)}) FROM STDIN`));
          const done = pipeline(sink, stream as unknown as Transform);
          // Heard at once: a COPY that fails before its table's end is thrown where the rows wait (below).
          done.catch(() => undefined);
          copy = { sink, done };
        } else if (line.kind === 'row' && copy) {
          rows++;
          bytes += line.line.length + 1;
          if (!copy.sink.write(`${line.line}\n`)) await Promise.race([once(copy.sink, 'drain'), copy.done]);
        } else if (line.kind === 'tableEnd' && copy) {
          copy.sink.end();
          await copy.done;
          copy = undefined;
        }
      }
      for (const sequence of header.sequences) {
        await client.query(
          sequence.lastValue === null ? 'SELECT setval($1::regclass, 1, false)' : 'SELECT setval($1::regclass, $2::bigint, true)',
          sequence.lastValue === null ? [quoted(sequence.name)] : [quoted(sequence.name), sequence.lastValue],
        );
      }
      await client.query('COMMIT');
      return { tables: header.tables.length, rows, bytes };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    await client.end();
  }
}

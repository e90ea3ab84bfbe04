import { sql } from 'kysely';
import type { Db } from '../../../src/server/db/database';

/**
 * A checksum of every row of every table of the test database, per table, in ONE query: the tables
 * come from information_schema, and each is summed by `query_to_xml` (row count and the sum of a
 * 64-bit hash of each row's text, so the order of rows does not matter and nothing is sorted).
 * Two equal checksums mean, short of a hash collision, that no row was added, removed or changed.
 */
export async function tableChecksums(db: Db, exclude: readonly string[] = []): Promise<Record<string, string>> {
  const { rows } = await sql<{ name: string; sum: string }>`
    SELECT table_schema || '.' || table_name AS name,
      (xpath('/row/c/text()', query_to_xml(format(
        'SELECT count(*) || '':'' || coalesce(sum(hashtextextended(t::text, 0)), 0) AS c FROM %I.%I t', table_schema, table_name), false, true, '')))[1]::text AS sum
    FROM information_schema.tables
    WHERE table_catalog = current_database() AND table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
    ORDER BY 1`.execute(db);
  return Object.fromEntries(rows.filter((row) => !exclude.includes(row.name)).map((row) => [row.name, row.sum]));
}

/** The tables whose checksum differs between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

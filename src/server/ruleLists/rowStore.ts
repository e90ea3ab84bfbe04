import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { RuleListPlugin } from '../../../plugins/types';
import type { RuleField, RuleValues } from '../../domain/ruleListFields';
import { normaliseFieldValue } from '../../domain/ruleListValidation';
import { readInChunks } from '../db/database';
import type { Database, RuleListRowTable } from '../db/schema';
import type { Selectable } from 'kysely';
import { containsPattern } from '../users/listQuery';

/**
 * Reading and writing one company's rows of one rule list. Values live in `row_values` (jsonb);
 * sorting and filtering read them with ->> by field source, which the plugin has vouched for.
 */

export type RowDb = Kysely<Database>;
export type StoredRow = Selectable<RuleListRowTable>;

/** A row as the API answers it: id, the values of every field, and the bookkeeping. */
export interface WireRow extends RuleValues {
  id: number;
  version: number;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

export function toWireRow(plugin: RuleListPlugin, row: StoredRow): WireRow {
  const values: RuleValues = {};
  for (const field of plugin.fields) values[field.source] = row.row_values[field.source] ?? null;
  return {
    ...values,
    id: Number(row.row_id),
    version: row.version,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

/** Columns the grid may sort by besides the fields. */
export const META_SORT = { id: 'row_id', updatedAt: 'updated_at', updatedBy: 'updated_by' } as const;

export interface RowFilter {
  /** Any field contains this text. */
  q?: string;
  ids?: number[];
  /** Field source -> the text it must contain (choices and integers: equal). */
  fields: Record<string, string>;
}

export interface RowOrder {
  field: string;
  descending: boolean;
}

export interface ListScope {
  companyId: string;
  plugin: RuleListPlugin;
}

function rowValue(source: string) {
  return sql<string>`row_values->>${source}`;
}

function fieldCondition(field: RuleField, text: string): Expression<SqlBool> {
  if (field.type === 'boolean') {
    const normalised = normaliseFieldValue(field, text);
    return sql<SqlBool>`${rowValue(field.source)} = ${'value' in normalised ? String(normalised.value) : ''}`;
  }
  if (field.type === 'choice' || field.type === 'integer') return sql<SqlBool>`lower(${rowValue(field.source)}) = lower(${text})`;
  return sql<SqlBool>`${rowValue(field.source)} ILIKE ${containsPattern(text)}`;
}

/** The rows of the scope's list of the scope's company: where every read of a list starts. */
function listRowsQuery(db: RowDb, scope: ListScope) {
  return db.selectFrom('rule_list_rows').where('company_id', '=', scope.companyId).where('list_name', '=', scope.plugin.name);
}

function scoped(db: RowDb, scope: ListScope, filter: RowFilter) {
  const { plugin } = scope;
  let query = listRowsQuery(db, scope);
  if (filter.ids) query = query.where('row_id', 'in', filter.ids.length > 0 ? filter.ids.map(String) : ['0']);
  for (const [source, text] of Object.entries(filter.fields)) {
    const field = plugin.fields.find((candidate) => candidate.source === source);
    if (field) query = query.where(fieldCondition(field, text));
  }
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    query = query.where(
      sql<SqlBool>`(${sql.join(
        plugin.fields.map((field) => sql`${rowValue(field.source)} ILIKE ${pattern}`),
        sql` OR `,
      )})`,
    );
  }
  return query;
}

function orderExpression(plugin: RuleListPlugin, order: RowOrder) {
  const direction = order.descending ? sql`DESC` : sql`ASC`;
  if (order.field in META_SORT) return sql`${sql.ref(META_SORT[order.field as keyof typeof META_SORT])} ${direction}`;
  const field = plugin.fields.find((candidate) => candidate.source === order.field);
  if (field?.type === 'integer') return sql`(${rowValue(order.field)})::numeric ${direction} NULLS LAST`;
  return sql`lower(${rowValue(order.field)}) ${direction} NULLS LAST`;
}

export async function countRows(db: RowDb, scope: ListScope, filter: RowFilter): Promise<number> {
  const { total } = await scoped(db, scope, filter).select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
  return Number(total);
}

export async function listRows(
  db: RowDb,
  scope: ListScope,
  filter: RowFilter,
  order: RowOrder,
  page?: { offset: number; limit: number },
): Promise<StoredRow[]> {
  let query = sortedRows(db, scope, filter, order);
  if (page) query = query.offset(page.offset).limit(page.limit);
  return query.execute();
}

/** Up to `limit` rows the filter selects, in the order asked, read a thousand at a time (an export of the whole list). */
export async function allListedRows(db: RowDb, scope: ListScope, filter: RowFilter, order: RowOrder, limit: number): Promise<StoredRow[]> {
  return readInChunks(sortedRows(db, scope, filter, order).limit(limit));
}

function sortedRows(db: RowDb, scope: ListScope, filter: RowFilter, order: RowOrder) {
  return scoped(db, scope, filter)
    .selectAll()
    .orderBy(orderExpression(scope.plugin, order))
    .orderBy('row_id', order.descending ? 'desc' : 'asc');
}

/** The row, locked for the rest of the transaction. */
export async function lockRow(db: RowDb, scope: ListScope, id: number): Promise<StoredRow | undefined> {
  return listRowsQuery(db, scope).selectAll().where('row_id', '=', String(id)).forUpdate().executeTakeFirst();
}

export async function lockRows(db: RowDb, scope: ListScope, ids: readonly number[]): Promise<StoredRow[]> {
  if (ids.length === 0) return [];
  return listRowsQuery(db, scope).selectAll().where('row_id', 'in', ids.map(String)).orderBy('row_id').forUpdate().execute();
}

export async function findRow(db: RowDb, scope: ListScope, id: number): Promise<StoredRow | undefined> {
  return listRowsQuery(db, scope).selectAll().where('row_id', '=', String(id)).executeTakeFirst();
}

export interface NewRow {
  values: RuleValues;
  uniqueKey: string;
}

/**
 * Inserts rows in batches (one statement per batch); the unique constraint refuses duplicates. The
 * rows answered carry the values given, not read back (50,000 rows' values parsed again from the
 * database were a second copy of an import in memory).
 */
/**
 * Rows per INSERT of a list's rows and of their audit lines: a statement of 1,000 rows took 70-100 ms
 * to build and bind on the event loop (a 5 MB import writes some 29,000 rows and 58,000 audit lines).
 */
export const INSERT_BATCH = 250;

export async function insertRows(db: RowDb, scope: ListScope, rows: readonly NewRow[], userId: string): Promise<StoredRow[]> {
  const inserted: StoredRow[] = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    const stored = await db
      .insertInto('rule_list_rows')
      .values(
        batch.map((row) => ({
          company_id: scope.companyId,
          list_name: scope.plugin.name,
          row_values: JSON.stringify(row.values),
          unique_key: row.uniqueKey,
          created_by: userId,
          updated_by: userId,
          updated_at: new Date(),
        })),
      )
      .returning(['row_id', 'unique_key', 'version', 'created_at', 'updated_at'])
      .execute();
    const byKey = new Map(stored.map((written) => [written.unique_key, written]));
    for (const row of batch) {
      const written = byKey.get(row.uniqueKey);
      if (!written) throw new Error(`the row of key ${row.uniqueKey} was not answered by its insert`);
      inserted.push({
        ...written,
        company_id: scope.companyId,
        list_name: scope.plugin.name,
        row_values: row.values as StoredRow['row_values'],
        created_by: userId,
        updated_by: userId,
      });
    }
  }
  return inserted;
}

export async function updateRow(db: RowDb, rowId: string, row: NewRow, userId: string): Promise<StoredRow> {
  return db
    .updateTable('rule_list_rows')
    .set((eb) => ({
      row_values: JSON.stringify(row.values),
      unique_key: row.uniqueKey,
      version: eb('version', '+', 1),
      updated_at: new Date(),
      updated_by: userId,
    }))
    .where('row_id', '=', rowId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Several rows changed in one statement, each with its version moved on (Cancel on up to 1000 rows); a row given the version it was read at is changed only if it still has
 * it. Answers the rows changed, in the order given (fewer when some changed meanwhile).
 */
export async function updateRows(db: RowDb, changes: readonly { rowId: string; version?: number; row: NewRow }[], userId: string): Promise<StoredRow[]> {
  if (changes.length === 0) return [];
  const values = sql.join(
    changes.map(({ rowId, version, row }) => sql`(${rowId}::bigint, ${version ?? null}::int, ${JSON.stringify(row.values)}::jsonb, ${row.uniqueKey}::text)`),
  );
  const { rows } = await sql<StoredRow>`
    UPDATE rule_list_rows AS r
       SET row_values = v.row_values, unique_key = v.unique_key, version = r.version + 1, updated_at = now(), updated_by = ${userId}
      FROM (VALUES ${values}) AS v(row_id, version, row_values, unique_key)
     WHERE r.row_id = v.row_id AND (v.version IS NULL OR r.version = v.version)
 RETURNING r.*`.execute(db);
  const byId = new Map(rows.map((stored) => [String(stored.row_id), stored]));
  return changes.flatMap(({ rowId }) => byId.get(String(rowId)) ?? []);
}

/**
 * A replacing import's changed rows, each only if it still has the version it was read at, in one
 * statement whose one parameter is the changes as a JSON array (one JSON.stringify: the rows' values as
 * VALUES took 5 ms per 1,000 to compile and bind and answering the rows parsed them again; as four
 * arrays, escaping each value for the array's text held the event loop 80 ms per 5,000, mostly in GC).
 * Answers how many changed.
 */
export async function updateRowsAtVersions(db: RowDb, changes: readonly { rowId: string; version: number; row: NewRow }[], userId: string): Promise<number> {
  if (changes.length === 0) return 0;
  const json = JSON.stringify(
    changes.map((change) => ({ row_id: change.rowId, version: change.version, row_values: change.row.values, unique_key: change.row.uniqueKey })),
  );
  const result = await sql`
    UPDATE rule_list_rows AS r
       SET row_values = v.row_values, unique_key = v.unique_key, version = r.version + 1, updated_at = now(), updated_by = ${userId}
      FROM jsonb_to_recordset(${json}::jsonb) AS v(row_id bigint, version int, row_values jsonb, unique_key text)
     WHERE r.row_id = v.row_id AND r.version = v.version`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Rows removed each only if it still has the version it was read at; answers how many went (fewer when some changed meanwhile). */
export async function removeRowsAtVersions(db: RowDb, rows: readonly { row_id: string; version: number }[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await sql`
    DELETE FROM rule_list_rows AS r
     USING unnest(${rows.map((row) => row.row_id)}::bigint[], ${rows.map((row) => row.version)}::int[]) AS read(row_id, version)
     WHERE r.row_id = read.row_id AND r.version = read.version`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Every row of the list as it is now, unlocked (a replacing import compares the file with it). */
export async function currentRows(db: RowDb, scope: ListScope): Promise<StoredRow[]> {
  return readInChunks(listRowsQuery(db, scope).selectAll().orderBy('row_id'));
}

export async function deleteRowIds(db: RowDb, rowIds: readonly string[]): Promise<void> {
  for (let start = 0; start < rowIds.length; start += 5000) {
    await db
      .deleteFrom('rule_list_rows')
      .where('row_id', 'in', rowIds.slice(start, start + 5000))
      .execute();
  }
}

/** Which of these unique keys the list holds already, for import reports: looked up through the key's index, not the whole list read. */
export async function takenKeys(db: RowDb, scope: ListScope, keys: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  const unique = [...new Set(keys)];
  for (let start = 0; start < unique.length; start += KEY_LOOKUP_CHUNK) {
    const rows = await listRowsQuery(db, scope)
      .select('unique_key')
      .where('unique_key', 'in', unique.slice(start, start + KEY_LOOKUP_CHUNK))
      .execute();
    for (const row of rows) taken.add(row.unique_key);
  }
  return taken;
}

const KEY_LOOKUP_CHUNK = 1000;

/** PostgreSQL's unique violation on the list's key. */
export function isDuplicateKeyError(error: unknown): boolean {
  const candidate = error as { code?: string; constraint?: string } | null;
  return candidate?.code === '23505' && candidate.constraint === 'rule_list_rows_unique_key';
}

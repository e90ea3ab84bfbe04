import { isDeepStrictEqual } from 'node:util';
import type { RuleListPlugin } from '../../../plugins/types';
import { runInSlices } from '../eventLoop';
import type { ImportRow } from './csvImport';
import { currentRows, insertRows, removeRowsAtVersions, updateRowsAtVersions, type ListScope, type RowDb, type StoredRow } from './rowStore';
import { recordRowChanges, type Actor, type RowChange } from './ruleListAudit';

/**
 * A replacing import (issue 33): the list becomes the file, row by row. A row whose key and values the
 * file repeats stays as it is (same id, no audit line); a key the file gives other values is changed
 * in place; a new key is inserted; a key the file lacks is removed. The rows are read without a lock;
 * the new ones go in first, and the rows changed and removed are written at the end, each only at the
 * version it was read at, in a few statements: users' edits of the list wait for those, not for the
 * whole import (it locked the whole list from its start: 7 s at 50,000 rows). A row a user changed
 * meanwhile stops the import (ListChangedDuringImport: nothing is imported), as a stale edit is stopped.
 */

/** Thrown inside the import's transaction, so that it is rolled back: a row changed since it was read. */
export class ListChangedDuringImport extends Error {
  constructor() {
    super('a row of the list changed while the file was imported');
  }
}

interface ReplacePlan {
  inserts: ImportRow[];
  changes: { held: StoredRow; row: ImportRow }[];
  removals: StoredRow[];
}

/** What the file changes, compared a few hundred rows at a time. */
function* planOf(held: readonly StoredRow[], rows: readonly ImportRow[]): Generator<void, ReplacePlan> {
  const byKey = new Map(held.map((row) => [row.unique_key, row]));
  const plan: ReplacePlan = { inserts: [], changes: [], removals: [] };
  for (const [index, row] of rows.entries()) {
    if (index % 200 === 199) yield;
    const existing = byKey.get(row.uniqueKey);
    if (!existing) plan.inserts.push(row);
    else {
      byKey.delete(row.uniqueKey);
      if (!isDeepStrictEqual(existing.row_values, row.values)) plan.changes.push({ held: existing, row });
    }
  }
  plan.removals = [...byKey.values()];
  return plan;
}

/** The audit's changes of an import, made as recordRowChanges takes them (INSERT_BATCH at a time, each batch written). */
function* auditOf(inserted: readonly StoredRow[], plan: ReplacePlan, userId: string, now: Date): Generator<RowChange> {
  for (const row of inserted) yield { rowId: row.row_id, action: 'Import', before: null, after: row };
  for (const { held: row, row: file } of plan.changes) {
    const after: StoredRow = {
      ...row,
      row_values: file.values as StoredRow['row_values'],
      unique_key: file.uniqueKey,
      version: row.version + 1,
      updated_at: now,
      updated_by: userId,
    };
    yield { rowId: row.row_id, action: 'Import', before: row, after };
  }
  for (const row of plan.removals) yield { rowId: row.row_id, action: 'Import', before: row, after: null };
}

/** The end's changes and removals go in statements of this many rows (arrays of ids, versions and values: cheap to build). */
const WRITE_BATCH = 5000;

/** Makes the list the file's rows; answers how many rows went. Throws ListChangedDuringImport (the transaction must roll back). */
export async function replaceListWith(trx: RowDb, scope: ListScope, actor: Actor, plugin: RuleListPlugin, rows: readonly ImportRow[]): Promise<number> {
  const held = await currentRows(trx, scope);
  const plan = await runInSlices(planOf(held, rows));
  const inserted = await insertRows(trx, scope, plan.inserts, actor.userId);
  // The audit of what changes and goes is written from the rows as read, before any of them is touched:
  // should one of them differ by then, the import stops and its audit lines go with it.
  await recordRowChanges(trx, actor, plugin, auditOf(inserted, plan, actor.userId, new Date()));
  // Only what follows holds rows that were in the list: one statement per 5,000 of them.
  for (let start = 0; start < plan.changes.length; start += WRITE_BATCH) {
    const batch = plan.changes.slice(start, start + WRITE_BATCH);
    const changes = batch.map(({ held: row, row: file }) => ({ rowId: row.row_id, version: row.version, row: file }));
    if ((await updateRowsAtVersions(trx, changes, actor.userId)) < batch.length) throw new ListChangedDuringImport();
  }
  for (let start = 0; start < plan.removals.length; start += WRITE_BATCH) {
    const batch = plan.removals.slice(start, start + WRITE_BATCH);
    if ((await removeRowsAtVersions(trx, batch)) < batch.length) throw new ListChangedDuringImport();
  }
  return plan.removals.length;
}

import { sql } from 'kysely';
import type { RuleListPlugin } from '../../../plugins/types';
import type { RuleListAuditAction, RuleListAuditEntry } from '../../domain/ruleListAudit';
import type { Db } from '../db/database';
import { containsPattern } from '../users/listQuery';
import type { Actor as AuditActor } from '../users/userAudit';
import { INSERT_BATCH, type RowDb, type StoredRow } from './rowStore';
import type { JobQueue } from '../jobs/jobQueue';
import { requestRescreen } from '../compliance/rescreen';
import { listDecides } from '../../domain/compliance';

/**
 * The audit trail of the rule lists (CONTRACTS.md "Logs"): every create, update, delete, import,
 * cancel and resend writes one audit_log row per list row, in the same transaction as the change,
 * with the row's values before and after. Entity = the plugin's name, key = the row id.
 */

export interface Actor extends AuditActor {
  /** The job queue, for the re-screening a change of a deciding list calls for. */
  jobs?: JobQueue;
}

export interface RowChange {
  rowId: string;
  action: RuleListAuditAction;
  before: StoredRow | null;
  after: StoredRow | null;
}

/** What the log keeps of a row: its values and version. */
function snapshot(plugin: RuleListPlugin, row: StoredRow | null): string | null {
  if (!row) return null;
  const values: Record<string, unknown> = {};
  for (const field of plugin.fields) values[field.source] = row.row_values[field.source] ?? null;
  return JSON.stringify({ ...values, version: row.version });
}

const PAST: Partial<Record<RuleListAuditAction, string>> = {
  Create: 'added',
  Update: 'changed',
  Delete: 'deleted',
  Import: 'imported',
  Cancel: 'cancelled',
  Restore: 'restored',
};

/**
 * Audits the changes; a change of a list that decides (issue 6) also asks, in the same
 * transaction, for the carrier's open shipments to be screened and evaluated again.
 */
export async function recordRowChanges(db: RowDb, actor: Actor, plugin: RuleListPlugin, changes: Iterable<RowChange>): Promise<void> {
  // Taken INSERT_BATCH at a time and written: an import's 100,000 changes (a generator) are never all held at once,
  // and the event loop has its turn at each statement.
  let batch: RowChange[] = [];
  let changing = 0;
  const actions = new Set<string>();
  const write = async () => {
    await db
      .insertInto('audit_log')
      .values(
        batch.map((change) => ({
          company_id: actor.companyId,
          user_id: actor.userId,
          ip_address: actor.address,
          entity: plugin.name,
          entity_key: change.rowId,
          action: change.action,
          before_value: snapshot(plugin, change.before),
          after_value: snapshot(plugin, change.after),
        })),
      )
      .execute();
    batch = [];
  };
  for (const change of changes) {
    batch.push(change);
    if (change.action !== 'Resend') {
      changing++;
      actions.add(PAST[change.action] ?? change.action.toLowerCase());
    }
    if (batch.length === INSERT_BATCH) await write();
  }
  if (batch.length > 0) await write();
  if (changing > 0 && (listDecides(plugin.name) || (plugin.effects?.length ?? 0) > 0)) {
    await requestRescreen(db, actor.jobs, {
      companyId: actor.companyId,
      listName: plugin.name,
      reason: `${plugin.label}: ${changing} row(s) ${[...actions].join(', ')} by ${actor.userId}`,
      requestedBy: actor.userId,
    });
  }
}

export interface AuditQuery {
  /** Matches the user id or the row id. */
  q?: string;
  action?: string;
  userId?: string;
  rowId?: string;
  /** ISO dates (YYYY-MM-DD), inclusive. */
  from?: string;
  to?: string;
  descending: boolean;
  offset: number;
  limit: number;
}

/** One page of a list's user log for the company, newest first by default. */
export async function listRowChanges(
  db: Db,
  companyId: string,
  plugin: RuleListPlugin,
  options: AuditQuery,
): Promise<{ rows: RuleListAuditEntry[]; total: number }> {
  let query = db.selectFrom('audit_log').where('company_id', '=', companyId).where('entity', '=', plugin.name);
  if (options.q) {
    const pattern = containsPattern(options.q.trim());
    query = query.where((eb) => eb.or([eb('user_id', 'ilike', pattern), eb('entity_key', '=', options.q!.trim())]));
  }
  if (options.action) query = query.where('action', '=', options.action);
  if (options.userId) query = query.where(sql`lower(user_id)`, '=', options.userId.toLowerCase());
  if (options.rowId) query = query.where('entity_key', '=', options.rowId);
  if (options.from) query = query.where('at', '>=', new Date(`${options.from}T00:00:00Z`));
  if (options.to) query = query.where('at', '<', new Date(new Date(`${options.to}T00:00:00Z`).getTime() + 86_400_000));
  const direction = options.descending ? 'desc' : 'asc';
  const [{ total }, rows] = await Promise.all([
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    query.selectAll().orderBy('at', direction).orderBy('audit_id', direction).offset(options.offset).limit(options.limit).execute(),
  ]);
  return {
    total: Number(total),
    rows: rows.map((row) => ({
      id: Number(row.audit_id),
      at: row.at.toISOString(),
      userId: row.user_id,
      ipAddress: row.ip_address,
      action: row.action as RuleListAuditAction,
      rowId: row.entity_key,
      before: (row.before_value as Record<string, unknown> | null) ?? null,
      after: (row.after_value as Record<string, unknown> | null) ?? null,
    })),
  };
}

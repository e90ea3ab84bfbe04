import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { RescreenRunTable, RescreenScope } from '../db/schema';
import { QUEUES, type JobQueue } from '../jobs/jobQueue';
import { writeShipmentEvents } from '../shipments/actionLog';
import { carrierRules } from './carrierRules';
import { OPEN_STATUSES } from '../../domain/shipmentStatus';
import { applyReassessments, planReassessment, type PlannedReassessment } from './reassess';
import { rescreenTargetOfRun } from './rescreenTarget';

/**
 * Re-screening (issue 6): when a carrier changes one of the lists that decide, the shipments the
 * change can affect (affectedSql) are assessed again in the background. A run records its progress (and the last shipment done,
 * so that a restart resumes after it); it works in chunks, one job each; a newer change supersedes
 * an unfinished run, since only the newest lists count.
 */

export const RESCREEN_CHUNK = 100;
/** Shipments written per transaction within a chunk. */
const WRITE_BATCH = 10;

/** Decided shipments a list change still concerns until their flight has left: the screening and findings they carry are brought up to date. */
const DECIDED_NOT_FLOWN = ['Accept', 'Submit'] as const;

/**
 * The shipments a change of the carrier's lists can affect (issue 18, item 7): its open ones, and
 * those it accepted (or sent on) whose flight has not left yet (by STD, else by the flight day), so
 * a name listed after acceptance still shows on a shipment that has not flown. Decided shipments keep
 * their status (reassess.ts).
 */
/** affectedSql of one shipment, for one that changed after the chunk read it. */
function affects(shipment: { status: string; std: Date | null; flight_date: string }, now: Date): boolean {
  if ((OPEN_STATUSES as readonly string[]).includes(shipment.status)) return true;
  if (!(DECIDED_NOT_FLOWN as readonly string[]).includes(shipment.status)) return false;
  return shipment.std ? shipment.std > now : shipment.flight_date >= now.toISOString().slice(0, 10);
}

function affectedSql(now: Date) {
  return sql<boolean>`(status IN (${sql.join([...OPEN_STATUSES])})
    OR (status IN (${sql.join([...DECIDED_NOT_FLOWN])}) AND coalesce(std > ${now}, flight_date >= (${now}::timestamptz AT TIME ZONE 'UTC')::date)))`;
}

export async function requestRescreen(
  trx: Db,
  jobs: JobQueue | undefined,
  request: { companyId: string; listName: string; reason: string; requestedBy: string; scope?: RescreenScope },
): Promise<string> {
  const superseded = await trx
    .updateTable('rescreen_runs')
    .set({ state: 'SUPERSEDED', finished_at: new Date() })
    .where('company_id', '=', request.companyId)
    .where('state', 'in', ['QUEUED', 'RUNNING'])
    .returning(['scope'])
    .execute();
  // The new run covers what the runs it supersedes had yet to: every shipment when one of them (or this change) concerns every one.
  const scope = superseded.reduce<RescreenScope | undefined>(
    (merged, run) => (merged && run.scope ? mergedScope(run.scope, merged) : undefined),
    request.scope,
  );
  const { total } = await trx
    .selectFrom('shipments')
    .select(sql<string>`count(*)`.as('total'))
    .where('carrier_id', '=', request.companyId)
    .where(affectedSql(new Date()))
    .executeTakeFirstOrThrow();
  const run = await trx
    .insertInto('rescreen_runs')
    .values({
      company_id: request.companyId,
      list_name: request.listName,
      reason: request.reason.slice(0, 500),
      requested_by: request.requestedBy,
      total: Number(total),
      scope: scope ? JSON.stringify(scope) : null,
    })
    .returning('run_id')
    .executeTakeFirstOrThrow();
  const runId = String(run.run_id);
  await jobs?.send(QUEUES.rescreen, { runId }, { within: trx });
  return runId;
}

/** Two scopes as one: every source of either, each compared with the file of the earlier run (the version before both). */
function mergedScope(earlier: RescreenScope, later: RescreenScope): RescreenScope {
  const sources = [...earlier.sources];
  for (const next of later.sources) if (!sources.some((known) => known.source === next.source)) sources.push(next);
  return { sources };
}

export interface RescreenDeps {
  db: Db;
  jobs?: JobQueue;
  autoAcceptDelaySeconds: number;
  now?: () => Date;
  /** Shipments per chunk (RESCREEN_CHUNK). */
  chunkSize?: number;
}

/**
 * One chunk of a run; 'more' when another chunk follows (its job is already sent). The chunk's
 * shipments are read and assessed without a lock (screening is CPU work, yielding to requests between
 * shipments); then those whose assessment changed are written ten at a time, each batch locking its
 * rows in a short transaction of its own (a shipment changed meanwhile, by a decision or a newer FWB,
 * is assessed again under its lock), and a last one records the progress. So decisions never wait for
 * a chunk's screening, nor for all of its writes. A chunk cut short by a crash is done again: what it
 * wrote is found unchanged then.
 */
export async function rescreenChunk(deps: RescreenDeps, runId: string): Promise<'more' | 'done' | 'gone'> {
  const head = await deps.db.selectFrom('rescreen_runs').selectAll().where('run_id', '=', runId).executeTakeFirst();
  if (!head || (head.state !== 'QUEUED' && head.state !== 'RUNNING')) return 'gone';
  // The newest lists (building a screener or preparing a large list takes a while, in slices).
  const rules = await carrierRules(deps.db, head.company_id);
  const chunkSize = deps.chunkSize ?? RESCREEN_CHUNK;
  const now = deps.now?.() ?? new Date();
  const options = { now, autoAcceptDelaySeconds: deps.autoAcceptDelaySeconds };
  const shipments = await deps.db
    .selectFrom('shipments')
    .selectAll()
    .where('carrier_id', '=', head.company_id)
    .where(affectedSql(now))
    .where('shipment_id', '>', head.last_shipment_id)
    .orderBy('shipment_id')
    .limit(chunkSize)
    .execute();
  // A run after new versions of sources assesses again only the shipments their changed entries concern (rescreenTarget.ts).
  const target = head.scope ? await rescreenTargetOfRun(deps.db, runId, head.company_id, head.scope) : undefined;
  const plans: PlannedReassessment[] = [];
  let screened = 0;
  for (const shipment of shipments) {
    // Requests are served between shipments, not after the chunk.
    await nextTurn();
    if (target && !target.concerns(shipment)) continue;
    screened++;
    const plan = await planReassessment(rules, shipment, options);
    if (plan?.changed) plans.push(plan);
  }
  // The shipments whose assessment changed are written a few at a time, each batch in a transaction of
  // its own with its history lines: a batch holds its rows for a moment, not the whole chunk's writes.
  let changed = 0;
  let superseded = false;
  for (let start = 0; start < plans.length && !superseded; start += WRITE_BATCH) {
    changed += await deps.db.transaction().execute(async (trx) => {
      // A newer change of the lists supersedes the run as it commits: a batch written after that would
      // write what the older lists say (the run that supersedes this one assesses every shipment anew).
      const run = await trx.selectFrom('rescreen_runs').select('state').where('run_id', '=', runId).forShare().executeTakeFirst();
      if (!run || (run.state !== 'QUEUED' && run.state !== 'RUNNING')) {
        superseded = true;
        return 0;
      }
      const written = await applyReassessments(trx, rules, plans.slice(start, start + WRITE_BATCH), {
        ...options,
        ...(deps.jobs ? { jobs: deps.jobs } : {}),
        inScope: (shipment) => affects(shipment, now),
      });
      await writeShipmentEvents(
        trx,
        written.map((plan) => ({
          shipmentId: String(plan.shipment.shipment_id),
          kind: 'RESCREEN',
          description: `Re-evaluated after a change of ${head.list_name}: ${plan.before === plan.after ? `still ${plan.after}` : `${plan.before} -> ${plan.after}`}.`,
          companyId: null,
          userId: null,
        })),
      );
      return written.length;
    });
  }
  if (superseded) return 'gone';
  return deps.db.transaction().execute(async (trx) => {
    const run = await trx.selectFrom('rescreen_runs').selectAll().where('run_id', '=', runId).forUpdate().executeTakeFirst();
    if (!run || (run.state !== 'QUEUED' && run.state !== 'RUNNING')) return 'gone' as const;
    // Another worker took this chunk meanwhile (a job delivered twice): it carries the run on.
    if (run.last_shipment_id !== head.last_shipment_id) return 'gone' as const;
    const finished = shipments.length < chunkSize;
    await trx
      .updateTable('rescreen_runs')
      .set({
        state: finished ? 'DONE' : 'RUNNING',
        started_at: run.started_at ?? now,
        done: run.done + shipments.length,
        changed: run.changed + changed,
        screened: run.screened + screened,
        // A run finishes with done = total even if shipments opened or closed meanwhile.
        total: finished ? run.done + shipments.length : Math.max(run.total, run.done + shipments.length),
        last_shipment_id: shipments.at(-1)?.shipment_id ?? run.last_shipment_id,
        finished_at: finished ? now : null,
      })
      .where('run_id', '=', runId)
      .execute();
    if (finished) return 'done' as const;
    await deps.jobs?.send(QUEUES.rescreen, { runId }, { within: trx });
    return 'more' as const;
  });
}

export interface RescreenRunView {
  RunId: string;
  ListName: string;
  Reason: string;
  RequestedBy: string;
  State: string;
  Total: number;
  Done: number;
  Changed: number;
  /** Shipments assessed again of those done: all of them, unless the run is limited to what new versions of sources changed (Targeted). */
  Screened: number;
  /** The run passes over shipments the changed entries of new source versions do not concern (issue 34, 5). */
  Targeted: boolean;
  CreatedAt: string;
  StartedAt: string | null;
  FinishedAt: string | null;
  Error: string | null;
}

type RunRow = Selectable<RescreenRunTable>;

/** The company's latest runs, newest first, for the progress shown on the rule-list pages. */
export async function latestRuns(db: Db, companyId: string, limit = 5): Promise<RescreenRunView[]> {
  const rows = await db.selectFrom('rescreen_runs').selectAll().where('company_id', '=', companyId).orderBy('run_id', 'desc').limit(limit).execute();
  return rows.map(runView);
}

/**
 * The run that screens a list's latest change: that list's newest run, or, when a change of another
 * list superseded it, the run that took over (the company's next run, which reads every list as it
 * is, this one's change included), followed to the one still standing. Undefined when the list was
 * never changed.
 */
export async function runOfList(db: Db, companyId: string, listName: string): Promise<(RescreenRunView & { Includes: string | null }) | undefined> {
  let run = await db
    .selectFrom('rescreen_runs')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('list_name', '=', listName)
    .orderBy('run_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  while (run?.state === 'SUPERSEDED') {
    const next: RunRow | undefined = await db
      .selectFrom('rescreen_runs')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('run_id', '>', run.run_id)
      .orderBy('run_id')
      .limit(1)
      .executeTakeFirst();
    if (!next) break;
    run = next;
  }
  if (!run) return undefined;
  return { ...runView(run), Includes: run.list_name === listName ? null : listName };
}

function runView(row: RunRow): RescreenRunView {
  return {
    RunId: String(row.run_id),
    ListName: row.list_name,
    Reason: row.reason,
    RequestedBy: row.requested_by,
    State: row.state,
    Total: row.total,
    Done: row.done,
    Changed: row.changed,
    Screened: row.screened,
    Targeted: row.scope !== null,
    CreatedAt: row.created_at.toISOString(),
    StartedAt: row.started_at ? row.started_at.toISOString() : null,
    FinishedAt: row.finished_at ? row.finished_at.toISOString() : null,
    Error: row.error,
  };
}

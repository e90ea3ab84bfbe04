import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { LiveEvent } from '../../domain/liveEvents';

/**
 * The live event log of migration 0013, read back: a row as the triggers write it (and as the
 * change feed's {"k":"live"} carries it), what a browser receives of it, the replay of what a
 * reconnecting stream missed, and the pruning that bounds the log.
 */

/** A `live_events` row in JSON (row_to_json): ids are numbers there, strings when Kysely reads them. */
export interface LiveEventRow {
  event_id: number | string;
  at: string | Date;
  kind: string;
  shipment_id: number | string | null;
  company_id: string | null;
  awb_prefix: string | null;
  awb_suffix: string | null;
  status: string | null;
  agent_company_id: string | null;
  origin: string | null;
  destination: string | null;
  by_name: string | null;
  detail: Record<string, unknown>;
}

/** What the stream sends of an event: the wire format the browser reads too (src/domain/liveEvents.ts). */
export function wireEvent(row: LiveEventRow, withName: boolean): LiveEvent {
  return {
    id: String(row.event_id),
    kind: row.kind,
    shipmentId: row.shipment_id === null ? null : String(row.shipment_id),
    awb: row.awb_prefix && row.awb_suffix ? `${row.awb_prefix}-${row.awb_suffix}` : null,
    status: row.status,
    by: withName ? row.by_name : null,
    at: new Date(row.at).toISOString(),
    detail: row.detail,
  };
}

/** The events after `afterId` (at most `limit`), or 'reset' when some of them were pruned already. */
export async function eventsAfter(db: Db, afterId: string, limit: number): Promise<LiveEventRow[] | 'reset'> {
  const pruned = await db.selectFrom('live_events_pruned').select('through_id').executeTakeFirst();
  if (pruned && BigInt(afterId) < BigInt(pruned.through_id)) return 'reset';
  const rows = await db
    .selectFrom('live_events')
    .selectAll()
    .where('event_id', '>', afterId)
    .orderBy('event_id')
    .limit(limit + 1)
    .execute();
  if (rows.length > limit) return 'reset';
  return rows as unknown as LiveEventRow[];
}

/** The newest event's id ('0' when there is none): where a new stream's replay would begin. */
export async function latestEventId(db: Db): Promise<string> {
  const row = await db.selectFrom('live_events').select(sql<string>`coalesce(max(event_id), 0)::text`.as('id')).executeTakeFirst();
  const pruned = await db.selectFrom('live_events_pruned').select('through_id').executeTakeFirst();
  const latest = BigInt(row?.id ?? '0');
  const through = BigInt(pruned?.through_id ?? '0');
  return String(latest > through ? latest : through);
}

/**
 * Keeps the replay window: events older than `keepMinutes`, and all but the newest `keepCount`, go;
 * the highest id gone is remembered, so a Last-Event-ID before it is told to reload.
 */
export async function pruneLiveEvents(db: Db, keepMinutes: number, keepCount: number): Promise<void> {
  await sql`
    WITH gone AS (
      DELETE FROM live_events
       WHERE at < now() - make_interval(mins => ${keepMinutes})
          OR event_id <= (SELECT max(event_id) - ${keepCount} FROM live_events)
      RETURNING event_id
    )
    UPDATE live_events_pruned SET through_id = greatest(through_id, (SELECT max(event_id) FROM gone))
     WHERE EXISTS (SELECT 1 FROM gone)
  `.execute(db);
}

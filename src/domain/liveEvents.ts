/**
 * The live event stream's wire format (issue 19), shared by the server that sends it
 * (src/server/live) and the browser that reads it (src/app/live).
 *
 * The stream (GET /awbapi/events?ticket=…) sends `id: N` and `data: <LiveEvent>` for each event the
 * user may see, `event: ready` (with the current id) once it is live, `event: reset` when the
 * Last-Event-ID asked for is older than the log's window (the page reloads what it shows), and a
 * comment line as heartbeat.
 */

/**
 * Kinds of migrations 0013 and 0015 (`created`: a new shipment) and 0035 (`oneRecordChange`: a partner's ONE Record
 * change request to the shipment came or moved on): what changed.
 */
export type LiveEventKind = 'created' | 'decision' | 'status' | 'data' | 'sanction' | 'changed' | 'lock' | 'outbound' | 'rescreen' | 'oneRecordChange';

/** What the stream sends of an event: small, and nothing of the facts its scope was decided on. */
export interface LiveEvent {
  id: string;
  /** A LiveEventKind; a kind this browser does not know yet is passed on and ignored by the screens. */
  kind: string;
  shipmentId: string | null;
  awb: string | null;
  status: string | null;
  /** Who made the change (a display name); null for the system, or for a lent shipment's borrower. */
  by: string | null;
  /** ISO 8601 UTC. */
  at: string;
  detail: Record<string, unknown>;
}

/** Kinds that change what a shipment's detail or summary row shows (a lock is told apart). */
export const SHIPMENT_CHANGE_KINDS: ReadonlySet<string> = new Set<LiveEventKind>(['decision', 'status', 'data', 'sanction', 'changed']);

/** Kinds that change the counts by status: a new shipment, or one moving between statuses. */
export const STATUS_KINDS: ReadonlySet<string> = new Set<LiveEventKind>(['created', 'decision', 'status']);
/**
 * Kinds a borrower (a lent shipment: summary only) receives, without the name of who made them; the
 * others are of the detail. `created` (migration 0015: a new shipment) is the summary's row appearing;
 * a borrower meets it only in a replay, a shipment being lent after it is made.
 */
export const SUMMARY_KINDS: ReadonlySet<string> = new Set<LiveEventKind>(['created', 'decision', 'status', 'data']);

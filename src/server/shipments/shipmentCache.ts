import { sql, type RawBuilder } from 'kysely';
import { holdsHandlingLock } from '../../domain/access';
import type { RuleRow } from '../../domain/compliance';
import type { HandlingState, ShipmentEventRow } from '../../domain/shipmentWire';
import type { ShipmentLending } from '../../domain/lending';
import type { AccountProfile } from '../auth/accounts';
import type { ChangeEvent, ChangeFeed } from '../changes/changeFeed';
import { InvalidatedCache } from '../changes/invalidatedCache';
import type { Db } from '../db/database';
import { acceptancePrivilegeRows } from '../compliance/privilege';
import { liveHolder, stateFor, takeHandling, type HolderRow } from './handlingLock';
import type { ShipmentRow } from './shipmentRecord';

/**
 * What the detail and the AWB search read of a shipment (its row, its documents' list, its latest
 * history, its lendings), kept in this process and forgotten the moment the database announces a
 * change of the shipment (migrations 0011, 0012); the handling lock's holder, applied from the notifications themselves;
 * and the acceptance-privilege rows of each carrier, forgotten on any rule-list change. Nothing
 * here is per company or per user: who may see a shipment is decided on every call from the
 * caller's scope (scope.ts), exactly as the database query decides it.
 */

export interface DocumentDbRow {
  document_id: string;
  file_name: string;
  doc_type: string;
  pouch_kind: string | null;
  remarks: string;
  updated_on: Date;
  user_id: string;
  size_bytes: number | null;
  awaiting_acceptance: boolean;
}

/** A shipment as the AWB search needs it: its row. */
export interface CachedRow {
  row: ShipmentRow;
}

/** A shipment's row with when the FWB and FHL messages that made or changed it came (its ONE Record revisions, oldest first). */
export interface CachedRowWithMessages extends CachedRow {
  messageTimes: Date[];
}

/** A shipment as the detail needs it: its row, documents, latest history, and to whom it is lent (told to its owner only: detail.ts). */
export interface CachedShipment extends CachedRow {
  documents: DocumentDbRow[];
  history: ShipmentEventRow[];
  lendings: ShipmentLending[];
}

type CacheEntry = CachedRow & Partial<Pick<CachedShipment, 'documents' | 'history' | 'lendings'>> & Partial<Pick<CachedRowWithMessages, 'messageTimes'>>;
const isWhole = (entry: CacheEntry | undefined): entry is CachedShipment =>
  entry?.documents !== undefined && entry.history !== undefined && entry.lendings !== undefined;

export interface ShipmentCache {
  byId(shipmentId: string): Promise<CachedShipment | undefined>;
  /**
   * The row and its message times (a ONE Record GET needs both): from memory when there, else read in one statement.
   * A shipment changes whenever a message makes a revision, so the times are kept with the row they came with.
   */
  rowWithMessages(shipmentId: string): Promise<CachedRowWithMessages | undefined>;
  /** The row alone (ONE Record's objects are made of it): from memory when there, whole or not, else the row is read. */
  rowById(shipmentId: string): Promise<CachedRow | undefined>;
  byAwb(prefix: string, suffix: string): Promise<CachedShipment | undefined>;
  /** The rows of several AWBs at once (an AWB search): those not in memory are read in one statement, rows only. */
  byAwbs(awbs: readonly { prefix: string; suffix: string }[]): Promise<(CachedRow | undefined)[]>;
  /** Takes or renews the handling lock (handlingLock.takeHandling), without a write while this user renewed it moments ago. */
  takeHandling(shipmentId: string, account: AccountProfile, lapseMinutes: number): Promise<HandlingState>;
  /**
   * A count of the summary or the overview, kept until a change may have moved it: `key` names the
   * company's scope and the criteria whole; `byStatus` when it depends on the shipments' statuses (or on
   * what needs attention: acceptance blocks and sanction hits, announced alike by migration 0017).
   */
  kept<T>(key: string, byStatus: boolean, count: () => Promise<T>): Promise<T>;
  /** A carrier's acceptance-privilege rows (compliance/privilege.ts). */
  privilegeRows(carrier: string): Promise<RuleRow[]>;
  close(): void;
}

const TTL_MS = 5 * 60_000;
/** A shipment with its documents and history is a few kilobytes in memory: tens of megabytes per process at most. */
const MAX_SHIPMENTS = 5_000;
/** AWB numbers remembered with their shipment ids (a few dozen bytes each). */
const MAX_AWB_KEYS = 100_000;
/** Handling locks remembered per process (a few dozen bytes each). */
const MAX_HANDLING = 20_000;
/** A lock this user renewed less than this long ago is not written again on the next open. */
const RENEWAL_QUIET_MS = 20_000;
/** A lock held by another is reported from memory only while it is this far from lapsing. */
const LAPSE_MARGIN_MS = 5_000;

const DOCUMENT_ORDER = sql`CASE d.doc_type WHEN 'AWB' THEN 0 WHEN 'House Manifest' THEN 1 WHEN 'House AWB airline' THEN 2 ELSE 3 END, d.updated_on, d.document_id`;

/** The row, its documents (in the page's order), its latest 200 history entries and its lendings: one statement. */
async function loadShipment(db: Db, key: { id: string } | { prefix: string; suffix: string }): Promise<CachedShipment | undefined> {
  return (
    await loadShipments(db, 'id' in key ? sql`s.shipment_id = ${key.id}` : sql`s.awb_prefix = ${key.prefix}::bpchar AND s.awb_suffix = ${key.suffix}::bpchar`)
  )[0];
}

const ROW_COLUMNS = sql`s.*, to_char(s.flight_date, 'YYYY-MM-DD') AS flight_date`;

async function loadShipments(db: Db, where: RawBuilder<unknown>): Promise<CachedShipment[]> {
  const { rows } = await sql<ShipmentRow & { documents_json: DocumentJson[]; history_json: EventJson[]; lendings_json: LendingJson[] }>`
    SELECT ${ROW_COLUMNS},
      (SELECT coalesce(json_agg(json_build_object(
          'document_id', d.document_id::text, 'file_name', d.file_name, 'doc_type', d.doc_type, 'pouch_kind', d.pouch_kind,
          'remarks', d.remarks, 'updated_on', d.updated_on, 'user_id', d.user_id, 'size_bytes', d.size_bytes,
          'awaiting_acceptance', d.awaiting_acceptance) ORDER BY ${DOCUMENT_ORDER}), '[]')
        FROM shipment_documents d WHERE d.shipment_id = s.shipment_id) AS documents_json,
      (SELECT coalesce(json_agg(json_build_object('at', e.at, 'kind', e.kind, 'description', e.description,
          'company_id', e.company_id, 'user_id', e.user_id) ORDER BY e.at DESC, e.event_id DESC), '[]')
        FROM (SELECT * FROM shipment_events WHERE shipment_id = s.shipment_id ORDER BY at DESC, event_id DESC LIMIT 200) e) AS history_json,
      (SELECT coalesce(json_agg(json_build_object('company_id', l.company_id, 'company_name', c.company_name, 'lent_at', l.lent_at,
          'lent_by', l.lent_by, 'lent_by_user', l.lent_by_user) ORDER BY l.lent_at, l.company_id), '[]')
        FROM shipment_lendings l JOIN companies c ON c.company_id = l.company_id WHERE l.shipment_id = s.shipment_id) AS lendings_json
    FROM shipments s WHERE ${where}`.execute(db);
  return rows.map(({ documents_json: documents, history_json: history, lendings_json: lendings, ...row }) => ({
    row,
    documents: documents.map((document) => ({ ...document, updated_on: new Date(document.updated_on) })),
    history: history.map((event) => ({
      At: new Date(event.at).toISOString(),
      Kind: event.kind,
      Description: event.description,
      CompanyId: event.company_id,
      UserId: event.user_id,
    })),
    lendings: lendings.map((lending) => ({
      CompanyId: lending.company_id,
      CompanyName: lending.company_name,
      LentAt: new Date(lending.lent_at).toISOString(),
      LentByCompany: lending.lent_by,
      LentByUser: lending.lent_by_user,
    })),
  }));
}

/** Rows only: what the AWB search shows (the detail reads the rest when it is opened). */
async function loadRows(db: Db, where: RawBuilder<unknown>): Promise<CachedRow[]> {
  const { rows } = await sql<ShipmentRow>`SELECT ${ROW_COLUMNS} FROM shipments s WHERE ${where}`.execute(db);
  return rows.map((row) => ({ row }));
}

/** When the FWB and FHL messages that made or changed the shipment `s` came, oldest first (cargo_messages_awb). */
const MESSAGE_TIMES = sql`ARRAY(
  SELECT m.received_at FROM cargo_messages m
   WHERE m.awb_prefix = s.awb_prefix AND m.awb_suffix = s.awb_suffix AND m.shipment_id = s.shipment_id AND m.outcome IN ('created', 'updated')
   ORDER BY m.received_at, m.message_id)`;

async function loadRowWithMessages(db: Db, shipmentId: string): Promise<CachedRowWithMessages | undefined> {
  const { rows } = await sql<ShipmentRow & { message_times: Date[] }>`
    SELECT ${ROW_COLUMNS}, ${MESSAGE_TIMES} AS message_times FROM shipments s WHERE s.shipment_id = ${shipmentId}`.execute(db);
  if (rows.length === 0) return undefined;
  const { message_times: messageTimes, ...row } = rows[0];
  return { row: row as ShipmentRow, messageTimes };
}

/** The message times of a row read without them. */
async function messageTimesOf(db: Db, row: ShipmentRow): Promise<Date[]> {
  const { rows } = await sql<{
    times: Date[];
  }>`SELECT ${MESSAGE_TIMES} AS times FROM (SELECT ${row.shipment_id}::bigint AS shipment_id, ${row.awb_prefix}::bpchar AS awb_prefix, ${row.awb_suffix}::bpchar AS awb_suffix) s`.execute(
    db,
  );
  return rows[0].times;
}

type DocumentJson = Omit<DocumentDbRow, 'updated_on'> & { updated_on: string };
type EventJson = { at: string; kind: string; description: string; company_id: string | null; user_id: string | null };
type LendingJson = { company_id: string; company_name: string; lent_at: string; lent_by: string; lent_by_user: string | null };

/** The lock's holder as this process last learnt it, and when it was last renewed (performance.now()'s clock). */
interface HandlingEntry {
  holder: HolderRow | undefined;
  learntAt: number;
}

export function createShipmentCache(db: Db, feed: ChangeFeed): ShipmentCache {
  const shipments = new InvalidatedCache<string, CacheEntry>(feed, TTL_MS, MAX_SHIPMENTS);
  const idsByAwb = new Map<string, string>();
  const privileges = new InvalidatedCache<string, RuleRow[]>(feed, TTL_MS, 1000);
  const totals = new InvalidatedCache<string, unknown>(feed, TTL_MS, 10_000);
  const totalsByStatus = new InvalidatedCache<string, unknown>(feed, TTL_MS, 10_000);
  const handling = new Map<string, HandlingEntry>();
  /** Remembers a lock's state; the oldest learnt go first beyond MAX_HANDLING (the database has them all). */
  const learn = (shipmentId: string, entry: HandlingEntry) => {
    handling.delete(shipmentId);
    if (handling.size >= MAX_HANDLING) handling.delete(handling.keys().next().value as string);
    handling.set(shipmentId, entry);
  };
  /** Bumped by every handling event: a read of the lock that started before one is not kept. */
  let handlingEpoch = 0;

  const awbKey = (prefix: string, suffix: string) => `${prefix}-${suffix}`;
  const forget = () => {
    shipments.clear();
    idsByAwb.clear();
    privileges.clear();
    totals.clear();
    totalsByStatus.clear();
    handling.clear();
    handlingEpoch++;
  };

  const onChange = (event: ChangeEvent) => {
    switch (event.k) {
      case 'shipment':
        shipments.delete(event.id);
        if (event.m) totals.clear();
        if (event.m || event.s) totalsByStatus.clear();
        break;
      case 'company':
        // Its address ranges, lendings or stations: its views may hold other shipments now.
        totals.clear();
        totalsByStatus.clear();
        // Its name, as the owner's detail gives it for a shipment lent to it (a lending's coming and going announces its shipment itself: migration 0012).
        shipments.deleteWhere((_id, entry) => entry.lendings?.some((lending) => lending.CompanyId === event.c) === true);
        break;
      case 'handling':
        handlingEpoch++;
        learn(event.id, {
          holder:
            event.c && event.u ? { company_id: event.c, user_id: event.u, user_name: event.n ?? '', taken_at: new Date(event.t ?? Date.now()) } : undefined,
          // The renewal's time on this process's clock (the database's clock is not this one).
          learntAt: performance.now() - Math.max(0, event.a ?? 0),
        });
        break;
      case 'ruleLists':
        privileges.clear();
        break;
      default:
        break; // accounts, sessions, roles, companies, menus, ONE Record clients: the access cache's (accessCache.ts)
    }
  };
  const unsubscribe = feed.subscribe({ onChange, onReset: forget });

  const remember = <T extends CachedRow>(found: T | undefined): T | undefined => {
    if (found) {
      const key = awbKey(found.row.awb_prefix, found.row.awb_suffix);
      idsByAwb.delete(key);
      if (idsByAwb.size >= MAX_AWB_KEYS) idsByAwb.delete(idsByAwb.keys().next().value as string);
      idsByAwb.set(key, String(found.row.shipment_id));
    }
    return found;
  };
  /** The whole shipment: from memory when whole there, else read (and kept unless a change was announced meanwhile). */
  const byId = async (shipmentId: string): Promise<CachedShipment | undefined> =>
    remember((await shipments.get(shipmentId, () => loadShipment(db, { id: shipmentId }), isWhole)) as CachedShipment | undefined);

  const rowById = async (shipmentId: string): Promise<CachedRow | undefined> =>
    remember(await shipments.get(shipmentId, async () => (await loadRows(db, sql`s.shipment_id = ${shipmentId}`))[0]));

  const rowWithMessages = async (shipmentId: string): Promise<CachedRowWithMessages | undefined> => {
    const found: CacheEntry | undefined = await shipments.get(shipmentId, () => loadRowWithMessages(db, shipmentId));
    // A row read by another call (the detail, the search) learns its times once; they stay with it.
    if (found && !found.messageTimes) found.messageTimes = await messageTimesOf(db, found.row);
    return remember(found as CachedRowWithMessages | undefined);
  };

  const matches = (found: CachedRow | undefined, awb: { prefix: string; suffix: string }) =>
    found !== undefined && found.row.awb_prefix === awb.prefix && found.row.awb_suffix === awb.suffix;
  const byAwbs = async (awbs: readonly { prefix: string; suffix: string }[]): Promise<(CachedRow | undefined)[]> => {
    const answers: (CachedRow | undefined)[] = awbs.map((awb) => {
      const known = feed.isLive() ? idsByAwb.get(awbKey(awb.prefix, awb.suffix)) : undefined;
      const hit = known === undefined ? undefined : shipments.peek(known);
      return matches(hit, awb) ? hit : undefined;
    });
    const missing = awbs.filter((_awb, index) => answers[index] === undefined);
    if (missing.length === 0) return answers;
    // Read together, and kept unless a change was announced while they were read.
    const epoch = shipments.epoch;
    const found = await loadRows(
      db,
      sql`(s.awb_prefix, s.awb_suffix) IN (${sql.join(missing.map((awb) => sql`(${awb.prefix}::bpchar, ${awb.suffix}::bpchar)`))})`,
    );
    for (const shipment of found) {
      shipments.keep(String(shipment.row.shipment_id), shipment, epoch);
      remember(shipment);
    }
    return awbs.map((awb, index) => answers[index] ?? found.find((shipment) => matches(shipment, awb)));
  };

  /** The lock's holder from memory when what is there still holds; undefined when the database must say. */
  const knownHolder = (shipmentId: string, lapseMinutes: number): { holder: HolderRow | undefined } | undefined => {
    if (!feed.isLive()) return undefined;
    const entry = handling.get(shipmentId);
    if (!entry) return undefined;
    // A holder learnt of long ago may have lapsed since: only the database knows its renewals' time.
    if (entry.holder && performance.now() - entry.learntAt > lapseMinutes * 60_000 - LAPSE_MARGIN_MS) return undefined;
    return { holder: entry.holder };
  };

  return {
    byId,
    rowById,
    rowWithMessages,
    async byAwb(prefix, suffix) {
      const known = feed.isLive() ? idsByAwb.get(awbKey(prefix, suffix)) : undefined;
      if (known !== undefined) {
        const found = await byId(known);
        if (matches(found, { prefix, suffix })) return found;
      }
      const epoch = shipments.epoch;
      const found = await loadShipment(db, { prefix, suffix });
      if (found) shipments.keep(String(found.row.shipment_id), found, epoch);
      return remember(found);
    },
    byAwbs,
    async takeHandling(shipmentId, account, lapseMinutes) {
      const known = knownHolder(shipmentId, lapseMinutes);
      const mine = (holder: HolderRow | undefined) => holder !== undefined && holder.company_id === account.companyId && holder.user_id === account.userId;
      if (holdsHandlingLock(account.companyTypeId, [account.roleType])) {
        const entry = handling.get(shipmentId);
        // Renewed by this user moments ago (this process saw the renewal): nothing to write yet.
        if (known && mine(known.holder) && entry && performance.now() - entry.learntAt < RENEWAL_QUIET_MS) return stateFor(account, known.holder);
        // Held by another, live: taking it would fail anyway.
        if (known?.holder && !mine(known.holder)) return stateFor(account, known.holder);
        return takeHandling(db, shipmentId, account, lapseMinutes);
      }
      if (known) return stateFor(account, known.holder);
      const epoch = handlingEpoch;
      const holder = await liveHolder(db, shipmentId, lapseMinutes);
      // Kept only when no event came meanwhile, and only as "no holder": a holder's renewal time is the database's.
      if (epoch === handlingEpoch && feed.isLive() && holder === undefined) learn(shipmentId, { holder: undefined, learntAt: performance.now() });
      return stateFor(account, holder);
    },
    async kept<T>(key: string, byStatus: boolean, count: () => Promise<T>): Promise<T> {
      return (await (byStatus ? totalsByStatus : totals).get(key, count)) as T;
    },
    async privilegeRows(carrier) {
      return (await privileges.get(carrier, () => acceptancePrivilegeRows(db, carrier))) ?? [];
    },
    close: unsubscribe,
  };
}

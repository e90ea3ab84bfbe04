import { sql, type RawBuilder } from 'kysely';
import { formatAwbNumber, hasValidCheckDigit } from '../../domain/awb';
import { type AttentionFacts, hitAgeBucketOf, hitStatesOf, needsAttention, rowAttention } from '../../domain/attention';
import { addDaysIso } from '../../domain/dateRange';
import { ShipmentMessages } from '../../domain/shipmentMessages';
import { OPEN_STATUSES, type ShipmentStatus } from '../../domain/shipmentStatus';
import {
  type AttentionCounts,
  type AttentionKind,
  type AwbSearchMiss,
  type AwbSummaryAnswer,
  type AwbSummaryRow,
  type AwbTag,
  type DbOptions,
  DEPARTING_SOON_HOURS,
  HIT_AGE_BUCKETS,
  HIT_AGE_HOURS,
  type HitAgeBucket,
  type SummaryFilters,
  type SummarySortField,
} from '../../domain/shipmentWire';
import { formatMessage } from '../../domain/statusCodes';
import type { Db } from '../db/database';
import { accessOf, lentOnlySql, ownPartsSql, ownShipmentsSql, visibleShipmentsSql, type CompanyScope } from './scope';
import type { CachedRow as CachedRowEntry, ShipmentCache } from './shipmentCache';

/** The AWB summary (POST awbapi/awbsummary) and the next result (GET awbapi/searchnext). */

/** Sort fields of dbOptions and their columns; ties are broken by the AWB number, in the same direction. */
const SORT_COLUMNS: Record<SummarySortField, RawBuilder<unknown> | null> = {
  AWBNumber: null,
  Status: sql`s.status`,
  Origin: sql`s.origin`,
  Destination: sql`s.destination`,
  FlightDate: sql`s.flight_date`,
  MessageDate: sql`s.message_date`,
  STD: sql`coalesce(s.std, '-infinity'::timestamptz)`,
  Pieces: sql`s.pieces`,
  Weight: sql`s.weight_kg`,
  UpdateDT: sql`s.update_dt`,
};

export interface SummaryCriteria {
  tags: readonly AwbTag[];
  filters: SummaryFilters;
}

function tagsSql(tags: readonly AwbTag[]): RawBuilder<boolean> {
  return sql<boolean>`(s.awb_prefix, s.awb_suffix) IN (${sql.join(tags.map((tag) => sql`(${tag.AWBPrefix}::bpchar, ${tag.AWBSuffix}::bpchar)`))})`;
}

/** Day ranges are whole UTC days: 'to' is inclusive. */
function dayRangeSql(column: RawBuilder<unknown>, from: string | undefined, to: string | undefined, isDate: boolean): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  if (isDate) {
    if (from) conditions.push(sql<boolean>`${column} >= ${from}::date`);
    if (to) conditions.push(sql<boolean>`${column} <= ${to}::date`);
  } else {
    if (from) conditions.push(sql<boolean>`${column} >= (${from}::date)::timestamp AT TIME ZONE 'UTC'`);
    if (to) conditions.push(sql<boolean>`${column} < (${addDaysIso(to, 1)}::date)::timestamp AT TIME ZONE 'UTC'`);
  }
  return conditions;
}

/** The disjoint parts of the company's view (its own shipments in parts, then those only lent to it), each served by its indexes. */
function viewParts(scope: CompanyScope): RawBuilder<boolean>[] {
  return [...ownPartsSql(scope), lentOnlySql(scope)];
}

/** An open shipment (still to be decided): only those need attention (src/domain/attention.ts). */
const openSql = sql<boolean>`s.status = ANY(${[...OPEN_STATUSES]}::text[])`;
const hitInStateSql = (state: string) => sql<boolean>`s.sanction_hits @> ${JSON.stringify([{ state }])}::jsonb`;
const hardBlockSql = (scope: CompanyScope) =>
  sql<boolean>`(s.acceptance_block = 'HARD' AND (cardinality(s.acceptance_block_companies) = 0 OR ${scope.companyId} = ANY(s.acceptance_block_companies)))`;
const departingSoonSql = sql<boolean>`(s.std >= now() AND s.std < now() + make_interval(hours => ${DEPARTING_SOON_HOURS}))`;

/** Open hits whose shipment's message came this long ago, as hitAgeBucketOf decides it: the overview's counts and the lists they open. */
function hitAgeSql(bucket: HitAgeBucket): RawBuilder<boolean> {
  const [from, to] = HIT_AGE_HOURS[bucket];
  // The first bucket has no start: a message time ahead of the clock counts as just come.
  const conditions = [hitInStateSql('OPEN'), sql<boolean>`s.message_date IS NOT NULL`];
  if (from > 0) conditions.push(sql<boolean>`s.message_date <= now() - make_interval(hours => ${from})`);
  if (to !== null) conditions.push(sql<boolean>`s.message_date > now() - make_interval(hours => ${to})`);
  return sql<boolean>`(${sql.join(conditions, sql` AND `)})`;
}

/** One kind of attention, as rowAttention and departsSoon decide it (open shipments only: the caller adds openSql). */
function attentionSql(scope: CompanyScope, kind: AttentionKind): RawBuilder<boolean> {
  switch (kind) {
    case 'OpenHits':
      return hitInStateSql('OPEN');
    case 'AwaitingReview':
      return hitInStateSql('ESCALATED');
    case 'DeniedHit':
      return hitInStateSql('DENIED');
    case 'HardBlock':
      return hardBlockSql(scope);
    case 'DepartingSoon':
      return departingSoonSql;
  }
}

function criteriaSql(scope: CompanyScope, criteria: SummaryCriteria, part: RawBuilder<boolean> = visibleShipmentsSql(scope)): RawBuilder<boolean> {
  const { filters } = criteria;
  const conditions: RawBuilder<boolean>[] = [part];
  if (criteria.tags.length > 0) conditions.push(tagsSql(criteria.tags));
  conditions.push(...dayRangeSql(sql`s.flight_date`, filters.FlightDateFrom, filters.FlightDateTo, true));
  conditions.push(...dayRangeSql(sql`s.message_date`, filters.MessageDateFrom, filters.MessageDateTo, false));
  conditions.push(...dayRangeSql(sql`s.std`, filters.STDFrom, filters.STDTo, false));
  if (filters.Status && filters.Status.length > 0) conditions.push(sql<boolean>`s.status = ANY(${[...filters.Status]}::text[])`);
  if (filters.Attention && filters.Attention.length > 0) {
    // A lent shipment's hits and blocks are not the borrower's to see, nor to find it by.
    conditions.push(
      ownShipmentsSql(scope),
      openSql,
      sql<boolean>`(${sql.join(
        filters.Attention.map((kind) => attentionSql(scope, kind)),
        sql` OR `,
      )})`,
    );
  }
  if (filters.HitAge) conditions.push(ownShipmentsSql(scope), openSql, hitAgeSql(filters.HitAge));
  return sql<boolean>`(${sql.join(conditions, sql` AND `)})`;
}

function orderSql(options: Pick<DbOptions, 'FieldName' | 'OrderBy'>): RawBuilder<unknown> {
  const direction = options.OrderBy === 'DESC' ? sql.raw('DESC') : sql.raw('ASC');
  const column = SORT_COLUMNS[options.FieldName];
  return column ? sql`${column} ${direction}, s.awb_prefix ${direction}, s.awb_suffix ${direction}` : sql`s.awb_prefix ${direction}, s.awb_suffix ${direction}`;
}

/**
 * The ids of one page: the own part and the lent part each ordered and cut on their own (so each
 * can use its indexes), then merged in the page's order.
 */
function pageIdsSql(scope: CompanyScope, criteria: SummaryCriteria, options: DbOptions, offset: number): RawBuilder<unknown> {
  const direction = options.OrderBy === 'DESC' ? sql.raw('DESC') : sql.raw('ASC');
  const column = SORT_COLUMNS[options.FieldName];
  const keys = column ? sql`${column} AS sort_key, s.awb_prefix, s.awb_suffix` : sql`s.awb_prefix, s.awb_suffix`;
  const merged = column
    ? sql`u.sort_key ${direction}, u.awb_prefix ${direction}, u.awb_suffix ${direction}`
    : sql`u.awb_prefix ${direction}, u.awb_suffix ${direction}`;
  const enough = options.PageSize + offset;
  const parts = viewParts(scope).map(
    (part) => sql`(SELECT s.shipment_id, ${keys} FROM shipments s WHERE ${criteriaSql(scope, criteria, part)} ORDER BY ${orderSql(options)} LIMIT ${enough})`,
  );
  return sql`SELECT u.shipment_id FROM (${sql.join(parts, sql` UNION ALL `)}) u ORDER BY ${merged} LIMIT ${options.PageSize} OFFSET ${offset}`;
}

const rowColumns = (scope: CompanyScope) => sql`
  s.shipment_id, s.awb_prefix, s.awb_suffix, s.status, s.origin, s.destination, s.pieces, s.weight_kg,
  coalesce(s.routing -> 0 ->> 'flightNumber', '') AS flight_no,
  to_char(s.flight_date, 'YYYY-MM-DD') AS flight_date, s.message_date, s.std, s.update_dt, s.special_handling_codes,
  NOT ${ownShipmentsSql(scope)} AS is_lent, s.sanction_hits, s.acceptance_block, s.acceptance_block_companies`;

interface SummaryDbRow {
  shipment_id: string;
  awb_prefix: string;
  awb_suffix: string;
  status: ShipmentStatus;
  origin: string;
  destination: string;
  pieces: number;
  weight_kg: string;
  flight_no: string;
  flight_date: string;
  message_date: Date;
  std: Date | null;
  update_dt: Date;
  special_handling_codes: string[];
  is_lent: boolean;
  sanction_hits: unknown;
  acceptance_block: 'HARD' | 'SOFT' | null;
  acceptance_block_companies: string[];
}

/** A row's marks for the caller: none on a lent row (its details are not the borrower's). */
function attentionOf(row: Omit<SummaryDbRow, 'flight_no' | 'is_lent'>, scope: CompanyScope, lent: boolean): AwbSummaryRow['Attention'] {
  return lent ? [] : rowAttention(attentionFacts(row), scope.companyId);
}

function attentionFacts(row: Pick<SummaryDbRow, 'status' | 'sanction_hits' | 'acceptance_block' | 'acceptance_block_companies' | 'std'>): AttentionFacts {
  return {
    status: row.status,
    hitStates: hitStatesOf(row.sanction_hits),
    acceptanceBlock: row.acceptance_block,
    blockCompanies: row.acceptance_block_companies,
    std: row.std,
  };
}

function toRow(row: SummaryDbRow): AwbSummaryRow {
  return {
    ShipmentId: String(row.shipment_id),
    AWBPrefix: row.awb_prefix,
    AWBSuffix: row.awb_suffix,
    AWBNumber: formatAwbNumber({ prefix: row.awb_prefix, suffix: row.awb_suffix }),
    Status: row.status,
    Origin: row.origin,
    Destination: row.destination,
    Pieces: row.pieces,
    Weight: Number(row.weight_kg),
    FlightNo: row.flight_no,
    FlightDate: row.flight_date,
    MessageDate: row.message_date.toISOString(),
    STD: row.std ? row.std.toISOString() : null,
    UpdateDT: row.update_dt.toISOString(),
    SpecialHandlingCodes: row.special_handling_codes,
    IsLent: row.is_lent,
    CheckDigitValid: hasValidCheckDigit(row.awb_suffix),
    Attention: [],
  };
}

type SummaryAnswerWithTags = AwbSummaryAnswer & { visibleTags: { shipmentId: string; tag: AwbTag }[] };

/** One page of the summary, its total, and the searched AWBs that gave no row (ignoring the filters). */
export async function searchSummary(
  db: Db,
  shipments: ShipmentCache,
  scope: CompanyScope,
  criteria: SummaryCriteria,
  options: DbOptions,
): Promise<SummaryAnswerWithTags> {
  if (criteria.tags.length > 0) return searchTags(shipments, scope, criteria, options);
  const offset = (options.CurrentPage - 1) * options.PageSize;
  // The page's ids first (from the indexes where they cover the criteria), then only those rows read whole.
  // The total counts the own part and the lent part apart, so the own part can be counted from an index.
  // The total is kept (shipmentCache.total) until a change may have moved it: counting half a million
  // rows again on every visit of the landing page cost most of its time.
  const totalKey = JSON.stringify(['total', ...scopeKey(scope), criteria.filters]);
  // Statuses, hits and blocks move without a change of membership (migration 0017 announces them as status changes).
  const byStatus = (criteria.filters.Status?.length ?? 0) > 0 || (criteria.filters.Attention?.length ?? 0) > 0;
  const count = async () => {
    const { rows: countRows } = await sql<{ total: string }>`
      SELECT ${sql.join(
        viewParts(scope).map((part) => sql`(SELECT count(*) FROM shipments s WHERE ${criteriaSql(scope, criteria, part)})`),
        sql` + `,
      )} AS total`.execute(db);
    return Number(countRows[0]?.total ?? 0);
  };
  const [{ rows }, total] = await Promise.all([
    sql<SummaryDbRow>`
      SELECT ${rowColumns(scope)} FROM shipments s
      JOIN (${pageIdsSql(scope, criteria, options, offset)}) page USING (shipment_id)
      ORDER BY ${orderSql(options)}`.execute(db),
    // A hit age moves with the clock, not with a change: counted each time (the backlog of open hits is short).
    criteria.filters.HitAge ? count() : shipments.kept(totalKey, byStatus, count),
  ]);
  return { total, rows: rows.map((row) => ({ ...toRow(row), Attention: attentionOf(row, scope, row.is_lent) })), missing: [], visibleTags: [] };
}

type CachedRow = CachedRowEntry['row'];
/** What the summary's order reads of a row. */
type SortableRow = Pick<
  CachedRow,
  'origin' | 'destination' | 'flight_date' | 'message_date' | 'std' | 'pieces' | 'weight_kg' | 'update_dt' | 'awb_prefix' | 'awb_suffix'
> & { status: string };

/** Whether a row meets the filters, as criteriaSql decides it (whole UTC days, 'to' inclusive; no STD meets an STD range). */
function meetsFilters(row: CachedRow, filters: SummaryFilters, scope: CompanyScope, lent: boolean): boolean {
  const instantIn = (at: Date | null, from: string | undefined, to: string | undefined) => {
    if (!from && !to) return true;
    if (at === null) return false;
    const time = at.getTime();
    return (!from || time >= Date.parse(`${from}T00:00:00Z`)) && (!to || time < Date.parse(`${addDaysIso(to, 1)}T00:00:00Z`));
  };
  if (filters.FlightDateFrom && row.flight_date < filters.FlightDateFrom) return false;
  if (filters.FlightDateTo && row.flight_date > filters.FlightDateTo) return false;
  if (!instantIn(row.message_date, filters.MessageDateFrom, filters.MessageDateTo)) return false;
  if (!instantIn(row.std, filters.STDFrom, filters.STDTo)) return false;
  if (filters.Attention && filters.Attention.length > 0 && (lent || !meetsAttention(row, filters.Attention, scope))) return false;
  if (filters.HitAge && (lent || !meetsHitAge(row, filters.HitAge, scope))) return false;
  return !filters.Status || filters.Status.length === 0 || filters.Status.includes(row.status as ShipmentStatus);
}

/** Whether a row needs any of these kinds of attention, as attentionSql decides it. */
function meetsAttention(row: CachedRow, kinds: readonly AttentionKind[], scope: CompanyScope): boolean {
  const facts = attentionFacts({ ...row, status: row.status as ShipmentStatus });
  const now = new Date();
  return kinds.some((kind) => needsAttention(facts, kind, scope.companyId, now));
}

/** Whether a row's open hits have waited this long, as hitAgeSql decides it. */
function meetsHitAge(row: CachedRow, bucket: HitAgeBucket, scope: CompanyScope): boolean {
  const now = new Date();
  const facts = attentionFacts({ ...row, status: row.status as ShipmentStatus });
  return needsAttention(facts, 'OpenHits', scope.companyId, now) && row.message_date !== null && hitAgeBucketOf(row.message_date, now) === bucket;
}

/** The value a sort field orders by, as SORT_COLUMNS has it (no STD sorts first). */
function sortKey(row: SortableRow, field: SummarySortField): string | number | null {
  switch (field) {
    case 'AWBNumber':
      return null;
    case 'Status':
      return row.status;
    case 'Origin':
      return row.origin;
    case 'Destination':
      return row.destination;
    case 'FlightDate':
      return row.flight_date;
    case 'MessageDate':
      return row.message_date.getTime();
    case 'STD':
      return row.std ? row.std.getTime() : Number.NEGATIVE_INFINITY;
    case 'Pieces':
      return row.pieces;
    case 'Weight':
      return Number(row.weight_kg);
    case 'UpdateDT':
      return row.update_dt.getTime();
  }
}

function compareRows(options: Pick<DbOptions, 'FieldName' | 'OrderBy'>): (a: SortableRow, b: SortableRow) => number {
  const sign = options.OrderBy === 'DESC' ? -1 : 1;
  const compare = (a: string | number | null, b: string | number | null) => (a === b || a === null || b === null ? 0 : a < b ? -1 : 1);
  return (a, b) =>
    sign *
    (compare(sortKey(a, options.FieldName), sortKey(b, options.FieldName)) || compare(a.awb_prefix, b.awb_prefix) || compare(a.awb_suffix, b.awb_suffix));
}

function flightNumberOf(routing: unknown): string {
  const first: unknown = Array.isArray(routing) ? routing[0] : undefined;
  const value = first && typeof first === 'object' ? (first as Record<string, unknown>).flightNumber : undefined;
  return value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * An AWB search (at most 5 numbers): the searched shipments from the shipment cache (read by their
 * AWB key when not there), each with whether the company may see it and whether it meets the
 * filters, ordered as the summary orders; the page, the total and the AWBs that gave no row follow.
 */
async function searchTags(shipments: ShipmentCache, scope: CompanyScope, criteria: SummaryCriteria, options: DbOptions): Promise<SummaryAnswerWithTags> {
  const found = await shipments.byAwbs(criteria.tags.map((tag) => ({ prefix: tag.AWBPrefix, suffix: tag.AWBSuffix })));
  const missing: AwbSearchMiss[] = [];
  const visibleTags: { shipmentId: string; tag: AwbTag }[] = [];
  const listed = new Map<string, { cached: CachedRowEntry; lent: boolean }>();
  for (const [index, tag] of criteria.tags.entries()) {
    const hit = found[index];
    const awb = formatAwbNumber({ prefix: tag.AWBPrefix, suffix: tag.AWBSuffix });
    if (!hit) {
      missing.push({ ...tag, Reason: 'notFound', Message: formatMessage(ShipmentMessages.shipmentNotFound, { awb }) });
      continue;
    }
    const shipmentId = String(hit.row.shipment_id);
    const access = accessOf(scope, hit.row);
    if (access === 'none') {
      missing.push({ ...tag, Reason: 'notAccessible', Message: ShipmentMessages.awbNotAccessible });
      continue;
    }
    visibleTags.push({ shipmentId, tag });
    if (meetsFilters(hit.row, criteria.filters, scope, access === 'lent')) listed.set(shipmentId, { cached: hit, lent: access === 'lent' });
  }
  const compare = compareRows(options);
  const ordered = [...listed.values()].sort((a, b) => compare(a.cached.row, b.cached.row));
  const offset = (options.CurrentPage - 1) * options.PageSize;
  const rows = ordered.slice(offset, offset + options.PageSize).map(({ cached, lent }) => ({
    ...summaryRowOf(cached),
    IsLent: lent,
    Attention: attentionOf({ ...cached.row, status: cached.row.status as ShipmentStatus }, scope, lent),
  }));
  return { total: ordered.length, rows, missing, visibleTags };
}

/** A cached shipment's summary row but for IsLent (which is the caller's), worked out once per cached copy. */
const summaryRows = new WeakMap<CachedRowEntry, AwbSummaryRow>();
function summaryRowOf(cached: CachedRowEntry): AwbSummaryRow {
  let row = summaryRows.get(cached);
  if (!row) {
    const { row: shipment } = cached;
    row = toRow({ ...shipment, status: shipment.status as ShipmentStatus, flight_no: flightNumberOf(shipment.routing), is_lent: false });
    summaryRows.set(cached, row);
  }
  return row;
}

/**
 * The shipment after (or before) `shipmentId` in the summary's order, with the same criteria; null
 * at the end. Undefined when the current shipment is not in the company's view at all.
 */
export async function adjacentShipment(
  db: Db,
  scope: CompanyScope,
  criteria: SummaryCriteria,
  order: Pick<DbOptions, 'FieldName' | 'OrderBy'>,
  shipmentId: string,
  direction: 'next' | 'previous',
): Promise<{ ShipmentId: string; AWBPrefix: string; AWBSuffix: string } | null | undefined> {
  const { rows: currentRows } = await sql<{ shipment_id: string }>`
    SELECT s.shipment_id FROM shipments s WHERE s.shipment_id = ${shipmentId} AND ${visibleShipmentsSql(scope)}`.execute(db);
  if (currentRows.length === 0) return undefined;
  const column = SORT_COLUMNS[order.FieldName];
  const columns = column ? sql`${column}, s.awb_prefix, s.awb_suffix` : sql`s.awb_prefix, s.awb_suffix`;
  const forward = (order.OrderBy === 'DESC') === (direction === 'previous');
  const comparison = forward ? sql.raw('>') : sql.raw('<');
  const reversed = { FieldName: order.FieldName, OrderBy: forward ? ('ASC' as const) : ('DESC' as const) };
  const { rows } = await sql<{ shipment_id: string; awb_prefix: string; awb_suffix: string }>`
    SELECT s.shipment_id, s.awb_prefix, s.awb_suffix FROM shipments s
    WHERE ${criteriaSql(scope, criteria)}
      AND (${columns}) ${comparison} (SELECT ${columns} FROM shipments s WHERE s.shipment_id = ${shipmentId})
    ORDER BY ${orderSql(reversed)} LIMIT 1`.execute(db);
  const row = rows[0];
  return row ? { ShipmentId: String(row.shipment_id), AWBPrefix: row.awb_prefix, AWBSuffix: row.awb_suffix } : null;
}

/** What a kept count depends on of the company: everything that decides its view (the lent shipments by their key). */
function scopeKey(scope: CompanyScope): unknown[] {
  return [scope.companyId, scope.companyTypeId, scope.prefixes, scope.stations, scope.lentKey];
}

type OverviewCounts = { today: Record<string, number>; week: Record<string, number>; attention: AttentionCounts };

/** Counts by status of the company's view, for flights of `today` and of the 7 days up to it; kept until a change may move them. */
export function overviewCounts(db: Db, shipments: ShipmentCache, scope: CompanyScope, today: string): Promise<OverviewCounts> {
  return shipments.kept(JSON.stringify(['overview', ...scopeKey(scope), today]), true, () => countOverview(db, scope, today));
}

async function countOverview(db: Db, scope: CompanyScope, today: string): Promise<OverviewCounts> {
  const weekStart = addDaysIso(today, -6);
  const counts = (part: RawBuilder<boolean>) =>
    sql<{ status: string; today: string; week: string }>`
    SELECT s.status,
      count(*) FILTER (WHERE s.flight_date = ${today}::date) AS today,
      count(*) AS week
    FROM shipments s
    WHERE ${part} AND s.flight_date BETWEEN ${weekStart}::date AND ${today}::date
    GROUP BY s.status`.execute(db);
  const todayCounts: Record<string, number> = {};
  const weekCounts: Record<string, number> = {};
  for (const { rows } of await Promise.all(viewParts(scope).map(counts))) {
    for (const row of rows) {
      todayCounts[row.status] = (todayCounts[row.status] ?? 0) + Number(row.today);
      weekCounts[row.status] = (weekCounts[row.status] ?? 0) + Number(row.week);
    }
  }
  return { today: todayCounts, week: weekCounts, attention: await countAttention(db, scope) };
}

/**
 * The attention counts of the company's own open shipments (a lent row's details are not the
 * borrower's): open hits by the age of their shipment's message, hits awaiting review, denied hits,
 * hard blocks, and flights leaving within DEPARTING_SOON_HOURS, as attentionSql decides each.
 */
async function countAttention(db: Db, scope: CompanyScope): Promise<AttentionCounts> {
  const counts = (part: RawBuilder<boolean>) =>
    sql<Record<string, string>>`
    SELECT
      ${sql.join(
        HIT_AGE_BUCKETS.map((bucket) => sql`count(*) FILTER (WHERE ${hitAgeSql(bucket)}) AS ${sql.id(bucket.toLowerCase())}`),
        sql`, `,
      )},
      count(*) FILTER (WHERE ${hitInStateSql('ESCALATED')}) AS awaiting_review,
      count(*) FILTER (WHERE ${hitInStateSql('DENIED')}) AS denied_hit,
      count(*) FILTER (WHERE ${hardBlockSql(scope)}) AS hard_block,
      count(*) FILTER (WHERE ${departingSoonSql}) AS departing_soon
    FROM shipments s
    WHERE ${part} AND ${openSql}`.execute(db);
  const total: Record<string, number> = {};
  for (const { rows } of await Promise.all(ownPartsSql(scope).map(counts))) {
    for (const [key, value] of Object.entries(rows[0] ?? {})) total[key] = (total[key] ?? 0) + Number(value);
  }
  const of = (key: string) => total[key] ?? 0;
  return {
    OpenHitsByAge: Object.fromEntries(HIT_AGE_BUCKETS.map((bucket) => [bucket, of(bucket.toLowerCase())])) as AttentionCounts['OpenHitsByAge'],
    AwaitingReview: of('awaiting_review'),
    DeniedHit: of('denied_hit'),
    HardBlock: of('hard_block'),
    DepartingSoon: of('departing_soon'),
  };
}

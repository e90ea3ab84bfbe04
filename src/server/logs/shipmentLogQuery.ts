import { sql, type RawBuilder } from 'kysely';
import { isActionType } from '../../domain/actionLog';
import { dayNumber, addDaysIso } from '../../domain/dateRange';
import { AWB_FORMAT_MESSAGE, formatAwbNumber, parseAwbNumber } from '../../domain/awb';
import type { ShipmentLogRow } from '../../domain/shipmentWire';
import type { Db } from '../db/database';
import { badRequest, containsPattern, textFilter } from '../users/listQuery';

/** The shipment log page (function 82): the company's user log, filtered, sorted and paged. */

export const SHIPMENT_LOG_SORT_FIELDS = ['DateTime', 'ActionType', 'UserId', 'AWBNumber', 'DocumentName', 'DocumentType'] as const;
export type ShipmentLogSortField = (typeof SHIPMENT_LOG_SORT_FIELDS)[number];

const SORT_SQL: Record<ShipmentLogSortField, RawBuilder<unknown>> = {
  DateTime: sql`a.at`,
  ActionType: sql`a.act_type`,
  UserId: sql`a.user_id`,
  AWBNumber: sql`a.awb_prefix, a.awb_suffix`,
  DocumentName: sql`a.doc_name`,
  DocumentType: sql`a.doc_type`,
};

export interface ShipmentLogFilter {
  q?: string;
  ActionType?: string;
  UserId?: string;
  AWBNumber?: string;
  DocumentType?: string;
  DateFrom?: string;
  DateTo?: string;
}

/** Reads and checks the filter object; bad values are refused with a specific 400. */
export function parseShipmentLogFilter(filter: Record<string, unknown>): ShipmentLogFilter {
  const parsed: ShipmentLogFilter = {
    q: textFilter(filter, 'q'),
    ActionType: textFilter(filter, 'ActionType', 20),
    UserId: textFilter(filter, 'UserId', 50),
    AWBNumber: textFilter(filter, 'AWBNumber', 20),
    DocumentType: textFilter(filter, 'DocumentType', 50),
    DateFrom: textFilter(filter, 'DateFrom', 10),
    DateTo: textFilter(filter, 'DateTo', 10),
  };
  if (parsed.ActionType && !isActionType(parsed.ActionType)) throw badRequest(`Unknown action type "${parsed.ActionType}".`);
  if (parsed.AWBNumber && !parseAwbNumber(parsed.AWBNumber)) throw badRequest(AWB_FORMAT_MESSAGE);
  for (const key of ['DateFrom', 'DateTo'] as const) {
    if (parsed[key] && dayNumber(parsed[key]) === undefined) throw badRequest(`The ${key} filter must be a date (YYYY-MM-DD).`);
  }
  return parsed;
}

function whereSql(companyId: string, filter: ShipmentLogFilter): RawBuilder<boolean> {
  const conditions: RawBuilder<boolean>[] = [sql<boolean>`a.company_id = ${companyId}`];
  if (filter.ActionType) conditions.push(sql<boolean>`a.act_type = ${filter.ActionType}`);
  if (filter.UserId) conditions.push(sql<boolean>`lower(a.user_id) = lower(${filter.UserId})`);
  if (filter.DocumentType) conditions.push(sql<boolean>`a.doc_type = ${filter.DocumentType}`);
  if (filter.AWBNumber) {
    const awb = parseAwbNumber(filter.AWBNumber)!;
    conditions.push(sql<boolean>`a.awb_prefix = ${awb.prefix} AND a.awb_suffix = ${awb.suffix}`);
  }
  if (filter.DateFrom) conditions.push(sql<boolean>`a.at >= (${filter.DateFrom}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (filter.DateTo) conditions.push(sql<boolean>`a.at < (${addDaysIso(filter.DateTo, 1)}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(sql<boolean>`(a.doc_name ILIKE ${pattern} OR a.remarks ILIKE ${pattern} OR a.user_id ILIKE ${pattern})`);
  }
  return sql<boolean>`(${sql.join(conditions, sql` AND `)})`;
}

interface LogDbRow {
  log_id: string;
  at: Date;
  act_type: string;
  user_id: string;
  awb_prefix: string | null;
  awb_suffix: string | null;
  doc_name: string;
  doc_type: string;
  remarks: string;
}

function toRow(row: LogDbRow): ShipmentLogRow {
  return {
    id: String(row.log_id),
    DateTime: row.at.toISOString(),
    ActionType: row.act_type,
    UserId: row.user_id,
    AWBNumber: row.awb_prefix && row.awb_suffix ? formatAwbNumber({ prefix: row.awb_prefix, suffix: row.awb_suffix }) : '',
    DocumentName: row.doc_name,
    DocumentType: row.doc_type,
    Remarks: row.remarks,
  };
}

export async function listShipmentLog(
  db: Db,
  companyId: string,
  query: { filter: ShipmentLogFilter; sortField: ShipmentLogSortField; descending: boolean; offset: number; limit: number },
): Promise<{ rows: ShipmentLogRow[]; total: number }> {
  const where = whereSql(companyId, query.filter);
  const direction = sql.raw(query.descending ? 'DESC' : 'ASC');
  const order = query.sortField === 'AWBNumber' ? sql`a.awb_prefix ${direction}, a.awb_suffix ${direction}` : sql`${SORT_SQL[query.sortField]} ${direction}`;
  const [{ rows }, { rows: counted }] = await Promise.all([
    sql<LogDbRow>`SELECT a.log_id, a.at, a.act_type, a.user_id, a.awb_prefix, a.awb_suffix, a.doc_name, a.doc_type, a.remarks
      FROM action_log a WHERE ${where} ORDER BY ${order}, a.log_id ${direction} LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM action_log a WHERE ${where}`.execute(db),
  ]);
  return { rows: rows.map(toRow), total: Number(counted[0]?.total ?? 0) };
}

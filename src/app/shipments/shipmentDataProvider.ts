import type { DataProvider, GetListParams, GetListResult } from 'react-admin';
import { formatAwbNumber } from '../../domain/awb';
import type { AwbSearchMiss, AwbSummaryAnswer, AwbSummaryRow } from '../../domain/shipmentWire';
import { summaryKey, takeEarly } from './firstScreen';
import type { ShipmentApi } from './shipmentApi';
import { rememberSearch, summaryRequestOf } from './searchCriteria';

/** A summary row as a react-admin record. */
export type ShipmentRecord = AwbSummaryRow & { id: string };

export interface ShipmentListMeta {
  missing: AwbSearchMiss[];
}

/**
 * react-admin's getList for the `shipments` resource over POST awbapi/awbsummary: filters, sort and
 * pagination become fieldSearch and dbOptions. The rows seen are kept, so that bulk actions on the
 * selection know each shipment's UpdateDT.
 */
export function createShipmentDataProvider(api: ShipmentApi, base: DataProvider): DataProvider & { seen(id: string): ShipmentRecord | undefined } {
  const seen = new Map<string, ShipmentRecord>();
  async function getList(resource: string, params: GetListParams): Promise<GetListResult> {
    if (resource !== 'shipments') return base.getList(resource, params);
    const request = summaryRequestOf(params);
    const { fieldSearch: tags, filters, dbOptions } = request;
    rememberSearch({
      awbs: tags.map((tag) => formatAwbNumber({ prefix: tag.AWBPrefix, suffix: tag.AWBSuffix })),
      filters,
      field: dbOptions.FieldName,
      order: dbOptions.OrderBy,
    });
    // The landing page's first page may already be on its way, asked for as the sign-in ended (firstScreen.ts).
    const answer = await (takeEarly<AwbSummaryAnswer>(summaryKey(request)) ?? api.summary(request));
    const data = answer.rows.map((row) => ({ ...row, id: row.ShipmentId }));
    for (const record of data) seen.set(record.id, record);
    const meta: ShipmentListMeta = { missing: answer.missing };
    return { data, total: answer.total, meta };
  }
  return { ...base, getList, seen: (id: string) => seen.get(id) };
}

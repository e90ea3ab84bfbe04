import type { DataProvider, GetListParams, GetListResult } from 'react-admin';
import { formatAwbNumber } from '../../domain/awb';
import type { AwbSearchMiss, AwbSummaryAnswer, AwbSummaryRow } from '../../domain/shipmentWire';
import { currentAccount, summaryKey, takeEarly } from './firstScreen';
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
 * selection know each shipment's UpdateDT. A read with the criteria of the one before (react-admin's
 * refresh after an action, a live change's reload) is marked as a reload: the server logs searches.
 */
export function createShipmentDataProvider(api: ShipmentApi, base: DataProvider): DataProvider & { seen(id: string): ShipmentRecord | undefined } {
  const seen = new Map<string, ShipmentRecord>();
  /** The account and criteria of the last read: the same again is the list shown again, not a search. */
  let lastRead: string | undefined;
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
    const key = summaryKey(request);
    const read = `${currentAccount() ?? ''} ${key}`;
    const reload = read === lastRead;
    lastRead = read;
    // The landing page's first page may already be on its way, asked for as the sign-in ended (firstScreen.ts).
    const answer = await (takeEarly<AwbSummaryAnswer>(key) ?? api.summary(reload ? { ...request, reload } : request));
    const data = answer.rows.map((row) => ({ ...row, id: row.ShipmentId }));
    for (const record of data) seen.set(record.id, record);
    const meta: ShipmentListMeta = { missing: answer.missing };
    return { data, total: answer.total, meta };
  }
  return { ...base, getList, seen: (id: string) => seen.get(id) };
}

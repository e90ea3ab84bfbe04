import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ShipmentEventRow } from '../../../domain/shipmentWire';
import { utcDateTime } from '../../../domain/dateRange';
import { SimpleTable } from './DetailBlocks';

/** The shipment's history: messages received, decisions, modifications, documents, shares (newest first). */
export function HistoryTab({ history }: { history: ShipmentEventRow[] }) {
  const translate = useTranslate();
  if (history.length === 0) return <Typography color="text.secondary">{translate('app.shipments.history.empty')}</Typography>;
  return (
    <SimpleTable
      label="app.shipments.detail.tabs.history"
      rows={history}
      columns={[
        ['app.shipments.history.at', (event) => <span style={{ whiteSpace: 'nowrap' }}>{utcDateTime(event.At)}</span>],
        ['app.shipments.history.kind', (event) => translate(`app.shipments.history.kinds.${event.Kind}`, { _: event.Kind })],
        ['app.shipments.history.description', (event) => event.Description],
        ['app.shipments.history.by', (event) => (event.UserId ? `${event.UserId} (${event.CompanyId})` : translate('app.shipments.history.system'))],
      ]}
    />
  );
}

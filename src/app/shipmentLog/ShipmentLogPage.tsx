import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, DataTable, FilterButton, List, SelectInput, TextInput, TopToolbar, useListContext, useNotify, useTranslate } from 'react-admin';
import { ACTION_TYPES } from '../../domain/actionLog';
import { parseAwbNumber } from '../../domain/awb';
import { DOCUMENT_TYPES } from '../../domain/shipmentDocuments';
import { ShipmentMessages } from '../../domain/shipmentMessages';
import { utcDateTime } from '../../domain/dateRange';
import type { ShipmentLogRow } from '../../domain/shipmentWire';
import { IsoDateInput } from '../admin/IsoDateField';
import { EmptyState, PageFrame } from '../admin/PageFrame';
import { saveCsv } from '../ruleLists/downloadCsv';
import { useHttpClient } from '../users/useHttpClient';

type LogRecord = ShipmentLogRow;
const Col = DataTable.Col<LogRecord>;

/** The CSV of what the list shows (all pages), made by the server with formula-starting cells neutralised. */
function ExportButton() {
  const http = useHttpClient();
  const notify = useNotify();
  const { filterValues, sort, total } = useListContext();
  const [busy, setBusy] = useState(false);
  async function exportCsv() {
    setBusy(true);
    try {
      const query = new URLSearchParams({ filter: JSON.stringify(filterValues), sort: JSON.stringify([sort.field, sort.order]) });
      const answer = await http.classic(`/shipmentlog/export?${query}`, { headers: { Accept: 'text/csv' } });
      const name = /filename="([^"]+)"/.exec(answer.headers.get('content-disposition') ?? '')?.[1] ?? 'shipment-log.csv';
      // fetch's text() drops the byte order mark that tells spreadsheets the file is UTF-8.
      saveCsv({ fileName: name, text: answer.body.startsWith('\uFEFF') ? answer.body : `\uFEFF${answer.body}` });
    } catch {
      notify('app.shipmentLog.exportFailed', { type: 'warning' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button label="app.shipmentLog.export" onClick={exportCsv} disabled={busy || !total}>
      <DownloadIcon />
    </Button>
  );
}

const validateAwb = (value: unknown) => (value && !parseAwbNumber(String(value)) ? ShipmentMessages.awbFormat : undefined);

/** shipmentLog (function 82): the user log — date time, action type, user id, AWB number, document name and type — filtered, paged, exportable. */
export function ShipmentLogPage() {
  const translate = useTranslate();
  const filters = [
    <TextInput key="q" source="q" label="app.shipmentLog.search" alwaysOn resettable />,
    <IsoDateInput key="DateFrom" source="DateFrom" label="app.shipmentLog.dateFrom" alwaysOn />,
    <IsoDateInput key="DateTo" source="DateTo" label="app.shipmentLog.dateTo" alwaysOn />,
    <SelectInput
      key="ActionType"
      source="ActionType"
      label="app.shipmentLog.fields.ActionType"
      choices={ACTION_TYPES.map((type) => ({ id: type, name: translate(`app.shipmentLog.actions.${type}`, { _: type }) }))}
      emptyText="app.shipmentLog.all"
      alwaysOn
    />,
    <TextInput key="UserId" source="UserId" label="app.shipmentLog.fields.UserId" />,
    <TextInput key="AWBNumber" source="AWBNumber" label="app.shipmentLog.fields.AWBNumber" validate={validateAwb} alwaysOn />,
    <SelectInput
      key="DocumentType"
      source="DocumentType"
      label="app.shipmentLog.fields.DocumentType"
      choices={DOCUMENT_TYPES.map((type) => ({ id: type, name: type }))}
      emptyText="app.shipmentLog.all"
    />,
  ];
  return (
    <PageFrame title="app.page.shipmentLog">
      <List
        resource="shipmentlog"
        title={false}
        filters={filters}
        actions={
          <TopToolbar>
            <FilterButton />
            <ExportButton />
          </TopToolbar>
        }
        sort={{ field: 'DateTime', order: 'DESC' }}
        perPage={25}
        empty={false}
        storeKey="shipmentlog.list"
      >
        <DataTable bulkActionButtons={false} rowClick={false} empty={<EmptyState text="app.shipmentLog.empty" />}>
          <Col
            source="DateTime"
            label="app.shipmentLog.fields.DateTime"
            render={(record) => <span style={{ whiteSpace: 'nowrap' }}>{utcDateTime(record.DateTime, { seconds: true })}</span>}
          />
          <Col
            source="ActionType"
            label="app.shipmentLog.fields.ActionType"
            render={(record) => translate(`app.shipmentLog.actions.${record.ActionType}`, { _: record.ActionType })}
          />
          <Col source="UserId" label="app.shipmentLog.fields.UserId" />
          <Col
            source="AWBNumber"
            label="app.shipmentLog.fields.AWBNumber"
            render={(record) => <span style={{ whiteSpace: 'nowrap' }}>{record.AWBNumber}</span>}
          />
          <Col source="DocumentName" label="app.shipmentLog.fields.DocumentName" />
          <Col source="DocumentType" label="app.shipmentLog.fields.DocumentType" />
          <Col source="Remarks" label="app.shipmentLog.fields.Remarks" disableSort />
        </DataTable>
      </List>
    </PageFrame>
  );
}

import { useState } from 'react';
import { Box, Checkbox, Chip, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import UploadIcon from '@mui/icons-material/CloudUpload';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Button, useNotify, useTranslate } from 'react-admin';
import { formatBytes } from '../../../domain/shipmentDocuments';
import { ShipmentMessages } from '../../../domain/shipmentMessages';
import type { AwbDetail, ShipmentDocumentRow } from '../../../domain/shipmentWire';
import { downloadDocuments, openInWindow } from '../files';
import { useShipmentFailureLog } from '../failureLog';
import { failureMessage } from '../outcomes';
import { useShipmentApi } from '../useShipmentApi';
import { utcDateTime } from '../../../domain/dateRange';

/** The documents list (spec 3 "Document"): view in the browser, download one or several, upload to the pouch, accept additional documents. */
export function DocumentsTab({
  detail,
  onUpload,
  onAcceptDocument,
}: {
  detail: AwbDetail;
  onUpload?: () => void;
  onAcceptDocument?: (document: ShipmentDocumentRow) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useShipmentApi();
  const report = useShipmentFailureLog();
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function attempt(action: string, run: () => Promise<unknown>) {
    setBusy(true);
    try {
      await run();
    } catch (error) {
      report({ action, shipmentId: detail.ShipmentId, awb: detail.AWBNumber, error });
      const failure = failureMessage(error, error instanceof Error && error.message ? error.message : ShipmentMessages.documentsCannotOpen);
      if (!failure.handled) notify(failure.message, { type: 'warning' });
    } finally {
      setBusy(false);
    }
  }

  const view = (document: ShipmentDocumentRow) =>
    attempt('View document', () => openInWindow(api, { Kind: 'view', ShipmentId: detail.ShipmentId, DocumentIds: [document.ShipmentDocumentID] }));
  const download = (ids: string[]) =>
    attempt(`Download of ${ids.length} document(s)`, async () => {
      const names = await downloadDocuments(api, detail.ShipmentId, ids);
      notify('app.shipments.documents.downloaded', { type: 'info', messageArgs: { smart_count: names.length } });
    });

  const documents = detail.Documents;
  const allSelected = selected.length === documents.length && documents.length > 0;
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
        <Button label="app.shipments.documents.downloadSelected" onClick={() => download(selected)} disabled={selected.length === 0 || busy}>
          <DownloadIcon />
        </Button>
        {onUpload && (
          <Button label="app.shipments.documents.upload" onClick={onUpload} disabled={!detail.Can.Upload}>
            <UploadIcon />
          </Button>
        )}
      </Stack>
      {documents.length === 0 ? (
        <Typography color="text.secondary">{translate('app.shipments.documents.empty')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('app.shipments.detail.tabs.documents')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allSelected}
                    indeterminate={selected.length > 0 && !allSelected}
                    onChange={(event) => setSelected(event.target.checked ? documents.map((document) => document.ShipmentDocumentID) : [])}
                    slotProps={{ input: { 'aria-label': translate('app.shipments.documents.selectAll') } }}
                  />
                </TableCell>
                {['fileName', 'type', 'remarks', 'updatedOn', 'userId', 'size', 'state', 'actions'].map((column) => (
                  <TableCell key={column} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {translate(`app.shipments.documents.${column}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {documents.map((document) => {
                const id = document.ShipmentDocumentID;
                return (
                  <TableRow key={id} hover selected={selected.includes(id)}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.includes(id)}
                        onChange={(event) => setSelected(event.target.checked ? [...selected, id] : selected.filter((other) => other !== id))}
                        slotProps={{ input: { 'aria-label': translate('app.shipments.documents.select', { name: document.FileName }) } }}
                      />
                    </TableCell>
                    <TableCell>{document.FileName}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {document.DocType}
                      {document.PouchKind ? ` (${translate(`app.shipments.documents.pouch.${document.PouchKind}`)})` : ''}
                    </TableCell>
                    <TableCell>{document.Remarks}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{utcDateTime(document.UpdatedOn)}</TableCell>
                    <TableCell>{document.UserId}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{document.SizeBytes ? formatBytes(document.SizeBytes) : ''}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={0.5}>
                        {document.Archived && <Chip size="small" label={translate('app.shipments.documents.archived')} />}
                        {document.AwaitingAcceptance && <Chip size="small" color="warning" label={translate('app.shipments.documents.awaiting')} />}
                      </Stack>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={translate('app.shipments.documents.view')}>
                        <IconButton
                          size="small"
                          onClick={() => view(document)}
                          disabled={busy}
                          aria-label={`${translate('app.shipments.documents.view')} ${document.FileName}`}
                        >
                          <VisibilityIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={translate('app.shipments.documents.download')}>
                        <IconButton
                          size="small"
                          onClick={() => download([id])}
                          disabled={busy}
                          aria-label={`${translate('app.shipments.documents.download')} ${document.FileName}`}
                        >
                          <DownloadIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      {document.AwaitingAcceptance && onAcceptDocument && detail.Can.AcceptDocument && (
                        <Tooltip title={translate('app.shipments.actions.acceptDocument')}>
                          <IconButton
                            size="small"
                            onClick={() => onAcceptDocument(document)}
                            aria-label={`${translate('app.shipments.actions.acceptDocument')} ${document.FileName}`}
                          >
                            <TaskAltIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

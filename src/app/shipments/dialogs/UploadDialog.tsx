import { useState } from 'react';
import { Alert, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import { sessionStore } from '../../../../dataProviders/sessionStore';
import { freeRemarkProblem } from '../../../domain/remark';
import { formatBytes, pouchKindOf } from '../../../domain/shipmentDocuments';
import { ShipmentMessages } from '../../../domain/shipmentMessages';
import { failureMessage } from '../outcomes';
import { useShipmentApi } from '../useShipmentApi';

/** Upload a PDF to the company's pouch (forwarders: forwarder pouch; airlines and ground handlers: airline pouch). */
export function UploadDialog({
  shipment,
  open,
  onClose,
  onDone,
}: {
  shipment: { id: string; awb: string };
  open: boolean;
  onClose(): void;
  onDone(message: string): void;
}) {
  const translate = useTranslate();
  const api = useShipmentApi();
  const [file, setFile] = useState<File>();
  const [remarks, setRemarks] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const pouch = pouchKindOf(sessionStore.get()?.companyTypeId ?? 0);
  const fileProblem = file && (file.size === 0 ? ShipmentMessages.pouchEmpty : !/\.pdf$/i.test(file.name) ? ShipmentMessages.pouchNotPdf : undefined);

  function close() {
    if (busy) return;
    setFile(undefined);
    setRemarks('');
    setFailure(undefined);
    onClose();
  }

  async function submit() {
    if (!file || fileProblem || freeRemarkProblem(remarks)) {
      if (!file) setFailure(ShipmentMessages.pouchNotPdf);
      return;
    }
    const form = new FormData();
    form.append('ShipmentId', shipment.id);
    form.append('PouchKind', pouch);
    form.append('Remarks', remarks.trim());
    form.append('file', file, file.name);
    setBusy(true);
    setFailure(undefined);
    try {
      const answer = await api.upload(form);
      setBusy(false);
      setFile(undefined);
      setRemarks('');
      onDone(translate(answer.AwaitingAcceptance ? 'app.shipments.upload.doneAwaiting' : 'app.shipments.upload.done', { name: answer.FileName }));
    } catch (error) {
      setBusy(false);
      const outcome = failureMessage(error, translate('app.shipments.upload.failed'));
      if (!outcome.handled) setFailure(outcome.message);
    }
  }

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="upload-title">
      <DialogTitle id="upload-title">
        {translate('app.shipments.upload.title', { pouch: translate(`app.shipments.documents.pouch.${pouch}`), awb: shipment.awb })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <div>
            <Typography component="label" htmlFor="pouch-file" variant="subtitle2" sx={{ display: 'block', mb: 0.5 }}>
              {translate('app.shipments.upload.file')}
            </Typography>
            <input
              id="pouch-file"
              type="file"
              accept="application/pdf,.pdf"
              onChange={(event) => {
                setFile(event.target.files?.[0]);
                setFailure(undefined);
              }}
              aria-describedby="pouch-file-help"
            />
            <Typography
              id="pouch-file-help"
              variant="caption"
              color={fileProblem ? 'error' : 'text.secondary'}
              component="div"
              role={fileProblem ? 'alert' : undefined}
            >
              {fileProblem ?? (file ? `${file.name} · ${formatBytes(file.size)}` : translate('app.shipments.upload.help'))}
            </Typography>
          </div>
          <TextField
            label={translate('app.shipments.documents.remarks')}
            value={remarks}
            onChange={(event) => setRemarks(event.target.value)}
            error={!!freeRemarkProblem(remarks)}
            helperText={freeRemarkProblem(remarks)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button label="app.dialog.cancel" onClick={close} disabled={busy} />
        <Button label="app.shipments.upload.submit" onClick={submit} variant="contained" disabled={busy || !file || !!fileProblem}>
          {busy ? <CircularProgress size={16} /> : undefined}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useEffect, useState } from 'react';
import { Alert, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import { freeRemarkProblem } from '../../../domain/remark';
import { formatSpecialHandlingCodes, parseSpecialHandlingCodes, specialHandlingCodesProblem } from '../../../domain/specialHandling';
import type { AwbDetail } from '../../../domain/shipmentWire';
import { isDecisionNetworkFailure, useShipmentFailureLog } from '../failureLog';
import { failureMessage } from '../outcomes';
import { useShipmentApi } from '../useShipmentApi';

/** Modify: the operator-editable data (special handling codes, remarks, document remarks); each change is logged. */
export function ModifyDialog({ detail, open, onClose, onDone }: { detail: AwbDetail; open: boolean; onClose(): void; onDone(): void }) {
  const translate = useTranslate();
  const api = useShipmentApi();
  const report = useShipmentFailureLog();
  const [codes, setCodes] = useState('');
  const [remarks, setRemarks] = useState('');
  const [documentRemarks, setDocumentRemarks] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    if (!open) return;
    setCodes(formatSpecialHandlingCodes(detail.SpecialHandlingCodes));
    setRemarks(detail.OperatorRemarks);
    setDocumentRemarks(Object.fromEntries(detail.Documents.map((document) => [document.ShipmentDocumentID, document.Remarks])));
    setFailure(undefined);
  }, [open, detail]);

  const parsedCodes = parseSpecialHandlingCodes(codes);
  const codesProblem = specialHandlingCodesProblem(parsedCodes);
  const remarksProblem = freeRemarkProblem(remarks) ?? Object.values(documentRemarks).map(freeRemarkProblem).find(Boolean);
  const codesChanged = formatSpecialHandlingCodes(parsedCodes) !== formatSpecialHandlingCodes(detail.SpecialHandlingCodes);
  const remarksChanged = remarks.trim() !== detail.OperatorRemarks;
  const changedDocuments = detail.Documents.filter((document) => (documentRemarks[document.ShipmentDocumentID] ?? '').trim() !== document.Remarks);
  const changed = codesChanged || remarksChanged || changedDocuments.length > 0;

  async function submit() {
    if (codesProblem || remarksProblem || !changed) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await api.modify({
        ShipmentId: detail.ShipmentId,
        UpdateDT: detail.UpdateDT,
        ...(codesChanged ? { SpecialHandlingCodes: parsedCodes } : {}),
        ...(remarksChanged ? { OperatorRemarks: remarks.trim() } : {}),
        ...(changedDocuments.length > 0
          ? {
              DocumentRemarks: changedDocuments.map((document) => ({
                ShipmentDocumentID: document.ShipmentDocumentID,
                Remarks: documentRemarks[document.ShipmentDocumentID].trim(),
              })),
            }
          : {}),
      });
      setBusy(false);
      onDone();
    } catch (error) {
      setBusy(false);
      if (isDecisionNetworkFailure(error)) report({ action: 'Modify', shipmentId: detail.ShipmentId, awb: detail.AWBNumber, error });
      const outcome = failureMessage(error, translate('app.shipments.modify.failed'));
      if (!outcome.handled) setFailure(outcome.message);
    }
  }

  return (
    <Dialog open={open} onClose={() => !busy && onClose()} maxWidth="md" fullWidth aria-labelledby="modify-title">
      <DialogTitle id="modify-title">{translate('app.shipments.modify.title', { awb: detail.AWBNumber })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            label={translate('app.shipments.fields.SpecialHandlingCodes')}
            value={codes}
            onChange={(event) => setCodes(event.target.value)}
            error={!!codesProblem}
            helperText={codesProblem ?? translate('app.shipments.modify.codesHelp')}
            autoFocus
          />
          <TextField
            label={translate('app.shipments.detail.operatorRemarks')}
            value={remarks}
            onChange={(event) => setRemarks(event.target.value)}
            multiline
            minRows={2}
            error={!!freeRemarkProblem(remarks)}
            helperText={freeRemarkProblem(remarks)}
          />
          {detail.Documents.length > 0 && (
            <>
              <Typography variant="subtitle2" component="h3">
                {translate('app.shipments.modify.documentRemarks')}
              </Typography>
              {detail.Documents.map((document) => (
                <TextField
                  key={document.ShipmentDocumentID}
                  size="small"
                  label={`${document.FileName} (${document.DocType})`}
                  value={documentRemarks[document.ShipmentDocumentID] ?? ''}
                  onChange={(event) => setDocumentRemarks({ ...documentRemarks, [document.ShipmentDocumentID]: event.target.value })}
                />
              ))}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button label="app.dialog.cancel" onClick={onClose} disabled={busy} />
        <Button label="app.shipments.modify.save" onClick={submit} variant="contained" disabled={busy || !changed || !!codesProblem || !!remarksProblem}>
          {busy ? <CircularProgress size={16} /> : undefined}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

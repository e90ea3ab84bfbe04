import { useState } from 'react';
import {
  Alert,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import { freeRemarkProblem, REMARK_MAX_LENGTH, remarkLength } from '../../../domain/remark';
import { ShipmentMessages } from '../../../domain/shipmentMessages';
import { isDecisionNetworkFailure, useShipmentFailureLog } from '../failureLog';
import { failureMessage } from '../outcomes';
import { useShipmentApi } from '../useShipmentApi';

/** Mark: records the eyeball check of a shipment (PASS lets an Eyeball shipment be accepted). */
export function MarkDialog({
  target,
  onClose,
  onDone,
}: {
  target: { id: string; awb: string; updateDt: string } | undefined;
  onClose(): void;
  onDone(): void;
}) {
  const translate = useTranslate();
  const api = useShipmentApi();
  const report = useShipmentFailureLog();
  const [result, setResult] = useState<'PASS' | 'FAIL'>('PASS');
  const [remarks, setRemarks] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const problem = freeRemarkProblem(remarks);

  function close() {
    if (busy) return;
    setResult('PASS');
    setRemarks('');
    setFailure(undefined);
    onClose();
  }

  async function submit() {
    if (problem || !target) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await api.mark({ ShipmentId: target.id, Result: result, Remarks: remarks.trim(), UpdateDT: target.updateDt });
      setBusy(false);
      setRemarks('');
      onDone();
    } catch (error) {
      setBusy(false);
      if (isDecisionNetworkFailure(error)) report({ action: 'Mark', shipmentId: target.id, awb: target.awb, error });
      const outcome = failureMessage(error, ShipmentMessages.markFail);
      if (!outcome.handled) setFailure(outcome.message);
    }
  }

  return (
    <Dialog open={!!target} onClose={close} maxWidth="sm" fullWidth aria-labelledby="mark-title">
      <DialogTitle id="mark-title">{translate('app.shipments.eyeball.markTitle', { awb: target?.awb ?? '' })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <RadioGroup
            row
            value={result}
            onChange={(event) => setResult(event.target.value as 'PASS' | 'FAIL')}
            aria-label={translate('app.shipments.eyeball.result')}
          >
            <FormControlLabel value="PASS" control={<Radio />} label={translate('app.shipments.eyeball.PASS')} />
            <FormControlLabel value="FAIL" control={<Radio />} label={translate('app.shipments.eyeball.FAIL')} />
          </RadioGroup>
          <TextField
            label={translate('app.shipments.eyeball.remarks')}
            value={remarks}
            onChange={(event) => setRemarks(event.target.value)}
            multiline
            minRows={2}
            error={!!problem}
            helperText={problem ?? translate('app.shipments.remarkCounter', { count: remarkLength(remarks), max: REMARK_MAX_LENGTH })}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button label="app.dialog.cancel" onClick={close} disabled={busy} />
        <Button label="app.shipments.actions.mark" onClick={submit} variant="contained" disabled={busy || !!problem}>
          {busy ? <CircularProgress size={16} /> : undefined}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

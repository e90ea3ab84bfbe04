import { useState } from 'react';
import { Alert, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import { REMARK_MAX_LENGTH, remarkLength, remarkProblem } from '../../../domain/remark';
import type { SanctionDecision } from '../../../domain/sanctionReview';
import { ShipmentMessages } from '../../../domain/shipmentMessages';
import { isDecisionNetworkFailure, useShipmentFailureLog } from '../failureLog';
import { failureMessage } from '../outcomes';
import type { SanctionDetail } from '../shipmentApi';
import { useShipmentApi } from '../useShipmentApi';

/**
 * One decision on the selected sanction hits, with its remark of 10 to 5000 characters (spec 5),
 * saved on the UpdateDT the tab was loaded with: a stale one is refused with the refresh message.
 */
export function SanctionDecisionDialog({
  sanction,
  decision,
  hitIds,
  onClose,
  onDone,
}: {
  sanction: SanctionDetail;
  decision: SanctionDecision | undefined;
  hitIds: string[];
  onClose(): void;
  onDone(outcome: { stale: boolean; message?: string }): void;
}) {
  const translate = useTranslate();
  const api = useShipmentApi();
  const report = useShipmentFailureLog();
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [touched, setTouched] = useState(false);
  const problem = remarkProblem(remark, true);

  function close() {
    if (busy) return;
    setRemark('');
    setFailure(undefined);
    setTouched(false);
    onClose();
  }

  async function submit() {
    setTouched(true);
    if (problem || !decision) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await api.sanctionSave({
        ShipmentId: sanction.ShipmentId,
        AWBPrefix: sanction.AWBPrefix,
        AWBSuffix: sanction.AWBSuffix,
        UpdateDT: sanction.UpdateDT,
        PendingUpdate: false,
        decisions: hitIds.map((HitId) => ({ HitId, Decision: decision, Remark: remark.trim() })),
      });
      setBusy(false);
      setRemark('');
      setTouched(false);
      onDone({ stale: false });
    } catch (error) {
      setBusy(false);
      if (isDecisionNetworkFailure(error)) report({ action: `Sanction ${decision}`, shipmentId: sanction.ShipmentId, awb: sanction.AWBNumber, error });
      const outcome = failureMessage(error, ShipmentMessages.markFail);
      if (outcome.reason === 'stale') {
        setRemark('');
        onDone({ stale: true, message: outcome.message });
      } else if (!outcome.handled) setFailure(outcome.message);
    }
  }

  const label = decision ? translate(`app.shipments.sanction.decisions.${decision}`) : '';
  return (
    <Dialog open={!!decision} onClose={close} maxWidth="sm" fullWidth aria-labelledby="sanction-decision-title">
      <DialogTitle id="sanction-decision-title">
        {translate('app.shipments.sanction.decisionTitle', { decision: label, smart_count: hitIds.length })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {decision && <DialogContentText>{translate(`app.shipments.sanction.decisionHelp.${decision}`)}</DialogContentText>}
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            label={translate('app.shipments.sanction.remark')}
            value={remark}
            onChange={(event) => setRemark(event.target.value)}
            onBlur={() => setTouched(true)}
            multiline
            minRows={3}
            autoFocus
            required
            error={touched && !!problem}
            helperText={touched && problem ? problem : translate('app.shipments.remarkCounter', { count: remarkLength(remark), max: REMARK_MAX_LENGTH })}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button label="app.dialog.cancel" onClick={close} disabled={busy} />
        <Button
          label="app.shipments.sanction.confirm"
          onClick={submit}
          variant="contained"
          disabled={busy || !!problem}
          color={decision === 'DENY' ? 'error' : 'primary'}
        >
          {busy ? <CircularProgress size={16} /> : undefined}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

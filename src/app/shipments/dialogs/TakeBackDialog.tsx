import { useRef, useState } from 'react';
import { Alert, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import type { ShipmentLending } from '../../../domain/lending';
import type { DecisionTarget } from './AcceptDialog';
import { companyLabel } from './LendDialog';
import { useLendingCall } from './lendingCall';

/** Take back: after a confirmation, the company no longer sees the shipment (awbtakeback on the page's UpdateDT). */
export function TakeBackDialog({
  target,
  lending,
  onClose,
  onDone,
  onStale,
}: {
  target: DecisionTarget;
  lending: ShipmentLending | undefined;
  onClose(): void;
  onDone(lending: ShipmentLending): void;
  onStale(message: string): void;
}) {
  const translate = useTranslate();
  const takeBack = useLendingCall();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  // What the dialog shows while it fades out after the page took the lending away.
  const shown = useRef(lending);
  if (lending) shown.current = lending;

  function close() {
    if (!busy) onClose();
  }

  async function submit() {
    if (!lending) return;
    setBusy(true);
    setFailure(undefined);
    const outcome = await takeBack('takeBack', target, lending.CompanyId);
    setBusy(false);
    if (outcome.kind === 'failed') return setFailure(outcome.message);
    if (outcome.kind === 'done') onDone(lending);
    else if (outcome.kind === 'stale') onStale(outcome.message);
    else onClose();
  }

  return (
    <Dialog open={!!lending} onClose={close} aria-labelledby="take-back-title" slotProps={{ transition: { onExited: () => setFailure(undefined) } }}>
      <DialogTitle id="take-back-title">{translate('app.shipments.lending.takeBackTitle', { awb: target.awb })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <DialogContentText>
            {shown.current && translate('app.shipments.lending.takeBackConfirm', { awb: target.awb, company: companyLabel(shown.current) })}
          </DialogContentText>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button label="app.dialog.cancel" onClick={close} disabled={busy} />
        <Button label="app.shipments.actions.takeBack" onClick={submit} variant="contained" disabled={busy} autoFocus>
          {busy ? <CircularProgress size={16} /> : undefined}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

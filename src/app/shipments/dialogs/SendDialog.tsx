import { useState } from 'react';
import { Alert, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import type { SendTarget } from '../../../domain/shipmentWire';
import { reportDecisionFailures, useShipmentFailureLog } from '../failureLog';
import { runForEach, type ShipmentOutcome } from '../outcomes';
import { useShipmentApi } from '../useShipmentApi';
import type { DecisionTarget } from './AcceptDialog';
import type { LeftOut } from './SendMenu';

/** Send ACAS, ACI, Terminal or CSS for the selected shipments, after a confirmation. */
export function SendDialog({
  target,
  shipments,
  leftOut = [],
  onClose,
  onDone,
}: {
  target: SendTarget | undefined;
  shipments: DecisionTarget[];
  /** Selected shipments the server would refuse this message for (SendMenu), named with the reason. */
  leftOut?: LeftOut[];
  onClose(): void;
  onDone(outcomes: ShipmentOutcome[]): void;
}) {
  const translate = useTranslate();
  const api = useShipmentApi();
  const report = useShipmentFailureLog();
  const [busy, setBusy] = useState(false);
  const label = target ? translate(`app.shipments.send.${target}`) : '';

  async function submit() {
    if (!target) return;
    setBusy(true);
    const outcomes = await runForEach(shipments, (shipment) => api.send({ ShipmentId: shipment.id, Target: target, UpdateDT: shipment.updateDt }), {
      success: translate('app.shipments.send.done', { target }),
      failure: translate('app.shipments.send.failed', { target: label }),
    });
    setBusy(false);
    reportDecisionFailures(report, `Send ${target}`, outcomes);
    onDone(outcomes);
  }

  return (
    <Dialog open={!!target} onClose={() => !busy && onClose()} aria-labelledby="send-title">
      <DialogTitle id="send-title">{translate('app.shipments.send.title', { target: label })}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('app.shipments.send.confirm', {
            target: label,
            smart_count: shipments.length,
            awbs: shipments.map((shipment) => shipment.awb).join(', '),
          })}
        </DialogContentText>
        {leftOut.length > 0 && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {translate('app.shipments.send.leftOut')}
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {leftOut.map((entry) => (
                <li key={entry.awb}>
                  {entry.awb}: {entry.message}
                </li>
              ))}
            </ul>
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button label="app.dialog.cancel" onClick={onClose} disabled={busy} />
        <Button label="app.shipments.send.submit" onClick={submit} variant="contained" disabled={busy} autoFocus>
          {busy ? <CircularProgress size={16} /> : undefined}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

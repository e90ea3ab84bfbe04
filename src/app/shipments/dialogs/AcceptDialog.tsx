import { useState } from 'react';
import { Alert, Checkbox, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, TextField } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import { REMARK_MAX_LENGTH, remarkLength, remarkProblem } from '../../../domain/remark';
import { ShipmentMessages } from '../../../domain/shipmentMessages';
import { formatMessage } from '../../../domain/statusCodes';
import type { ApproveTypeValue } from '../../../domain/shipmentStatus';
import { reportDecisionFailures, useShipmentFailureLog } from '../failureLog';
import { runForEach, type ShipmentOutcome } from '../outcomes';
import { useShipmentApi } from '../useShipmentApi';

export interface DecisionTarget {
  id: string;
  awb: string;
  updateDt: string;
  /** A soft block that applies to this company. */
  softBlock?: string;
  /** The user chose to decide on newer FWB/FHL data (awbcheckupdate) without reloading. */
  pendingUpdate?: boolean;
}

/** One shipment's decision got no answer in time: the dialog keeps it on screen ('Network Timeout...'). */
export function singleTimeout(targets: readonly DecisionTarget[], outcomes: readonly ShipmentOutcome[]): string | undefined {
  return targets.length === 1 && outcomes[0]?.reason === 'timeout' ? outcomes[0].message : undefined;
}

/**
 * Accept one shipment or the selected ones (spec 4, 5): the remark is 10 to 5000 characters when
 * given, and required to acknowledge a soft block.
 */
export function AcceptDialog({
  targets,
  onClose,
  onDone,
}: {
  targets: DecisionTarget[] | undefined;
  onClose(): void;
  onDone(outcomes: ShipmentOutcome[]): void;
}) {
  const translate = useTranslate();
  const api = useShipmentApi();
  const report = useShipmentFailureLog();
  const [remark, setRemark] = useState('');
  const [acknowledge, setAcknowledge] = useState(false);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const single = targets?.length === 1 ? targets[0] : undefined;
  const softBlock = single?.softBlock;
  const approveType: ApproveTypeValue = softBlock || acknowledge ? 'SOFT_BLOCK' : 'NORMAL';
  const problem = remarkProblem(remark, approveType === 'SOFT_BLOCK');

  function close() {
    if (busy) return;
    setRemark('');
    setAcknowledge(false);
    setTouched(false);
    setFailure(undefined);
    onClose();
  }

  async function submit() {
    setTouched(true);
    if (problem || !targets) return;
    setBusy(true);
    setFailure(undefined);
    const outcomes = await runForEach(
      targets,
      (target) =>
        api.approve({
          ShipmentId: target.id,
          ApproveType: approveType,
          ApproveReason: remark.trim(),
          UpdateDT: target.updateDt,
          PendingUpdate: !!target.pendingUpdate,
        }),
      { success: translate('app.shipments.accept.done'), failure: ShipmentMessages.acceptFail },
    );
    setBusy(false);
    reportDecisionFailures(report, 'Accept', outcomes);
    const timedOut = singleTimeout(targets, outcomes);
    if (timedOut) return setFailure(timedOut);
    setRemark('');
    setAcknowledge(false);
    setTouched(false);
    onDone(outcomes);
  }

  return (
    <Dialog open={!!targets} onClose={close} maxWidth="sm" fullWidth aria-labelledby="accept-title">
      <DialogTitle id="accept-title">
        {single
          ? translate('app.shipments.accept.titleOne', { awb: single.awb })
          : translate('app.shipments.accept.titleMany', { smart_count: targets?.length ?? 0 })}
      </DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {softBlock && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {formatMessage(ShipmentMessages.softBlockRemarkRequired, { reason: softBlock })}
          </Alert>
        )}
        {single?.pendingUpdate && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('app.shipments.detail.decidingOnNewerData')}
          </Alert>
        )}
        <TextField
          label={translate(approveType === 'SOFT_BLOCK' ? 'app.shipments.accept.remarkRequired' : 'app.shipments.accept.remark')}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
          onBlur={() => setTouched(true)}
          multiline
          minRows={3}
          fullWidth
          autoFocus
          error={touched && !!problem}
          helperText={touched && problem ? problem : translate('app.shipments.remarkCounter', { count: remarkLength(remark), max: REMARK_MAX_LENGTH })}
          slotProps={{ htmlInput: { maxLength: REMARK_MAX_LENGTH * 2 } }}
        />
        {!single && (
          <FormControlLabel
            control={<Checkbox checked={acknowledge} onChange={(event) => setAcknowledge(event.target.checked)} />}
            label={translate('app.shipments.accept.acknowledgeSoftBlocks')}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button label="app.dialog.cancel" onClick={close} disabled={busy} />
        <Button label="app.shipments.actions.accept" onClick={submit} variant="contained" color="success" disabled={busy}>
          {busy ? <CircularProgress size={16} /> : undefined}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

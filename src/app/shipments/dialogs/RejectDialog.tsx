import { useState } from 'react';
import { Alert, Autocomplete, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Button, useTranslate } from 'react-admin';
import { freeRemarkProblem, REMARK_MAX_LENGTH, remarkLength } from '../../../domain/remark';
import { ShipmentMessages } from '../../../domain/shipmentMessages';
import type { LookupCode, RejectReason } from '../../../domain/shipmentWire';
import { reportDecisionFailures, useShipmentFailureLog } from '../failureLog';
import { runForEach, type ShipmentOutcome } from '../outcomes';
import { useShipmentApi } from '../useShipmentApi';
import { singleTimeout, type DecisionTarget } from './AcceptDialog';

/** Reject one shipment or the selected ones: reasons from the MIP list (required), an additional remark (list 11), free text. */
export function RejectDialog({
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
  const open = !!targets;
  const reasons = useQuery({ queryKey: ['awbapi', 'lookup', 1], queryFn: () => api.lookupCodes(1), enabled: open, staleTime: 10 * 60_000 });
  const remarks = useQuery({ queryKey: ['awbapi', 'lookup', 11], queryFn: () => api.lookupCodes(11), enabled: open, staleTime: 10 * 60_000 });
  const [chosen, setChosen] = useState<LookupCode[]>([]);
  const [additional, setAdditional] = useState('');
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const single = targets?.length === 1 ? targets[0] : undefined;
  const reasonProblem = chosen.length === 0 ? ShipmentMessages.rejectReasonRequired : undefined;
  const textProblem = freeRemarkProblem(text);

  function reset() {
    setChosen([]);
    setAdditional('');
    setText('');
    setTouched(false);
    setFailure(undefined);
  }

  function close() {
    if (busy) return;
    reset();
    onClose();
  }

  async function submit() {
    setTouched(true);
    if (reasonProblem || textProblem || !targets) return;
    const rejectReasons: RejectReason[] = chosen.map((reason, index) => ({
      Code: reason.Code,
      ...(index === 0 && additional ? { AdditionalRemarkCode: additional } : {}),
      ...(index === 0 && text.trim() ? { Remarks: text.trim() } : {}),
    }));
    setBusy(true);
    setFailure(undefined);
    const outcomes = await runForEach(
      targets,
      (target) => api.reject({ ShipmentId: target.id, RejectReasons: rejectReasons, UpdateDT: target.updateDt, PendingUpdate: !!target.pendingUpdate }),
      { success: translate('app.shipments.reject.done'), failure: ShipmentMessages.rejectFail },
    );
    setBusy(false);
    reportDecisionFailures(report, 'Reject', outcomes);
    const timedOut = singleTimeout(targets, outcomes);
    if (timedOut) return setFailure(timedOut);
    reset();
    onDone(outcomes);
  }

  const loading = reasons.isPending || remarks.isPending;
  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="reject-title">
      <DialogTitle id="reject-title">
        {single
          ? translate('app.shipments.reject.titleOne', { awb: single.awb })
          : translate('app.shipments.reject.titleMany', { smart_count: targets?.length ?? 0 })}
      </DialogTitle>
      <DialogContent>
        {loading && open ? (
          <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center', py: 2 }}>
            <CircularProgress size={20} />
            <span>{translate('app.loading')}</span>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            {single?.pendingUpdate && <Alert severity="info">{translate('app.shipments.detail.decidingOnNewerData')}</Alert>}
            <Autocomplete
              multiple
              options={reasons.data ?? []}
              value={chosen}
              onChange={(_event, value) => setChosen(value)}
              getOptionLabel={(option) => `${option.Code} - ${option.Description}`}
              isOptionEqualToValue={(option, value) => option.Code === value.Code}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={translate('app.shipments.reject.reasons')}
                  required
                  error={touched && !!reasonProblem}
                  helperText={touched && reasonProblem ? reasonProblem : translate('app.shipments.reject.reasonsHelp')}
                  autoFocus
                />
              )}
            />
            <TextField
              select
              label={translate('app.shipments.reject.additionalRemark')}
              value={additional}
              onChange={(event) => setAdditional(event.target.value)}
            >
              <MenuItem value="">{translate('app.shipments.reject.noAdditionalRemark')}</MenuItem>
              {(remarks.data ?? []).map((remark) => (
                <MenuItem key={remark.Code} value={remark.Code}>
                  {remark.Description}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={translate('app.shipments.reject.remarks')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              multiline
              minRows={2}
              error={!!textProblem}
              helperText={textProblem ?? translate('app.shipments.remarkCounter', { count: remarkLength(text), max: REMARK_MAX_LENGTH })}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button label="app.dialog.cancel" onClick={close} disabled={busy} />
        <Button label="app.shipments.actions.reject" onClick={submit} variant="contained" color="error" disabled={busy || loading}>
          {busy ? <CircularProgress size={16} /> : undefined}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

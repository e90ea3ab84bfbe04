import { useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Done';
import BlockIcon from '@mui/icons-material/Block';
import { useQuery } from '@tanstack/react-query';
import { Button, useNotify, useTranslate } from 'react-admin';
import { utcDateTime } from '../../../domain/dateRange';
import type { OneRecordChangeRequest } from '../../../domain/shipmentWire';
import { isDecisionNetworkFailure, useShipmentFailureLog } from '../failureLog';
import { failureMessage } from '../outcomes';
import { useShipmentApi } from '../useShipmentApi';
import type { DecisionTarget } from '../dialogs/AcceptDialog';
import { ActionButton } from './ActionButton';
import { useLiveEvents } from '../../live/LiveEventsProvider';

/**
 * Partners' ONE Record change requests waiting for a decision (issue 37, 4): who asked, when, why, and what each
 * changes, with Accept and Reject after a confirmation. Accepted, the server takes the change in as a newer FWB; a
 * request made before a newer FWB came says it will fail. Shown only while some wait; decided ones are in History. A
 * request that comes while the page is open, or one decided elsewhere, shows at once (the live event oneRecordChange).
 */
export function OneRecordChangeRequests({
  target,
  canDecide,
  why,
  onDecided,
  onStale,
}: {
  target: DecisionTarget;
  /** Whether this user may decide now (the Modify right: a company that decides, the shipment not held nor stale). */
  canDecide: boolean;
  why?: string;
  onDecided(): void;
  onStale(message: string): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useShipmentApi();
  const report = useShipmentFailureLog();
  const requests = useQuery({
    queryKey: ['oneRecordChanges', target.id, target.updateDt],
    queryFn: () => api.oneRecordChanges(target.id),
    // Nothing to show is no error to show: the detail itself reports a shipment that cannot be read.
    retry: false,
  });
  // A partner's request that comes, or one decided elsewhere, shows at once (migration 0035's live event).
  useLiveEvents((event) => {
    if (event.kind === 'oneRecordChange' && event.shipmentId === target.id) void requests.refetch();
  });
  const [asking, setAsking] = useState<{ request: OneRecordChangeRequest; decision: 'accept' | 'reject' }>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const pending = (requests.data ?? []).filter((request) => request.Status === 'PENDING');
  if (pending.length === 0 && !asking) return null;

  function close() {
    if (!busy) setAsking(undefined);
  }

  async function decide() {
    if (!asking) return;
    const { request, decision } = asking;
    setBusy(true);
    setFailure(undefined);
    try {
      await api.decideOneRecordChange({ ShipmentId: target.id, UpdateDT: target.updateDt, RequestId: request.RequestId, Decision: decision });
      const after = (await requests.refetch()).data?.find((each) => each.RequestId === request.RequestId);
      setAsking(undefined);
      if (after?.Status === 'FAILED')
        notify('app.shipments.oneRecordChanges.failed', { type: 'warning', messageArgs: { reason: after.Problem ?? '' }, multiLine: true });
      else
        notify(decision === 'accept' ? 'app.shipments.oneRecordChanges.accepted' : 'app.shipments.oneRecordChanges.rejected', {
          type: 'success',
          messageArgs: { awb: target.awb },
        });
      onDecided();
    } catch (error) {
      if (isDecisionNetworkFailure(error)) report({ action: `ONE Record change ${decision}`, shipmentId: target.id, awb: target.awb, error });
      const failed = failureMessage(error, translate('app.shipments.oneRecordChanges.fail'));
      if (failed.reason === 'stale') {
        setAsking(undefined);
        onStale(failed.message);
      } else if (!failed.handled) setFailure(failed.message);
      else setAsking(undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {pending.length > 0 && (
        <Alert severity="warning" role="region" aria-label={translate('app.shipments.oneRecordChanges.title')}>
          <AlertTitle>{translate('app.shipments.oneRecordChanges.title')}</AlertTitle>
          <Stack spacing={1.5}>
            {pending.map((request) => (
              <Box key={request.RequestId}>
                <Typography variant="body2" title={request.RequestedBy}>
                  {translate('app.shipments.oneRecordChanges.requested', {
                    organisation: request.RequestedByName ?? request.RequestedBy,
                    at: utcDateTime(request.RequestedAt),
                  })}
                  {request.Description ? ` ${translate('app.shipments.oneRecordChanges.description', { description: request.Description })}` : ''}
                </Typography>
                {request.Changes.length > 0 && (
                  <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
                    {request.Changes.map((each) => (
                      <li key={each.What}>
                        <Typography variant="body2">
                          {translate('app.shipments.oneRecordChanges.change', {
                            what: each.What,
                            from: each.From || translate('app.shipments.oneRecordChanges.none'),
                            to: each.To || translate('app.shipments.oneRecordChanges.none'),
                          })}
                        </Typography>
                      </li>
                    ))}
                  </Box>
                )}
                {request.Problem && (
                  <Typography variant="body2" color="error">
                    {request.Problem}
                  </Typography>
                )}
                <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                  <ActionButton
                    label="app.shipments.oneRecordChanges.accept"
                    onClick={() => setAsking({ request, decision: 'accept' })}
                    disabled={!canDecide || !request.Current}
                    why={!canDecide ? why : (request.Problem ?? undefined)}
                    variant="contained"
                    color="success"
                  >
                    <CheckIcon />
                  </ActionButton>
                  <ActionButton
                    label="app.shipments.oneRecordChanges.reject"
                    onClick={() => setAsking({ request, decision: 'reject' })}
                    disabled={!canDecide}
                    why={why}
                    variant="outlined"
                    color="error"
                  >
                    <BlockIcon />
                  </ActionButton>
                </Stack>
              </Box>
            ))}
          </Stack>
        </Alert>
      )}
      <Dialog open={!!asking} onClose={close} aria-labelledby="onerecord-change-title" slotProps={{ transition: { onExited: () => setFailure(undefined) } }}>
        <DialogTitle id="onerecord-change-title">
          {translate(asking?.decision === 'reject' ? 'app.shipments.oneRecordChanges.rejectTitle' : 'app.shipments.oneRecordChanges.acceptTitle', {
            awb: target.awb,
          })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <DialogContentText>
              {translate(asking?.decision === 'reject' ? 'app.shipments.oneRecordChanges.rejectConfirm' : 'app.shipments.oneRecordChanges.acceptConfirm', {
                awb: target.awb,
              })}
            </DialogContentText>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button label="app.dialog.cancel" onClick={close} disabled={busy} />
          <Button
            label={asking?.decision === 'reject' ? 'app.shipments.oneRecordChanges.reject' : 'app.shipments.oneRecordChanges.accept'}
            onClick={decide}
            variant="contained"
            color={asking?.decision === 'reject' ? 'error' : 'success'}
            disabled={busy}
            autoFocus
          >
            {busy ? <CircularProgress size={16} /> : undefined}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

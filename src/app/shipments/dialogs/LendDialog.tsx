import { useRef, useState } from 'react';
import { Alert, Autocomplete, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Button, useTranslate } from 'react-admin';
import { LendingMessages, type LendableCompany } from '../../../domain/lending';
import { failureMessage } from '../outcomes';
import { useShipmentApi } from '../useShipmentApi';
import type { DecisionTarget } from './AcceptDialog';
import { useLendingCall } from './lendingCall';

export const companyLabel = (company: { CompanyId: string; CompanyName: string }) => `${company.CompanyName} (${company.CompanyId})`;

/**
 * Lend…: the owner chooses one of the companies the server offers (util/lendcompanies: not its own,
 * not those it is lent to, not those that see it as their own), then confirms; awblend on the
 * page's UpdateDT. A refusal stays in the dialog, but a stale one goes to the page, which asks for
 * a reload.
 */
export function LendDialog({
  target,
  onClose,
  onDone,
  onStale,
}: {
  target: DecisionTarget | undefined;
  onClose(): void;
  onDone(company: LendableCompany): void;
  onStale(message: string): void;
}) {
  const translate = useTranslate();
  const api = useShipmentApi();
  const lend = useLendingCall();
  const open = !!target;
  // What the dialog shows while it fades out after the page took the target away.
  const shown = useRef(target);
  if (target) shown.current = target;
  const awb = shown.current?.awb ?? '';
  // Read afresh at each opening: a lending made meanwhile (here or elsewhere) takes its company off the list.
  const companies = useQuery({
    queryKey: ['awbapi', 'lendcompanies', target?.id],
    queryFn: () => api.lendableCompanies(target!.id),
    enabled: open,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const [chosen, setChosen] = useState<LendableCompany | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  function reset() {
    setChosen(null);
    setConfirming(false);
    setFailure(undefined);
  }

  function close() {
    if (!busy) onClose();
  }

  async function submit() {
    if (!target || !chosen) return;
    setBusy(true);
    setFailure(undefined);
    const outcome = await lend('lend', target, chosen.CompanyId);
    setBusy(false);
    if (outcome.kind === 'failed') return setFailure(outcome.message);
    if (outcome.kind === 'done') onDone(chosen);
    else if (outcome.kind === 'stale') onStale(outcome.message);
    else onClose();
  }

  const loadFailure = companies.isError ? failureMessage(companies.error, LendingMessages.lendFail) : undefined;
  const options = companies.data ?? [];
  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="lend-title" slotProps={{ transition: { onExited: reset } }}>
      <DialogTitle id="lend-title">{translate('app.shipments.lending.lendTitle', { awb })}</DialogTitle>
      <DialogContent>
        {companies.isPending && open ? (
          <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center', py: 2 }}>
            <CircularProgress size={20} />
            <span>{translate('app.loading')}</span>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {(failure ?? loadFailure) && !loadFailure?.handled && <Alert severity="error">{failure ?? loadFailure?.message}</Alert>}
            {confirming && chosen ? (
              <DialogContentText>{translate('app.shipments.lending.confirm', { awb, company: companyLabel(chosen) })}</DialogContentText>
            ) : (
              <>
                <DialogContentText>{translate('app.shipments.lending.explain')}</DialogContentText>
                {companies.isSuccess && options.length === 0 ? (
                  <Alert severity="info">{translate('app.shipments.lending.noCompanies')}</Alert>
                ) : (
                  companies.isSuccess && (
                    <Autocomplete
                      options={options}
                      value={chosen}
                      onChange={(_event, value) => setChosen(value)}
                      getOptionLabel={(option) =>
                        `${companyLabel(option)} - ${translate(`app.shipments.lending.companyType.${option.CompanyTypeId}`, { _: '' })}`
                      }
                      isOptionEqualToValue={(option, value) => option.CompanyId === value.CompanyId}
                      renderInput={(params) => (
                        <TextField
                          {...params}
                          label={translate('app.shipments.lending.company')}
                          helperText={translate('app.shipments.lending.companyHelp')}
                          required
                          autoFocus
                        />
                      )}
                    />
                  )
                )}
              </>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {confirming ? (
          <>
            <Button label="app.shipments.lending.back" onClick={() => setConfirming(false)} disabled={busy} />
            <Button label="app.shipments.lending.submit" onClick={submit} variant="contained" disabled={busy} autoFocus>
              {busy ? <CircularProgress size={16} /> : undefined}
            </Button>
          </>
        ) : (
          <>
            <Button label="app.dialog.cancel" onClick={close} />
            <Button label="app.shipments.lending.next" onClick={() => setConfirming(true)} variant="contained" disabled={!chosen} />
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

import { useState } from 'react';
import {
  Alert,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
} from '@mui/material';
import { Button, useNotify, useTranslate } from 'react-admin';
import { EMAIL_LIST_MAX_LENGTH } from '../../../domain/email';
import { SHARE_OPTIONS, type ShareOption } from '../../../domain/shipmentDocuments';
import { ShipmentMessages } from '../../../domain/shipmentMessages';
import { shareEmailListProblem, shareOptionsProblem } from '../../../domain/shareRequest';
import { useShipmentFailureLog } from '../failureLog';
import { failureMessage } from '../outcomes';
import { useShipmentApi } from '../useShipmentApi';

/** Share AWB (spec 2, 3): the share options and an e-mail list; the chosen documents are mailed as attachments. */
export function ShareDialog({ shipments, onClose }: { shipments: { id: string; awb: string }[] | undefined; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useShipmentApi();
  const report = useShipmentFailureLog();
  const [options, setOptions] = useState<ShareOption[]>(['AWB_COPY']);
  const [emails, setEmails] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const optionsProblem = shareOptionsProblem(options);
  const emailProblem = shareEmailListProblem(emails);

  function close() {
    if (busy) return;
    setOptions(['AWB_COPY']);
    setEmails('');
    setTouched(false);
    setFailure(undefined);
    onClose();
  }

  async function submit() {
    setTouched(true);
    setFailure(undefined);
    if (optionsProblem || emailProblem || !shipments) return;
    setBusy(true);
    try {
      const answer = await api.share({ ShipmentIds: shipments.map((shipment) => shipment.id), ShareOptions: options, EmailList: emails.trim() });
      notify('app.shipments.share.done', { type: 'success', messageArgs: { smart_count: answer.Attachments.length, recipients: answer.Sent } });
      setBusy(false);
      close();
    } catch (error) {
      setBusy(false);
      report({
        action: 'Share AWB',
        shipmentId: shipments.map((shipment) => shipment.id).join(','),
        awb: shipments.map((shipment) => shipment.awb).join(', '),
        error,
      });
      const { message, handled } = failureMessage(error, ShipmentMessages.shareFail);
      if (!handled) setFailure(message);
    }
  }

  return (
    <Dialog open={!!shipments} onClose={close} maxWidth="sm" fullWidth aria-labelledby="share-title">
      <DialogTitle id="share-title">
        {translate('app.shipments.share.title', { awbs: shipments?.map((shipment) => shipment.awb).join(', ') ?? '' })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <FormControl error={touched && !!optionsProblem} component="fieldset">
            <FormLabel component="legend">{translate('app.shipments.share.options')}</FormLabel>
            <FormGroup row>
              {SHARE_OPTIONS.map((option) => (
                <FormControlLabel
                  key={option}
                  control={
                    <Checkbox
                      checked={options.includes(option)}
                      onChange={(event) => setOptions(event.target.checked ? [...options, option] : options.filter((other) => other !== option))}
                    />
                  }
                  label={translate(`app.shipments.share.option.${option}`)}
                />
              ))}
            </FormGroup>
            {touched && optionsProblem && <FormHelperText role="alert">{optionsProblem}</FormHelperText>}
          </FormControl>
          <TextField
            label={translate('app.shipments.share.emails')}
            value={emails}
            onChange={(event) => setEmails(event.target.value)}
            onBlur={() => setTouched(true)}
            required
            fullWidth
            error={touched && !!emailProblem}
            helperText={
              touched && emailProblem ? emailProblem : translate('app.shipments.share.emailsHelp', { count: emails.length, max: EMAIL_LIST_MAX_LENGTH })
            }
            slotProps={{ htmlInput: { maxLength: 1000, inputMode: 'email' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button label="app.dialog.cancel" onClick={close} disabled={busy} />
        <Button label="app.shipments.share.send" onClick={submit} variant="contained" disabled={busy}>
          {busy ? <CircularProgress size={16} /> : undefined}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutlined';
import { Button, useTranslate } from 'react-admin';
import type { ShipmentOutcome } from '../outcomes';

/** The summary of a bulk action: each AWB's own outcome. */
export function OutcomeDialog({ title, outcomes, onClose }: { title: string; outcomes: ShipmentOutcome[] | undefined; onClose(): void }) {
  const translate = useTranslate();
  const succeeded = outcomes?.filter((outcome) => outcome.ok).length ?? 0;
  return (
    <Dialog open={!!outcomes} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="outcome-title">
      <DialogTitle id="outcome-title">{translate(title)}</DialogTitle>
      <DialogContent>
        <p>{translate('app.shipments.bulk.summary', { done: succeeded, total: outcomes?.length ?? 0 })}</p>
        <Table size="small" aria-label={translate(title)}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.shipments.fields.AWBNumber')}</TableCell>
              <TableCell>{translate('app.shipments.bulk.outcome')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {outcomes?.map((outcome) => (
              <TableRow key={outcome.id}>
                <TableCell>{outcome.awb}</TableCell>
                <TableCell sx={{ color: outcome.ok ? 'success.main' : 'error.main' }}>
                  <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                    {outcome.ok ? <CheckCircleIcon fontSize="small" aria-hidden="true" /> : <ErrorIcon fontSize="small" aria-hidden="true" />}
                    {outcome.message}
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button label="app.dialog.close" onClick={onClose} variant="contained" autoFocus />
      </DialogActions>
    </Dialog>
  );
}

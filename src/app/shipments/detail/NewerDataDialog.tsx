import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import { ShipmentMessages } from '../../../domain/shipmentMessages';

/**
 * Asked before Accept or Reject when awbcheckupdate reported newer FWB/FHL data (spec 4 "If FWB or
 * FHL data changes, the user is asked to refresh"): refresh, or decide anyway on the newer data
 * (the decision then carries PendingUpdate, CONTRACTS.md).
 */
export function NewerDataDialog({ open, onCancel, onRefresh, onDecideAnyway }: { open: boolean; onCancel(): void; onRefresh(): void; onDecideAnyway(): void }) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onCancel} maxWidth="sm" fullWidth aria-labelledby="newer-data-title" aria-describedby="newer-data-text">
      <DialogTitle id="newer-data-title">{translate('app.shipments.detail.newerData.title')}</DialogTitle>
      <DialogContent id="newer-data-text">
        <DialogContentText>{ShipmentMessages.dataChanged}</DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>{translate('app.shipments.detail.newerData.question')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button label="app.dialog.cancel" onClick={onCancel} />
        <Button label="app.shipments.detail.newerData.decideAnyway" onClick={onDecideAnyway} />
        <Button label="app.shipments.detail.refresh" onClick={onRefresh} variant="contained" autoFocus />
      </DialogActions>
    </Dialog>
  );
}

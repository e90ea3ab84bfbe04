import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, AlertTitle } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import { utcDateTime } from '../../../domain/dateRange';

/** Who changed the record and when (the live stream's event); no name when the system or a borrower's view. */
export interface ChangedBy {
  name: string | null;
  at: string;
}

/**
 * "Changed since you opened it" (a decision refused as stale, or a change the live stream or the
 * check reported): the message, who changed it and when if known, and one click to reload the
 * record. Nothing shows while there is no message. A refusal is an alert; a change seen while the
 * user reads is a status, announced without interrupting.
 */
export function StaleAlert({
  message,
  onRefresh,
  changedBy,
  role = 'alert',
}: {
  message: string | undefined;
  onRefresh: () => void;
  changedBy?: ChangedBy;
  role?: 'alert' | 'status';
}) {
  const translate = useTranslate();
  if (!message) return null;
  const time = changedBy ? utcDateTime(changedBy.at) : '';
  return (
    <Alert
      severity="warning"
      role={role}
      action={
        <Button label="app.shipments.detail.refresh" onClick={onRefresh}>
          <RefreshIcon />
        </Button>
      }
    >
      {changedBy && (
        <AlertTitle>
          {changedBy.name ? translate('app.shipments.detail.changedBy', { name: changedBy.name, time }) : translate('app.shipments.detail.changedAt', { time })}
        </AlertTitle>
      )}
      {message}
    </Alert>
  );
}

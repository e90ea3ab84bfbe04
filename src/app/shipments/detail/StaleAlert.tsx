import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert } from '@mui/material';
import { Button } from 'react-admin';

/**
 * "Changed since you opened it" (a decision refused as stale): the server's message and one click to
 * reload the record. Nothing shows while there is no message.
 */
export function StaleAlert({ message, onRefresh }: { message: string | undefined; onRefresh: () => void }) {
  if (!message) return null;
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button label="app.shipments.detail.refresh" onClick={onRefresh}>
          <RefreshIcon />
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

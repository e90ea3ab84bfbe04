import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';

const COLORS: Record<string, ChipProps['color']> = {
  New: 'info',
  Error: 'error',
  Accept: 'success',
  Reject: 'warning',
  Submit: 'primary',
  Eyeball: 'secondary',
  Nothing: 'default',
  Processing: 'default',
};

/** A shipment status (spec 3) as a coloured chip; the text is the status name. */
export function StatusChip({ status, size = 'small' }: { status: string; size?: ChipProps['size'] }) {
  const translate = useTranslate();
  return (
    <Chip
      size={size}
      color={COLORS[status] ?? 'default'}
      variant={status === 'Nothing' || status === 'Processing' ? 'outlined' : 'filled'}
      label={translate(`app.shipments.status.${status}`, { _: status })}
    />
  );
}

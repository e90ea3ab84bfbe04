import { useTranslate } from 'react-admin';
import { LightChip, type LightChipColor } from './LightChip';

const COLORS: Record<string, LightChipColor> = {
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
export function StatusChip({ status, size = 'small' }: { status: string; size?: 'small' | 'medium' }) {
  const translate = useTranslate();
  return (
    <LightChip
      size={size}
      color={COLORS[status] ?? 'default'}
      variant={status === 'Nothing' || status === 'Processing' ? 'outlined' : 'filled'}
      label={translate(`app.shipments.status.${status}`, { _: status })}
    />
  );
}

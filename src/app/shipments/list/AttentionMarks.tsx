import { Chip, Stack, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { RowAttention } from '../../../domain/shipmentWire';

const COLORS: Record<RowAttention, ChipProps['color']> = {
  OpenHits: 'warning',
  AwaitingReview: 'secondary',
  DeniedHit: 'error',
  HardBlock: 'error',
};

/**
 * What needs attention on an open shipment (issue 18: open, escalated and denied sanction hits, a
 * hard block), as small outlined chips beside its status; nothing when nothing does.
 */
export function AttentionMarks({ marks }: { marks: readonly RowAttention[] | undefined }) {
  const translate = useTranslate();
  if (!marks || marks.length === 0) return null;
  return (
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {marks.map((mark) => (
        <Chip key={mark} size="small" variant="outlined" color={COLORS[mark]} label={translate(`app.shipments.attention.${mark}`)} />
      ))}
    </Stack>
  );
}

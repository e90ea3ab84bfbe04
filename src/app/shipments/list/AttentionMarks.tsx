import { useTranslate } from 'react-admin';
import type { RowAttention } from '../../../domain/shipmentWire';
import { LightChip, type LightChipColor } from './LightChip';

const COLORS: Record<RowAttention, LightChipColor> = {
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
    <span className="grid-cell-row wrap">
      {marks.map((mark) => (
        <LightChip key={mark} variant="outlined" color={COLORS[mark]} label={translate(`app.shipments.attention.${mark}`)} />
      ))}
    </span>
  );
}

import { useTranslate } from 'react-admin';
import type { RowAttention } from '../../../domain/shipmentWire';
import { LightChip, type LightChipColor } from './LightChip';

const COLORS: Record<RowAttention, LightChipColor> = {
  OpenHits: 'warning',
  AwaitingReview: 'secondary',
  DeniedHit: 'error',
  HardBlock: 'error',
};

/** How long something has waited, shortly: "45 min", "26 h", "3 d". */
export function waitedFor(since: string, now: number): string | undefined {
  const minutes = Math.floor((now - Date.parse(since)) / 60_000);
  if (!Number.isFinite(minutes)) return undefined;
  if (minutes < 60) return `${Math.max(0, minutes)} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
}

/**
 * What needs attention on an open shipment (issue 18: open, escalated and denied sanction hits, a
 * hard block), as small outlined chips beside its status; nothing when nothing does. An open hit says
 * how long it has waited since the shipment's message came, as the overview's backlog counts it.
 */
export function AttentionMarks({ marks, messageDate }: { marks: readonly RowAttention[] | undefined; messageDate?: string }) {
  const translate = useTranslate();
  if (!marks || marks.length === 0) return null;
  const waited = messageDate ? waitedFor(messageDate, Date.now()) : undefined;
  return (
    <span className="grid-cell-row wrap">
      {marks.map((mark) => {
        const label = translate(`app.shipments.attention.${mark}`);
        const text = mark === 'OpenHits' && waited ? `${label}, ${translate('app.shipments.attention.waiting', { age: waited })}` : label;
        return <LightChip key={mark} variant="outlined" color={COLORS[mark]} label={text} />;
      })}
    </span>
  );
}

import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { consolidationTotals, formatKg } from '../../../domain/consolidation';
import type { AwbDetail } from '../../../domain/shipmentWire';

/** A consolidation whose houses do not add up to its master says so above the houses, with both totals and the difference. */
export function HouseTotalsAlert({ detail }: { detail: Pick<AwbDetail, 'Pieces' | 'Weight' | 'Houses'> }) {
  const translate = useTranslate();
  const totals = consolidationTotals({ pieces: detail.Pieces, weightKg: detail.Weight }, detail.Houses);
  if (!totals || totals.agrees) return null;
  return (
    <Alert severity="warning" sx={{ mb: 1 }}>
      {translate('app.shipments.detail.houseTotalsDiffer', {
        houses: totals.houses.count,
        housePieces: totals.houses.pieces,
        houseWeight: formatKg(totals.houses.weightKg),
        masterPieces: totals.master.pieces,
        masterWeight: formatKg(totals.master.weightKg),
        pieces: totals.difference.pieces,
        weight: formatKg(totals.difference.weightKg),
      })}
    </Alert>
  );
}

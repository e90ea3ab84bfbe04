import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { utcDateTime } from '../../../domain/dateRange';
import type { SanctionHit } from '../../../domain/shipmentWire';

/**
 * What was last decided on a hit, for the Sanction & Compliance tab: a reviewer's decision with
 * its remark, or the whitelist row that cleared it, who whitelisted the name and when (issue 18:
 * whitelisting keeps the hit on the shipment, cleared, with its trail).
 */
export function HitDecision({ hit }: { hit: SanctionHit }) {
  const translate = useTranslate();
  const action = hit.action;
  if (!action) return <>{translate('app.shipments.sanction.open')}</>;
  if (action.decision === 'WHITELIST' && action.whitelistRowId) {
    const reason = action.remarks.replace(/^Cleared by whitelist row \d+:?\s*/, '');
    return (
      <>
        {translate('app.shipments.sanction.clearedByWhitelist', { row: action.whitelistRowId, by: action.by, at: utcDateTime(action.at) })}
        {reason && (
          <Typography variant="caption" component="div" color="text.secondary">
            {translate('app.shipments.sanction.whitelistReason', { reason })}
          </Typography>
        )}
      </>
    );
  }
  return (
    <>
      {translate('app.shipments.sanction.decidedBy', {
        decision: translate(`app.shipments.sanction.states.${action.state}`),
        by: action.by,
        at: utcDateTime(action.at),
        remarks: action.remarks,
      })}
    </>
  );
}

import { Alert } from '@mui/material';
import { ShipmentMessages } from '../../../domain/shipmentMessages';
import type { HandlingState } from '../../../domain/shipmentWire';
import { formatMessage } from '../../../domain/statusCodes';

/** "Held by another user" (the handling lock of spec 4), with the time it was taken in UTC. */
export function HeldByAlert({ heldBy }: { heldBy: HandlingState['HeldBy'] | undefined }) {
  if (!heldBy) return null;
  return (
    <Alert severity="info">
      {formatMessage(ShipmentMessages.heldByOther, { user: heldBy.UserName, company: heldBy.CompanyId, since: `${heldBy.Since.slice(11, 16)} UTC` })}
    </Alert>
  );
}

import { Alert } from '@mui/material';
import { heldByOtherMessage } from '../../../domain/shipmentMessages';
import type { HandlingState } from '../../../domain/shipmentWire';

/** "Held by another user" (the handling lock of spec 4), with the time it was taken in UTC. */
export function HeldByAlert({ heldBy }: { heldBy: HandlingState['HeldBy'] | undefined }) {
  if (!heldBy) return null;
  return <Alert severity="info">{heldByOtherMessage(heldBy)}</Alert>;
}

import { CircularProgress, ListItemText, Menu, MenuItem } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { SEND_TARGETS, type SendTarget, type SendTargetCheck } from '../../../domain/shipmentWire';
import { useShipmentApi } from '../useShipmentApi';
import type { DecisionTarget } from './AcceptDialog';

/** A shipment the server would refuse a message for, and why. */
export interface LeftOut {
  awb: string;
  message: string;
}

/** Of the selected shipments, those a target takes and those it would refuse (by the server's sendtargets answer). */
export function splitByTarget(target: SendTarget, shipments: DecisionTarget[], checks: SendTargetCheck[] | undefined) {
  const sendable: DecisionTarget[] = [];
  const leftOut: LeftOut[] = [];
  for (const shipment of shipments) {
    const refused = checks?.find((check) => check.ShipmentId === shipment.id)?.Refused[target];
    if (refused) leftOut.push({ awb: shipment.awb, message: refused });
    else sendable.push(shipment);
  }
  return { sendable, leftOut };
}

/**
 * The Send menu (ACAS, ACI, Terminal, CSS) for the selected shipments. It asks the server first
 * which messages each shipment can take (ACAS only to or through the United States, ACI only to
 * Canada, accepted shipments only): a target none can take is disabled with the reason, and one
 * that only some can take says how many.
 */
export function SendMenu({
  anchor,
  shipments,
  onClose,
  onChoose,
}: {
  anchor: HTMLElement | null;
  shipments: DecisionTarget[];
  onClose(): void;
  onChoose(target: SendTarget, sendable: DecisionTarget[], leftOut: LeftOut[]): void;
}) {
  const translate = useTranslate();
  const api = useShipmentApi();
  const ids = shipments.map((shipment) => shipment.id);
  const checks = useQuery({
    queryKey: ['awbapi', 'sendtargets', ids],
    queryFn: () => api.sendTargets(ids),
    enabled: !!anchor && ids.length > 0,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });

  return (
    <Menu anchorEl={anchor} open={!!anchor} onClose={onClose}>
      {checks.isPending && ids.length > 0 ? (
        <MenuItem disabled role="status">
          <CircularProgress size={16} sx={{ mr: 1 }} />
          {translate('app.shipments.send.checking')}
        </MenuItem>
      ) : (
        SEND_TARGETS.map((target) => {
          // Without an answer (the check failed) every target is offered: awbsend still refuses what does not fit.
          const { sendable, leftOut } = splitByTarget(target, shipments, checks.data);
          const reasons = [...new Set(leftOut.map((entry) => entry.message))];
          const secondary =
            sendable.length === 0 && shipments.length > 0
              ? shipments.length === 1 || reasons.length === 1
                ? reasons[0]
                : translate('app.shipments.send.noneOfSeveral', { reason: reasons[0] })
              : leftOut.length > 0
                ? translate('app.shipments.send.someRefused', { sendable: sendable.length, total: shipments.length })
                : undefined;
          return (
            <MenuItem key={target} disabled={sendable.length === 0 && shipments.length > 0} onClick={() => onChoose(target, sendable, leftOut)}>
              <ListItemText
                primary={translate(`app.shipments.send.${target}`)}
                secondary={secondary}
                slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 360 } } }}
              />
            </MenuItem>
          );
        })
      )}
    </Menu>
  );
}

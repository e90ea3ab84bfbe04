import { useEffect, useRef, useState } from 'react';
import { type LiveEvent, SHIPMENT_CHANGE_KINDS } from '../../../domain/liveEvents';
import type { CheckUpdateAnswer } from '../../../domain/shipmentWire';
import { useLiveEvents, useLiveFallback } from '../../live/LiveEventsProvider';
import type { ShipmentApi } from '../shipmentApi';

/** awbcheckupdate's answer, with who changed the shipment and when, when the live stream told. */
export interface ShipmentChange extends CheckUpdateAnswer {
  By?: string | null;
  At?: string;
}

/**
 * Whether the shipment changed since the page's UpdateDT (spec 4), so that the page can ask the user
 * to reload: at once when the live stream brings an event about it (confirmed by awbcheckupdate, so
 * that an event the page has already reloaded past says nothing), and by polling awbcheckupdate only
 * while the stream is down (useLiveFallback). Reset when the page shows a new UpdateDT.
 */
export function useShipmentChange(api: ShipmentApi, shipmentId: string | undefined, updateDt: string | undefined): ShipmentChange | undefined {
  const [change, setChange] = useState<ShipmentChange>();
  const check = useRef<(event?: LiveEvent) => void>(undefined);

  useEffect(() => {
    setChange(undefined);
    if (!shipmentId || !updateDt) return;
    let active = true;
    check.current = (event) => {
      api.checkUpdate(shipmentId, updateDt).then(
        (answer) => {
          if (!active) return;
          setChange((previous) =>
            answer.IsUpdated ? { ...answer, ...(event ? { By: event.by, At: event.at } : { By: previous?.By, At: previous?.At }) } : undefined,
          );
        },
        () => undefined,
      );
    };
    return () => {
      active = false;
      check.current = undefined;
    };
  }, [api, shipmentId, updateDt]);

  useLiveEvents(
    (event) => {
      if (event.shipmentId === shipmentId && SHIPMENT_CHANGE_KINDS.has(event.kind)) check.current?.(event);
    },
    () => check.current?.(),
  );
  useLiveFallback(() => check.current?.());
  return change;
}

import { useEffect, useState } from 'react';
import type { CheckUpdateAnswer } from '../../../domain/shipmentWire';
import type { ShipmentApi } from '../shipmentApi';

export const UPDATE_CHECK_MS = 30_000;

/**
 * Asks awbcheckupdate every 30 seconds (and when the tab comes back) whether the shipment changed
 * since the page's UpdateDT, so that the page can ask the user to refresh (spec 4).
 */
export function useUpdateWatch(api: ShipmentApi, shipmentId: string | undefined, updateDt: string | undefined): CheckUpdateAnswer | undefined {
  const [change, setChange] = useState<CheckUpdateAnswer>();
  useEffect(() => {
    setChange(undefined);
    if (!shipmentId || !updateDt) return;
    let active = true;
    const check = () => {
      if (document.visibilityState === 'hidden') return;
      api.checkUpdate(shipmentId, updateDt).then(
        (answer) => active && setChange(answer.IsUpdated ? answer : undefined),
        () => undefined,
      );
    };
    const timer = setInterval(check, UPDATE_CHECK_MS);
    document.addEventListener('visibilitychange', check);
    return () => {
      active = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [api, shipmentId, updateDt]);
  return change;
}

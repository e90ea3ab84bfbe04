import { useEffect, useState } from 'react';
import { sessionStore } from '../../../../dataProviders/sessionStore';
import { readAccessToken } from '../../../../dataProviders/tokenCookies';
import { holdsHandlingLock } from '../../../domain/access';
import type { HandlingState } from '../../../domain/shipmentWire';
import { useLiveEvents } from '../../live/LiveEventsProvider';
import { appHistory } from '../../routing/history';
import { matchAppRoute, splitLanguage, stripBase } from '../../routing/paths';
import type { ShipmentApi } from '../shipmentApi';

/** Renewal period of the handling lock; the server lets it lapse after 5 minutes without one. */
export const HANDLING_RENEW_MS = 60_000;

function lockHolder(): boolean {
  const session = sessionStore.get();
  return !!session && holdsHandlingLock(session.companyTypeId, session.roleList);
}

/** Whether the page the user is going to keeps the lock (route meta ignoreDeleteShipmentHandling). */
function nextPageKeepsLock(): boolean {
  const { rest } = splitLanguage(stripBase(appHistory.snapshot.location.pathname) ?? '/');
  return matchAppRoute(rest).route.meta.ignoreDeleteShipmentHandling;
}

/**
 * The browser side of the handling lock (spec 4, CONTRACTS.md): the detail answer took the lock;
 * this renews it every minute, releases the previous shipment's when the user moves to another
 * one, releases this one when leaving for a page that does not keep it (and when the tab closes),
 * and keeps previousShipmentId / currentShipmentId in the session store for sign-out. When the live
 * stream tells that the lock was taken or released (by a colleague), it asks at once who holds it
 * now (renewhandling: a lock holder takes a lock that was let go, as the next renewal would).
 */
export function useHandlingLock(api: ShipmentApi, shipmentId: string | undefined, initial: HandlingState | undefined): HandlingState | undefined {
  const [state, setState] = useState(initial);
  useEffect(() => setState(initial), [initial]);

  const ask = () => {
    if (shipmentId) api.renewHandling(shipmentId).then(setState, () => undefined);
  };
  useLiveEvents((event) => {
    if (event.kind === 'lock' && event.shipmentId === shipmentId) ask();
  }, ask);

  useEffect(() => {
    if (!shipmentId || !lockHolder()) return;
    const session = sessionStore.get();
    const previous = session?.currentShipmentId ?? null;
    if (previous && previous !== shipmentId) void api.releaseHandling(previous);
    sessionStore.set({ previousShipmentId: previous, currentShipmentId: shipmentId });

    const renew = setInterval(() => {
      api.renewHandling(shipmentId).then(setState, () => undefined);
    }, HANDLING_RENEW_MS);

    // A closing tab cannot wait for the httpClient: a keepalive request carries the release.
    const onPageHide = () => {
      const token = readAccessToken();
      if (!token) return;
      void fetch(api.apiUrl(`/awbapi/deletehandling/${encodeURIComponent(shipmentId)}`), {
        method: 'POST',
        keepalive: true,
        headers: { Authorization: `Bearer ${token}` },
      }).catch(() => undefined);
    };
    window.addEventListener('pagehide', onPageHide);

    return () => {
      clearInterval(renew);
      window.removeEventListener('pagehide', onPageHide);
      if (!nextPageKeepsLock()) {
        void api.releaseHandling(shipmentId);
        if (sessionStore.get()) sessionStore.set({ previousShipmentId: shipmentId, currentShipmentId: null });
      }
    };
  }, [api, shipmentId]);

  return state;
}

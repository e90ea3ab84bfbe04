import { createContext, useContext } from 'react';
import type { ShipmentRecord } from './shipmentDataProvider';

/** The summary rows the user has seen, so that actions on the selection know each shipment's UpdateDT. */
export const SeenShipmentsContext = createContext<(id: string) => ShipmentRecord | undefined>(() => undefined);

export function useSeenShipment(): (id: string) => ShipmentRecord | undefined {
  return useContext(SeenShipmentsContext);
}

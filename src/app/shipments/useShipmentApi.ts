import { useMemo } from 'react';
import { useHttpClient } from '../users/useHttpClient';
import { createShipmentApi, type ShipmentApi } from './shipmentApi';

export function useShipmentApi(): ShipmentApi {
  const http = useHttpClient();
  return useMemo(() => createShipmentApi(http), [http]);
}

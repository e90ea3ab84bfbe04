import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useHttpClient } from '../users/useHttpClient';
import { createShipmentApi, type ShipmentApi } from './shipmentApi';

export function useShipmentApi(): ShipmentApi {
  const http = useHttpClient();
  return useMemo(() => createShipmentApi(http), [http]);
}

/**
 * A shipment's detail, read once per opening (no retry of a refusal, no refetch on focus, nothing
 * kept after the page closes): the detail page and the AWB detail window share it.
 */
export function useShipmentDetail(id: string | undefined, enabled = true) {
  const api = useShipmentApi();
  return useQuery({
    queryKey: ['awbapi', 'detail', id],
    queryFn: () => api.detail(id!),
    enabled: enabled && !!id,
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

import { useMemo } from 'react';
import { useServices } from '../services';
import { useHttpClient } from '../users/useHttpClient';
import { createSanctionSourcesApi, type SanctionSourcesApi } from './sanctionSourcesApi';

/** The Sanction Sources calls over the signed-in app's httpClient, with the app id the envelope fields carry. */
export function useSanctionSourcesApi(): SanctionSourcesApi {
  const http = useHttpClient();
  const { config } = useServices();
  return useMemo(() => createSanctionSourcesApi(http, config.appId), [http, config.appId]);
}

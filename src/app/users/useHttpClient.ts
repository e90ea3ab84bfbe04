import { useMemo } from 'react';
import type { HttpClient } from '../../../dataProviders/httpClient';
import { hostUrl } from '../../../dataProviders/runtimeConfig';
import { useServices } from '../services';

/**
 * The signed-in app's httpClient, for calls outside react-admin's dataProvider (actions,
 * `callerHandles`). Each call waits for the lazily loaded client, so rendering never suspends;
 * the URL helpers need only the runtime config.
 */
export function useHttpClient(): HttpClient {
  const services = useServices();
  return useMemo(() => {
    const client = () => services.loadAuth().then((auth) => auth.httpClient);
    return {
      api: async (path, options) => (await client()).api(path, options),
      classic: async (path, options) => (await client()).classic(path, options),
      request: async (target, url, options) => (await client()).request(target, url, options),
      apiUrl: (path) => hostUrl(services.config.apiBase, path),
      classicUrl: (path) => hostUrl(services.config.classicApiBase, path),
    };
  }, [services]);
}

import { useEffect, useState } from 'react';
import { loadRuntimeConfig } from '../../dataProviders/runtimeConfig';
import { ErrorPage } from './errors/ErrorPage';
import { DEFAULT_LANGUAGE } from './routing/paths';
import { createAppServices, ServicesContext, type AppServices } from './services';
import { PageLoading } from './shell/PageLoading';
import { Shell } from './shell/Shell';

/** Internet Explorer's major version from a user agent, or undefined for other browsers. */
export function internetExplorerVersion(userAgent: string): number | undefined {
  const msie = /MSIE (\d+)/.exec(userAgent);
  if (msie) return Number(msie[1]);
  return /Trident\/.*rv:(\d+)/.test(userAgent) ? Number(/rv:(\d+)/.exec(userAgent)?.[1]) : undefined;
}

/** Loads /ez4/config.json, then starts the shell; old Internet Explorer shows nothing (spec 1). */
export function AppRoot() {
  const [state, setState] = useState<{ services?: AppServices; failed?: boolean }>({});

  useEffect(() => {
    let active = true;
    loadRuntimeConfig().then(
      (config) => active && setState({ services: createAppServices(config) }),
      () => active && setState({ failed: true }),
    );
    return () => {
      active = false;
    };
  }, []);

  if (state.failed) return <ErrorPage code="500" lang={DEFAULT_LANGUAGE} />;
  if (!state.services) return <PageLoading />;
  const ieVersion = internetExplorerVersion(navigator.userAgent);
  if (ieVersion !== undefined && ieVersion <= state.services.config.blockedIeVersion) return null;
  return (
    <ServicesContext.Provider value={state.services}>
      <Shell />
    </ServicesContext.Provider>
  );
}

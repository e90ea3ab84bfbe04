import { startTransition, useEffect, useState } from 'react';
import { loadRuntimeConfig } from '../../dataProviders/runtimeConfig';
import { isBlockedInternetExplorer } from '../domain/browserSupport';
import { ErrorPage } from './errors/ErrorPage';
import { DEFAULT_LANGUAGE } from './routing/paths';
import { createAppServices, ServicesContext, type AppServices } from './services';
import { PageLoading } from './shell/PageLoading';
import { Shell } from './shell/Shell';

/**
 * Loads /ez4/config.json, then starts the shell. The out-of-date browser warning is not here: old
 * browsers may not run this bundle at all, so the classic script /ez4/browser-check.js shows it
 * (index.html). Old Internet Explorer shows nothing there and, should it ever run this, here too (spec 1).
 */
export function AppRoot() {
  const [state, setState] = useState<{ services?: AppServices; failed?: boolean }>({});

  useEffect(() => {
    let active = true;
    loadRuntimeConfig().then(
      // A transition: React renders the whole shell in slices between which the browser stays responsive (issue 16),
      // instead of one long task; the loading indicator stays until the shell is ready.
      (config) => active && startTransition(() => setState({ services: createAppServices(config) })),
      () => active && setState({ failed: true }),
    );
    return () => {
      active = false;
    };
  }, []);

  if (state.failed) return <ErrorPage code="500" lang={DEFAULT_LANGUAGE} />;
  if (!state.services) return <PageLoading />;
  if (isBlockedInternetExplorer(navigator.userAgent, state.services.config.blockedIeVersion)) return null;
  return (
    <ServicesContext.Provider value={state.services}>
      <Shell />
    </ServicesContext.Provider>
  );
}

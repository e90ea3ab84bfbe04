import { createContext, useContext } from 'react';
import type { RuntimeConfig } from '../../dataProviders/runtimeConfig';
import { sessionStore, type SessionState } from '../../dataProviders/sessionStore';
import { hasTokens } from '../../dataProviders/tokenCookies';
import type { AuthServices } from './authServices';

/**
 * What the whole app shares once /ez4/config.json is read. The shell imports dataProviders modules
 * one by one (not the index) and loads the httpClient and authProvider on first use, so the login
 * page's first download is React and the shell.
 */
export interface AppServices {
  config: RuntimeConfig;
  /** The same promise on every call (React's `use` relies on that). */
  loadAuth(): Promise<AuthServices>;
}

export function createAppServices(
  config: RuntimeConfig,
  load: () => Promise<AuthServices> = () => import('./authServices').then((module) => module.createAuthServices(config)),
): AppServices {
  let auth: Promise<AuthServices> | undefined;
  return {
    config,
    loadAuth() {
      auth ??= load().catch((error: unknown) => {
        auth = undefined;
        throw error;
      });
      return auth;
    },
  };
}

/** The session as the guard sees it: signed in when the tokens and the session store are both there. */
export function readSession(): { signedIn: boolean; session: SessionState | undefined; tokens: boolean } {
  const tokens = hasTokens();
  const session = tokens ? sessionStore.get() : undefined;
  return { signedIn: tokens && session !== undefined, session, tokens };
}

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside <ServicesContext>');
  return services;
}

import { useEffect, useRef } from 'react';
import { useShellTranslate } from '../i18n/translate';
import { navigateApp, useHistorySnapshot } from '../routing/history';
import { APP_BASE, pathFor } from '../routing/paths';
import { resetStoredState } from '../routing/storedState';
import { useServices } from '../services';
import { PageLoading } from '../shell/PageLoading';

/**
 * Where the redirect query parameter may lead: a page of this app, or the configured classic site.
 * Anything else (another origin, protocol-relative URLs) goes to login, so the page cannot be used
 * to send users elsewhere.
 */
export function logoutRedirectTarget(redirect: string | null, classicSiteUrl: string, origin: string): { appPath: string } | { url: string } | undefined {
  if (!redirect) return undefined;
  if (redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\')) {
    return { appPath: redirect.startsWith(`${APP_BASE}/`) ? redirect.slice(APP_BASE.length) : redirect };
  }
  try {
    const target = new URL(redirect);
    if (classicSiteUrl && target.origin === new URL(classicSiteUrl, origin).origin) return { url: target.href };
  } catch {
    return undefined;
  }
  return undefined;
}

/** Blank page of spec 2: releases the handling lock and the session, resets stored state, then follows `redirect`. */
export function LogoutClassicPage({ lang }: { lang: string }) {
  const translate = useShellTranslate();
  const services = useServices();
  const { config } = services;
  const { location } = useHistorySnapshot();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const redirect = new URLSearchParams(location.search).get('redirect');
    void services
      .loadAuth()
      .then(({ authProvider }) => authProvider.logout())
      .catch(() => undefined)
      .then(() => {
        resetStoredState();
        const target = logoutRedirectTarget(redirect, config.classicSiteUrl, window.location.origin);
        if (target && 'url' in target) window.location.assign(target.url);
        else navigateApp(target?.appPath ?? pathFor('login', {}, lang), { replace: true });
      });
  }, [services, config.classicSiteUrl, lang, location.search]);

  return (
    <div role="status" aria-label={translate('app.logout.inProgress')}>
      <PageLoading />
    </div>
  );
}

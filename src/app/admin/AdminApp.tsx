import { useMemo } from 'react';
import { notifyManager, timeoutManager } from '@tanstack/react-query';
import { Admin, CustomRoutes, localStorageStore, memoryStore, type Store, type TranslationMessages } from 'react-admin';
import { readCookiePreference } from '../cookies/cookiePreference';
import { Route, Router, Routes, type NavigationType, type Navigator } from 'react-router-dom';
import { createDataProvider } from '../../../dataProviders/dataProvider';
import { ErrorPage } from '../errors/ErrorPage';
import { LiveEventsProvider } from '../live/LiveEventsProvider';
import { appHistory, useHistorySnapshot } from '../routing/history';
import { APP_BASE } from '../routing/paths';
import { appRoutes } from '../routing/routes';
import type { AuthServices } from '../authServices';
import { useServices } from '../services';
import { adminPageElement } from './adminPages';
import { AppLayout } from './AppLayout';
import { createI18nProvider } from './i18nProvider';
import { theme } from './theme';
import { CoalescingTimeoutProvider, messageChannelScheduler } from '../startup/queryTimers';

// Before react-admin makes its QueryClient (queryTimers.ts: the page's some 140 timers; issue 16).
timeoutManager.setTimeoutProvider(new CoalescingTimeoutProvider());
notifyManager.setScheduler(messageChannelScheduler());

/** react-router drives the shell's one history, so both always agree on where the user is. */
const navigator: Navigator = {
  createHref: (to) => appHistory.createHref(to),
  push: (to, state) => appHistory.push(to, state),
  replace: (to, state) => appHistory.replace(to, state),
  go: (delta) => appHistory.go(delta),
};

/**
 * The store, answering the portal's one language for react-admin's 'locale' while none is kept. react-admin renders
 * nothing under its i18n provider until the stored locale and the provider's agree, and with none stored it says so
 * from an effect: the whole signed-in app then mounted in one long task after a first render of nothing, instead of
 * within the shell's first render, in slices (issue 16).
 */
function withLocale(store: Store, locale: string): Store {
  return {
    ...store,
    // 'locale' holds a language code: the one place where the default is a string of the store's own choosing.
    getItem: <T,>(key: string, defaultValue?: T): T | undefined =>
      store.getItem<T>(key, key === 'locale' && defaultValue === undefined ? (locale as T) : defaultValue),
  };
}

/** The admin routes of the table, each under its path and aliases. */
function routesOf(blank: boolean) {
  return appRoutes
    .filter((route) => route.host === 'admin' && route.meta.isBlank === blank)
    .flatMap((route) => [route.path, ...route.aliases].map((path) => <Route key={path} path={path} element={adminPageElement(route)} />));
}

/**
 * Paths react-router does not know here: the shell's pages, for the moment between a navigation
 * and the shell taking over, or a table entry without a page. Rendered in place, never redirected,
 * so that the two routers cannot bounce the user between them.
 */
function NotFound({ lang }: { lang: string }) {
  return <ErrorPage code="404" lang={lang} />;
}

/**
 * The signed-in app: react-admin under /ez4/{lang}/. The shell has already applied the redirect
 * rules, so react-admin only renders; its own redirects (logout, refused checkAuth) land on login.
 */
export interface AdminAppProps {
  lang: string;
  auth: AuthServices;
  messages: TranslationMessages;
}

export default function AdminApp({ lang, auth, messages }: AdminAppProps) {
  const { config } = useServices();
  const { action, location } = useHistorySnapshot();
  const dataProvider = useMemo(() => createDataProvider(auth.httpClient), [auth.httpClient]);
  const i18nProvider = useMemo(() => createI18nProvider(messages), [messages]);
  const framed = useMemo(() => routesOf(false), []);
  const blank = useMemo(() => routesOf(true), []);
  // List filters, sort orders and columns outlive the tab only when the visitor allowed personalisation (cookies policy).
  const store = useMemo(() => withLocale(readCookiePreference().personalize ? localStorageStore() : memoryStore(), i18nProvider.getLocale()), [i18nProvider]);

  return (
    <Router basename={APP_BASE} location={location} navigationType={action as NavigationType} navigator={navigator}>
      <Routes>
        <Route
          path={`/${lang}/*`}
          element={
            // One live event stream per tab for all signed-in screens; it ends when they do (sign-out).
            <LiveEventsProvider httpClient={auth.httpClient}>
              <Admin
                basename={`/${lang}`}
                authProvider={auth.authProvider}
                dataProvider={dataProvider}
                i18nProvider={i18nProvider}
                layout={AppLayout}
                theme={theme}
                loginPage={false}
                catchAll={() => <NotFound lang={lang} />}
                title={config.productName}
                disableTelemetry
                store={store}
              >
                <CustomRoutes>{framed}</CustomRoutes>
                <CustomRoutes noLayout>{blank}</CustomRoutes>
              </Admin>
            </LiveEventsProvider>
          }
        />
      </Routes>
    </Router>
  );
}

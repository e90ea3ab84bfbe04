import { Suspense, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, memoryStore, Notification, type DataProvider, type TranslationMessages } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { HttpClient } from '../../../dataProviders/httpClient';
import { createI18nProvider } from '../admin/i18nProvider';
import { theme } from '../admin/theme';
import { createAppServices } from '../services';
import { fakeAuthProvider, testConfig, WithServices } from './fixtures';

function WhereAmI() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/**
 * Renders signed-in screens the way the admin app hosts them: at `path` under the basename /en, in
 * AdminContext with the portal's theme, `dataProvider` and the app services over `httpClient`. `routes` are
 * [pattern, element] pairs; any other address shows "elsewhere". The current address is in the
 * `location` test id, react-admin's notifications are on the page. Sign in first (signInAs).
 */
export function renderAdminScreens(
  path: string,
  routes: readonly (readonly [string, ReactElement])[],
  options: { messages: TranslationMessages; dataProvider: DataProvider; httpClient: HttpClient },
) {
  const authProvider = fakeAuthProvider();
  const services = createAppServices(testConfig, async () => ({ authProvider, httpClient: options.httpClient }));
  return render(
    <WithServices services={services}>
      <MemoryRouter initialEntries={[path]}>
        <AdminContext
          basename="/en"
          dataProvider={options.dataProvider}
          authProvider={authProvider}
          i18nProvider={createI18nProvider(options.messages)}
          store={memoryStore()}
          theme={theme}
        >
          <Suspense fallback={<p>suspended</p>}>
            <Routes>
              {routes.map(([pattern, element]) => (
                <Route key={pattern} path={pattern} element={element} />
              ))}
              <Route path="*" element={<p>elsewhere</p>} />
            </Routes>
          </Suspense>
          <WhereAmI />
          <Notification />
        </AdminContext>
      </MemoryRouter>
    </WithServices>,
  );
}

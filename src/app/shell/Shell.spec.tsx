// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../dataProviders/sessionStore';
import { errorPageTarget, signOutTarget } from '../authServices';
import { logoutRedirectTarget } from '../pages/LogoutClassicPage';
import { appHistory, navigateApp } from '../routing/history';
import { fakeAuthProvider, goTo, signInAs, signOut, testConfig, testServices, WithServices } from '../testing/fixtures';
import type { CargoAuthProvider } from '../../../dataProviders/authProvider';
import type { HttpClient } from '../../../dataProviders/httpClient';
import { localDay, overviewKey, summaryKey, takeEarly } from '../shipments/firstScreen';
import { DEFAULT_DB_OPTIONS } from '../../domain/shipmentWire';
import { Shell } from './Shell';

// The signed-in screens are react-admin's; here a stand-in shows that the shell chose them.
vi.mock('../admin/loadAdminApp', () => ({
  loadAdminApp: () => Promise.resolve({ default: ({ lang }: { lang: string }) => <p>signed-in screens ({lang})</p> }),
}));

function renderShell(authProvider: CargoAuthProvider = fakeAuthProvider(), config = testConfig, httpClient?: HttpClient) {
  return render(
    <WithServices services={testServices(authProvider, config, httpClient)}>
      <Shell />
    </WithServices>,
  );
}

const path = () => appHistory.snapshot.location.pathname;

beforeEach(() => {
  signOut();
  localStorage.clear();
});
afterEach(cleanup);

describe('Shell routing', () => {
  it('replaces an unsupported language and titles the login page', async () => {
    goTo('/ez4/fr/login');
    renderShell();
    expect(await screen.findByLabelText('Company ID')).toBeInTheDocument();
    expect(path()).toBe('/ez4/en/login');
    expect(document.title).toBe('Cargo Shipment Portal - Login');
  });

  it('adds the missing language and sends signed-out users to login', async () => {
    goTo('/ez4/shipment');
    renderShell();
    await waitFor(() => expect(path()).toBe('/ez4/en/login'));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('sends signed-out users on classic pages through the classic logout to login', async () => {
    const logout = vi.fn(async () => '/en/login');
    goTo('/ez4/en/sanctionlist');
    renderShell(fakeAuthProvider({ logout }));
    await waitFor(() => expect(path()).toBe('/ez4/en/login'));
    expect(logout).toHaveBeenCalled();
  });

  it('sends a signed-in user from login to shipment and loads the signed-in screens', async () => {
    signInAs({ accessType: 2 });
    goTo('/ez4/en/login');
    // React resolves suspended `use()` promises in tests only inside an awaited act().
    await act(async () => {
      renderShell();
    });
    expect(await screen.findByText('signed-in screens (en)')).toBeInTheDocument();
    expect(path()).toBe('/ez4/en/shipment');
    expect(document.title).toBe('Cargo Shipment Portal (Cargo) - Shipments');
  });

  it("asks for the landing page's reads as a tab opens on it, while the signed-in screens load, and not for other addresses (issue 16)", async () => {
    const paths: string[] = [];
    const httpClient = {
      api: async (path: string) => {
        paths.push(path);
        return { status: 200, headers: new Headers(), body: '', json: { status: 1, data: {} } };
      },
      apiUrl: (path: string) => path,
    } as unknown as HttpClient;
    const summary = summaryKey({ fieldSearch: [], dbOptions: DEFAULT_DB_OPTIONS, filters: {} });
    try {
      signInAs();
      goTo('/ez4/en/shipment');
      await act(async () => {
        renderShell(fakeAuthProvider(), testConfig, httpClient);
      });
      expect(await screen.findByText('signed-in screens (en)')).toBeInTheDocument();
      await waitFor(() => expect(paths.sort()).toEqual(['/awbapi/awbsummary', `/awbapi/overview?Today=${localDay()}`]));
      expect(takeEarly(summary)).toBeDefined();
      cleanup();
      paths.length = 0;
      // An address with the list's own parameters, or another page: the page asks itself.
      for (const address of ['/ez4/en/shipment?page=2', '/ez4/en/userManagement']) {
        goTo(address);
        await act(async () => {
          renderShell(fakeAuthProvider(), testConfig, httpClient);
        });
        expect(await screen.findByText('signed-in screens (en)')).toBeInTheDocument();
        cleanup();
      }
      expect(paths).toEqual([]);
    } finally {
      takeEarly(summary);
      takeEarly(overviewKey(localDay()));
    }
  });

  it('shows the 403 page when the function is not permitted', async () => {
    signInAs({ functionList: [81, 82], menuList: [], classicMenuList: [] });
    goTo('/ez4/en/userManagement');
    renderShell();
    expect(await screen.findByRole('heading', { name: /Access denied/ })).toBeInTheDocument();
    expect(path()).toBe('/ez4/en/error/403');
  });

  it('shows the 404 page for unknown paths', async () => {
    goTo('/ez4/en/no/such/page');
    renderShell();
    expect(await screen.findByRole('heading', { name: /Page not found/ })).toBeInTheDocument();
    expect(path()).toBe('/ez4/en/error/404');
  });

  it('rebuilds a missing session store from the cookies before deciding', async () => {
    signInAs();
    const session = sessionStore.get();
    sessionStore.clear();
    const checkAuth = vi.fn(async () => {
      sessionStore.set(session ?? {});
    });
    goTo('/ez4/en/shipmentLog');
    renderShell(fakeAuthProvider({ checkAuth }));
    expect(await screen.findByText('signed-in screens (en)')).toBeInTheDocument();
    expect(checkAuth).toHaveBeenCalledOnce();
    expect(path()).toBe('/ez4/en/shipmentLog');
  });

  it('resets the stored state when leaving the login page', async () => {
    localStorage.setItem('RaStore.shipment.listParams', '{"filter":{"awb":"160-12345675"}}');
    localStorage.setItem('mfa_session_id', 'kept');
    goTo('/ez4/en/login');
    renderShell();
    await screen.findByLabelText('Company ID');
    expect(localStorage.getItem('RaStore.shipment.listParams')).not.toBeNull();
    signInAs();
    await act(async () => navigateApp('/en/shipment'));
    expect(await screen.findByText('signed-in screens (en)')).toBeInTheDocument();
    expect(localStorage.getItem('RaStore.shipment.listParams')).toBeNull();
    expect(localStorage.getItem('mfa_session_id')).toBe('kept');
  });

  it('redirects loginclassic to login unless the style version is 2', async () => {
    goTo('/ez4/en/loginclassic');
    renderShell();
    await waitFor(() => expect(path()).toBe('/ez4/en/login'));
    cleanup();
    goTo('/ez4/en/loginclassic');
    renderShell(fakeAuthProvider(), { ...testConfig, styleVersion: 2 });
    expect(await screen.findByLabelText('Company ID')).toBeInTheDocument();
    expect(path()).toBe('/ez4/en/loginclassic');
  });
});

describe('where the httpClient hooks go', () => {
  it('signs out to login with the errorCode dialog, through the classic logout from classic pages', () => {
    expect(signOutTarget('session', { lang: 'en', isClassic: false })).toBe('/en/login?errorCode=2');
    expect(signOutTarget('invalidProfile', { lang: 'en', isClassic: false })).toBe('/en/login?errorCode=1');
    expect(signOutTarget('session', { lang: 'en', isClassic: true })).toBe(`/en/logoutclassic?redirect=${encodeURIComponent('/en/login?errorCode=2')}`);
  });

  it('shows the error page, the classic variant from classic pages', () => {
    expect(errorPageTarget(403, { lang: 'en', isClassic: false })).toBe('/en/error/403');
    expect(errorPageTarget(500, { lang: 'en', isClassic: true })).toBe('/en/error/ef/500');
  });

  it('follows only safe redirects after the classic logout', () => {
    const origin = 'https://portal.example';
    expect(logoutRedirectTarget('/en/login?errorCode=2', '', origin)).toEqual({ appPath: '/en/login?errorCode=2' });
    expect(logoutRedirectTarget('/ez4/en/bulletin', '', origin)).toEqual({ appPath: '/en/bulletin' });
    expect(logoutRedirectTarget('//evil.example/x', '', origin)).toBeUndefined();
    expect(logoutRedirectTarget('https://evil.example/x', 'https://classic.example/', origin)).toBeUndefined();
    expect(logoutRedirectTarget('https://classic.example/home', 'https://classic.example/', origin)).toEqual({ url: 'https://classic.example/home' });
    expect(logoutRedirectTarget(null, '', origin)).toBeUndefined();
  });
});

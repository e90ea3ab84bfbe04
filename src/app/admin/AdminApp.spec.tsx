// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../../dataProviders/httpClient';
import { appHistory } from '../routing/history';
import { fakeAuthProvider, goTo, signedInScreenSpec, testServices, WithServices } from '../testing/fixtures';
import AdminApp from './AdminApp';

const spec = signedInScreenSpec();

const NO_SHIPMENTS = { New: 0, Error: 0, Accept: 0, Reject: 0, Submit: 0, Eyeball: 0, Nothing: 0, Processing: 0 };

/** What the pages' own calls get: every list empty, the shipment overview with nothing counted. */
function emptyData(path: string): unknown {
  if (path.startsWith('/awbapi/overview'))
    return {
      Today: '2026-11-26',
      TodayByStatus: NO_SHIPMENTS,
      Last7DaysByStatus: NO_SHIPMENTS,
      Attention: { OpenHitsByAge: { under1h: 0, under4h: 0, under24h: 0, older: 0 }, AwaitingReview: 0, DeniedHit: 0, HardBlock: 0, DepartingSoon: 0 },
    };
  if (path === '/awbapi/awbsummary') return { total: 0, rows: [], missing: [] };
  return { total: 0, rows: [] };
}

const answer = (json: unknown) => ({ status: 200, headers: new Headers(), body: JSON.stringify(json), json });

/** The server, empty: the API's calls, the classic lists react-admin reads (ra-data-simple-rest) and their addresses. */
const emptyServer = {
  api: async (path: string) => answer({ status: 1, data: emptyData(path) }),
  classic: async () => answer({ status: 1, data: [], total: 0 }),
  request: async () => answer({ status: 1, data: [], total: 0 }),
  apiUrl: (path: string) => `/api${path}`,
  classicUrl: (path: string) => `/classicapi${path}`,
} as unknown as HttpClient;

async function renderAdmin(path: string, authProvider = fakeAuthProvider()) {
  goTo(path);
  await act(async () => {
    render(
      <WithServices services={testServices(authProvider, undefined, emptyServer)}>
        <AdminApp lang="en" auth={{ authProvider, httpClient: emptyServer }} messages={spec.messages} />
      </WithServices>,
    );
  });
}

describe('AdminApp', () => {
  it('shows a page in the menu frame with its title and empty state', async () => {
    await renderAdmin('/ez4/en/bulletin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bulletin' })).toBeInTheDocument();
    expect(await screen.findByText('There are no bulletins at the moment.')).toBeInTheDocument();
    expect(screen.getByRole('menu', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('answers aliases and the rule lists', async () => {
    await renderAdmin('/ez4/en/ChangePassword');
    expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument();
    cleanup();
    await renderAdmin('/ez4/en/countryrules/115');
    expect(await screen.findByRole('heading', { level: 1, name: 'Country Rules' })).toBeInTheDocument();
  });

  it('renders blank layouts without the menu', async () => {
    await renderAdmin('/ez4/en/awb/awbdetail');
    expect(await screen.findByRole('heading', { level: 1, name: 'AWB Detail' })).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('follows menu links and signs out to the login page', async () => {
    const logout = vi.fn(async () => '/en/login');
    await renderAdmin('/ez4/en/shipment', fakeAuthProvider({ logout }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('menuitem', { name: 'User Log' }));
    expect(appHistory.snapshot.location.pathname).toBe('/ez4/en/shipmentLog');
    expect(await screen.findByRole('heading', { level: 1, name: 'User Log' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(appHistory.snapshot.location.pathname).toBe('/ez4/en/login'));
    expect(logout).toHaveBeenCalled();
  });
});

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

/** The pages' own calls (the bulletin page's list) answer an empty list. */
const noBulletins = {
  api: async () => ({ status: 200, headers: new Headers(), body: '', json: { status: 1, data: { total: 0, rows: [] } } }),
} as unknown as HttpClient;

async function renderAdmin(path: string, authProvider = fakeAuthProvider()) {
  goTo(path);
  await act(async () => {
    render(
      <WithServices services={testServices(authProvider, undefined, noBulletins)}>
        <AdminApp lang="en" auth={{ authProvider, httpClient: { classicUrl: () => '/classicapi' } as unknown as HttpClient }} messages={spec.messages} />
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

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../../dataProviders/httpClient';
import { loadEnglishMessages } from '../i18n/en';
import { appHistory } from '../routing/history';
import { fakeAuthProvider, goTo, signInAs, signOut, testServices, WithServices } from '../testing/fixtures';
import AdminApp from './AdminApp';

let messages: Awaited<ReturnType<typeof loadEnglishMessages>>;
beforeAll(async () => {
  messages = await loadEnglishMessages();
});
beforeEach(() => signInAs());
afterEach(() => {
  cleanup();
  signOut();
});

async function renderAdmin(path: string, authProvider = fakeAuthProvider()) {
  goTo(path);
  await act(async () => {
    render(
      <WithServices services={testServices(authProvider)}>
        <AdminApp lang="en" auth={{ authProvider, httpClient: { classicUrl: () => '/classicapi' } as unknown as HttpClient }} messages={messages} />
      </WithServices>,
    );
  });
}

describe('AdminApp', () => {
  it('shows a page in the menu frame with its title and empty state', async () => {
    await renderAdmin('/ez4/en/shipment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipments' })).toBeInTheDocument();
    expect(screen.getByText('No shipments to show yet.')).toBeInTheDocument();
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

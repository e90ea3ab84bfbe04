// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../dataProviders/httpClient';
import AdminApp from '../admin/AdminApp';
import { loadEnglishMessages } from '../i18n/loadMessages';
import { fakeAuthProvider, goTo, signInAs, signOut, testServices, WithServices } from '../testing/fixtures';

let messages: Awaited<ReturnType<typeof loadEnglishMessages>>;
beforeAll(async () => {
  messages = await loadEnglishMessages();
});
beforeEach(() => {
  localStorage.clear();
  signInAs();
});
afterEach(() => {
  cleanup();
  signOut();
});

async function toggleSidebar() {
  goTo('/ez4/en/shipment');
  const authProvider = fakeAuthProvider();
  await act(async () => {
    render(
      <WithServices services={testServices(authProvider)}>
        <AdminApp lang="en" auth={{ authProvider, httpClient: { classicUrl: () => '/classicapi' } as unknown as HttpClient }} messages={messages} />
      </WithServices>,
    );
  });
  await screen.findByRole('heading', { level: 1, name: 'Shipments' });
  await userEvent.setup().click(screen.getAllByRole('button', { name: /menu/i })[0]);
  return Object.keys(localStorage).filter((key) => key.startsWith('RaStore'));
}

describe('list and layout settings follow the cookie choice (cookies policy)', () => {
  it('are kept in the browser when personalisation is allowed', async () => {
    localStorage.setItem('personalize', 'true');
    expect(await toggleSidebar()).not.toHaveLength(0);
  });

  it('stay in memory only without that consent', async () => {
    localStorage.setItem('personalize', 'false');
    expect(await toggleSidebar()).toHaveLength(0);
  });
});

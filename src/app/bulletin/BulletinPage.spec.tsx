// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, type TranslationMessages } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HttpAnswer, HttpClient } from '../../../dataProviders/httpClient';
import type { Bulletin, BulletinsAnswer } from '../../domain/bulletins';
import { createI18nProvider } from '../admin/i18nProvider';
import { loadEnglishMessages } from '../i18n/loadMessages';
import { createAppServices } from '../services';
import { fakeAuthProvider, testConfig, WithServices } from '../testing/fixtures';
import { BulletinPage } from './BulletinPage';

let messages: TranslationMessages;
beforeAll(async () => {
  messages = await loadEnglishMessages();
});
afterEach(cleanup);

const closure: Bulletin = {
  bulletin_id: '12',
  company_id: 'DEMOAIR',
  severity: 'critical',
  title: 'Station closure: HKG cargo terminal',
  body: 'Closed from 18:00 local time.\nNo acceptance until the signal is lowered. <b>not markup</b>',
  published_at: '2025-03-14T09:30:00.000Z',
};
const maintenance: Bulletin = {
  bulletin_id: '7',
  company_id: null,
  severity: 'warning',
  title: 'Planned maintenance of the portal',
  body: 'Unavailable on Sunday from 02:00 to 04:00 UTC.',
  published_at: '2025-03-12T08:00:00.000Z',
};

function answer(rows: Bulletin[], total = rows.length): HttpAnswer<BulletinsAnswer> {
  const json = { status: 1, data: { total, rows } };
  return { status: 200, headers: new Headers(), body: JSON.stringify(json), json };
}

function renderPage(api: (path: string) => Promise<HttpAnswer<BulletinsAnswer>>) {
  const spy = vi.fn(api);
  const authProvider = fakeAuthProvider();
  const services = createAppServices(testConfig, async () => ({ authProvider, httpClient: { api: spy } as unknown as HttpClient }));
  render(
    <WithServices services={services}>
      <AdminContext i18nProvider={createI18nProvider(messages)} store={memoryStore()}>
        <BulletinPage />
      </AdminContext>
    </WithServices>,
  );
  return spy;
}

describe('the bulletin page', () => {
  it('shows a loading indicator, then the bulletins in the order the server gives (newest first)', async () => {
    let resolve!: (value: HttpAnswer<BulletinsAnswer>) => void;
    const api = renderPage(() => new Promise((done) => (resolve = done)));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bulletin' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    await waitFor(() => expect(api.mock.calls[0]?.[0]).toBe('/userapi/bulletins'));

    resolve(answer([closure, maintenance]));
    const list = await screen.findByRole('list', { name: 'Bulletins' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual([closure.title, maintenance.title]);

    const first = within(list).getByRole('listitem', { name: closure.title });
    expect(within(first).getByText('Critical')).toBeInTheDocument();
    expect(within(first).getByText('Your company')).toBeInTheDocument();
    const time = first.querySelector('time')!;
    expect(time).toHaveAttribute('dateTime', closure.published_at);
    expect(time).toHaveTextContent('Published 2025-03-14 09:30 UTC');
    // The body is text: the markup-looking part is shown as written, not interpreted.
    expect(within(first).getByText(/No acceptance until the signal is lowered\. <b>not markup<\/b>/)).toBeInTheDocument();
    expect(first.querySelector('b')).toBeNull();

    const second = within(list).getByRole('listitem', { name: maintenance.title });
    expect(within(second).getByText('Warning')).toBeInTheDocument();
    expect(within(second).getByText('All companies')).toBeInTheDocument();
    expect(screen.queryByText(/newest of/)).not.toBeInTheDocument();
  });

  it('says so when there are no bulletins', async () => {
    renderPage(async () => answer([]));
    expect(await screen.findByText('There are no bulletins at the moment.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Bulletins' })).not.toBeInTheDocument();
  });

  it('tells when only the newest are shown', async () => {
    renderPage(async () => answer([closure, maintenance], 60));
    expect(await screen.findByText('Showing the 2 newest of 60 bulletins.')).toBeInTheDocument();
  });

  it('tells a failed load and loads again on request', async () => {
    const api = renderPage(async () => {
      throw new Error('network');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The bulletins could not be loaded.');
    api.mockImplementation(async () => answer([maintenance]));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: maintenance.title })).toBeInTheDocument();
    expect(api).toHaveBeenCalledTimes(2);
  });
});

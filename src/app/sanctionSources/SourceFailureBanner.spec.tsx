// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { testDataProvider } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../dataProviders/httpClient';
import { renderAdminScreens } from '../testing/adminScreens';
import { signedInScreenSpec, testConfig } from '../testing/fixtures';
import type { SanctionSource } from './sanctionSourcesApi';
import { SourceFailureBanner } from './SourceFailureBanner';

/** The banner over every page when a scheduled refresh of a sanctions source failed (issue 34). */

const failure = (via: 'schedule' | 'upload') => ({
  AttemptId: '3',
  Source: 'UN' as const,
  At: '2026-11-28T02:00:00.000Z',
  Via: via,
  RequestedBy: via === 'upload' ? 'admin' : null,
  Outcome: 'failed' as const,
  Reason: 'https://example.org/un.xml answered HTTP 503',
  Problems: [],
});

let listed: SanctionSource[] = [];
let down = false;
let asked = 0;
const errorPages: unknown[] = [];
const server = setupServer(
  http.get('*/classicapi/sanctionsources', () => {
    asked += 1;
    return down ? HttpResponse.error() : HttpResponse.json({ status: 1, data: listed, total: listed.length });
  }),
);

/** The banner asked, and its answer was rendered (a turn of the timers after it). */
async function answered() {
  await waitFor(() => expect(asked).toBeGreaterThan(0));
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
}
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
const spec = signedInScreenSpec({ functionList: [87] });

async function renderBanner() {
  asked = 0;
  const httpClient = createHttpClient(testConfig, { onSignOut() {}, onErrorPage: (page) => errorPages.push(page) });
  await act(async () => {
    renderAdminScreens('/en/shipment', [['/en/shipment', <SourceFailureBanner key="banner" />]], {
      messages: spec.messages,
      dataProvider: testDataProvider(),
      httpClient,
    });
  });
}

const source = (id: SanctionSource['Source'], label: string, lastFailure: SanctionSource['LastFailure']): SanctionSource => ({
  id,
  Source: id,
  Label: label,
  Current: null,
  LastFailure: lastFailure,
});

describe('the sanctions refresh banner', () => {
  it('names the sources whose scheduled refresh failed and leads to their page; closed, it goes', async () => {
    listed = [source('UN', 'UN Security Council Consolidated List', failure('schedule')), source('US_CSL', 'US Consolidated Screening List (trade.gov)', null)];
    await renderBanner();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      'The scheduled refresh of a sanctions list failed: UN Security Council Consolidated List. Shipments are still screened against its current version.',
    );
    expect(screen.getByRole('link', { name: 'See Sanction Sources' })).toHaveAttribute('href', '/en/sanctionsources');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('never puts an error page over the page when its call fails (a server restarting): it shows nothing', async () => {
    down = true;
    listed = [source('UN', 'UN Security Council Consolidated List', failure('schedule'))];
    await renderBanner();
    await answered();
    expect(errorPages).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    down = false;
  });

  it('says nothing of a refused upload (its admin saw it) nor when every refresh went well', async () => {
    listed = [source('UN', 'UN Security Council Consolidated List', failure('upload')), source('US_CSL', 'US Consolidated Screening List (trade.gov)', null)];
    await renderBanner();
    await answered();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

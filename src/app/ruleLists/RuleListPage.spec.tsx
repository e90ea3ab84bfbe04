// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../dataProviders/httpClient';
import AdminApp from '../admin/AdminApp';
import type { AuthServices } from '../authServices';
import { createAppServices } from '../services';
import { fakeAuthProvider, goTo, testConfig, WithServices } from '../testing/fixtures';
import { setUpRuleListSpec } from './testing/ruleListHarness';

/** The generated screens of a rule list against a small in-memory classic API (msw). */

interface Row {
  id: number;
  version: number;
  countryCode: string;
  carrierId: string | null;
  direction: string;
  ruleType: string;
  shcCodes: string | null;
  remarks: string | null;
  updatedAt: string;
  updatedBy: string;
}

let rows: Row[];
const received: unknown[] = [];
const spec = setUpRuleListSpec(
  [81, 82, 115],
  [
    http.get('*/classicapi/countryrules', ({ request }) => {
      const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as { q?: string };
      const shown = rows.filter((row) => !filter.q || JSON.stringify(row).includes(filter.q));
      return HttpResponse.json(
        { status: 1, data: shown, total: shown.length },
        { headers: { 'Content-Range': `countryrules 0-${shown.length - 1}/${shown.length}` } },
      );
    }),
    http.post('*/classicapi/countryrules', async ({ request }) => {
      const envelope = (await request.json()) as { request: Row; app_id: number; token: string };
      received.push(envelope);
      if (rows.some((row) => row.countryCode === envelope.request.countryCode)) {
        return HttpResponse.json(
          { status: -1, message: 'The list already has a row with this key.', errors: { countryCode: '* Already in the list' } },
          { status: 409 },
        );
      }
      const row = { ...envelope.request, id: rows.length + 1, version: 1, updatedAt: new Date().toISOString(), updatedBy: 'admin' };
      rows.push(row);
      return HttpResponse.json({ status: 1, data: row });
    }),
  ],
);
beforeEach(() => {
  rows = [
    {
      id: 1,
      version: 1,
      countryCode: 'KP',
      carrierId: null,
      direction: 'Both',
      ruleType: 'Embargo',
      shcCodes: null,
      remarks: null,
      updatedAt: '2026-01-05T10:00:00Z',
      updatedBy: 'seed',
    },
    {
      id: 2,
      version: 3,
      countryCode: 'RU',
      carrierId: 'DEMOAIR',
      direction: 'Export',
      ruleType: 'Restricted',
      shcCodes: 'ELI/ELM',
      remarks: null,
      updatedAt: '2026-01-06T10:00:00Z',
      updatedBy: 'admin',
    },
  ];
  received.length = 0;
});

async function renderAt(path: string) {
  const authProvider = fakeAuthProvider();
  const auth: AuthServices = { authProvider, httpClient: createHttpClient(testConfig, { onSignOut() {}, onErrorPage() {} }) };
  goTo(path);
  await act(async () => {
    render(
      <WithServices services={createAppServices(testConfig, async () => auth)}>
        <AdminApp lang="en" auth={auth} messages={spec.messages} />
      </WithServices>,
    );
  });
}

describe('the generated rule-list page', () => {
  it('lists the rows with the toolbar actions the plugin declares', async () => {
    await renderAt('/ez4/en/countryrules/115');
    expect(await screen.findByRole('heading', { level: 1, name: 'Country Rules' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'KP' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'ELI/ELM' })).toBeInTheDocument();
    const toolbar = screen.getByRole('toolbar', { name: 'Country Rules actions' });
    for (const action of ['Add', 'Import', 'Import Template', 'Export', 'Clear', 'User Log', 'Help', 'Country List']) {
      expect(within(toolbar).getByRole(action === 'Import' || action === 'User Log' ? 'link' : 'button', { name: action }), action).toBeInTheDocument();
    }
    expect(within(toolbar).queryByRole('button', { name: 'Resend' })).toBeNull();
    expect(within(toolbar).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('checks the fields with the spec messages, then sends normalised values in an envelope', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAt('/ez4/en/countryrules/115');
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Country Rules' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('* Required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Country Code/ }), 'HKG');
    await user.type(within(dialog).getByRole('textbox', { name: /SHC Codes/ }), 'dgr;eli');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The error keeps what the field asks for (issue 18, item 9).
    expect(await within(dialog).findByText('* Invalid Format (2 letters, e.g. HK)')).toBeInTheDocument();
    expect(within(dialog).getByText('* Invalid Format (Separated by "/", at most 9; each 3 letters, e.g. DGR)')).toBeInTheDocument();
    expect(received).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: /Country Code/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Country Code/ }), 'cu');
    await user.clear(within(dialog).getByRole('textbox', { name: /SHC Codes/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /SHC Codes/ }), ' dgr / eli ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Row added.')).toBeInTheDocument();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      app_id: 2,
      request: { countryCode: 'CU', shcCodes: 'DGR/ELI', direction: 'Both', ruleType: 'Restricted', carrierId: null },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('cell', { name: 'CU' })).toBeInTheDocument();
  });

  it('puts a server refusal (a duplicate key) on the field it concerns', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAt('/ez4/en/countryrules/115');
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Country Rules' });
    await user.type(within(dialog).getByRole('textbox', { name: /Country Code/ }), 'KP');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('* Already in the list')).toBeInTheDocument();
    expect(rows).toHaveLength(2);
  });

  it('shows the help and the reference country codes', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAt('/ez4/en/countryrules/115');
    await user.click(await screen.findByRole('button', { name: 'Help' }));
    const help = await screen.findByRole('dialog', { name: 'Help: Country Rules' });
    expect(within(help).getByText(/Each row must have a different Country Code \/ Carrier ID \/ Direction \/ Rule/)).toBeInTheDocument();
    await user.click(within(help).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Country List' }));
    const countries = await screen.findByRole('dialog', { name: 'Country List' });
    await user.type(within(countries).getByRole('textbox'), 'hk');
    expect(await within(countries).findByRole('cell', { name: 'Hong Kong' })).toBeInTheDocument();
  });

  it('is not the page of another function id', async () => {
    await renderAt('/ez4/en/countryrules/101');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});

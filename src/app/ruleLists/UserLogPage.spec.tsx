// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { UserLogPage } from './UserLogPage';
import { setUpRuleListScreenSpec } from './testing/ruleListHarness';

/** userlog/{functionId}: who changed the list, when, from where, and what changed. */

const { api, renderScreen } = setUpRuleListScreenSpec([81, 82, 115]);

const cuba = { countryCode: 'CU', carrierId: null, direction: 'Both', ruleType: 'Embargo', shcCodes: null, remarks: null };
beforeEach(() => {
  api.userLogs.set('countryrules', [
    {
      id: 3,
      at: '2026-01-07T09:30:00.000Z',
      userId: 'admin',
      ipAddress: '203.0.113.25',
      action: 'Delete',
      rowId: '41',
      before: { ...cuba, ruleType: 'Restricted', version: 2 },
      after: null,
    },
    {
      id: 2,
      at: '2026-01-06T09:30:00.000Z',
      userId: 'clerk',
      ipAddress: '203.0.113.26',
      action: 'Update',
      rowId: '41',
      before: { ...cuba, version: 1 },
      after: { ...cuba, ruleType: 'Restricted', remarks: 'Licence granted', version: 2 },
    },
    {
      id: 1,
      at: '2026-01-05T09:30:00.000Z',
      userId: 'admin',
      ipAddress: '203.0.113.25',
      action: 'Create',
      rowId: '41',
      before: null,
      after: { ...cuba, version: 1 },
    },
  ]);
});

async function renderLog(functionId: string | number) {
  await renderScreen(`/en/userlog/${functionId}`, '/en/userlog/:functionId', <UserLogPage />);
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('the user log page of a list', { timeout: 60_000 }, () => {
  it('shows each change, newest first, with who, from where and what changed', async () => {
    await renderLog(115);
    expect(await screen.findByRole('heading', { level: 1, name: 'User Log: Country Rules' })).toBeInTheDocument();
    await screen.findByText('clerk');
    expect(JSON.parse(api.calls('GET', '/countryrules/userlog')[0].query.get('sort')!)).toEqual(['at', 'DESC']);
    const [deleted, updated, created] = bodyRows();
    expect(within(deleted).getByText('Delete')).toBeInTheDocument();
    expect(deleted).toHaveTextContent('CU / (empty) / Both / Restricted deleted');
    expect(within(updated).getByText('clerk')).toBeInTheDocument();
    expect(within(updated).getByText('203.0.113.26')).toBeInTheDocument();
    expect(within(updated).getByText('Rule: Embargo → Restricted')).toBeInTheDocument();
    expect(within(updated).getByText('Remarks: — → Licence granted')).toBeInTheDocument();
    expect(created).toHaveTextContent('CU / (empty) / Both / Embargo created');
    expect(screen.getByRole('link', { name: 'Back to Country Rules' })).toHaveAttribute('href', '/en/countryrules/115');
  });

  it('filters by action through the server', async () => {
    const user = userEvent.setup({ delay: null });
    await renderLog(115);
    await screen.findByText('clerk');
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Update' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]).toHaveTextContent('clerk');
    const last = api.calls('GET', '/countryrules/userlog').at(-1)!;
    expect(JSON.parse(last.query.get('filter')!)).toEqual({ action: 'Update' });
  });

  it('says when nothing was logged yet', async () => {
    api.userLogs.set('countryrules', []);
    await renderLog(115);
    expect(await screen.findByText('No changes have been logged for this list yet.')).toBeInTheDocument();
  });

  it('is not a page for an unknown or malformed function id', async () => {
    await renderLog(999);
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    cleanup();
    await renderLog('115abc');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(api.received).toEqual([]);
  });
});

describe('restoring from the user log', { timeout: 60_000 }, () => {
  it('offers Restore on a change and a deletion, not on an addition, and restores after a confirmation naming the row', async () => {
    const user = userEvent.setup({ delay: null });
    await renderLog(115);
    await screen.findByText('clerk');
    const [, updated, created] = bodyRows();
    expect(within(created).queryByRole('button', { name: /Restore/ })).toBeNull();
    await user.click(within(updated).getByRole('button', { name: 'Restore Row 41' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore row 41' });
    expect(confirm).toHaveTextContent(
      'Put row 41 (CU / (empty) / Both / Embargo) back as it was before this change by clerk on 2026-01-06 09:30 UTC? The restore is logged like any edit.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Row 41 restored.')).toBeInTheDocument();
    expect(api.calls('POST', '/countryrules/userlog/2/restore')[0].body).toMatchObject({ app_id: 2, request: {} });

    // The log is read again after the restore: the rows are new elements.
    await waitFor(() => expect(api.calls('GET', '/countryrules/userlog').length).toBeGreaterThan(1));
    await user.click(within(await waitFor(() => bodyRows()[0])).getByRole('button', { name: 'Restore Row 41' }));
    expect(await screen.findByRole('dialog', { name: 'Restore deleted row 41' })).toHaveTextContent(
      'Put row 41 (CU / (empty) / Both / Restricted), deleted by admin on 2026-01-07 09:30 UTC, back in the list?',
    );
  });

  it('shows the server refusal as it words it', async () => {
    const user = userEvent.setup({ delay: null });
    await renderLog(115);
    await screen.findByText('clerk');
    const refusal = 'Row 41 cannot be restored: row 52 now has the same Country Code / Carrier / Direction / Rule (CU / (empty) / Both / Embargo).';
    api.answerNext('POST', '/countryrules/userlog/3/restore', 409, { status: -1, message: refusal });
    await user.click(within(bodyRows()[0]).getByRole('button', { name: 'Restore Row 41' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Restore deleted row 41' })).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { RuleListPage } from './RuleListPage';
import { setUpRuleListScreenSpec } from './testing/ruleListHarness';

/** The toolbar actions on selected rows: Cancel (sanction whitelist), Resend (forward e-mail list) and Edit. */

const { api, renderScreen } = setUpRuleListScreenSpec([81, 82, 102, 117]);

const stamp = { updatedAt: '2026-01-05T10:00:00Z', updatedBy: 'seed' };
beforeEach(() => {
  api.rows.set('sanctionwhitelist', [
    {
      id: 11,
      version: 1,
      matchingValue: 'ACME TRADING',
      matchingMethod: 'Exact',
      partyRole: 'Any',
      countryCode: null,
      carrierId: null,
      sanctionReference: 'SDN-36',
      reason: 'Cleared after review',
      validUntil: null,
      status: 'Active',
      ...stamp,
    },
    {
      id: 12,
      version: 1,
      matchingValue: 'BLUE OCEAN LTD',
      matchingMethod: 'Exact',
      partyRole: 'Shipper',
      countryCode: 'HK',
      carrierId: null,
      sanctionReference: null,
      reason: 'Cleared after review',
      validUntil: null,
      status: 'Active',
      ...stamp,
    },
    {
      id: 13,
      version: 2,
      matchingValue: 'CARGO KING',
      matchingMethod: 'Keyword',
      partyRole: 'Any',
      countryCode: null,
      carrierId: null,
      sanctionReference: null,
      reason: 'Cleared after review',
      validUntil: null,
      status: 'Cancelled',
      ...stamp,
    },
  ]);
  api.rows.set('forwardemaillist', [
    {
      id: 21,
      version: 1,
      stationCode: 'HKG',
      carrierId: 'DEMOAIR',
      documentType: 'AWB',
      emailAddresses: 'hkg.docs@demoair.example,hkg.export@demoair.example',
      remarks: null,
      ...stamp,
    },
    { id: 22, version: 1, stationCode: 'SIN', carrierId: null, documentType: 'Pouch', emailAddresses: 'sin.docs@demoair.example', remarks: null, ...stamp },
  ]);
});

async function renderList(name: string, path: string, pattern = path) {
  await renderScreen(path, pattern, <RuleListPage name={name} />);
}

/** Ticks the selection box of the row showing `text`. */
async function select(user: ReturnType<typeof userEvent.setup>, text: string) {
  const row = (await screen.findByRole('cell', { name: text })).closest('tr')!;
  await user.click(within(row).getByRole('checkbox'));
}

describe('the Cancel action', { timeout: 60_000 }, () => {
  it('asks first, then cancels the selected entries in one call, says so and shows their new status', async () => {
    const user = userEvent.setup({ delay: null });
    await renderList('sanctionwhitelist', '/en/sanctionwhitelist');
    const toolbar = await screen.findByRole('toolbar', { name: 'Sanction Whitelist actions' });
    expect(within(toolbar).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await select(user, 'ACME TRADING');
    await select(user, 'BLUE OCEAN LTD');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel entries of Sanction Whitelist' });
    expect(within(confirm).getByText('Cancel the 2 selected entries? They stop applying but stay in the list.')).toBeInTheDocument();
    // Closing the question sends nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('POST', '/sanctionwhitelist/cancel')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('2 entries cancelled.')).toBeInTheDocument();
    const [call] = api.calls('POST', '/sanctionwhitelist/cancel');
    expect(call.body).toMatchObject({ app_id: 2, request: { ids: [11, 12] } });
    await waitFor(() => expect(screen.getAllByRole('cell', { name: 'Cancelled' })).toHaveLength(3));
    // The selection is cleared.
    expect(screen.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toEqual([]);
  });

  it('shows the server refusal and changes nothing on screen', async () => {
    const user = userEvent.setup({ delay: null });
    await renderList('sanctionwhitelist', '/en/sanctionwhitelist');
    await select(user, 'CARGO KING');
    const refusal = 'Only Active rows can be cancelled: row 13 is Cancelled.';
    api.answerNext('POST', '/sanctionwhitelist/cancel', 409, { status: -1, message: refusal });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('cell', { name: 'Active' })).toHaveLength(2));
    expect(screen.getAllByRole('cell', { name: 'Cancelled' })).toHaveLength(1);
  });
});

describe('the Resend action', { timeout: 60_000 }, () => {
  it('asks first, then mails the selected rules again and reports how many mails went out', async () => {
    const user = userEvent.setup({ delay: null });
    await renderList('forwardemaillist', '/en/forwardemaillist/117', '/en/forwardemaillist/:functionId');
    await select(user, 'HKG');
    await select(user, 'SIN');
    await user.click(await screen.findByRole('button', { name: 'Resend' }));
    const confirm = await screen.findByRole('dialog', { name: 'Resend from Forward E-mail List' });
    expect(within(confirm).getByText('Mail the 2 selected rules to their addresses again?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('4 e-mail(s) sent for 2 rule(s).')).toBeInTheDocument();
    expect(api.calls('POST', '/forwardemaillist/resend').map((call) => call.body?.request)).toEqual([{ ids: [21, 22] }]);
  });

  it('shows the server refusal of a rule without recipients', async () => {
    const user = userEvent.setup({ delay: null });
    await renderList('forwardemaillist', '/en/forwardemaillist/117', '/en/forwardemaillist/:functionId');
    await select(user, 'SIN');
    api.answerNext('POST', '/forwardemaillist/resend', 409, { status: -1, message: 'Row 22 has no e-mail address to send to.' });
    await user.click(await screen.findByRole('button', { name: 'Resend' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Row 22 has no e-mail address to send to.')).toBeInTheDocument();
  });
});

describe('the Edit action', { timeout: 60_000 }, () => {
  it('edits exactly one selected row, in the edit dialog with its values', async () => {
    const user = userEvent.setup({ delay: null });
    await renderList('forwardemaillist', '/en/forwardemaillist/117', '/en/forwardemaillist/:functionId');
    await select(user, 'HKG');
    await select(user, 'SIN');
    const edit = await screen.findByRole('button', { name: 'Edit' });
    expect(edit).toBeDisabled();
    await select(user, 'SIN');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit row of Forward E-mail List' });
    expect(await within(dialog).findByDisplayValue('hkg.docs@demoair.example,hkg.export@demoair.example')).toBeInTheDocument();
    const station = within(dialog).getByRole('textbox', { name: /Station Code/ });
    expect(station).toHaveValue('HKG');
    await user.clear(station);
    await user.type(station, 'hkx');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Row saved.')).toBeInTheDocument();
    expect(api.calls('PUT', '/forwardemaillist/21')[0].body?.request).toMatchObject({ stationCode: 'HKX', version: 1 });
  });
});

describe('the Delete action', { timeout: 60_000 }, () => {
  it('names the rows it will delete by their key fields, and says they can be restored', async () => {
    const user = userEvent.setup({ delay: null });
    await renderList('forwardemaillist', '/en/forwardemaillist/117', '/en/forwardemaillist/:functionId');
    await select(user, 'SIN');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const one = await screen.findByRole('dialog', { name: 'Delete from Forward E-mail List' });
    expect(within(one).getByText('Delete SIN / (empty) / Pouch (row 22)? It can be restored from its User Log entry.')).toBeInTheDocument();
    await user.click(within(one).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await select(user, 'HKG');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const two = await screen.findByRole('dialog', { name: 'Delete from Forward E-mail List' });
    expect(
      within(two).getByText('Delete these 2 rows: SIN / (empty) / Pouch (row 22), HKG / DEMOAIR / AWB (row 21)? Each can be restored from its User Log entry.'),
    ).toBeInTheDocument();
    await user.click(within(two).getByRole('button', { name: 'Cancel' }));
    expect(api.received.filter((call) => call.method === 'DELETE')).toEqual([]);
  });
});

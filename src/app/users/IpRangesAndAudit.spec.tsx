// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../dataProviders/httpErrors';
import { IpRangeProblemMessages } from '../../domain/ipRange';
import { StatusCode } from '../../domain/statusCodes';
import { auditChangeLines, auditSubject } from './auditChanges';
import { fakeHttpClient, renderUserPages, userPagesSpec, usersDataProvider } from './testing/userPageHarness';

const spec = userPagesSpec();

const range = { id: '7', cidr: '203.0.113.0/24', description: 'Head office', created_by: 'admin', created_at: '2024-05-01T10:00:00.000Z' };

function rangesProvider(ranges: (typeof range)[], current = { id: 'current-address', address: '203.0.113.9', restricted: ranges.length > 0, allowed: true }) {
  const provider = usersDataProvider([]);
  provider.getList.mockImplementation(async () => ({ data: ranges, total: ranges.length }) as never);
  provider.getOne.mockImplementation(async () => ({ data: current }) as never);
  return provider;
}

describe('the address restriction page', { timeout: 60_000 }, () => {
  it('says whether access is restricted and where the admin is', async () => {
    renderUserPages('/en/userManagement/ipRestriction', { messages: spec.messages, dataProvider: rangesProvider([]), httpClient: fakeHttpClient().client });
    expect(await screen.findByText('Access is not restricted by address. Your current address is 203.0.113.9.')).toBeInTheDocument();
    expect(await screen.findByText('No address ranges: access is not restricted by address.')).toBeInTheDocument();
    cleanup();
    renderUserPages('/en/userManagement/ipRestriction', {
      messages: spec.messages,
      dataProvider: rangesProvider([range]),
      httpClient: fakeHttpClient().client,
    });
    expect(await screen.findByText('Access is restricted to the ranges below. Your current address 203.0.113.9 is inside them.')).toBeInTheDocument();
    expect(await screen.findByText('Head office')).toBeInTheDocument();
  });

  it('checks the range with the domain rule before sending, then adds it', async () => {
    const http = fakeHttpClient();
    http.classic.mockResolvedValue({ status: 200, headers: new Headers(), body: '', json: { status: 1, data: { ...range, cidr: '198.51.100.0/24' } } });
    renderUserPages('/en/userManagement/ipRestriction', { messages: spec.messages, dataProvider: rangesProvider([]), httpClient: http.client });
    const user = userEvent.setup({ delay: null });
    const cidr = await screen.findByRole('textbox', { name: /^Address range/ });
    await user.type(cidr, '198.51.100.0/33');
    await user.click(screen.getByRole('button', { name: 'Add Range' }));
    expect(await screen.findByText(IpRangeProblemMessages.format)).toBeInTheDocument();
    expect(http.classic).not.toHaveBeenCalled();
    await user.clear(cidr);
    await user.type(cidr, '198.51.100.7/24');
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Branch');
    await user.click(screen.getByRole('button', { name: 'Add Range' }));
    expect(await screen.findByText('Address range 198.51.100.0/24 added.')).toBeInTheDocument();
    expect(http.classic).toHaveBeenCalledWith(
      '/ipranges',
      expect.objectContaining({ method: 'POST', body: { cidr: '198.51.100.7/24', description: 'Branch' }, callerHandles: [StatusCode.VALIDATION_FAIL] }),
    );
  });

  it("puts the server's refusal on the field", async () => {
    const http = fakeHttpClient();
    const message = IpRangeProblemMessages.selfLockout.replace('{address}', '203.0.113.9');
    http.classic.mockRejectedValueOnce(
      new ApiError(StatusCode.VALIDATION_FAIL, message, 400, { status: StatusCode.VALIDATION_FAIL, message, errors: { cidr: message } }),
    );
    renderUserPages('/en/userManagement/ipRestriction', { messages: spec.messages, dataProvider: rangesProvider([]), httpClient: http.client });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: /^Address range/ }), '192.0.2.0/24');
    await user.click(screen.getByRole('button', { name: 'Add Range' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('removes a range after confirming, warning when it is the last one', async () => {
    const http = fakeHttpClient();
    renderUserPages('/en/userManagement/ipRestriction', { messages: spec.messages, dataProvider: rangesProvider([range]), httpClient: http.client });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Remove 203.0.113.0/24' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove address range 203.0.113.0/24?' });
    expect(dialog).toHaveTextContent('This is the last range: access will no longer be restricted by address.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Address range 203.0.113.0/24 removed.')).toBeInTheDocument();
    expect(http.classic).toHaveBeenCalledWith('/ipranges/7', expect.objectContaining({ method: 'DELETE' }));
  });
});

describe('the change history page', { timeout: 60_000 }, () => {
  const entries = [
    {
      id: '3',
      at: '2024-05-03T10:00:00.000Z',
      actor_user_id: 'admin',
      ip_address: '203.0.113.9',
      entity: 'user',
      entity_key: 'DEMOAIR|bob',
      action: 'update',
      before: { role_id: 'OPERATOR', mfa_required: false },
      after: { role_id: 'ADMIN', mfa_required: true },
    },
    {
      id: '2',
      at: '2024-05-02T10:00:00.000Z',
      actor_user_id: 'admin',
      ip_address: '203.0.113.9',
      entity: 'company_ip_range',
      entity_key: 'DEMOAIR|203.0.113.0/24',
      action: 'ip-range-add',
      before: null,
      after: { cidr: '203.0.113.0/24', description: 'Head office' },
    },
    {
      id: '1',
      at: '2024-05-01T10:00:00.000Z',
      actor_user_id: 'bob',
      ip_address: '198.51.100.1',
      entity: 'user',
      entity_key: 'DEMOAIR|bob',
      action: 'change-password',
      before: null,
      after: null,
    },
  ];

  it('shows who changed what, when and from where, newest first', async () => {
    const provider = usersDataProvider([]);
    provider.getList.mockImplementation(async () => ({ data: entries, total: entries.length }) as never);
    renderUserPages('/en/userManagement/audit', { messages: spec.messages, dataProvider: provider, httpClient: fakeHttpClient().client });
    expect(await screen.findByText('User updated')).toBeInTheDocument();
    const updated = screen.getByText('User updated').closest('tr')!;
    expect(updated).toHaveTextContent('Role: OPERATOR → ADMIN');
    expect(updated).toHaveTextContent('One-time code by e-mail: No → Yes');
    expect(updated).toHaveTextContent('203.0.113.9');
    expect(screen.getByText('Address range added').closest('tr')).toHaveTextContent('Address range: 203.0.113.0/24');
    expect(screen.getByText('Password changed by the user').closest('tr')).toHaveTextContent('(none)');
    await waitFor(() => expect(provider.getList).toHaveBeenCalledWith('useraudit', expect.objectContaining({ sort: { field: 'at', order: 'DESC' } })));
  });

  it('reads before and after images into lines', () => {
    expect(auditChangeLines({ a: 1 }, { a: 2 })).toEqual([{ field: 'a', before: 1, after: 2, kind: 'changed' }]);
    expect(auditChangeLines(null, { a: 1 })).toEqual([{ field: 'a', after: 1, kind: 'set' }]);
    expect(auditChangeLines({ a: 1 }, null)).toEqual([{ field: 'a', before: 1, kind: 'removed' }]);
    expect(auditChangeLines(null, null)).toEqual([]);
    expect(auditSubject('DEMOAIR|2001:db8::/32')).toBe('2001:db8::/32');
    vi.restoreAllMocks();
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testServices, WithServices } from '../testing/fixtures';
import ForgotPasswordDialog from './ForgotPasswordDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function submit(companyId: string, userId: string) {
  const onClose = vi.fn();
  render(
    <WithServices services={testServices()}>
      <ForgotPasswordDialog onClose={onClose} />
    </WithServices>,
  );
  const user = userEvent.setup();
  if (companyId) await user.type(screen.getByLabelText('Company ID'), companyId);
  if (userId) await user.type(screen.getByLabelText('User ID'), userId);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
  return { user, onClose };
}

describe('ForgotPasswordDialog (spec 5, 7)', () => {
  it('requires company id and user name and sends nothing without them', async () => {
    const fetchMock = answer(200, {});
    await submit('', '');
    expect(screen.getAllByText('Please fill in this field.')).toHaveLength(2);
    expect(screen.getByLabelText('Company ID')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirms the request without telling whether the account exists', async () => {
    const fetchMock = answer(200, {
      status: 1,
      message: 'If the account exists, a reset link has been sent to its e-mail address.',
      data: { expiresInMinutes: 30 },
    });
    await submit(' DEMOGHA ', 'operator');
    expect(await screen.findByRole('alertdialog', { name: 'Check your e-mail' })).toHaveTextContent(
      'If the account exists, a reset link has been sent to its e-mail address. It works once, within 30 minutes.',
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/authentication\/forgotpassword$/);
    expect(JSON.parse(String(init.body))).toEqual({ company_id: 'DEMOGHA', user_id: 'operator' });
  });

  it('shows a title and the translated server message on failure, and lets the user try again', async () => {
    answer(200, { status: -10001, message: 'Sorry, we could not recognize the user name.' });
    const { user } = await submit('DEMOGHA', 'nobody');
    expect(await screen.findByRole('alertdialog', { name: 'Password reset failed' })).toHaveTextContent('Sorry, we could not recognize the user name.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByLabelText('User ID')).toHaveValue('nobody');
  });

  it('shows a raw server message it has no translation for', async () => {
    answer(200, { status: -1, message: 'No e-mail address is on file for this user.' });
    await submit('DEMOFWD', 'operator');
    expect(await screen.findByRole('alertdialog', { name: 'Password reset failed' })).toHaveTextContent('No e-mail address is on file for this user.');
  });

  it('tells how long to wait when rate-limited', async () => {
    answer(429, { status: -1, message: 'Too many password reset requests.' }, { 'Retry-After': '120' });
    await submit('DEMOGHA', 'operator');
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Too many password reset requests. Please wait 2 minutes and try again.');
  });

  it('says Unexpected Error when no answer comes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await submit('DEMOGHA', 'operator');
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Unexpected Error');
  });
});

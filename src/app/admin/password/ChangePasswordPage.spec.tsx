// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../../../dataProviders/httpClient';
import { fakeAuthProvider, goTo, signedInScreenSpec, testConfig, testServices, WithServices } from '../../testing/fixtures';
import AdminApp from '../AdminApp';

const spec = signedInScreenSpec();

function httpAnswering(status: number, json: unknown) {
  const api = vi.fn(async () => ({ status, headers: new Headers(), body: JSON.stringify(json), json }));
  return { api, classicUrl: () => '/classicapi' } as unknown as HttpClient & { api: typeof api };
}

async function openPage(httpClient: HttpClient) {
  goTo('/ez4/en/changePassword');
  const authProvider = fakeAuthProvider();
  await act(async () => {
    render(
      <WithServices services={testServices(authProvider, testConfig, httpClient)}>
        <AdminApp lang="en" auth={{ authProvider, httpClient }} messages={spec.messages} />
      </WithServices>,
    );
  });
  await screen.findByRole('heading', { level: 1, name: 'Change Password' });
  const user = userEvent.setup();
  const fill = async (current: string, next: string, confirm: string) => {
    for (const [label, value] of [
      ['Current password', current],
      ['New password', next],
      ['Confirm new password', confirm],
    ] as const) {
      const input = screen.getByLabelText(label);
      await user.clear(input);
      if (value) await user.type(input, value);
    }
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  };
  return { fill, user };
}

describe('ChangePasswordPage (spec 5)', () => {
  it('checks the rules in the browser and sends nothing that breaks them', async () => {
    const http = httpAnswering(200, { status: 1 });
    const { fill } = await openPage(http);
    await fill('', 'short', 'other');
    expect(await screen.findByText('Please fill in this field.')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('Password confirmation does not match.')).toBeInTheDocument();
    await fill('Operator#12345', 'Operator#12345', 'Operator#12345');
    expect(await screen.findByText('Please use a new password.')).toBeInTheDocument();
    expect(http.api).not.toHaveBeenCalled();
  });

  it('changes the password and forgets this browser’s one-time-code session', async () => {
    localStorage.setItem('mfa_session_id', 'x'.repeat(43));
    const http = httpAnswering(200, { status: 1 });
    const { fill } = await openPage(http);
    await fill('Operator#12345', 'Forward#2026x', 'Forward#2026x');
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(http.api).toHaveBeenCalledWith(
      '/mobileapi/authentication/changepassword',
      expect.objectContaining({ method: 'POST', body: { old_password: 'Operator#12345', new_password: 'Forward#2026x' }, validateStatus: false }),
    );
    expect(localStorage.getItem('mfa_session_id')).toBeNull();
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
  });

  it('puts the server’s Incorrect password. on the current-password field', async () => {
    const { fill } = await openPage(httpAnswering(200, { status: -1, message: 'Incorrect password.' }));
    await fill('Wrong#12345', 'Forward#2026x', 'Forward#2026x');
    expect(await screen.findByText('Incorrect password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows other refusals above the button', async () => {
    const { fill } = await openPage(httpAnswering(400, { status: -50001, message: 'Password must contain a special character.' }));
    await fill('Operator#12345', 'Forward#2026x', 'Forward#2026x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must contain a special character.');
  });
});

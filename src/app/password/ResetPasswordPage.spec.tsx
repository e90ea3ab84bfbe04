// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goTo, testServices, WithServices } from '../testing/fixtures';
import { ResetPasswordPage, resetTokenFrom } from './ResetPasswordPage';

vi.mock('../chrome/loadChromeApp', () => ({ loadChromeApp: () => new Promise(() => undefined) }));
vi.mock('../region/regionLookup', () => ({ lookupRegion: vi.fn(async () => ({ countryCode: 'SG', iPv4Address: '203.0.113.1' })), forgetRegion: vi.fn() }));

const token = 'T'.repeat(43);

beforeEach(() => {
  localStorage.setItem('isBtnClick', 'true');
  document.cookie = 'cookie_consent=a; path=/';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function server(answers: Record<string, { status: number; body: unknown }>) {
  const fetchMock = vi.fn(async (url: string) => {
    const path = new URL(url).pathname;
    const found = answers[path];
    return new Response(JSON.stringify(found?.body ?? {}), { status: found?.status ?? 404, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage(hash: string) {
  goTo(`/ez4/en/resetPassword${hash}`);
  render(
    <WithServices services={testServices()}>
      <ResetPasswordPage lang="en" />
    </WithServices>,
  );
}

describe('ResetPasswordPage (spec 5)', () => {
  it('reads the token from the fragment only', () => {
    expect(resetTokenFrom(`#token=${token}`)).toBe(token);
    expect(resetTokenFrom('#token=short')).toBeUndefined();
    expect(resetTokenFrom('')).toBeUndefined();
  });

  it('says so when the link has no token, without asking the server', async () => {
    const fetchMock = server({});
    renderPage('');
    expect(await screen.findByRole('alert')).toHaveTextContent('The link is missing or incomplete.');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('resetpassword'))).toBe(false);
  });

  it('shows the server message for a used or expired link', async () => {
    server({ '/api/authentication/resetpassword/verify': { status: 400, body: { status: -1, message: 'This password reset link is not valid any more.' } } });
    renderPage(`#token=${token}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is not valid any more.');
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/ez4/en/login');
  });

  it('sets a new password under the rules', async () => {
    const fetchMock = server({
      '/api/authentication/resetpassword/verify': { status: 200, body: { status: 1, data: { company_id: 'DEMOGHA', user_id: 'operator' } } },
      '/api/authentication/resetpassword': { status: 200, body: { status: 1 } },
    });
    renderPage(`#token=${token}`);
    expect(await screen.findByText('Choose a new password for user operator of company DEMOGHA.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'nodigits#A');
    await user.type(screen.getByLabelText('Confirm new password'), 'nodigits#B');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('Password must contain a digit.')).toBeInTheDocument();
    expect(screen.getByText('Password confirmation does not match.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveFocus();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Handler#2026new');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Handler#2026new');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    const done = await screen.findByText(/Your password has been changed\./);
    expect(done).toHaveAttribute('role', 'status');
    expect(done).toHaveFocus();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/authentication/resetpassword')) as unknown as [string, RequestInit];
    expect(JSON.parse(String(call[1].body))).toEqual({ token, new_password: 'Handler#2026new' });
  });

  it("shows the server's refusal of a reused password on the page", async () => {
    server({
      '/api/authentication/resetpassword/verify': { status: 200, body: { status: 1, data: { company_id: 'DEMOGHA', user_id: 'operator' } } },
      '/api/authentication/resetpassword': { status: 400, body: { status: -50001, message: 'Please use a new password.' } },
    });
    renderPage(`#token=${token}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Operator#12345');
    await user.type(screen.getByLabelText('Confirm new password'), 'Operator#12345');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your password has not been changed. Please use a new password.');
    expect(screen.getByLabelText('New password')).toBeEnabled();
    expect(screen.getByLabelText('New password')).toHaveFocus();
  });

  it('shows its progress while the save is pending: the form stays, disabled, with a progress bar and a status', async () => {
    let answerSave!: (response: Response) => void;
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        new URL(url).pathname.endsWith('/verify')
          ? Promise.resolve(json({ status: 1, data: { company_id: 'DEMOGHA', user_id: 'operator' } }))
          : new Promise<Response>((resolve) => (answerSave = resolve)),
      ),
    );
    renderPage(`#token=${token}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Handler#2026new');
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    await user.type(screen.getByLabelText('Confirm new password'), 'Handler#2026new');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    // Pending: the same status region speaks, the bar runs, nothing can be changed or sent twice.
    expect(status).toHaveTextContent('Saving your new password…');
    expect(screen.getByRole('progressbar', { name: 'Saving your new password…' })).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByLabelText('New password')).toBeDisabled();
    expect(screen.getByLabelText('Confirm new password')).toBeDisabled();
    expect(screen.getByLabelText('New password')).toHaveValue('Handler#2026new');
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(screen.getByText('Choose a new password for user operator of company DEMOGHA.')).toBeInTheDocument();

    // The link was used meanwhile: the page says the password is unchanged, and why.
    answerSave(json({ status: -1, message: 'This password reset link is not valid any more.' }, 400));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your password has not been changed. This password reset link is not valid any more.');
    expect(alert).toHaveFocus();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(alert.parentElement!).getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/ez4/en/login');
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
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
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
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
    expect(await screen.findByRole('alert')).toHaveTextContent('Please use a new password.');
  });
});

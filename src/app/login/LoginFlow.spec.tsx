// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CargoAuthProvider } from '../../../dataProviders/authProvider';
import type { HttpClient, RequestOptions } from '../../../dataProviders/httpClient';
import { LoginFailedError, MfaPasscodeError, MfaRequiredError } from '../../../dataProviders/loginErrors';
import { fakeAuthProvider, goTo, signInAs, signOut, testConfig, testServices, WithServices } from '../testing/fixtures';
import { appHistory } from '../routing/history';
import { LoginPage } from './LoginPage';
import { signInProgress } from './signInProgress';

const region = vi.hoisted(() => ({ current: undefined as { countryCode: string; iPv4Address: string } | undefined }));
vi.mock('../region/regionLookup', () => ({ lookupRegion: vi.fn(async () => region.current), forgetRegion: vi.fn() }));
vi.mock('../admin/loadAdminApp', () => ({ loadAdminApp: () => Promise.resolve({ default: () => null }) }));
vi.mock('../chrome/loadChromeApp', () => ({ loadChromeApp: () => new Promise(() => undefined) }));

type Handler = (options: RequestOptions | undefined) => { status: number; json: unknown };

function fakeHttpClient(routes: Record<string, Handler>) {
  const api = vi.fn(async (path: string, options?: RequestOptions) => {
    const handler = routes[path];
    if (!handler) throw new Error(`unexpected call ${path}`);
    const { status, json } = handler(options);
    return { status, headers: new Headers(), body: JSON.stringify(json), json };
  });
  return { api, classic: vi.fn(), request: vi.fn(), apiUrl: (path: string) => path, classicUrl: (path: string) => path } as unknown as HttpClient & {
    api: typeof api;
  };
}

beforeEach(() => {
  goTo('/ez4/en/login');
  localStorage.clear();
  localStorage.setItem('isBtnClick', 'true');
  document.cookie = 'cookie_consent=a; path=/';
  region.current = { countryCode: 'SG', iPv4Address: '203.0.113.7' };
});

afterEach(() => {
  cleanup();
  signOut();
  signInProgress.end();
});

async function signInWith(authProvider: CargoAuthProvider, httpClient = fakeHttpClient({}), config = testConfig) {
  render(
    <WithServices services={testServices(authProvider, config, httpClient)}>
      <LoginPage lang="en" />
    </WithServices>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Company ID'), 'DEMOAIR');
  await user.type(screen.getByLabelText('User ID'), 'mfauser');
  await user.type(screen.getByLabelText('Password'), 'Mfa#123456{Enter}');
  return user;
}

describe('sign-in with the e-mail one-time code', () => {
  function mfaProvider(overrides: Partial<CargoAuthProvider> = {}) {
    return fakeAuthProvider({
      login: vi.fn(async () => {
        throw new MfaRequiredError('mfa-token-1');
      }),
      requestMfaChallenge: vi.fn(async () => ({ name: 'm****@demoair.example', prefix: 'QX' })),
      loginWithMfaCode: vi.fn(async () => signInAs()),
      ...overrides,
    });
  }

  it('requests the challenge, then signs in with the code and lands on shipment', async () => {
    const provider = mfaProvider();
    const user = await signInWith(provider);
    const dialog = await screen.findByRole('dialog', { name: 'Enter your verification code' });
    expect(provider.requestMfaChallenge).toHaveBeenCalledWith('mfa-token-1');
    expect(dialog).toHaveTextContent('m****@demoair.example');
    // The guard holds the visitor on the login page until the sign-in completes.
    expect(signInProgress.isPending()).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(provider.loginWithMfaCode).toHaveBeenCalledWith('mfa-token-1', '654321');
    await waitFor(() => expect(appHistory.snapshot.location.pathname).toBe('/ez4/en/shipment'));
    expect(signInProgress.isPending()).toBe(false);
  });

  it('shows the attempts left on a wrong code and keeps the dialog', async () => {
    const user = await signInWith(
      mfaProvider({
        loginWithMfaCode: vi.fn(async () => {
          throw new MfaPasscodeError(1);
        }),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Enter your verification code' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your OTP is incorrect. You have 1 attempt(s).');
  });

  it('any other failure closes the dialog with the login-failed error', async () => {
    const user = await signInWith(
      mfaProvider({
        loginWithMfaCode: vi.fn(async () => {
          throw new LoginFailedError('invalid_grant', 'Login Unsuccessful, please login again.');
        }),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Enter your verification code' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alertdialog', { name: 'Failed to login' })).toHaveTextContent('Login Unsuccessful, please login again.');
    expect(screen.queryByRole('dialog', { name: 'Enter your verification code' })).not.toBeInTheDocument();
    expect(signInProgress.isPending()).toBe(false);
  });

  it('closing the dialog shows the login-failed error', async () => {
    const user = await signInWith(mfaProvider());
    await screen.findByRole('dialog', { name: 'Enter your verification code' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alertdialog', { name: 'Failed to login' })).toHaveTextContent('Login Unsuccessful, please login again.');
  });

  it('resend repeats the sign-in with the same credentials', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const provider = mfaProvider({ requestMfaChallenge: vi.fn(async () => ({ name: 'm****@demoair.example', prefix: 'QX' })) });
      const config = { ...testConfig, mfaResendSeconds: 2 };
      await signInWith(provider, fakeHttpClient({}), config);
      await screen.findByRole('dialog', { name: 'Enter your verification code' });
      expect(screen.getByRole('button', { name: /Resend code in/ })).toBeDisabled();
      vi.advanceTimersByTime(2500);
      const resend = await screen.findByRole('button', { name: 'Resend code' });
      resend.click();
      await waitFor(() => expect(provider.login).toHaveBeenCalledTimes(2));
      expect(provider.login).toHaveBeenLastCalledWith({ companyId: 'DEMOAIR', userId: 'mfauser', password: 'Mfa#123456' });
      await waitFor(() => expect(provider.requestMfaChallenge).toHaveBeenCalledTimes(2));
      expect(await screen.findByRole('button', { name: /Resend code in/ })).toBeDisabled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('China privacy consent after sign-in', () => {
  const signedIn = () => fakeAuthProvider({ login: vi.fn(async () => signInAs()) });

  it('asks a China-region user without consent, and records it with the looked-up address', async () => {
    region.current = { countryCode: 'CN', iPv4Address: '198.51.100.7' };
    const http = fakeHttpClient({
      '/mobileapi/authentication/getuserconsent/1': () => ({ status: 200, json: { status: 1, total: 0 } }),
      '/mobileapi/authentication/createuserconsent': () => ({ status: 200, json: { status: 1 } }),
    });
    const user = await signInWith(signedIn(), http);
    const dialog = await screen.findByRole('dialog', { name: 'Personal Information Protection' });
    expect(appHistory.snapshot.location.pathname).toBe('/ez4/en/login');
    const proceed = within(dialog).getByRole('button', { name: 'Continue' });
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes).toHaveLength(4);
    for (const box of boxes.slice(0, 3)) await user.click(box);
    expect(proceed).toBeDisabled();
    await user.click(boxes[3]);
    expect(proceed).toBeEnabled();
    await user.click(proceed);
    await waitFor(() => expect(appHistory.snapshot.location.pathname).toBe('/ez4/en/shipment'));
    expect(http.api).toHaveBeenCalledWith(
      '/mobileapi/authentication/createuserconsent',
      expect.objectContaining({ method: 'POST', body: { ip_address: '198.51.100.7', category_id: 1, consent_version: 1 } }),
    );
  });

  it('shows the consent-failed dialog when the consent cannot be created', async () => {
    region.current = { countryCode: 'CN', iPv4Address: '198.51.100.7' };
    const http = fakeHttpClient({
      '/mobileapi/authentication/getuserconsent/1': () => ({ status: 200, json: { status: 1, total: 0 } }),
      '/mobileapi/authentication/createuserconsent': () => ({ status: 500, json: { status: -99999 } }),
    });
    const user = await signInWith(signedIn(), http);
    const dialog = await screen.findByRole('dialog', { name: 'Personal Information Protection' });
    for (const box of within(dialog).getAllByRole('checkbox')) await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alertdialog', { name: 'Privacy consent' })).toHaveTextContent('Create Consent Unsuccessful, please try again.');
    expect(appHistory.snapshot.location.pathname).toBe('/ez4/en/login');
  });

  it('lets a user who consented before straight in', async () => {
    region.current = { countryCode: 'CN', iPv4Address: '198.51.100.7' };
    const http = fakeHttpClient({ '/mobileapi/authentication/getuserconsent/1': () => ({ status: 200, json: { status: 1, total: 1 } }) });
    await signInWith(signedIn(), http);
    await waitFor(() => expect(appHistory.snapshot.location.pathname).toBe('/ez4/en/shipment'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not ask users elsewhere', async () => {
    const http = fakeHttpClient({});
    await signInWith(signedIn(), http);
    await waitFor(() => expect(appHistory.snapshot.location.pathname).toBe('/ez4/en/shipment'));
    // No consent call: the only calls are the landing page's first reads, asked for as the sign-in ends (firstScreen.ts).
    await waitFor(() => expect(http.api).toHaveBeenCalledTimes(2));
    expect(http.api.mock.calls.map(([path]) => path.replace(/\?.*/, ''))).toEqual(['/awbapi/overview', '/awbapi/awbsummary']);
  });

  it('sends a client log when the region cannot be found', async () => {
    region.current = undefined;
    const http = fakeHttpClient({ '/logapi/clientlogging': () => ({ status: 200, json: { status: 1 } }) });
    await signInWith(signedIn(), http);
    await waitFor(() => expect(appHistory.snapshot.location.pathname).toBe('/ez4/en/shipment'));
    expect(http.api).toHaveBeenCalledWith(
      '/logapi/clientlogging',
      expect.objectContaining({
        method: 'POST',
        body: { iLogType: 3, iMsg: expect.stringContaining('Region lookup failed for user admin of company DEMOAIR') },
      }),
    );
  });
});

describe('the classic site', () => {
  it('gets the user profile posted with a hand-over id', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    try {
      const http = fakeHttpClient({
        '/api/authentication/handover': () => ({ status: 200, json: { status: 1, data: { id: 'h'.repeat(43), expires_in: 60 } } }),
      });
      const config = { ...testConfig, classicSiteUrl: 'https://classic.example/cargo/login', classicAppId: 7 };
      await signInWith(fakeAuthProvider({ login: vi.fn(async () => signInAs()) }), http, config);
      await waitFor(() => expect(submit).toHaveBeenCalledOnce());
      const form = submit.mock.contexts[0] as HTMLFormElement;
      expect(form.method).toBe('post');
      expect(form.action).toBe('https://classic.example/cargo/login');
      const fields = Object.fromEntries(new FormData(form));
      expect(fields).toMatchObject({
        fetch_token_id: 'h'.repeat(43),
        app: '7',
        user_id: 'admin',
        company_id: 'DEMOAIR',
        company_name: 'Demo Airlines',
        lang: 'en',
      });
      expect(http.api).toHaveBeenCalledWith(
        '/api/authentication/handover',
        expect.objectContaining({ body: { app: 7, request_uri: 'https://classic.example/cargo/login' } }),
      );
      expect(appHistory.snapshot.location.pathname).toBe('/ez4/en/login');
    } finally {
      submit.mockRestore();
    }
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { LoginParams } from '../../../dataProviders/authProvider';
import { LoginFailedError, MfaEmailRequiredError, TooManyAttemptsError } from '../../../dataProviders/loginErrors';
import { fakeAuthProvider, goTo, testServices, WithServices } from '../testing/fixtures';
import { appHistory } from '../routing/history';
import { LoginForm } from './LoginForm';
import { LoginPage } from './LoginPage';
import { validateLogin } from './validateLogin';

vi.mock('../admin/loadAdminApp', () => ({ loadAdminApp: () => Promise.resolve({ default: () => null }) }));
vi.mock('../chrome/loadChromeApp', () => ({ loadChromeApp: () => new Promise(() => undefined) }));
vi.mock('../region/regionLookup', () => ({ lookupRegion: vi.fn(async () => undefined), forgetRegion: vi.fn() }));

afterEach(cleanup);

describe('validateLogin (spec 5)', () => {
  it('requires all three fields, blank counts as empty', () => {
    expect(validateLogin({ companyId: '', userId: '   ', password: '\t' }).errors).toEqual({ companyId: 'required', userId: 'required', password: 'required' });
  });

  it('trims the values', () => {
    expect(validateLogin({ companyId: ' DEMOAIR ', userId: 'admin  ', password: ' Admin#12345 ' })).toEqual({
      values: { companyId: 'DEMOAIR', userId: 'admin', password: 'Admin#12345' },
      errors: {},
    });
  });

  it('reports pattern and type failures', () => {
    expect(validateLogin({ companyId: 'DEMO AIR', userId: 'admin', password: 'x' }).errors).toEqual({ companyId: 'pattern' });
    expect(validateLogin({ companyId: 42, userId: 'admin', password: 'x' }).errors).toEqual({ companyId: 'type' });
  });
});

describe('LoginForm', () => {
  function renderForm(signIn: Mock<(params: LoginParams) => Promise<void>> = vi.fn(async () => undefined)) {
    const onSignedIn = vi.fn();
    const onFailed = vi.fn();
    render(<LoginForm signIn={signIn} onSignedIn={onSignedIn} onFailed={onFailed} />);
    return { signIn, onSignedIn, onFailed, user: userEvent.setup() };
  }

  it('says once, at the first keystroke, that a sign-in is coming (the page fetches the signed-in screens meanwhile)', async () => {
    const onIntent = vi.fn();
    render(<LoginForm signIn={vi.fn(async () => undefined)} onSignedIn={vi.fn()} onFailed={vi.fn()} onIntent={onIntent} />);
    expect(onIntent).not.toHaveBeenCalled();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Company ID'), 'DEMO');
    await user.type(screen.getByLabelText('User ID'), 'admin');
    expect(onIntent).toHaveBeenCalledTimes(1);
  });

  it('labels its inputs and focuses the first', () => {
    renderForm();
    expect(screen.getByLabelText('Company ID')).toHaveFocus();
    expect(screen.getByLabelText('User ID')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('shows the spec message on every empty field and does not sign in', async () => {
    const { signIn, user } = renderForm();
    await user.type(screen.getByLabelText('User ID'), '   ');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getAllByText('Please fill in this field.')).toHaveLength(3);
    expect(screen.getByLabelText('User ID')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('User ID')).toHaveAccessibleDescription('Please fill in this field.');
    expect(screen.getByLabelText('Company ID')).toHaveFocus();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('focuses the first invalid field', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Company ID'), 'DEMOAIR');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getAllByText('Please fill in this field.')).toHaveLength(2);
    expect(screen.getByLabelText('User ID')).toHaveFocus();
  });

  it('signs in with trimmed values when Enter is pressed', async () => {
    const { signIn, onSignedIn, user } = renderForm();
    await user.type(screen.getByLabelText('Company ID'), '  DEMOAIR ');
    await user.type(screen.getByLabelText('User ID'), ' admin');
    await user.type(screen.getByLabelText('Password'), 'Admin#12345 {Enter}');
    expect(signIn).toHaveBeenCalledWith({ companyId: 'DEMOAIR', userId: 'admin', password: 'Admin#12345' });
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(screen.getByLabelText('Company ID')).toHaveValue('DEMOAIR');
  });

  it('shows a loading state while signing in and reports the failure', async () => {
    let reject: (error: unknown) => void = () => undefined;
    const signIn = vi.fn((_params: LoginParams) => new Promise<void>((_resolve, fail) => (reject = fail)));
    const { onFailed, onSignedIn, user } = renderForm(signIn);
    await user.type(screen.getByLabelText('Company ID'), 'DEMOAIR');
    await user.type(screen.getByLabelText('User ID'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong{Enter}');
    expect(screen.getByRole('button', { name: 'Signing in…' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(signIn).toHaveBeenCalledOnce();
    const failure = new LoginFailedError('invalid_grant');
    await act(async () => reject(failure));
    expect(onFailed).toHaveBeenCalledWith(failure);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});

describe('LoginPage', () => {
  beforeEach(() => goTo('/ez4/en/login'));

  async function signInWith(login: () => Promise<void>) {
    render(
      <WithServices services={testServices(fakeAuthProvider({ login }))}>
        <LoginPage lang="en" />
      </WithServices>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Company ID'), 'DEMOAIR');
    await user.type(screen.getByLabelText('User ID'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    return user;
  }

  it('shows the login error dialog on a wrong password and returns focus to the password', async () => {
    const user = await signInWith(async () => {
      throw new LoginFailedError('invalid_grant');
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Failed to login' });
    expect(dialog).toHaveTextContent('Your user name or password was incorrect, please try again.');
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('tells how long to wait after too many attempts', async () => {
    await signInWith(async () => {
      throw new TooManyAttemptsError(900);
    });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Too many sign-in attempts. Please wait 15 minutes and try again.');
  });

  it('shows the server description when MFA needs an e-mail', async () => {
    await signInWith(async () => {
      throw new MfaEmailRequiredError('No e-mail address is registered for this user.');
    });
    expect(await screen.findByRole('alertdialog', { name: 'Failed to login' })).toHaveTextContent('No e-mail address is registered for this user.');
  });

  it('goes to shipment after signing in', async () => {
    await signInWith(async () => undefined);
    await waitFor(() => expect(appHistory.snapshot.location.pathname).toBe('/ez4/en/shipment'));
  });

  it('opens the session dialog for errorCode=2 and drops the parameter on close', async () => {
    goTo('/ez4/en/login?errorCode=2');
    render(
      <WithServices services={testServices()}>
        <LoginPage lang="en" />
      </WithServices>,
    );
    expect(screen.getByRole('alertdialog', { name: 'Session Timeout' })).toHaveTextContent('Session is time out, please login again');
    await userEvent.setup().click(screen.getByRole('button', { name: 'OK' }));
    expect(appHistory.snapshot.location.search).toBe('');
  });

  it('shows Invalid User Profile for errorCode=1', () => {
    goTo('/ez4/en/login?errorCode=1');
    render(
      <WithServices services={testServices()}>
        <LoginPage lang="en" />
      </WithServices>,
    );
    expect(screen.getByRole('alertdialog', { name: 'Login Failed' })).toHaveTextContent('Invalid User Profile');
  });
});

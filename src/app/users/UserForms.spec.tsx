// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../dataProviders/httpErrors';
import { Messages, StatusCode } from '../../domain/statusCodes';
import { fakeHttpClient, renderUserPages, userPagesSpec, userRecord, usersDataProvider } from './testing/userPageHarness';

const spec = userPagesSpec();

const users = [userRecord('admin', { role_id: 'ADMIN', role_name: 'Admin', role_type: 1 }), userRecord('bob')];
const location = () => screen.getByTestId('location').textContent;
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

async function chooseRole(name: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('combobox', { name: /^Role/ }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('adding a user', { timeout: 60_000 }, () => {
  it('shows the domain messages for bad input and sends nothing', async () => {
    const dataProvider = usersDataProvider(users);
    renderUserPages('/en/userManagement/add', { messages: spec.messages, dataProvider, httpClient: fakeHttpClient().client });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: 'Add User' });
    await screen.findByRole('textbox', { name: /^User ID/ });
    expect(field('Company ID')).toHaveValue('DEMOAIR');
    await user.type(field('User ID'), 'bad id');
    await user.type(field('E-mail'), 'a@b.example, c@d.example');
    await user.type(screen.getByLabelText(/^Password/), 'Abcdefgh1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Abcdefgh2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User ID may contain letters, digits, dot, dash and underscore only (at most 50), with no spaces.')).toBeInTheDocument();
    expect(screen.getByText('Please enter one e-mail address only.')).toBeInTheDocument();
    expect(screen.getByText('Password must contain a special character.')).toBeInTheDocument();
    expect(screen.getByText(Messages.passwordMismatch)).toBeInTheDocument();
    expect(screen.getByText('Please choose a role.')).toBeInTheDocument();
    expect(screen.getAllByText(Messages.fillField).length).toBeGreaterThan(0);
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it('creates the user without sending the confirmation, says so and returns to the list', async () => {
    const dataProvider = usersDataProvider(users);
    renderUserPages('/en/userManagement/add', { messages: spec.messages, dataProvider, httpClient: fakeHttpClient().client });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: 'Add User' });
    await screen.findByRole('textbox', { name: /^User ID/ });
    await user.type(field('User ID'), ' dora ');
    await user.type(field('User Name'), 'Dora Dispatcher');
    await user.type(field('E-mail'), 'dora@demoair.example');
    await chooseRole('Operator');
    await user.type(screen.getByLabelText(/^Password/), 'Dora#2024pass');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Dora#2024pass');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User created.')).toBeInTheDocument();
    expect(dataProvider.create).toHaveBeenCalledWith(
      'users',
      expect.objectContaining({
        data: {
          company_id: 'DEMOAIR',
          user_id: 'dora',
          user_name: 'Dora Dispatcher',
          email: 'dora@demoair.example',
          role_id: 'OPERATOR',
          password: 'Dora#2024pass',
          mfa_required: false,
        },
      }),
    );
    await waitFor(() => expect(location()).toBe('/en/userManagement'));
  });

  it('puts the server duplicate message on the field and stays', async () => {
    const dataProvider = usersDataProvider(users);
    dataProvider.create.mockRejectedValueOnce(
      new ApiError(StatusCode.USER_PROFILE_DUPLICATE, Messages.userDuplicate, 400, {
        status: StatusCode.USER_PROFILE_DUPLICATE,
        message: Messages.userDuplicate,
        errors: { user_id: Messages.userDuplicate },
      }),
    );
    renderUserPages('/en/userManagement/add', { messages: spec.messages, dataProvider, httpClient: fakeHttpClient().client });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: 'Add User' });
    await screen.findByRole('textbox', { name: /^User ID/ });
    await user.type(field('User ID'), 'bob');
    await user.type(field('User Name'), 'Another Bob');
    await user.type(field('E-mail'), 'bob2@demoair.example');
    await chooseRole('Operator');
    await user.type(screen.getByLabelText(/^Password/), 'Bob#2024pass');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Bob#2024pass');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(Messages.userDuplicate)).toBeInTheDocument();
    expect(location()).toBe('/en/userManagement/add');
  });
});

describe('editing a user', { timeout: 60_000 }, () => {
  it('loads the user, keeps the password when left empty, and says so', async () => {
    const dataProvider = usersDataProvider(users);
    renderUserPages('/en/userManagement/DEMOAIR/bob', { messages: spec.messages, dataProvider, httpClient: fakeHttpClient().client });
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(field('User Name')).toHaveValue('Bob Person'));
    expect(dataProvider.getOne).toHaveBeenCalledWith('users', expect.objectContaining({ id: 'DEMOAIR|bob' }));
    expect(field('User ID')).toHaveAttribute('readonly');
    await user.clear(field('User Name'));
    await user.type(field('User Name'), 'Robert Person');
    await user.click(screen.getByRole('switch', { name: /^Locked/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated.')).toBeInTheDocument();
    expect(dataProvider.update).toHaveBeenCalledWith(
      'users',
      expect.objectContaining({
        id: 'DEMOAIR|bob',
        data: { user_name: 'Robert Person', email: 'bob@demoair.example', role_id: 'OPERATOR', mfa_required: false, is_locked: true },
      }),
    );
    await waitFor(() => expect(location()).toBe('/en/userManagement'));
  });

  it('does not let admins demote, lock or delete themselves', async () => {
    renderUserPages('/en/userManagement/DEMOAIR/admin', {
      messages: spec.messages,
      dataProvider: usersDataProvider(users),
      httpClient: fakeHttpClient().client,
    });
    expect(
      await screen.findByText('This is your own account: it cannot be locked or deleted, and its role cannot be changed.', { selector: '.MuiAlert-message' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^Locked/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  it('says the user was not found, for an unknown user or an id that cannot be one', async () => {
    const dataProvider = usersDataProvider(users);
    dataProvider.getOne.mockRejectedValueOnce(new ApiError(StatusCode.USER_PROFILE_NOT_FOUND, 'The user was not found.', 404, {}));
    renderUserPages('/en/userManagement/DEMOAIR/ghost', { messages: spec.messages, dataProvider, httpClient: fakeHttpClient().client });
    expect(await screen.findByText('The user was not found.')).toBeInTheDocument();
    cleanup();
    const untouched = usersDataProvider(users);
    renderUserPages('/en/userManagement/DEMOAIR/bad%20id', { messages: spec.messages, dataProvider: untouched, httpClient: fakeHttpClient().client });
    expect(await screen.findByText('The user was not found.')).toBeInTheDocument();
    expect(untouched.getOne).not.toHaveBeenCalled();
  });
});

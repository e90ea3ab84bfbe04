// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../dataProviders/httpErrors';
import { StatusCode } from '../../domain/statusCodes';
import { fakeHttpClient, renderUserPages, userPagesSpec, userRecord, usersDataProvider } from './testing/userPageHarness';

const spec = userPagesSpec();

const users = [
  userRecord('admin', { role_id: 'ADMIN', role_name: 'Admin', role_type: 1 }),
  userRecord('bob'),
  userRecord('carol', { is_locked: true, mfa_required: true }),
];

async function rowOf(userId: string) {
  // A text query: role queries over the whole table are slow enough to time out on a busy machine.
  const link = await screen.findByText(userId, { selector: 'a' });
  return link.closest('tr')!;
}

describe('the user list', { timeout: 60_000 }, () => {
  it('shows the company users with role, one-time code, status and actions', async () => {
    const dataProvider = usersDataProvider(users);
    renderUserPages('/en/userManagement', { messages: spec.messages, dataProvider, httpClient: fakeHttpClient().client });
    expect(await screen.findByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    const carol = await rowOf('carol');
    expect(within(carol).getByText('Locked')).toBeInTheDocument();
    expect(within(carol).getByRole('switch', { name: 'One-time code by e-mail for carol' })).toBeChecked();
    expect(within(carol).getByRole('button', { name: 'Unlock carol' })).toBeEnabled();
    expect(within(await rowOf('bob')).getByText('Active')).toBeInTheDocument();
    expect(within(await rowOf('bob')).getByRole('link', { name: 'Edit bob' })).toHaveAttribute('href', '/en/userManagement/DEMOAIR/bob');
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'users',
      expect.objectContaining({ sort: { field: 'user_id', order: 'ASC' }, pagination: { page: 1, perPage: 10 } }),
    );
    expect(screen.getByRole('link', { name: 'Add User' })).toHaveAttribute('href', '/en/userManagement/add');
  });

  it('does not offer to lock or delete the signed-in admin', async () => {
    renderUserPages('/en/userManagement', { messages: spec.messages, dataProvider: usersDataProvider(users), httpClient: fakeHttpClient().client });
    const admin = await rowOf('admin');
    expect(within(admin).getByRole('button', { name: 'Delete admin' })).toBeDisabled();
    expect(within(admin).getByRole('button', { name: 'Lock admin' })).toBeDisabled();
  });

  it('searches and filters by role through the list filter', async () => {
    const dataProvider = usersDataProvider(users);
    renderUserPages('/en/userManagement', { messages: spec.messages, dataProvider, httpClient: fakeHttpClient().client });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByPlaceholderText('Search user ID, name or e-mail'), 'car');
    await waitFor(() => expect(dataProvider.getList).toHaveBeenCalledWith('users', expect.objectContaining({ filter: { q: 'car' } })));
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await waitFor(() => expect(dataProvider.getList).toHaveBeenCalledWith('users', expect.objectContaining({ filter: { q: 'car', role_id: 'ADMIN' } })));
  });

  it('locks a user only after confirming, then says so', async () => {
    const http = fakeHttpClient();
    renderUserPages('/en/userManagement', { messages: spec.messages, dataProvider: usersDataProvider(users), httpClient: http.client });
    const user = userEvent.setup({ delay: null });
    await user.click(within(await rowOf('bob')).getByRole('button', { name: 'Lock bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lock user bob?' });
    expect(dialog).toHaveTextContent('Bob Person (bob) will be signed out at once and cannot sign in until unlocked.');
    expect(http.classic).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Lock' }));
    expect(await screen.findByText('User bob locked.')).toBeInTheDocument();
    expect(http.classic).toHaveBeenCalledWith('/users/DEMOAIR%7Cbob/lock', expect.objectContaining({ method: 'POST', body: { locked: true } }));
  });

  it('unlocks and switches the one-time code at once', async () => {
    const http = fakeHttpClient();
    renderUserPages('/en/userManagement', { messages: spec.messages, dataProvider: usersDataProvider(users), httpClient: http.client });
    const user = userEvent.setup({ delay: null });
    await user.click(within(await rowOf('carol')).getByRole('button', { name: 'Unlock carol' }));
    expect(await screen.findByText('User carol unlocked.')).toBeInTheDocument();
    await user.click(within(await rowOf('bob')).getByRole('switch', { name: 'One-time code by e-mail for bob' }));
    expect(await screen.findByText('One-time code by e-mail turned on for bob.')).toBeInTheDocument();
    expect(http.classic).toHaveBeenCalledWith('/users/DEMOAIR%7Cbob/mfa', expect.objectContaining({ body: { required: true } }));
  });

  it('shows the server message when an action is refused', async () => {
    const http = fakeHttpClient();
    http.classic.mockRejectedValueOnce(new ApiError(StatusCode.USER_PROFILE_NOT_FOUND, 'The user was not found.', 404, {}));
    renderUserPages('/en/userManagement', { messages: spec.messages, dataProvider: usersDataProvider(users), httpClient: http.client });
    const user = userEvent.setup({ delay: null });
    await user.click(within(await rowOf('carol')).getByRole('button', { name: 'Unlock carol' }));
    expect(await screen.findByText('The user was not found.')).toBeInTheDocument();
  });

  it('deletes a user after confirming, and keeps them when the admin cancels', async () => {
    const dataProvider = usersDataProvider(users);
    renderUserPages('/en/userManagement', { messages: spec.messages, dataProvider, httpClient: fakeHttpClient().client });
    const user = userEvent.setup({ delay: null });
    await user.click(within(await rowOf('bob')).getByRole('button', { name: 'Delete bob' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete user bob?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.delete).not.toHaveBeenCalled();

    await user.click(within(await rowOf('bob')).getByRole('button', { name: 'Delete bob' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete user bob?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted.')).toBeInTheDocument();
    expect(dataProvider.delete).toHaveBeenCalledWith('users', expect.objectContaining({ id: 'DEMOAIR|bob' }));
  });

  it('says so when no user matches', async () => {
    renderUserPages('/en/userManagement', { messages: spec.messages, dataProvider: usersDataProvider([]), httpClient: fakeHttpClient().client });
    expect(await screen.findByText('No users match the search.')).toBeInTheDocument();
  });
});

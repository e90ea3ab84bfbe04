import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { signIn } from './support/portal';

/** User management against the real built app and server: the admin's screens and a deleted user's open browser. */

/** The admin's token and one classic call, the way the browser makes them (envelope on writes). */
async function adminApi(request: APIRequestContext) {
  const token = await request.post('/auth/token', { form: { GrantType: 'client_credentials', ClientId: 'admin|DEMOAIR|2|L', ClientSecret: 'Admin#12345' } });
  const { access_token } = await token.json();
  return (method: 'POST' | 'DELETE', path: string, body: unknown = {}) =>
    request.fetch(`/classicapi${path}`, {
      method,
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      data: { request: body, app_id: 2, token: randomUUID(), ts: Math.floor(Date.now() / 1000) },
    });
}

function userRow(page: Page, userId: string) {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name: userId, exact: true }) });
}

test('an admin adds, edits, locks and deletes a user, with clear messages for bad input', async ({ page }) => {
  test.slow(); // many steps, each a round trip on a shared machine
  await signIn(page, 'DEMOAIR', 'admin', 'Admin#12345');
  await page.getByRole('menuitem', { name: 'User Management' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await expect(userRow(page, 'operator')).toContainText('Oscar Operator');

  // Add, first with bad input: the domain's messages, nothing sent.
  await page.getByRole('link', { name: 'Add User' }).click();
  await expect(page).toHaveURL(/\/userManagement\/add$/);
  await page.getByRole('textbox', { name: 'User ID' }).fill('e2e user');
  await page.getByRole('textbox', { name: 'User Name' }).fill('Erin Endtoend');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('erin@demoair.example, other@demoair.example');
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Operator' }).click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('weakpass');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('different');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User ID may contain letters, digits, dot, dash and underscore only (at most 50), with no spaces.')).toBeVisible();
  await expect(page.getByText('Please enter one e-mail address only.')).toBeVisible();
  await expect(page.getByText('Password must contain a digit.')).toBeVisible();
  await expect(page.getByText('Password confirmation does not match.')).toBeVisible();
  await expect(page).toHaveURL(/\/userManagement\/add$/);

  // A user id the company already has: the server's -10003 message lands on the field.
  await page.getByRole('textbox', { name: 'User ID' }).fill('Operator');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('erin@demoair.example');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Erin#2024pass');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Erin#2024pass');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User profile is duplicated.')).toBeVisible();

  await page.getByRole('textbox', { name: 'User ID' }).fill('e2e.user');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User created.')).toBeVisible();
  await expect(page).toHaveURL(/\/userManagement$/);
  await expect(userRow(page, 'e2e.user')).toContainText('Erin Endtoend');

  // Edit.
  await userRow(page, 'e2e.user').getByRole('link', { name: 'Edit e2e.user' }).click();
  await expect(page).toHaveURL(/\/userManagement\/DEMOAIR\/e2e\.user$/);
  await expect(page.getByRole('textbox', { name: 'User Name' })).toHaveValue('Erin Endtoend');
  await page.getByRole('textbox', { name: 'User Name' }).fill('Erin Edited');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated.')).toBeVisible();
  await expect(userRow(page, 'e2e.user')).toContainText('Erin Edited');

  // Lock, after a confirmation.
  await userRow(page, 'e2e.user').getByRole('button', { name: 'Lock e2e.user' }).click();
  const lockDialog = page.getByRole('dialog', { name: 'Lock user e2e.user?' });
  await expect(lockDialog).toContainText('will be signed out at once');
  await lockDialog.getByRole('button', { name: 'Lock' }).click();
  await expect(page.getByText('User e2e.user locked.')).toBeVisible();
  await expect(userRow(page, 'e2e.user')).toContainText('Locked');
  const refused = await page.request.post('/auth/token', {
    form: { GrantType: 'client_credentials', ClientId: 'e2e.user|DEMOAIR|2|L', ClientSecret: 'Erin#2024pass' },
  });
  expect((await refused.json()).error).toBe('invalid_grant');

  // The one-time code switch.
  await userRow(page, 'e2e.user').getByRole('switch', { name: 'One-time code by e-mail for e2e.user' }).click();
  await expect(page.getByText('One-time code by e-mail turned on for e2e.user.')).toBeVisible();
  await expect(userRow(page, 'e2e.user').getByRole('switch')).toBeChecked();

  // The admin's own row cannot be deleted or locked.
  await expect(userRow(page, 'admin').getByRole('button', { name: 'Delete admin' })).toBeDisabled();

  // Delete, after a confirmation.
  await userRow(page, 'e2e.user').getByRole('button', { name: 'Delete e2e.user' }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete user e2e.user?' });
  await expect(deleteDialog).toContainText('This cannot be undone.');
  await deleteDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User deleted.')).toBeVisible();
  await expect(userRow(page, 'e2e.user')).toHaveCount(0);

  // The change history shows each step.
  await page.getByRole('link', { name: 'Change History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'User Change History' })).toBeVisible();
  for (const change of ['User created', 'User updated', 'User locked', 'One-time code turned on', 'User deleted']) {
    await expect(page.getByRole('row').filter({ hasText: change }).filter({ hasText: 'e2e.user' })).toHaveCount(1);
  }
  await expect(page.getByRole('row').filter({ hasText: 'User updated' })).toContainText('Erin Endtoend → Erin Edited');
});

test("a deleted user's open browser is signed out on its next action", async ({ browser, request }) => {
  const api = await adminApi(request);
  const created = await api('POST', '/users', {
    user_id: 'leaving.admin',
    user_name: 'Leo Leaving',
    email: 'leo@demoair.example',
    role_id: 'ADMIN',
    password: 'Leaving#2024',
  });
  expect((await created.json()).status).toBe(1);

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'DEMOAIR', 'leaving.admin', 'Leaving#2024');
  await page.getByRole('menuitem', { name: 'User Management' }).click();
  await expect(userRow(page, 'leaving.admin')).toBeVisible();

  const deleted = await api('DELETE', `/users/${encodeURIComponent('DEMOAIR|leaving.admin')}`);
  expect((await deleted.json()).status).toBe(1);

  // The next action that reaches the server answers the invalid-profile code: signed out, with the dialog.
  await page.getByRole('link', { name: 'Change History' }).click();
  await expect(page).toHaveURL(/\/ez4\/en\/login\?errorCode=1$/);
  const dialog = page.getByRole('alertdialog', { name: 'Login Failed' });
  await expect(dialog).toContainText('Invalid User Profile');
  await page.goto('/ez4/en/userManagement');
  await expect(page).toHaveURL(/\/ez4\/en\/login/);
  await context.close();
});

test('an admin restricts the company to address ranges, and is kept from shutting themselves out', async ({ page }) => {
  await signIn(page, 'DEMOAIR', 'admin', 'Admin#12345');
  await page.goto('/ez4/en/userManagement');
  await page.getByRole('link', { name: 'Address Restriction' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Address Restriction' })).toBeVisible();
  await expect(page.getByText('Access is not restricted by address. Your current address is 127.0.0.1.')).toBeVisible();
  await expect(page.getByText('No address ranges: access is not restricted by address.')).toBeVisible();

  await page.getByLabel('Address range').fill('10.0.0.0/33');
  await page.getByRole('button', { name: 'Add Range' }).click();
  await expect(page.getByText('Please enter an IPv4 or IPv6 address or range in CIDR form, e.g. 203.0.113.0/24 or 2001:db8::/32.')).toBeVisible();

  await page.getByLabel('Address range').fill('192.0.2.0/24');
  await page.getByRole('button', { name: 'Add Range' }).click();
  await expect(
    page.getByText('This change would block your own address (127.0.0.1), and you could no longer sign in. Add a range that includes it first.'),
  ).toBeVisible();

  await page.getByLabel('Address range').fill('127.0.0.1/8');
  await page.getByLabel('Description').fill('This machine');
  await page.getByRole('button', { name: 'Add Range' }).click();
  await expect(page.getByText('Address range 127.0.0.0/8 added.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '127.0.0.0/8' })).toContainText('This machine');
  await expect(page.getByText('Access is restricted to the ranges below. Your current address 127.0.0.1 is inside them.')).toBeVisible();

  await page.getByRole('button', { name: 'Remove 127.0.0.0/8' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove address range 127.0.0.0/8?' });
  await expect(dialog).toContainText('access will no longer be restricted by address');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Address range 127.0.0.0/8 removed.')).toBeVisible();
  await expect(page.getByText('No address ranges: access is not restricted by address.')).toBeVisible();
});

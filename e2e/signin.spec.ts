import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

/** Sign-in against the real built app and server, with the demo world's accounts. */

async function signIn(page: Page, companyId: string, userId: string, password: string) {
  await page.goto('/ez4/en/login');
  await page.getByLabel('Company ID').fill(companyId);
  await page.getByLabel('User ID').fill(userId);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('signs in, stays signed in across a reload, and signs out to the login page', async ({ page }) => {
  await signIn(page, 'DEMOAIR', 'admin', 'Admin#12345');

  await expect(page).toHaveURL(/\/ez4\/en\/shipment$/);
  const heading = page.getByRole('heading', { level: 1, name: 'Shipments' });
  await expect(heading).toBeVisible();
  await expect(page).toHaveTitle(/ - Shipments$/);
  await expect(page.getByRole('menu', { name: 'Main menu' })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/ez4\/en\/shipment$/);
  await expect(heading).toBeVisible();

  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/ez4\/en\/login$/);
  await expect(page.getByLabel('Company ID')).toBeVisible();

  // Signed out for real: a protected page sends the visitor back to login.
  await page.goto('/ez4/en/shipment');
  await expect(page).toHaveURL(/\/ez4\/en\/login$/);
});

test('a wrong password shows the login error dialog', async ({ page }) => {
  // An account the other specs do not sign in with, so its failed attempt cannot throttle them.
  await signIn(page, 'DEMOGHA', 'operator', 'Not-the-password1');

  const dialog = page.getByRole('alertdialog', { name: 'Failed to login' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your user name or password was incorrect, please try again.');
  await expect(page).toHaveURL(/\/ez4\/en\/login$/);

  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Password')).toBeFocused();
});

test('a language the portal does not offer is replaced by English', async ({ page }) => {
  await page.goto('/ez4/fr/login');
  await expect(page).toHaveURL(/\/ez4\/en\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('every demo account without a one-time code signs in and sees its own company', async ({ page }) => {
  for (const [companyId, userId, password, company] of [
    ['DEMOAIR', 'operator', 'Operator#12345', 'Demo Airlines'],
    ['DEMOFWD', 'operator', 'Operator#12345', 'Demo Freight Forwarding Ltd'],
    ['DEMOGHA', 'operator', 'Operator#12345', 'Demo Ground Handling'],
    ['SKYAIR', 'admin', 'Admin#12345', 'Sky Cargo Airways'],
  ]) {
    await signIn(page, companyId, userId, password);
    await expect(page).toHaveURL(/\/ez4\/en\/shipment$/);
    const session = await page.evaluate(() =>
      JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(sessionStorage.getItem('ez4.session')!), (c) => c.charCodeAt(0)))),
    );
    expect(session).toMatchObject({ companyId, userId, companyName: company });
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/ez4\/en\/login$/);
  }
});

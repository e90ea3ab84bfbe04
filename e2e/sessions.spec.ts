import { expect, test } from './support/test';
import { rememberCookieChoice, signIn } from './support/portal';

/**
 * Issue 17, 3: two tabs of one browser whose access token has expired call the API at once. The
 * server keeps strict reuse detection (a refresh token presented twice revokes the session), so the
 * tabs must refresh once between them: one refreshes, the other waits for it (a Web Lock) and uses
 * the new pair from the shared cookies. Both stay signed in.
 */

// Access tokens that expire while the test watches.
const ACCESS_TOKEN_SECONDS = 6;
test.use({ portalEnv: { ACCESS_TOKEN_SECONDS: String(ACCESS_TOKEN_SECONDS) } });

/** The expiry (ms since the epoch) of the access token in the browser's cookies. */
async function accessTokenExpiry(cookies: { name: string; value: string }[]): Promise<number> {
  const token = cookies.find((cookie) => cookie.name === 'access_token')?.value;
  if (!token) throw new Error('no access token cookie');
  const payload = JSON.parse(Buffer.from(decodeURIComponent(token).split('.')[1], 'base64url').toString('utf8')) as { exp: number };
  return payload.exp * 1000;
}

test('two tabs waking with an expired access token refresh once between them and both stay signed in', async ({ context, page, baseURL }) => {
  await rememberCookieChoice(context, baseURL!);
  await signIn(page, 'DEMOAIR', 'admin', 'Admin#12345');
  const rows = (tab: typeof page) =>
    tab
      .locator('table')
      .filter({ has: tab.getByRole('columnheader', { name: 'AWB Number' }) })
      .getByRole('row');
  await expect(rows(page).nth(10)).toBeVisible();
  const second = await context.newPage();
  await second.goto('/ez4/en/shipment');
  await expect(rows(second).nth(10)).toBeVisible();

  // Every refresh grant the browser sends, held back a little on its way (a slow network) so that two would overlap.
  const refreshGrants: string[] = [];
  await context.route('**/auth/token', async (route) => {
    const form = new URLSearchParams(route.request().postData() ?? '');
    if (form.get('GrantType') === 'refresh_token') {
      refreshGrants.push(form.get('RefreshToken') ?? '');
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    await route.continue();
  });

  // Wait for the access token's own expiry (its exp claim), not for a guessed time.
  const expiry = await accessTokenExpiry(await context.cookies());
  await expect.poll(() => Date.now() > expiry + 1_000, { timeout: (ACCESS_TOKEN_SECONDS + 5) * 1_000 }).toBe(true);

  const summaryAnswer = (tab: typeof page) =>
    tab.waitForResponse((response) => response.url().endsWith('/awbapi/awbsummary') && response.status() === 200, { timeout: 15_000 });
  const answers = Promise.all([summaryAnswer(page), summaryAnswer(second)]);
  await Promise.all([page.getByRole('button', { name: 'Refresh' }).click(), second.getByRole('button', { name: 'Refresh' }).click()]);
  await answers;

  // One refresh for the two tabs, with the refresh token the browser held when the access token expired.
  expect(refreshGrants).toHaveLength(1);
  for (const tab of [page, second]) {
    await expect(tab).toHaveURL(/\/ez4\/en\/shipment/);
    await expect(rows(tab).nth(10)).toBeVisible();
  }
  // Still signed in in both: the next calls are answered with the refreshed pair (or, on a slow machine where it
  // expired again meanwhile, a pair refreshed once more: never with a refresh token presented twice).
  await second.reload();
  await expect(rows(second).nth(10)).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(rows(page).nth(10)).toBeVisible();
  await expect(page).toHaveURL(/\/ez4\/en\/shipment/);
  expect(new Set(refreshGrants).size).toBe(refreshGrants.length);
});

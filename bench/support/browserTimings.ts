import { chromium, type Page } from 'playwright-core';

/**
 * The browser's view, in Debian's Chromium: bytes on the wire (as the server sent them, compressed
 * or not) of the JS and CSS the login page loads and
 * then the shipment page adds, the time from navigation to an interactive login form, and from
 * pressing Login to the first 10 rows of the shipment summary.
 */

export interface BrowserTimings {
  loginPage: { jsWireBytes: number; cssWireBytes: number };
  shipmentPage: { jsWireBytes: number; cssWireBytes: number };
  navigationToInteractiveLoginMs: number;
  submitToFirstRowsMs: number;
}

function assetCounter(page: Page, base: string) {
  const seen = new Map<string, { kind: 'js' | 'css'; bytes: Promise<number> }>();
  page.on('response', (response) => {
    const url = response.url().replace(base, '');
    const kind = url.endsWith('.js') ? 'js' : url.endsWith('.css') ? 'css' : undefined;
    if (!kind || seen.has(url)) return;
    // The encoded body's size, as it came over the connection.
    seen.set(url, { kind, bytes: response.request().sizes().then((sizes) => sizes.responseBodySize, () => 0) });
  });
  return async () => {
    const sum = async (kind: 'js' | 'css') => (await Promise.all([...seen.values()].filter((asset) => asset.kind === kind).map((asset) => asset.bytes))).reduce((total, bytes) => total + bytes, 0);
    return { jsWireBytes: await sum('js'), cssWireBytes: await sum('css') };
  };
}

export async function browserTimings(base: string, account: { companyId: string; userId: string; password: string }): Promise<BrowserTimings> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const context = await browser.newContext();
    // A visitor who already chose cookies: the consent panel does not stand in the way of the form.
    await context.addCookies([{ name: 'cookie_consent', value: 'a', url: base }]);
    await context.addInitScript(() => {
      localStorage.setItem('personalize', 'true');
      localStorage.setItem('analytics', 'true');
      localStorage.setItem('isBtnClick', 'true');
    });
    const page = await context.newPage();
    const totals = assetCounter(page, base);
    const began = performance.now();
    await page.goto(`${base}/ez4/en/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor({ state: 'visible' });
    const navigationToInteractiveLoginMs = Math.round(performance.now() - began);
    await page.waitForLoadState('networkidle');
    const loginPage = await totals();
    await page.getByLabel('Company ID').fill(account.companyId);
    await page.getByLabel('User ID').fill(account.userId);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    const submitted = performance.now();
    await page.getByRole('button', { name: 'Login' }).click();
    // The header row and ten shipment rows of the summary grid.
    await page.locator('table').filter({ has: page.getByRole('columnheader', { name: 'AWB Number' }) }).getByRole('row').nth(10).waitFor({ state: 'visible', timeout: 60_000 });
    const submitToFirstRowsMs = Math.round(performance.now() - submitted);
    await page.waitForLoadState('networkidle');
    const all = await totals();
    return {
      loginPage,
      shipmentPage: { jsWireBytes: all.jsWireBytes - loginPage.jsWireBytes, cssWireBytes: all.cssWireBytes - loginPage.cssWireBytes },
      navigationToInteractiveLoginMs,
      submitToFirstRowsMs,
    };
  } finally {
    await browser.close();
  }
}

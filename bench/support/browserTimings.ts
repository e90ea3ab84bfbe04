import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * The browser's view, in Debian's Chromium, each a median of RUNS fresh visits (a new browser
 * context: nothing cached): bytes on the wire (as the server sent them, compressed or not) of the JS
 * and CSS the login page loads, then those the shipment page needs until its first rows show and
 * those it fetches after (the chart, the detail page ahead); and the times from navigation to an
 * interactive login form, from pressing Login to the first 10 rows of the summary, from clicking an
 * AWB to its detail page, and from pressing Search with one AWB tag to its row.
 */

export interface WireBytes {
  jsWireBytes: number;
  cssWireBytes: number;
}

export interface BrowserTimings {
  runs: number;
  loginPage: WireBytes;
  /** Until the first 10 rows show. */
  shipmentPage: WireBytes;
  /** Fetched by the shipment page once its rows show (the lazily loaded chart, the detail page's chunk ahead). */
  shipmentPageAfterRows: WireBytes;
  navigationToInteractiveLoginMs: number;
  submitToFirstRowsMs: number;
  openAwbDetailMs: number;
  oneTagSearchMs: number;
}

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

function assetCounter(page: Page, base: string) {
  const seen = new Map<string, { kind: 'js' | 'css'; bytes: Promise<number> }>();
  page.on('response', (response) => {
    const url = response.url().replace(base, '');
    const kind = url.endsWith('.js') ? 'js' : url.endsWith('.css') ? 'css' : undefined;
    if (!kind || seen.has(url)) return;
    // The encoded body's size, as it came over the connection.
    seen.set(url, { kind, bytes: response.request().sizes().then((sizes) => sizes.responseBodySize, () => 0) });
  });
  /** The bytes of the assets seen so far (the responses started until now). */
  return async (): Promise<WireBytes> => {
    const assets = [...seen.values()];
    const sum = async (kind: 'js' | 'css') => (await Promise.all(assets.filter((asset) => asset.kind === kind).map((asset) => asset.bytes))).reduce((total, bytes) => total + bytes, 0);
    return { jsWireBytes: await sum('js'), cssWireBytes: await sum('css') };
  };
}

const minus = (a: WireBytes, b: WireBytes): WireBytes => ({ jsWireBytes: a.jsWireBytes - b.jsWireBytes, cssWireBytes: a.cssWireBytes - b.cssWireBytes });

interface Visit {
  loginPage: WireBytes;
  shipmentPage: WireBytes;
  shipmentPageAfterRows: WireBytes;
  navigationToInteractiveLoginMs: number;
  submitToFirstRowsMs: number;
  openAwbDetailMs: number;
  oneTagSearchMs: number;
}

async function visit(browser: Browser, base: string, account: { companyId: string; userId: string; password: string }): Promise<Visit> {
  const context = await browser.newContext();
  try {
    // A visitor who already chose cookies: the consent panel does not stand in the way of the form.
    await context.addCookies([{ name: 'cookie_consent', value: 'a', url: base }]);
    await context.addInitScript(() => {
      localStorage.setItem('personalize', 'true');
      localStorage.setItem('analytics', 'true');
      localStorage.setItem('isBtnClick', 'true');
    });
    const page = await context.newPage();
    const totals = assetCounter(page, base);
    let began = performance.now();
    await page.goto(`${base}/ez4/en/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor({ state: 'visible' });
    const navigationToInteractiveLoginMs = performance.now() - began;
    await page.waitForLoadState('networkidle');
    const loginPage = await totals();
    await page.getByLabel('Company ID').fill(account.companyId);
    await page.getByLabel('User ID').fill(account.userId);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    began = performance.now();
    await page.getByRole('button', { name: 'Login' }).click();
    // The header row and ten shipment rows of the summary grid.
    const grid = page.locator('table').filter({ has: page.getByRole('columnheader', { name: 'AWB Number' }) });
    await grid.getByRole('row').nth(10).waitFor({ state: 'visible', timeout: 60_000 });
    const submitToFirstRowsMs = performance.now() - began;
    const toRows = await totals();
    await page.waitForLoadState('networkidle');
    // The detail page's chunk is fetched ahead a second after the rows show: wait for it, as a user reading the list would.
    await page.waitForTimeout(1_500);
    await page.waitForLoadState('networkidle');
    const all = await totals();

    const firstAwb = (await grid.getByRole('row').nth(1).getByRole('cell').nth(1).innerText()).trim();
    const secondAwb = (await grid.getByRole('row').nth(2).getByRole('cell').nth(1).innerText()).trim();
    began = performance.now();
    await grid.getByRole('cell', { name: firstAwb, exact: true }).click();
    await page.getByRole('heading', { name: `AWB ${firstAwb}` }).waitFor({ state: 'visible' });
    const openAwbDetailMs = performance.now() - began;

    await page.getByRole('button', { name: 'Back to the list' }).click();
    await grid.getByRole('row').nth(10).waitFor({ state: 'visible' });
    await page.getByLabel('AWB numbers').fill(secondAwb);
    began = performance.now();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // One row under the summary's header: the searched AWB's.
    await page.waitForFunction(
      (awb) => {
        const table = [...document.querySelectorAll('table')].find((candidate) => [...candidate.querySelectorAll('th')].some((th) => th.textContent?.includes('AWB Number')));
        const rows = [...(table?.querySelectorAll('tbody tr') ?? [])];
        return rows.length === 1 && rows[0].textContent?.includes(awb);
      },
      secondAwb,
      { timeout: 30_000 },
    );
    const oneTagSearchMs = performance.now() - began;
    return { loginPage, shipmentPage: minus(toRows, loginPage), shipmentPageAfterRows: minus(all, toRows), navigationToInteractiveLoginMs, submitToFirstRowsMs, openAwbDetailMs, oneTagSearchMs };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export async function browserTimings(base: string, account: { companyId: string; userId: string; password: string }, runs = 5): Promise<BrowserTimings> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    // One visit first to warm the server (its first page compiles nothing, but its caches start empty), not counted.
    await visit(browser, base, account);
    const visits: Visit[] = [];
    for (let i = 0; i < runs; i++) visits.push(await visit(browser, base, account));
    const ms = (pick: (visit: Visit) => number) => Math.round(median(visits.map(pick)));
    const bytes = (pick: (visit: Visit) => WireBytes): WireBytes => ({ jsWireBytes: ms((visit) => pick(visit).jsWireBytes), cssWireBytes: ms((visit) => pick(visit).cssWireBytes) });
    return {
      runs,
      loginPage: bytes((visit) => visit.loginPage),
      shipmentPage: bytes((visit) => visit.shipmentPage),
      shipmentPageAfterRows: bytes((visit) => visit.shipmentPageAfterRows),
      navigationToInteractiveLoginMs: ms((visit) => visit.navigationToInteractiveLoginMs),
      submitToFirstRowsMs: ms((visit) => visit.submitToFirstRowsMs),
      openAwbDetailMs: ms((visit) => visit.openAwbDetailMs),
      oneTagSearchMs: ms((visit) => visit.oneTagSearchMs),
    };
  } finally {
    await browser.close();
  }
}

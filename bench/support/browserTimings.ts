import { chromium, type Browser, type Page } from 'playwright-core';
import { DEBIAN_CHROMIUM_ARGS } from '../../e2e/support/chromiumArgs';

/**
 * The browser's view, in Debian's Chromium, each a median of `runs` fresh visits (a new browser
 * context: nothing cached): bytes on the wire (as the server sent them, compressed or not) of the JS
 * and CSS the login page loads, then those the shipment page needs until its first rows show and
 * those it fetches after; and the times from navigation to an
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
  /** Fetched by the shipment page once its rows show (nothing the rows need). */
  shipmentPageAfterRows: WireBytes;
  navigationToInteractiveLoginMs: number;
  submitToFirstRowsMs: number;
  openAwbDetailMs: number;
  oneTagSearchMs: number;
}

/**
 * The bench's Chromium: Debian's switches as the end-to-end specs have them, with the omnibox popup
 * left on (the figures stay comparable with earlier runs; a user's browser has one).
 */
export const CHROMIUM_ARGS = DEBIAN_CHROMIUM_ARGS;

function assetCounter(page: Page, base: string) {
  const seen = new Map<string, { kind: 'js' | 'css'; bytes: Promise<number> }>();
  page.on('response', (response) => {
    const url = response.url().replace(base, '');
    const kind = url.endsWith('.js') ? 'js' : url.endsWith('.css') ? 'css' : undefined;
    if (!kind || seen.has(url)) return;
    // The encoded body's size, as it came over the connection.
    seen.set(url, {
      kind,
      bytes: response
        .request()
        .sizes()
        .then(
          (sizes) => sizes.responseBodySize,
          () => 0,
        ),
    });
  });
  /** The bytes of the assets seen so far (the responses started until now). */
  return async (): Promise<WireBytes> => {
    const assets = [...seen.values()];
    const sum = async (kind: 'js' | 'css') =>
      (await Promise.all(assets.filter((asset) => asset.kind === kind).map((asset) => asset.bytes))).reduce((total, bytes) => total + bytes, 0);
    return { jsWireBytes: await sum('js'), cssWireBytes: await sum('css') };
  };
}

const minus = (a: WireBytes, b: WireBytes): WireBytes => ({ jsWireBytes: a.jsWireBytes - b.jsWireBytes, cssWireBytes: a.cssWireBytes - b.cssWireBytes });

/** One visit's figures; browserTimings answers their medians. */
type Visit = Omit<BrowserTimings, 'runs'>;

/**
 * In the page, from its first script on: each registered condition is checked on every DOM change and
 * its first true moment noted (performance.now(), ms since navigation), as is the last click. Times are
 * read from these marks, not from when Playwright's polling (up to 500 ms apart) happens to notice.
 */
function installMarks(): void {
  const marks: Record<string, number> = {};
  const checks = new Map<string, () => boolean>();
  const run = () => {
    for (const [name, check] of checks) {
      if (check()) {
        marks[name] = performance.now();
        checks.delete(name);
      }
    }
  };
  const target = window as unknown as { __benchMarks: Record<string, number>; __benchWatch(name: string, check: () => boolean): void; __benchClick: number };
  target.__benchMarks = marks;
  target.__benchWatch = (name, check) => {
    delete marks[name];
    checks.set(name, check);
    run();
  };
  target.__benchClick = 0;
  document.addEventListener('click', () => (target.__benchClick = performance.now()), true);
  new MutationObserver(run).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  // The interactive login form: its Login button shown and enabled.
  target.__benchWatch('loginForm', () =>
    [...document.querySelectorAll('button')].some((button) => button.textContent?.trim() === 'Login' && !button.disabled && button.checkVisibility()),
  );
}

type MarkWindow = Window & { __benchMarks: Record<string, number>; __benchWatch(name: string, check: () => boolean): void; __benchClick: number };

/** The summary grid's body rows (the overview's table is another table). */
function summaryRows(): HTMLTableRowElement[] {
  const table = [...document.querySelectorAll('table')].find((candidate) =>
    [...candidate.querySelectorAll('th')].some((th) => th.textContent?.includes('AWB Number')),
  );
  return [...(table?.querySelectorAll<HTMLTableRowElement>('tbody tr') ?? [])];
}

/** Waits for the mark `name`, and answers the time from the last click to it (or from navigation when `sinceClick` is false). */
async function markTime(page: Page, name: string, sinceClick = true): Promise<number> {
  await page.waitForFunction((mark) => (window as unknown as MarkWindow).__benchMarks[mark] !== undefined, name, { timeout: 60_000 });
  return page.evaluate(
    ([mark, fromClick]) => {
      const target = window as unknown as MarkWindow;
      return target.__benchMarks[mark as string] - (fromClick ? target.__benchClick : 0);
    },
    [name, sinceClick] as const,
  );
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
    // tsx compiles this file keeping function names through a `__name` helper the page does not have.
    await context.addInitScript('window.__name = (fn) => fn;');
    await context.addInitScript(installMarks);
    await context.addInitScript(`window.__benchRows = ${summaryRows.toString()};`);
    const page = await context.newPage();
    const totals = assetCounter(page, base);
    const watch = (name: string, check: () => boolean) =>
      page.evaluate(([mark, source]) => (window as unknown as MarkWindow).__benchWatch(mark, new Function(`return (${source})();`) as () => boolean), [
        name,
        check.toString(),
      ] as const);

    await page.goto(`${base}/ez4/en/login`);
    const navigationToInteractiveLoginMs = await markTime(page, 'loginForm', false);
    await page.waitForLoadState('networkidle');
    const loginPage = await totals();
    await page.getByLabel('Company ID').fill(account.companyId);
    await page.getByLabel('User ID').fill(account.userId);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    // The ten first rows of the summary grid.
    await watch('rows', () => (window as unknown as { __benchRows(): HTMLTableRowElement[] }).__benchRows().length >= 10);
    await page.getByRole('button', { name: 'Login' }).click();
    const submitToFirstRowsMs = await markTime(page, 'rows');
    const toRows = await totals();
    await page.waitForLoadState('networkidle');
    const all = await totals();

    const grid = page.locator('table').filter({ has: page.getByRole('columnheader', { name: 'AWB Number' }) });
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText() (the cell's text as rendered), not the DOM property the rule is about
    const firstAwb = (await grid.getByRole('row').nth(1).getByRole('cell').nth(1).innerText()).trim();
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText(), as above
    const secondAwb = (await grid.getByRole('row').nth(2).getByRole('cell').nth(1).innerText()).trim();
    await page.evaluate((awb) => {
      (window as unknown as { __benchAwb: string }).__benchAwb = awb;
    }, firstAwb);
    await watch('detail', () =>
      [...document.querySelectorAll('h1, h2')].some(
        (heading) => heading.textContent?.trim() === `AWB ${(window as unknown as { __benchAwb: string }).__benchAwb}`,
      ),
    );
    await grid.getByRole('cell', { name: firstAwb, exact: true }).click();
    const openAwbDetailMs = await markTime(page, 'detail');

    await page.getByRole('button', { name: 'Back to the list' }).click();
    await grid.getByRole('row').nth(10).waitFor({ state: 'visible' });
    await page.getByLabel('AWB numbers').fill(secondAwb);
    await page.evaluate((awb) => {
      (window as unknown as { __benchAwb: string }).__benchAwb = awb;
    }, secondAwb);
    // One row under the summary's header: the searched AWB's.
    await watch('search', () => {
      const rows = (window as unknown as { __benchRows(): HTMLTableRowElement[] }).__benchRows();
      return rows.length === 1 && !!rows[0].textContent?.includes((window as unknown as { __benchAwb: string }).__benchAwb);
    });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const oneTagSearchMs = await markTime(page, 'search');
    return {
      loginPage,
      shipmentPage: minus(toRows, loginPage),
      shipmentPageAfterRows: minus(all, toRows),
      navigationToInteractiveLoginMs,
      submitToFirstRowsMs,
      openAwbDetailMs,
      oneTagSearchMs,
    };
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
    const bytes = (pick: (visit: Visit) => WireBytes): WireBytes => ({
      jsWireBytes: ms((visit) => pick(visit).jsWireBytes),
      cssWireBytes: ms((visit) => pick(visit).cssWireBytes),
    });
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

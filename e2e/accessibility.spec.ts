import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { ruleListPlugins } from '../plugins';
import { apiToken, demoFwb, openInApp } from './support/portal';
import { axeViolations, settled } from './support/axe';

/**
 * Accessibility (issue 8, item 7) in real Chromium against the real built app: axe finds no
 * violation on any page of the product, its dialogs and its states, and an operator signs in,
 * searches an AWB, opens it and accepts it with a remark using the keyboard alone.
 *
 * axe runs on the whole page, with no rule switched off and no part left out.
 */

/** The shipment of the keyboard flow: an FWB of this spec's own (serials 9_600_xxx), so no other spec can decide it first. */
const KEYBOARD_SERIAL = 9_600_001;

let base: string;
let keyboardAwb: string;
/** A seeded shipment with documents, history, eyeball checks and a sanction hit, for the detail tabs. */
let richShipment: { id: string; awb: string };

test.beforeAll(async ({ portals }, testInfo) => {
  base = (await portals.of(testInfo)).baseUrl;
  const admin = await apiToken(base, 'admin', 'Admin#12345');
  // Its parties unlisted: the shipment comes in New.
  const { text, awb } = demoFwb(KEYBOARD_SERIAL, (waybill) => (waybill.shipper = { ...waybill.shipper, name: 'A11Y KEYBOARD SHIPPER' }));
  const sent = await fetch(`${base}/awbapi/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/plain' },
    body: text,
  });
  expect(sent.status, await sent.text()).toBeLessThan(300);
  keyboardAwb = awb;
  const summary = await fetch(`${base}/awbapi/awbsummary`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      fieldSearch: [],
      dbOptions: { CurrentPage: 1, PageSize: 5, FieldName: 'AWBNumber', OrderBy: 'ASC' },
      filters: { Status: ['Eyeball'] },
    }),
  }).then((response) => response.json() as Promise<{ data: { rows: { ShipmentId: string; AWBNumber: string }[] } }>);
  const [first] = summary.data.rows;
  richShipment = { id: first.ShipmentId, awb: first.AWBNumber };
});

/** The visitor already made a cookie choice, so the consent panel stays away (unless a test wants it). */
async function newVisitor(browser: Browser, { cookieChoice = true, region }: { cookieChoice?: boolean; region?: string } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: base });
  if (cookieChoice) {
    await context.addCookies([{ name: 'cookie_consent', value: 'a', url: base }]);
    await context.addInitScript(() => localStorage.setItem('isBtnClick', 'true'));
  }
  const page = await context.newPage();
  if (region)
    await page.route('**/api/region', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ countryCode: region, iPv4Address: '127.0.0.1' }) }),
    );
  return page;
}

/** The pages and states the running test checked (each test is one worker's share of the product). */
const checked: string[] = [];

test.describe.configure({ mode: 'parallel' });
test.beforeEach(() => {
  checked.length = 0;
});
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook uses from its first parameter's destructuring; this hook uses none.
test.afterEach(async ({}, testInfo) => {
  if (checked.length === 0) return;
  testInfo.annotations.push({ type: 'axe', description: `${checked.length} pages and states checked: ${checked.join('; ')}` });
  console.log(`axe: ${testInfo.title}: ${checked.length} pages and states checked, no violations`);
});

/** axe on the whole page: no violations. Waits for the page to settle first (no progress indicator, no transition running). */
async function expectAccessible(page: Page, what: string): Promise<void> {
  const t0 = Date.now();
  await settled(page);
  const t1 = Date.now();
  const violations = await axeViolations(page);
  console.log(`TIMING ${what}: settle ${t1 - t0} ms, axe ${Date.now() - t1} ms`);
  checked.push(what);
  expect(
    violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`),
    what,
  ).toEqual([]);
}

/**
 * Opens a page and checks it once its heading shows: in the app already loaded, as its menu and links
 * do, or loaded afresh (`fresh`) where the app opens it in a window of its own.
 */
async function visit(page: Page, path: string, heading: string | RegExp, what = path, { fresh = false } = {}): Promise<void> {
  if (!fresh && new URL(page.url()).pathname.startsWith('/ez4/')) await openInApp(page, path);
  else await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectAccessible(page, what);
}

async function signIn(page: Page, userId: string, password: string) {
  await page.goto('/ez4/en/login');
  await page.getByLabel('Company ID').fill('DEMOAIR');
  await page.getByLabel('User ID').fill(userId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function closeDialog(_page: Page, dialog: Locator, button = 'Cancel') {
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('the checker finds what it is there to find: a planted violation in a page and in a frame', async ({ page }) => {
  await page.setContent('<main><h1>Planted</h1><img src="data:,"><iframe srcdoc="<button></button>"></iframe></main>');
  await expect.poll(() => page.frames().length).toBe(2);
  const found = (await axeViolations(page)).map((violation) => violation.id);
  expect(found).toContain('image-alt');
  expect(found).toContain('button-name'); // inside the frame
});

// Every page of the product, with its dialogs and states, in five parts that workers share out.

test('the public pages and the sign-in dialogs have no axe violations', async ({ browser }) => {
  test.setTimeout(180_000);
  let page = await newVisitor(browser);
  await visit(page, '/ez4/en/login', 'Cargo Shipment Portal', 'login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot password' });
  await expect(forgot).toBeVisible();
  await expectAccessible(page, 'login: forgot password');
  await closeDialog(page, forgot);
  await page.getByRole('button', { name: 'Terms of use' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Terms of use' })).toBeVisible();
  await expectAccessible(page, 'login: terms of use');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'More information' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'login: more information');
  for (const code of ['1', '2', '3']) {
    await page.goto(`/ez4/en/login?errorCode=${code}`);
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectAccessible(page, `login: errorCode ${code}`);
  }
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/ez4/en/login');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await expectAccessible(page, 'login: mobile menu');
  await page.setViewportSize({ width: 1280, height: 720 });

  await visit(page, '/ez4/en/about', 'About', 'about');
  await visit(page, '/ez4/en/help', 'Help', 'help');
  await visit(page, '/ez4/en/CookiesPolicy', 'Cookies Policy', 'cookies policy');
  await visit(page, '/ez4/en/CookiesPolicyDynamic', 'Cookies Policy', 'cookies policy (dynamic)');
  await visit(page, '/ez4/en/resetPassword', 'Reset Password', 'reset password');
  await visit(page, '/ez4/en/Footer', 'Footer', 'footer page');
  for (const path of ['/ez4/en/error/401', '/ez4/en/error/403', '/ez4/en/error/404', '/ez4/en/error/500', '/ez4/en/error/ef/403', '/ez4/en/no/such/page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, `error page ${path}`);
  }
  await page.context().close();

  // Cookie consent by region: the settings dialog (Europe) and the simple banner (elsewhere).
  for (const [region, what] of [
    ['DE', 'cookie settings dialog'],
    ['SG', 'cookie banner'],
  ]) {
    page = await newVisitor(browser, { cookieChoice: false, region });
    await page.goto('/ez4/en/login');
    await expect(region === 'DE' ? page.getByRole('dialog', { name: 'Cookie settings' }) : page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
    await expectAccessible(page, what);
    await page.context().close();
  }

  // The one-time-code dialog and what closing it shows.
  page = await newVisitor(browser);
  await signIn(page, 'mfauser', 'Mfa#123456');
  const code = page.getByRole('dialog', { name: 'Enter your verification code' });
  await expect(code).toBeVisible();
  await expectAccessible(page, 'login: one-time code');
  await closeDialog(page, code);
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectAccessible(page, 'login: one-time code closed');
  await page.context().close();

  // The China privacy consent (declined: nothing is stored) and the signed-out notice.
  page = await newVisitor(browser, { region: 'CN' });
  await signIn(page, 'operator', 'Operator#12345');
  const consent = page.getByRole('dialog', { name: 'Personal Information Protection' });
  await expect(consent).toBeVisible();
  await expectAccessible(page, 'login: privacy consent');
  await consent.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Signed out' })).toBeVisible();
  await expectAccessible(page, 'login: signed out');
  await page.context().close();
});

/** A new visitor signed in as the demo admin, on the shipment page. */
async function signedInAdmin(browser: Browser): Promise<Page> {
  const page = await newVisitor(browser);
  await signIn(page, 'admin', 'Admin#12345');
  await expect(page).toHaveURL(/\/ez4\/en\/shipment$/);
  return page;
}

test('the shipment pages, the detail with its tabs and dialogs, and the blank windows have no axe violations', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedInAdmin(browser);
  await expect(page.getByRole('row')).not.toHaveCount(0);
  await expectAccessible(page, 'shipment list');
  await page.getByRole('checkbox', { name: 'Select this row' }).first().check();
  await expect(page.getByRole('button', { name: 'Accept Selected' })).toBeVisible();
  await expectAccessible(page, 'shipment list: selection and bulk actions');
  await visit(page, '/ez4/en/bulletin', 'Bulletin', 'bulletin');

  await page.goto(`/ez4/en/shipment/details/${richShipment.id}`);
  await expect(page.getByRole('heading', { name: `AWB ${richShipment.awb}` })).toBeVisible();
  for (const tab of ['Details', 'Documents', 'History', 'Eyeball', 'Sanction']) {
    await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expectAccessible(page, `shipment detail: ${tab} tab`);
  }
  for (const [button, dialog] of [
    ['Modify', `Modify AWB ${richShipment.awb}`],
    ['Share AWB', `Share AWB ${richShipment.awb}`],
    ['Reject', `Reject AWB ${richShipment.awb}`],
  ]) {
    await page.getByRole('toolbar').getByRole('button', { name: button, exact: true }).click();
    const open = page.getByRole('dialog', { name: dialog });
    await expect(open).toBeVisible();
    await expectAccessible(page, `shipment detail: ${button} dialog`);
    await closeDialog(page, open);
  }
  await page.getByRole('tab', { name: /^Documents/ }).click();
  await page.getByRole('button', { name: 'Upload' }).first().click();
  const upload = page.getByRole('dialog', { name: /^Upload to the/ });
  await expect(upload).toBeVisible();
  await expectAccessible(page, 'shipment detail: upload dialog');
  await closeDialog(page, upload);
  // The blank windows: the detail's links open them in a window of their own, so loaded afresh here too.
  await visit(page, `/ez4/en/awb/awbdetail?id=${richShipment.id}`, new RegExp(richShipment.awb), 'awb/awbdetail', { fresh: true });
  await visit(page, `/ez4/en/awb/awbdetail/sanction?id=${richShipment.id}`, new RegExp(richShipment.awb), 'awb/awbdetail/sanction', { fresh: true });
  await page.context().close();
});

test('on a phone the detail actions each keep their name, a disabled one says why, and the tabs scroll with arrows (issue 36, 6)', async ({ browser }) => {
  const page = await signedInAdmin(browser);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/ez4/en/shipment/details/${richShipment.id}`);
  await expect(page.getByRole('heading', { name: `AWB ${richShipment.awb}` })).toBeVisible();
  const actions = page.getByRole('toolbar', { name: 'Shipment actions' });
  const buttons = actions.getByRole('button');
  await expect(buttons).not.toHaveCount(0);
  let disabled = 0;
  for (const button of await buttons.all()) {
    await expect(button).toHaveAccessibleName(/\S/);
    if (await button.isDisabled()) {
      disabled++;
      await expect(button).toHaveAccessibleDescription(/\S/);
    }
  }
  expect(disabled).toBeGreaterThan(0);
  // The admin (no handling lock) of a shipment not yet decided: no additional document to accept, and why.
  const acceptDocument = actions.getByRole('button', { name: 'Accept Additional Document' });
  await expect(acceptDocument).toBeDisabled();
  await expect(acceptDocument).toHaveAccessibleDescription(
    /^(Additional documents are accepted on shipments that are already accepted or rejected|No document added after the decision waits for acceptance)\.$/,
  );
  // The tab strip is wider than the phone: its arrows show, and the last tab can be reached.
  const arrows = page.locator('.MuiTabs-root .MuiTabScrollButton-root');
  await expect(arrows).toHaveCount(2);
  await expect(arrows.last()).toBeVisible();
  await page.getByRole('tab', { name: /^Sanction/ }).click();
  await expect(page.getByRole('tab', { name: /^Sanction/ })).toHaveAttribute('aria-selected', 'true');
  await page.context().close();
});

test('the user log, user management and change password have no axe violations', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedInAdmin(browser);
  await visit(page, '/ez4/en/shipmentLog', 'User Log', 'shipment log');
  await visit(page, '/ez4/en/userManagement', 'User Management', 'user management');
  await visit(page, '/ez4/en/userManagement/add', 'Add User', 'user management: add');
  await page.getByRole('textbox', { name: 'User ID' }).fill('A11Y bad id');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('weakpass');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Password must contain a digit.')).toBeVisible();
  await expectAccessible(page, 'user management: add, with its errors');
  await visit(page, '/ez4/en/userManagement/DEMOAIR/operator', 'Edit User', 'user management: edit');
  await visit(page, '/ez4/en/userManagement/ipRestriction', 'Address Restriction', 'user management: IP ranges');
  await visit(page, '/ez4/en/userManagement/oneRecordClients', 'ONE Record Clients', 'user management: ONE Record clients');
  await visit(page, '/ez4/en/userManagement/audit', 'User Change History', 'user management: audit');
  await visit(page, '/ez4/en/changePassword', 'Change Password', 'change password');
  await page.context().close();
});

test('every rule list with its dialogs, its user log, import and the list control have no axe violations', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedInAdmin(browser);
  for (const plugin of ruleListPlugins) {
    const path = plugin.functionIdInPath ? `${plugin.route}/${plugin.functionId}` : plugin.route;
    await visit(page, `/ez4/en/${path}`, plugin.label, `rule list: ${plugin.name}`);
    if (plugin.name === 'sanctionlist') {
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const add = page.getByRole('dialog', { name: 'Add to Sanction List' });
      await add.getByRole('button', { name: 'Save' }).click();
      await expect(add.getByText('* Required').first()).toBeVisible();
      await expectAccessible(page, 'rule list: add dialog, with its errors');
      await closeDialog(page, add);
      await page.getByRole('button', { name: 'Help', exact: true }).click();
      await expect(page.getByRole('dialog', { name: /Sanction List/ })).toBeVisible();
      await expectAccessible(page, 'rule list: help dialog');
      await page.keyboard.press('Escape');
    }
    if (plugin.name === 'countryrules') {
      await page.getByRole('button', { name: 'Country List' }).click();
      await expect(page.getByRole('dialog', { name: 'Country List' })).toBeVisible();
      await expectAccessible(page, 'rule list: country list dialog');
      await page.keyboard.press('Escape');
    }
  }
  await visit(page, '/ez4/en/userlog/101', 'User Log: Sanction List', 'userlog');
  await visit(page, '/ez4/en/adminlistimport/101', 'Import into Sanction List', 'adminlistimport');
  await visit(page, '/ez4/en/adminlistcontrol', 'Admin List Control', 'adminlistcontrol');
  await page.context().close();
});

test('the sanction check, outbound and shipment messages have no axe violations', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedInAdmin(browser);
  await visit(page, '/ez4/en/sanctioncheck', 'Sanction Check', 'sanction check');
  await page.getByLabel('Name to check').fill('Aerocaribean Airlines');
  // The first check a server makes builds the index of the whole SDN list (seconds, more on a loaded machine): wait for its answer.
  const checked = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/sanction/search'), { timeout: 90_000 });
  await page.getByRole('button', { name: 'Check' }).click();
  await checked;
  // The results: the matches, and the names below the threshold listed for review (both checked by axe).
  await expect(page.getByRole('table', { name: 'Matches' }).getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'sanction check: results');
  await visit(page, '/ez4/en/outboundmessages', 'Outbound Messages', 'outbound messages');
  await visit(page, '/ez4/en/shipmentmessages', 'Shipment Messages', 'shipment messages');
  await page.getByLabel('Message text').fill('FWB/16\nNOT A WAYBILL');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The message was refused' })).toBeVisible();
  await expectAccessible(page, 'shipment messages: refused');
  await page.context().close();
});

/** Presses Tab (Shift+Tab backwards) until the target has the focus. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 120 } = {}): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} never got the focus in ${max} presses`);
}

test('an operator signs in, searches an AWB, opens it and accepts it with a remark, with the keyboard alone', async ({ browser }) => {
  const page = await newVisitor(browser);
  const remark = 'A11Y- checked by keyboard only';
  await page.goto('/ez4/en/login');

  // Sign in: the form's fields in order, Enter submits.
  await tabTo(page, page.getByLabel('Company ID'));
  await page.keyboard.type('DEMOAIR');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('User ID')).toBeFocused();
  await page.keyboard.type('operator');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type('Operator#12345');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ez4\/en\/shipment$/);
  // The signed-in screens load after the address changes; the keyboard user goes on once they are there.
  await expect(page.getByRole('textbox', { name: 'AWB numbers' })).toBeVisible();

  // Search: the skip link jumps past the menu; Enter in the AWB box searches.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('textbox', { name: 'AWB numbers' }));
  await page.keyboard.type(keyboardAwb);
  await page.keyboard.press('Enter');
  await expect(page.getByText('1-1 of 1')).toBeVisible();

  // Open: the AWB number is a link.
  const link = page.getByRole('link', { name: keyboardAwb, exact: true });
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `AWB ${keyboardAwb}` })).toBeVisible();

  // Accept: Space on the button; the remark field has the focus; Tab to the dialog's Accept, Enter.
  const accept = page.getByRole('toolbar').getByRole('button', { name: 'Accept', exact: true });
  await expect(accept).toBeEnabled();
  await tabTo(page, accept);
  await page.keyboard.press('Space');
  const dialog = page.getByRole('dialog', { name: `Accept AWB ${keyboardAwb}` });
  await expect(dialog.getByLabel(/Remark/)).toBeFocused();
  await page.keyboard.type(remark);
  await tabTo(page, dialog.getByRole('button', { name: 'Accept', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(`AWB ${keyboardAwb} accepted.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The history tab, reached with the arrow keys, shows the decision.
  await tabTo(page, page.getByRole('tab', { name: 'Details' }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'History' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('cell', { name: `Shipment accepted: ${remark}` })).toBeVisible();
  await page.context().close();
});

// Layout at the spec's breakpoints (991, 767 and 499 px, and a 1440-px desktop): no page scrolls sideways,
// the account menu (Change Password) stays on screen, and wide tables scroll inside their own box.
test('every signed-in page fits 1440, 991, 767 and 499 px wide: no sideways page, the account menu on screen', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedInAdmin(browser);
  const pages: [string, string][] = [
    ['/ez4/en/shipment', 'Shipments'],
    [`/ez4/en/shipment/details/${richShipment.id}`, 'Shipment Details'],
    ['/ez4/en/userManagement', 'User Management'],
    ['/ez4/en/userManagement/audit', 'User Change History'],
    ['/ez4/en/userManagement/oneRecordClients', 'ONE Record Clients'],
    ['/ez4/en/shipmentLog', 'User Log'],
    ['/ez4/en/sanctioncheck', 'Sanction Check'],
    ['/ez4/en/outboundmessages', 'Outbound Messages'],
    ['/ez4/en/shipmentmessages', 'Shipment Messages'],
    ...ruleListPlugins
      .slice(0, 1)
      .map((plugin): [string, string] => [`/ez4/en/${plugin.functionIdInPath ? `${plugin.route}/${plugin.functionId}` : plugin.route}`, plugin.label]),
    ['/ez4/en/adminlistcontrol', 'Admin List Control'],
  ];
  // Each width loads the app afresh, as a phone or a tablet would (a desktop window narrowed to a phone's
  // width keeps its menu open as a drawer over the page), then opens the pages in it as its menu does.
  for (const width of [1440, 991, 767, 499]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [index, [path, heading]] of pages.entries()) {
      // The first page of a width loads the app afresh; the others open in it, as its menu would.
      if (index === 0) await page.goto(path);
      else await openInApp(page, path);
      await expect(page.getByRole('heading', { level: 1 }).filter({ hasText: heading })).toBeVisible();
      await settled(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      const menu = await page.getByRole('button', { name: 'Profile' }).boundingBox();
      expect(menu && menu.x + menu.width <= width, `${path} at ${width} px: the account menu is off screen`).toBe(true);
      if (path === '/ez4/en/shipment') {
        // The overview's chart is drawn at its width: its labels stay readable (issue 36, 8: about 5 px on a phone).
        const chart = page.getByTestId('overview-chart');
        await expect(chart).toBeVisible();
        const textPx = await chart.evaluate(
          (svg) => (svg.getBoundingClientRect().width / (svg as unknown as SVGSVGElement).viewBox.baseVal.width) * parseFloat(getComputedStyle(svg).fontSize),
        );
        expect(textPx, `the chart's text is ${textPx.toFixed(1)} px at ${width} px`).toBeGreaterThanOrEqual(11);
        // With rows selected, every bulk action sits inside its bar (issue 36, 1: they spilled over the header).
        await page.getByRole('checkbox', { name: 'Select this row' }).first().check();
        const bar = page.locator('.RaBulkActionsToolbar-toolbar');
        await expect(bar.getByRole('button').first()).toBeVisible();
        // The bar slides in: its buttons are measured against it until it has settled.
        const spilled = async () => {
          const inside = await bar.boundingBox();
          if (!inside) return ['(no bar)'];
          const out: string[] = [];
          for (const button of await bar.getByRole('button').all()) {
            const at = await button.boundingBox();
            if (
              at &&
              at.x >= inside.x - 1 &&
              at.y >= inside.y - 1 &&
              at.x + at.width <= inside.x + inside.width + 1 &&
              at.y + at.height <= inside.y + inside.height + 1
            )
              continue;
            out.push((await button.getAttribute('aria-label')) ?? (await button.textContent()) ?? '?');
          }
          return out;
        };
        await expect.poll(spilled, { message: `bulk actions spill out of their bar at ${width} px` }).toEqual([]);
        await page.getByRole('checkbox', { name: 'Select this row' }).first().uncheck();
      }
      if (path.includes('/details/')) {
        // The detail's AWB number stays on one line (issue 36, 5: it wrapped at 767 px).
        const awb = page.getByRole('heading', { level: 2, name: `AWB ${richShipment.awb}` });
        const line = await awb.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight) || 32);
        expect((await awb.boundingBox())!.height, `the AWB number wraps at ${width} px`).toBeLessThan(line * 1.5);
      }
    }
  }
  // The menu's list names whole at 1440 px, each on its lines, none cut with an ellipsis (issue 36, 10).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/ez4/en/shipment');
  const mainMenu = page.getByRole('menu', { name: 'Main menu' });
  const administration = mainMenu.getByRole('menuitem', { name: 'Administration' });
  if ((await administration.getAttribute('aria-expanded')) !== 'true') await administration.click();
  await expect(administration).toHaveAttribute('aria-expanded', 'true');
  const items = mainMenu.getByRole('menuitem');
  expect(await items.count()).toBeGreaterThan(ruleListPlugins.length);
  // Polled: the sidebar may still be widening (its transition, after the narrow widths above), and meanwhile a name is cut (a CI run found Administration so).
  for (const item of await items.all()) {
    const cut = () =>
      item.evaluate((element) =>
        [element, ...element.querySelectorAll('*')].some((part) => part.scrollWidth > part.clientWidth + 1 && getComputedStyle(part).overflow !== 'visible'),
      );
    await expect.poll(cut, { message: `the menu cuts "${await item.textContent()}" at 1440 px` }).toBe(false);
  }
  // The list an operator scans: at 1440 px its default columns fit without scrolling, AWB numbers on one line.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/ez4/en/shipment');
  const table = page.locator('table').filter({ has: page.getByRole('columnheader', { name: 'SHC' }) });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const box = await table.evaluate((element) => ({ table: element.scrollWidth, box: element.parentElement!.parentElement!.clientWidth }));
  expect(box.table, 'the shipment table is wider than its box at 1440 px').toBeLessThanOrEqual(box.box);
  const awbLink = table.getByRole('link').first();
  const lineHeight = await awbLink.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight) || 24);
  expect((await awbLink.boundingBox())!.height, 'an AWB number wraps').toBeLessThan(lineHeight * 1.5);
  // The sanction hits of a shipment, every column in sight at 1440 px.
  await page.goto(`/ez4/en/shipment/details/${richShipment.id}`);
  await page.getByRole('tab', { name: /Sanction/ }).click();
  const hits = page.getByRole('table', { name: 'Sanction screening' });
  await expect(hits.getByRole('row').nth(1)).toBeVisible();
  const fit = await hits.evaluate((element) => ({ table: element.scrollWidth, box: element.parentElement!.clientWidth }));
  expect(fit.table, 'the sanction hits table is cut off at 1440 px').toBeLessThanOrEqual(fit.box);
  await page.context().close();
});

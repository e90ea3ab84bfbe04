import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { COUNTRY_HEADER, MFA_RESEND_SECONDS, MFA_TIMEOUT_SECONDS, SIGNIN_EXPERIENCE_ENV } from './support/portalServer';
import type { PortalServer } from './support/test';

/**
 * The complete sign-in experience (issue 3) in real Chromium against a server of its own:
 * errorCode dialogs, the e-mail one-time code read from a real SMTP sink, China consent, cookie
 * consent by region, forgot and change password, the mobile menu, and a broken header bundle.
 */

let server: PortalServer;

test.use({ portalEnv: SIGNIN_EXPERIENCE_ENV });
// Each test starts from a fresh context, and those that change a user (a password, a code) use their own: they run
// side by side, each worker on a server of its own. The file is the run's last; run in one worker, it was the tail.
test.describe.configure({ mode: 'parallel' });

test.beforeAll(async ({ portals }, testInfo) => {
  server = await portals.of(testInfo);
});

/** The visitor already made a cookie choice, so the consent panel stays away. */
async function withCookieChoice(context: BrowserContext) {
  await context.addCookies([{ name: 'cookie_consent', value: 'a', url: server.baseUrl }]);
  await context.addInitScript(() => {
    localStorage.setItem('personalize', 'false');
    localStorage.setItem('analytics', 'true');
    localStorage.setItem('isBtnClick', 'true');
  });
}

async function fillSignIn(page: Page, companyId: string, userId: string, password: string) {
  await page.getByLabel('Company ID').fill(companyId);
  await page.getByLabel('User ID').fill(userId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/ez4\/en\/login$/);
}

/** The 6 digits of the latest one-time code mail (subject "Your sign-in code AB-123456"). */
async function codeFromMail(since: number): Promise<{ prefix: string; code: string }> {
  const mail = await server.mail.next('mfauser@demoair.example', /sign-in code/, since);
  const match = /([A-Z]{2})-(\d{6})/.exec(mail.subject);
  if (!match) throw new Error(`no code in "${mail.subject}"`);
  return { prefix: match[1], code: match[2] };
}

/** The server sends one code per resend period per user: tests with the MFA user keep that distance. */
async function waitForCodeWindow() {
  const last = server.mail.lastTo('mfauser@demoair.example');
  const wait = last ? last.at + MFA_RESEND_SECONDS * 1000 + 300 - Date.now() : 0;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** A fresh visit signing in as the e-mail one-time-code user, once a new code may be sent: the code dialog, and when the sign-in began. */
async function openCodeDialog(page: Page, context: BrowserContext): Promise<{ dialog: Locator; since: number }> {
  await withCookieChoice(context);
  await waitForCodeWindow();
  await page.goto('/ez4/en/login');
  const since = Date.now();
  await fillSignIn(page, 'DEMOAIR', 'mfauser', 'Mfa#123456');
  return { dialog: page.getByRole('dialog', { name: 'Enter your verification code' }), since };
}

async function submitCode(dialog: Locator, code: string) {
  await dialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await dialog.getByRole('button', { name: 'Submit' }).click();
}

test.describe('errorCode dialogs', () => {
  for (const [code, title, text] of [
    ['1', 'Login Failed', 'Invalid User Profile'],
    ['2', 'Session Timeout', 'Session is time out, please login again'],
    ['3', 'Login Failed', 'Unexpected Error'],
  ]) {
    test(`errorCode=${code} opens the ${title} dialog once`, async ({ page, context }) => {
      await withCookieChoice(context);
      await page.goto(`/ez4/en/login?errorCode=${code}`);
      const dialog = page.getByRole('alertdialog', { name: title });
      await expect(dialog).toContainText(text);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/ez4\/en\/login$/);
      await page.reload();
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    });
  }
});

test.describe('e-mail one-time code', () => {
  test('signs in with the code from the mail, and this browser skips it next time', async ({ page, context }) => {
    const { dialog, since } = await openCodeDialog(page, context);
    await expect(dialog).toContainText('m****@demoair.example');
    const { prefix, code } = await codeFromMail(since);
    await expect(dialog).toContainText(`${prefix}-`);

    const input = dialog.getByRole('textbox', { name: 'Verification code' });
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await input.pressSequentially('12ab3');
    await expect(input).toHaveValue('123');
    await expect(submit).toBeDisabled();
    await input.fill(code);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page).toHaveURL(/\/ez4\/en\/shipment$/);
    expect(await page.evaluate(() => localStorage.getItem('mfa_session_id'))).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await signOut(page);
    const mailsBefore = server.mail.mails.length;
    await fillSignIn(page, 'DEMOAIR', 'mfauser', 'Mfa#123456');
    await expect(page).toHaveURL(/\/ez4\/en\/shipment$/);
    expect(server.mail.mails.length).toBe(mailsBefore);
  });

  test('a wrong code says how many attempts are left', async ({ page, context }) => {
    const { dialog, since } = await openCodeDialog(page, context);
    const { code } = await codeFromMail(since);
    const wrong = code === '000000' ? '111111' : '000000';
    await submitCode(dialog, wrong);
    await expect(dialog.getByRole('alert')).toContainText('Invalid verification code');
    await expect(dialog.getByRole('alert')).toContainText('Your OTP is incorrect. You have 2 attempt(s).');
    await expect(dialog.getByRole('textbox', { name: 'Verification code' })).toHaveValue('');
    await expect(dialog.getByRole('textbox', { name: 'Verification code' })).toBeFocused();
    // The right code still works afterwards.
    await submitCode(dialog, code);
    await expect(page).toHaveURL(/\/ez4\/en\/shipment$/);
  });

  test('resend is disabled for the configured period, then repeats the sign-in with a new code', async ({ page, context }) => {
    const { dialog, since: first } = await openCodeDialog(page, context);
    const old = await codeFromMail(first);
    const resend = dialog.getByRole('button', { name: /^Resend code/ });
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveText(/Resend code in [1-3] s/);
    await expect(resend).toBeEnabled({ timeout: (MFA_RESEND_SECONDS + 2) * 1000 });
    await expect(resend).toHaveText('Resend code');
    const second = Date.now();
    await resend.click();
    const fresh = await codeFromMail(second);
    await expect(dialog.getByRole('button', { name: /^Resend code in/ })).toBeDisabled();
    // The first code belonged to the first sign-in, which the resend replaced.
    if (old.code !== fresh.code) {
      await submitCode(dialog, old.code);
      await expect(dialog.getByRole('alert')).toContainText('Invalid verification code');
    }
    await submitCode(dialog, fresh.code);
    await expect(page).toHaveURL(/\/ez4\/en\/shipment$/);
  });

  test('the dialog times out with the login-failed error, and closing it does too', async ({ page, context }) => {
    // The page's clock is the test's: the dialog's period passes when the test moves the clock on.
    await page.clock.install();
    const { dialog } = await openCodeDialog(page, context);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/Time left: 0:(0\d|1[0-2])/);
    const failed = page.getByRole('alertdialog', { name: 'Failed to login' });
    await page.clock.fastForward((MFA_TIMEOUT_SECONDS - 1) * 1000);
    await expect(dialog).toContainText(/Time left: 0:0[01]/);
    await expect(failed).toBeHidden();
    await page.clock.fastForward(2000);
    await expect(failed).toContainText('Login Unsuccessful, please login again.');
    await expect(dialog).toBeHidden();
    await failed.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/ez4\/en\/login$/);

    await waitForCodeWindow();
    await fillSignIn(page, 'DEMOAIR', 'mfauser', 'Mfa#123456');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog', { name: 'Failed to login' })).toContainText('Login Unsuccessful, please login again.');
  });
});

test.describe('China privacy consent', () => {
  test.use({ extraHTTPHeaders: { [COUNTRY_HEADER]: 'CN' } });

  test('a user in a China-consent country agrees once before entering; a failure shows the consent-failed dialog', async ({ page, context }) => {
    await withCookieChoice(context);
    await page.goto('/ez4/en/login');
    await fillSignIn(page, 'SKYAIR', 'admin', 'Admin#12345');
    const dialog = page.getByRole('dialog', { name: 'Personal Information Protection' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/ez4\/en\/login$/);
    const boxes = dialog.getByRole('checkbox');
    await expect(boxes).toHaveCount(4);
    const proceed = dialog.getByRole('button', { name: 'Continue' });
    for (let index = 0; index < 3; index++) {
      await boxes.nth(index).check();
      await expect(proceed).toBeDisabled();
    }
    await boxes.nth(3).check();
    await expect(proceed).toBeEnabled();

    // The server refuses once: the consent-failed dialog, and the consent dialog stays for another try.
    let refused = false;
    await page.route('**/mobileapi/authentication/createuserconsent', async (route) => {
      if (refused) return route.continue();
      refused = true;
      return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: -99999, message: 'Unexpected Error' }) });
    });
    await proceed.click();
    const failed = page.getByRole('alertdialog', { name: 'Privacy consent' });
    await expect(failed).toContainText('Create Consent Unsuccessful, please try again.');
    await failed.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/ez4\/en\/login$/);

    const created = page.waitForRequest('**/mobileapi/authentication/createuserconsent');
    await proceed.click();
    expect((await created).postDataJSON()).toEqual({ ip_address: '127.0.0.1', category_id: 1, consent_version: 1 });
    await expect(page).toHaveURL(/\/ez4\/en\/shipment$/);

    // Consented: the next sign-in goes straight in.
    await signOut(page);
    await fillSignIn(page, 'SKYAIR', 'admin', 'Admin#12345');
    await expect(page).toHaveURL(/\/ez4\/en\/shipment$/);
  });

  test('declining signs the user out', async ({ page, context }) => {
    await withCookieChoice(context);
    await page.goto('/ez4/en/login');
    await fillSignIn(page, 'DEMOAIR', 'admin', 'Admin#12345');
    const dialog = page.getByRole('dialog', { name: 'Personal Information Protection' });
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Signed out' })).toBeVisible();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await page.goto('/ez4/en/shipment');
    await expect(page).toHaveURL(/\/ez4\/en\/login$/);
  });
});

test('a user whose region cannot be found is let in, and the browser logs it', async ({ page, context }) => {
  await withCookieChoice(context);
  await page.route('**/api/region', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
  await page.goto('/ez4/en/login');
  const logged = page.waitForRequest('**/logapi/clientlogging');
  await fillSignIn(page, 'DEMOAIR', 'operator', 'Operator#12345');
  const entry = (await logged).postDataJSON();
  expect(entry).toMatchObject({ iLogType: 3, iMsg: expect.stringContaining('Region lookup failed for user operator of company DEMOAIR') });
  await expect(page).toHaveURL(/\/ez4\/en\/shipment$/);
});

test.describe('cookie consent by region', () => {
  async function expectChoiceStored(page: Page, expected: { personalize: string; analytics: string }) {
    expect(await page.evaluate(() => ['personalize', 'analytics', 'isBtnClick'].map((key) => localStorage.getItem(key)))).toEqual([
      expected.personalize,
      expected.analytics,
      'true',
    ]);
    const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'cookie_consent');
    expect(cookie).toBeDefined();
    const lifetime = cookie!.expires * 1000 - Date.now();
    // 34,560,000 ms, give or take the test's own time.
    expect(lifetime).toBeGreaterThan(34_560_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(34_560_000 + 1000);
  }

  test.describe('United States', () => {
    test.use({ extraHTTPHeaders: { [COUNTRY_HEADER]: 'US' } });
    test('gets the settings without reject-all', async ({ page }) => {
      await page.goto('/ez4/en/login');
      const settings = page.getByRole('dialog', { name: 'Cookie settings' });
      await expect(settings).toBeVisible();
      await expect(settings.getByRole('button', { name: 'Reject all' })).toHaveCount(0);
      await settings.getByRole('checkbox', { name: /Personalisation/ }).check();
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await expect(settings).toBeHidden();
      await expectChoiceStored(page, { personalize: 'true', analytics: 'false' });
      await page.reload();
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Cookie settings' })).toHaveCount(0);
    });
  });

  test.describe('European list', () => {
    test.use({ extraHTTPHeaders: { [COUNTRY_HEADER]: 'DE' } });
    test('gets the settings with reject-all', async ({ page }) => {
      await page.goto('/ez4/en/login');
      const settings = page.getByRole('dialog', { name: 'Cookie settings' });
      await settings.getByRole('button', { name: 'Reject all' }).click();
      await expect(settings).toBeHidden();
      await expectChoiceStored(page, { personalize: 'false', analytics: 'false' });
    });
  });

  test('an unknown country gets the settings with reject-all', async ({ page }) => {
    await page.goto('/ez4/en/login');
    const settings = page.getByRole('dialog', { name: 'Cookie settings' });
    await expect(settings.getByRole('button', { name: 'Reject all' })).toBeVisible();
    await settings.getByRole('button', { name: 'Accept all' }).click();
    await expectChoiceStored(page, { personalize: 'true', analytics: 'true' });
  });

  test.describe('other regions', () => {
    test.use({ extraHTTPHeaders: { [COUNTRY_HEADER]: 'SG' } });
    test('get the simple banner with Continue and analytics on', async ({ page }) => {
      await page.goto('/ez4/en/login');
      const banner = page.getByRole('region', { name: 'Cookie notice' });
      await expect(banner).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Cookie settings' })).toHaveCount(0);
      await banner.getByRole('button', { name: 'Continue' }).click();
      await expect(banner).toBeHidden();
      await expectChoiceStored(page, { personalize: 'false', analytics: 'true' });
      // The footer reopens the settings.
      await page.getByRole('button', { name: 'Cookie settings' }).click();
      await expect(page.getByRole('dialog', { name: 'Cookie settings' }).getByRole('checkbox', { name: /Analytics/ })).toBeChecked();
    });
  });

  test('the cookies policy pages need no sign-in and have no footer', async ({ page }) => {
    for (const path of ['/ez4/en/CookiesPolicy', '/ez4/en/cookiesPolicy', '/ez4/en/CookiesPolicyDynamic']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Cookies Policy' })).toBeVisible();
      await expect(page.getByRole('cell', { name: 'Cookie' }).first()).toBeVisible();
      await expect(page.locator('cargo-site-footer')).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
    await page.getByRole('button', { name: 'Change cookie settings' }).click();
    await page.getByRole('dialog', { name: 'Cookie settings' }).getByRole('button', { name: 'Reject all' }).click();
    await expect(page.getByText('Analytics: not allowed')).toBeVisible();
  });
});

test.describe('passwords', () => {
  test('forgot password mails a single-use link that sets a new password', async ({ page, context }) => {
    await withCookieChoice(context);
    await page.goto('/ez4/en/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot password' });
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(dialog.getByText('Please fill in this field.')).toHaveCount(2);

    // An unknown user is answered exactly as a known one: nothing tells whether the account exists.
    await dialog.getByLabel('Company ID').fill('DEMOGHA');
    await dialog.getByLabel('User ID').fill('nobody');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    const unknown = page.getByRole('alertdialog', { name: 'Check your e-mail' });
    await expect(unknown).toContainText('If the account exists, a reset link has been sent to its e-mail address.');
    await unknown.getByRole('button', { name: 'OK' }).click();
    await expect(unknown).toBeHidden();

    const since = Date.now();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await dialog.getByLabel('Company ID').fill('DEMOGHA');
    await dialog.getByLabel('User ID').fill('operator');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Check your e-mail' })).toContainText(
      'If the account exists, a reset link has been sent to its e-mail address.',
    );
    const mail = await server.mail.next('operator@demogha.example', /Reset your/, since);
    const link = /(http:\/\/\S+\/ez4\/en\/resetPassword#token=[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(link).toBeDefined();

    await page.goto(link!);
    await expect(page.getByText('Choose a new password for user operator of company DEMOGHA.')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('Handler#2026new');
    await page.getByLabel('Confirm new password').fill('Handler#2026neW');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Password confirmation does not match.')).toBeVisible();
    await page.getByLabel('Confirm new password').fill('Handler#2026new');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    // The link works once.
    await page.goto('/ez4/en/login');
    await page.goto(link!);
    await expect(page.getByRole('alert')).toContainText('This password reset link is not valid any more');

    await page.goto('/ez4/en/login');
    await fillSignIn(page, 'DEMOGHA', 'operator', 'Handler#2026new');
    await expect(page).toHaveURL(/\/ez4\/en\/shipment$/);
  });

  test('change password applies the rules and the spec messages', async ({ page, context }) => {
    await withCookieChoice(context);
    await page.goto('/ez4/en/login');
    await fillSignIn(page, 'DEMOFWD', 'operator', 'Operator#12345');
    await expect(page).toHaveURL(/\/ez4\/en\/shipment$/);
    await page.goto('/ez4/en/ChangePassword');
    await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();

    const current = page.getByLabel('Current password');
    const next = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password');
    const save = page.getByRole('button', { name: 'Change password' });

    await current.fill('Operator#12345');
    await next.fill('Operator#12345');
    await confirm.fill('Operator#12345');
    await save.click();
    await expect(page.getByText('Please use a new password.')).toBeVisible();

    await next.fill('Forward#2026x');
    await confirm.fill('Forward#2026y');
    await save.click();
    await expect(page.getByText('Password confirmation does not match.')).toBeVisible();

    await current.fill('Wrong#12345');
    await confirm.fill('Forward#2026x');
    await save.click();
    await expect(page.getByText('Incorrect password.')).toBeVisible();

    await current.fill('Operator#12345');
    await save.click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    await signOut(page);
    await fillSignIn(page, 'DEMOFWD', 'operator', 'Forward#2026x');
    await expect(page).toHaveURL(/\/ez4\/en\/shipment$/);
  });
});

test.describe('page chrome', () => {
  test('the header and footer front-ends load through their manifests', async ({ page, context }) => {
    await withCookieChoice(context);
    await page.goto('/ez4/en/login');
    await expect(page.locator('cargo-site-header').getByRole('link', { name: 'Cargo Shipment Portal home' })).toBeVisible();
    await expect(page.locator('cargo-site-footer').getByText(/© \d{4} Cargo Shipment Portal/)).toBeVisible();
    await expect(page).toHaveTitle('Cargo Shipment Portal - Login');
    // The login page shows the terms beside its Login button, so its footer hands back the cookie settings.
    await page.locator('cargo-site-footer').getByRole('button', { name: 'Cookie settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Cookie settings' })).toBeVisible();
  });

  test('the login page keeps still while the header front-end arrives, on a slow phone (no layout shift; issue 16)', async ({ page, context }) => {
    await withCookieChoice(context);
    await page.setViewportSize({ width: 412, height: 823 });
    // A slow phone's CPU: the frames between the header's arrival and its first drawing are painted.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/ez4/en/login');
    await expect(page.locator('cargo-site-header').getByRole('link', { name: 'Cargo Shipment Portal home' })).toBeVisible();
    await expect(page.locator('cargo-site-footer')).toBeVisible();
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).toEqual([]);
  });

  test('a broken header bundle is written to the console and the page still works', async ({ page, context }) => {
    await withCookieChoice(context);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/ez4/chrome/header/assets/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("broken header bundle");' }),
    );
    await page.goto('/ez4/en/login');
    await expect(page.locator('cargo-site-footer')).toBeVisible();
    await expect.poll(() => errors.some((text) => text.includes('[chrome] The header could not be loaded'))).toBe(true);
    await expect(page.locator('cargo-site-header')).toHaveCount(0);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await fillSignIn(page, 'DEMOAIR', 'operator', 'Operator#12345');
    await expect(page).toHaveURL(/\/ez4\/en\/shipment$/);
  });

  test('the mobile menu at 390 px', async ({ page, context }) => {
    await withCookieChoice(context);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/ez4/en/login');
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const menu = page.getByRole('dialog', { name: 'Menu', exact: true });
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect((await menu.locator('.mobile-menu-header').boundingBox())?.height).toBe(220);
    for (const name of ['About the product', 'News', 'Contact us', 'About the provider', 'Cookies policy', 'Help']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'About the product' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    // Between 499 and 991 px the menu header is 260 px.
    await page.setViewportSize({ width: 800, height: 900 });
    await toggle.click();
    expect((await page.getByRole('dialog', { name: 'Menu', exact: true }).locator('.mobile-menu-header').boundingBox())?.height).toBe(260);
    await page.getByRole('button', { name: 'Close menu' }).click();
    // Wide screens have no hamburger: the links are in the header, the side panel and the footer.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(toggle).toBeHidden();
    await expect(page.locator('cargo-site-footer').getByRole('link', { name: 'About the product' })).toBeVisible();
  });

  test('About and Help are real pages, reachable from the menu', async ({ page, context }) => {
    await withCookieChoice(context);
    await page.goto('/ez4/en/login');
    await fillSignIn(page, 'DEMOAIR', 'admin', 'Admin#12345');
    await expect(page).toHaveURL(/\/ez4\/en\/shipment$/);
    await page.getByRole('menuitem', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/ez4\/en\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'News' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the portal' }).click();
    await expect(page).toHaveURL(/\/ez4\/en\/shipment$/);
    await page.getByRole('menuitem', { name: 'Help' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'One-time code' })).toBeVisible();
  });
});

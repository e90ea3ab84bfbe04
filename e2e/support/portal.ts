import { readFileSync } from 'node:fs';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { suffixWithCheckDigit } from '../../src/domain/awb';
import { readFwb, writeFwb, type AirWaybill } from '../../src/domain/cargoMessages';

/** What the specs against the demo world share: signing in, a visitor's cookie choice, API tokens, FWBs of their own. */

/** The visitor already made a cookie choice, so the consent panel stays away. */
export async function rememberCookieChoice(context: BrowserContext, baseURL: string): Promise<void> {
  await context.addCookies([{ name: 'cookie_consent', value: 'a', url: baseURL }]);
  await context.addInitScript(() => {
    localStorage.setItem('personalize', 'true');
    localStorage.setItem('analytics', 'true');
    localStorage.setItem('isBtnClick', 'true');
  });
}

/** Signs in on the login page of a user without a one-time code and waits for the shipment page's address. */
export async function signIn(page: Page, companyId: string, userId: string, password: string): Promise<void> {
  await page.goto('/ez4/en/login');
  await page.getByLabel('Company ID').fill(companyId);
  await page.getByRole('textbox', { name: 'User ID' }).fill(userId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/auth/token' && response.request().method() === 'POST', {
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Login' }).click();
  // A refused or missing sign-in says why, instead of only that the address stayed on login.
  const response = await answer.catch(async () => {
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the text as rendered), not the DOM property.
    throw new Error(`sign-in of ${companyId}/${userId}: the form sent no sign-in request; the page said: ${await page.locator('body').innerText()}`);
  });
  expect(response.status(), `sign-in of ${companyId}/${userId}: ${await response.text()}`).toBe(200);
  await expect(page).toHaveURL(/\/ez4\/en\/shipment$/, { timeout: 20_000 });
}

/**
 * Opens an address of the app as its menu does, without loading the app again: the history entry
 * and the popstate event the app's router follows. A spec that visits many pages in a row pays one
 * load of the app instead of one per page. The page must show the app already (after a `goto`).
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** An access token for the API, from the same sign-in call the login page makes. */
export async function apiToken(base: string, userId: string, password: string, companyId = 'DEMOAIR'): Promise<string> {
  const response = await fetch(`${base}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ GrantType: 'client_credentials', ClientId: `${userId}|${companyId}|2|L`, ClientSecret: password }),
  });
  expect(response.status, `sign-in of ${companyId}/${userId}`).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * The sample FWB of the fixtures on DEMOAIR AWB 160-{serial with its check digit}, changed as the
 * spec needs: a spec's own serial range keeps its shipments apart from every other spec's.
 */
export function demoFwb(serial: number, change: (waybill: AirWaybill) => void = () => {}): { text: string; awb: string } {
  const read = readFwb(readFileSync(new URL('../../tests/fixtures/cargoMessages/fwb16-consol.txt', import.meta.url), 'utf8'));
  if (!read.ok) throw new Error('the sample must read');
  const waybill = structuredClone(read.value);
  waybill.consignment.awb = { prefix: '160', suffix: suffixWithCheckDigit(serial) };
  change(waybill);
  const written = writeFwb(waybill);
  if (!written.ok) throw new Error(JSON.stringify(written.faults));
  return { text: written.text, awb: `160-${suffixWithCheckDigit(serial)}` };
}

/** Sends a cargo message (FWB, FHL) to /awbapi/messages as `token`; the new or updated shipment's id. */
export async function sendMessage(base: string, token: string, text: string): Promise<string> {
  const sent = await fetch(`${base}/awbapi/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
    body: text,
  });
  const answer = await sent.text();
  expect(sent.status, answer).toBeLessThan(300);
  return (JSON.parse(answer) as { data: { ShipmentId: string } }).data.ShipmentId;
}

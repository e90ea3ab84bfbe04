import { realPdf } from '../tests/fixtures/realPdf';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { apiToken, demoFwb, signIn } from './support/portal';

/**
 * Browser hardening in real Chromium (issue 8, item 6): text that users and lists put into the
 * portal (an operator's remarks, a document's name and remarks, a sanction decision's remark, a
 * sanction list entry's program and remarks) is shown as text, never run or parsed as markup; the
 * page's Content-Security-Policy reports nothing refused, because nothing tried to run; and no
 * session token ever appears in an address the browser loads. The headers themselves:
 * tests/server/proof/headers.test.ts.
 */

/** Markup that, parsed as HTML, would leave an element with data-xss and try to run script. */
const markup = (where: string) =>
  `<img src="x" data-xss="${where}" onerror="window.__xss='${where}'"><script>window.__xss='${where}'</script><b data-xss="${where}">${where}</b>`;

let base: string;
let shipment: { id: string; awb: string };

async function api<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(typeof body === 'string' ? { 'content-type': 'text/plain' } : body ? { 'content-type': 'application/json' } : {}),
    },
    body: typeof body === 'string' ? body : body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  expect(response.status, `${method} ${url}: ${text}`).toBeLessThan(300);
  const answer = JSON.parse(text) as { status: number; data: T };
  // A refusal (stale, blocked) is HTTP 200 with status -1 (spec 8).
  expect(answer.status, `${method} ${url}: ${text}`).toBe(1);
  return answer.data;
}

test.beforeAll(async ({ portals }, testInfo) => {
  base = (await portals.of(testInfo)).baseUrl;
  const admin = await apiToken(base, 'admin', 'Admin#12345');

  // A sanction list entry of the company's own, its program and remarks markup.
  const envelope = (request: unknown) => ({ request, app_id: 2, token: crypto.randomUUID(), ts: Math.floor(Date.now() / 1000) });
  await api(
    admin,
    'POST',
    '/classicapi/sanctionlist',
    envelope({
      listSource: 'INTERNAL',
      reference: 'XSS-1',
      matchingValue: 'HARDENING MARKUP TRADERS',
      matchingMethod: 'Keyword',
      partyType: 'Entity',
      program: markup('program'),
      remarks: markup('entry-remarks'),
    }),
  );

  // A shipment of this spec's own whose consignee is that entry: it comes in with a hit.
  const written = demoFwb(9_700_001, (waybill) => (waybill.consignee = { ...waybill.consignee, name: 'HARDENING MARKUP TRADERS' }));
  const created = await api<{ ShipmentId: string; AWBNumber: string }>(admin, 'POST', '/awbapi/messages', written.text);
  shipment = { id: created.ShipmentId, awb: created.AWBNumber };

  // The hit escalated with a remark of markup; the operator's remarks markup too.
  const sanction = await api<{ UpdateDT: string; SanctionHits: { hitId: string }[] }>(admin, 'GET', `/awbapi/sanction/detail/${shipment.id}`);
  expect(sanction.SanctionHits.length).toBeGreaterThan(0);
  const [prefix, suffix] = shipment.awb.split('-');
  await api(admin, 'POST', '/awbapi/sanction/save', {
    ShipmentId: shipment.id,
    AWBPrefix: prefix,
    AWBSuffix: suffix,
    UpdateDT: sanction.UpdateDT,
    PendingUpdate: false,
    decisions: sanction.SanctionHits.map((hit) => ({ HitId: hit.hitId, Decision: 'ESCALATE', Remark: markup('sanction-remark') })),
  });
  const detail = await api<{ UpdateDT: string }>(admin, 'GET', `/awbapi/awbdetail/${shipment.id}`);
  await api(admin, 'POST', '/awbapi/awbmodify', { ShipmentId: shipment.id, UpdateDT: detail.UpdateDT, OperatorRemarks: markup('operator-remarks') });

  // A document whose file name and remarks are markup.
  const form = new FormData();
  form.append('ShipmentId', shipment.id);
  form.append('Remarks', markup('document-remarks'));
  form.append(
    'file',
    new Blob([new Uint8Array(await realPdf('hardening'))], { type: 'application/pdf' }),
    '<img src=x data-xss=document-name onerror=alert(1)>.pdf',
  );
  const uploaded = await fetch(`${base}/awbapi/document/upload`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
  expect(uploaded.status, await uploaded.text()).toBeLessThan(300);
});

/** The dialogs (alert, confirm, prompt) a script opened on each page: an injected alert(1) would land here. */
const dialogsOf = new WeakMap<Page, string[]>();

/** Records every address the page loads, every dialog a script opens and every Content-Security-Policy refusal it reports. */
async function watched(page: Page, baseURL: string) {
  const addresses: string[] = [];
  const dialogs: string[] = [];
  dialogsOf.set(page, dialogs);
  page.on('request', (request) => addresses.push(request.url()));
  // Dismissed so the page goes on; expectInert fails on any, with its message.
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.context().addCookies([{ name: 'cookie_consent', value: 'a', url: baseURL }]);
  await page.addInitScript(() => {
    localStorage.setItem('isBtnClick', 'true');
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => w.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return addresses;
}

/** Nothing of the markup was parsed or run: no element it would make, no script it would run, no dialog, no policy refusal. */
async function expectInert(page: Page, where: string) {
  await expect(page.locator('[data-xss]'), where).toHaveCount(0);
  expect(dialogsOf.get(page), `${where}: dialogs a script opened`).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss), where).toBeUndefined();
  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations), where).toEqual([]);
}

test('remarks, document names and sanction texts are shown as text, never run; no token in any address', async ({ page, baseURL }) => {
  const addresses = await watched(page, baseURL!);
  const tokenAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/auth/token' && response.status() === 200);
  await signIn(page, 'DEMOAIR', 'admin', 'Admin#12345');
  const issued = (await (await tokenAnswer).json()) as { access_token: string; refresh_token: string };

  await page.goto(`/ez4/en/shipment/details/${shipment.id}`);
  await expect(page.getByRole('heading', { name: `AWB ${shipment.awb}` })).toBeVisible();
  await expect(page.getByText(markup('operator-remarks'), { exact: true })).toBeVisible();
  await expectInert(page, 'details');

  await page.getByRole('tab', { name: /^Documents/ }).click();
  // The server keeps a file name to safe characters when it stores it; what it stored is shown as it is.
  await expect(page.getByRole('cell', { name: '_img src_x data-xss_document-name onerror_alert(1)_.pdf', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: markup('document-remarks'), exact: true })).toBeVisible();
  await expectInert(page, 'documents');

  await page.getByRole('tab', { name: /^Sanction/ }).click();
  await expect(page.getByRole('table', { name: 'Sanction screening' }).getByText(markup('sanction-remark'), { exact: false }).first()).toBeVisible();
  await expectInert(page, 'sanction');

  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByText(markup('sanction-remark'), { exact: false }).first()).toBeVisible();
  await expectInert(page, 'history');

  await page.goto(`/ez4/en/sanctionlist?filter=${encodeURIComponent(JSON.stringify({ q: 'HARDENING' }))}`);
  const row = page.getByRole('row', { name: /HARDENING MARKUP TRADERS/ });
  await expect(row).toBeVisible();
  await expect(row.getByText(markup('program'), { exact: true })).toBeVisible();
  await expectInert(page, 'sanction list');

  // The session's tokens travel in bodies and headers, never in an address the page loaded.
  const stored = [issued.access_token, issued.refresh_token];
  for (const token of stored) expect(token.length).toBeGreaterThan(20);
  expect(addresses.length).toBeGreaterThan(10);
  for (const address of addresses) {
    for (const token of stored) expect(address, address).not.toContain(token);
    expect(address).not.toMatch(/[?&#](access_token|refresh_token|token)=/i);
  }
});

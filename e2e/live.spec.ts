import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { live, recordLiveEvents, streamLive } from './support/liveRecord';
import { apiToken, rememberCookieChoice, signIn } from './support/portal';
import { startPortalServer, type PortalServer } from './support/portalServer';
import { expect, test } from './support/test';
import { copyOfWorld, type WorldCopy } from './support/world';

/**
 * Live operations (issue 19) in real Chromium: two app instances on ONE database copy, browsers on
 * each. A decision in the browser on instance A shows in the browser on instance B (the detail's
 * "changed by", the list's row); a user of another company receives nothing of it; and the stream
 * survives a restart of instance B, catching up on a decision made while B was down.
 */

test.describe.configure({ mode: 'serial' });

let world: WorldCopy;
let serverA: PortalServer;
let serverB: PortalServer;
let portB: number;
/** Both instances sign and check tokens and tickets with one secret, as instances behind one load balancer do. */
const env = { JWT_SECRET: randomBytes(32).toString('base64url'), LIVE_HEARTBEAT_MS: '2000' };

interface Shipment {
  id: string;
  awb: string;
}

/** A signed-in page on `server`, its live events recorded. */
async function signedInPage(browser: Browser, server: PortalServer, companyId: string, userId: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl });
  await rememberCookieChoice(context, server.baseUrl);
  await recordLiveEvents(context);
  const page = await context.newPage();
  await signIn(page, companyId, userId, password);
  return page;
}

/** Shipments of the company, New, that its user may accept, found through the API (each detail's lock released again). */
async function acceptable(base: string, companyId: string, userId: string, password: string, count: number): Promise<Shipment[]> {
  const bearer = { authorization: `Bearer ${await apiToken(base, userId, password, companyId)}` };
  const summary = await fetch(`${base}/awbapi/awbsummary`, {
    method: 'POST',
    headers: { ...bearer, 'content-type': 'application/json' },
    body: JSON.stringify({
      fieldSearch: [],
      dbOptions: { CurrentPage: 1, PageSize: 100, FieldName: 'AWBNumber', OrderBy: 'ASC' },
      filters: { Status: ['New'] },
    }),
  }).then((response) => response.json() as Promise<{ data: { rows: { ShipmentId: string; AWBNumber: string; IsLent: boolean }[] } }>);
  const found: Shipment[] = [];
  for (const row of summary.data.rows) {
    if (row.IsLent || found.length === count) continue;
    const detail = await fetch(`${base}/awbapi/awbdetail/${row.ShipmentId}`, { headers: bearer }).then(
      (response) => response.json() as Promise<{ data: { Can: { Accept: boolean }; Block: unknown } }>,
    );
    await fetch(`${base}/awbapi/deletehandling/${row.ShipmentId}`, { method: 'POST', headers: bearer });
    if (detail.data.Can.Accept && !detail.data.Block) found.push({ id: row.ShipmentId, awb: row.AWBNumber });
  }
  if (found.length < count) throw new Error(`the seed left only ${found.length} acceptable ${companyId} shipments`);
  return found;
}

/** Accepts a shipment through the API, as the Accept button does; the answer's status is checked. */
async function acceptByApi(base: string, companyId: string, userId: string, password: string, shipment: Shipment): Promise<void> {
  const bearer = { authorization: `Bearer ${await apiToken(base, userId, password, companyId)}` };
  const detail = await fetch(`${base}/awbapi/awbdetail/${shipment.id}`, { headers: bearer }).then(
    (response) => response.json() as Promise<{ data: { UpdateDT: string } }>,
  );
  const answer = await fetch(`${base}/awbapi/awbapprove`, {
    method: 'POST',
    headers: { ...bearer, 'content-type': 'application/json' },
    body: JSON.stringify({
      ShipmentId: shipment.id,
      ApproveType: 'NORMAL',
      ApproveReason: 'Checked against the booking',
      UpdateDT: detail.data.UpdateDT,
      PendingUpdate: false,
    }),
  }).then((response) => response.json() as Promise<{ status: number; message?: string }>);
  expect(answer.status, `accepting ${shipment.awb}: ${answer.message}`).toBe(1);
  await fetch(`${base}/awbapi/deletehandling/${shipment.id}`, { method: 'POST', headers: bearer });
}

let watched: Shipment;
let whileDown: Shipment;
let skyShipment: Shipment;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  world = await copyOfWorld();
  // One after the other: two instances starting at the same moment on one database can deadlock in their start-up work.
  serverA = await startPortalServer(env, { database: world });
  serverB = await startPortalServer(env, { database: world });
  portB = Number(new URL(serverB.baseUrl).port);
  [watched, whileDown] = await acceptable(serverA.baseUrl, 'DEMOAIR', 'operator', 'Operator#12345', 2);
  [skyShipment] = await acceptable(serverA.baseUrl, 'SKYAIR', 'admin', 'Admin#12345', 1);
});

test.afterAll(async () => {
  await Promise.all([serverA?.stop(), serverB?.stop()]);
  await world?.drop();
});

let detailB: Page;
let listB: Page;
let skyB: Page;

test('a decision in the browser on instance A shows at once in the browser on instance B, and nowhere else', async ({ browser }) => {
  test.setTimeout(120_000);
  // Instance B: Alice (DEMOAIR admin) with the shipment's detail in one tab and the list in another; Sam (SKYAIR) on the list.
  detailB = await signedInPage(browser, serverB, 'DEMOAIR', 'admin', 'Admin#12345');
  listB = await detailB.context().newPage();
  // The list searched for it among the New shipments: once accepted, it no longer matches, and says so.
  await listB.goto(`/ez4/en/shipment?${new URLSearchParams({ filter: JSON.stringify({ awbs: [watched.awb], Status: ['New'] }), page: '1' })}`);
  const row = listB.getByRole('row').filter({ has: listB.getByRole('link', { name: watched.awb }) });
  await expect(row.getByText('New', { exact: true })).toBeVisible();
  await detailB.goto(`/ez4/en/shipment/details/${watched.id}`);
  await expect(detailB.getByRole('heading', { name: `AWB ${watched.awb}` })).toBeVisible();
  await expect(detailB.getByRole('button', { name: 'Accept', exact: true })).toBeEnabled();
  skyB = await signedInPage(browser, serverB, 'SKYAIR', 'admin', 'Admin#12345');
  await Promise.all([streamLive(detailB), streamLive(listB), streamLive(skyB)]);

  // Instance A: Oscar (DEMOAIR operator) opens it (taking the handling lock) and accepts it.
  const pageA = await signedInPage(browser, serverA, 'DEMOAIR', 'operator', 'Operator#12345');
  await pageA.goto(`/ez4/en/shipment/details/${watched.id}`);
  await expect(pageA.getByRole('heading', { name: `AWB ${watched.awb}` })).toBeVisible();
  // The lock a colleague took shows on B at once, before any decision.
  await expect(detailB.getByText(/This shipment is being handled by Oscar Operator \(DEMOAIR\)/)).toBeVisible({ timeout: 5000 });
  await pageA.getByRole('button', { name: 'Accept', exact: true }).click();
  const dialog = pageA.getByRole('dialog', { name: `Accept AWB ${watched.awb}` });
  await dialog.getByLabel(/Remark/).fill('Checked against the booking');
  await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(pageA.getByText(`AWB ${watched.awb} accepted.`)).toBeVisible();

  // Instance B's detail: who and when at once, decisions off until reloaded; its list: the row in place, Accept.
  const changed = detailB.getByRole('status').filter({ hasText: /Changed by Oscar Operator at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/ });
  await expect(changed).toBeVisible({ timeout: 5000 });
  await expect(changed).toContainText('This shipment has changed since you opened it.');
  await expect(detailB.getByRole('button', { name: 'Accept', exact: true })).toBeDisabled();
  await expect(detailB.getByRole('button', { name: 'Reject', exact: true })).toBeDisabled();
  await expect(row.getByText('Accept', { exact: true })).toBeVisible({ timeout: 5000 });
  await expect(row.getByText('No longer matches the filters')).toBeVisible();
  await listB.screenshot({ path: test.info().outputPath('list-no-longer-matches.png'), fullPage: true });
  await detailB.screenshot({ path: test.info().outputPath('detail-changed-by.png') });
  // The page that decided reloaded itself: its own decision is no news to it.
  await expect(pageA.getByText(/^Changed by/)).toHaveCount(0);

  // One click reloads: the new status, and the alert gone.
  await changed.getByRole('button', { name: 'Refresh' }).click();
  await expect(changed).toBeHidden();
  await expect(detailB.getByRole('main').getByText('Accept', { exact: true }).first()).toBeVisible();

  // SKYAIR's own decision comes through its stream; DEMOAIR's, committed before it, never did.
  await acceptByApi(serverA.baseUrl, 'SKYAIR', 'admin', 'Admin#12345', skyShipment);
  await expect
    .poll(async () => (await live(skyB)).messages.map((event) => event.shipmentId), { message: 'SKYAIR receives its own decision' })
    .toContain(skyShipment.id);
  const sky = await live(skyB);
  expect(sky.messages.filter((event) => event.shipmentId !== skyShipment.id)).toEqual([]);
  expect(sky.messages.some((event) => event.awb === watched.awb || event.shipmentId === watched.id)).toBe(false);
  // And DEMOAIR's pages on B got the decision as an event of the stream (not by polling).
  expect((await live(listB)).messages.some((event) => event.shipmentId === watched.id && event.kind === 'decision' && event.by === 'Oscar Operator')).toBe(
    true,
  );
  await pageA.context().close();
  await skyB.context().close();
});

test('the stream survives a restart of instance B and catches up on what happened meanwhile', async () => {
  test.setTimeout(180_000);
  await detailB.goto(`/ez4/en/shipment/details/${whileDown.id}`);
  await expect(detailB.getByRole('heading', { name: `AWB ${whileDown.awb}` })).toBeVisible();
  await streamLive(detailB);
  const opened = (await live(detailB)).opened.length;

  await serverB.stop();
  await acceptByApi(serverA.baseUrl, 'DEMOAIR', 'operator', 'Operator#12345', whileDown);
  serverB = await startPortalServer(env, { database: world, port: portB });

  // The browser reconnects by itself (a new ticket, and the last event id it had) and is told of the decision.
  await expect(detailB.getByRole('status').filter({ hasText: 'Changed by Oscar Operator at' })).toBeVisible({ timeout: 60_000 });
  const record = await live(detailB);
  expect(record.opened.slice(opened).some((url) => /[?&]lastEventId=\d+/.test(url))).toBe(true);
  expect(record.messages.some((event) => event.shipmentId === whileDown.id && event.kind === 'decision')).toBe(true);
  await expect(detailB.getByRole('button', { name: 'Accept', exact: true })).toBeDisabled();
});

import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { apiToken, signIn } from './support/portal';
import type { PortalServer } from './support/test';

/**
 * Lending from the AWB detail (issue 22, 10) in real Chromium: the SKYAIR admin lends one of its
 * shipments to DEMOAIR, whose operator then finds it in the summary (marked Lent) and gets the lent
 * message on opening it; SKYAIR takes it back, and DEMOAIR no longer finds it.
 */

let server: PortalServer;
let awb: string;

test.describe.configure({ mode: 'serial' });

/** A SKYAIR shipment lent to nobody yet: the first of its summary that DEMOAIR may be lent. */
async function shipmentToLend(): Promise<string> {
  const bearer = { authorization: `Bearer ${await apiToken(server.baseUrl, 'admin', 'Admin#12345', 'SKYAIR')}` };
  const summary = await fetch(`${server.baseUrl}/awbapi/awbsummary`, {
    method: 'POST',
    headers: { ...bearer, 'content-type': 'application/json' },
    body: JSON.stringify({ fieldSearch: [], dbOptions: { CurrentPage: 1, PageSize: 50, FieldName: 'AWBNumber', OrderBy: 'DESC' } }),
  }).then((response) => response.json() as Promise<{ data: { rows: { ShipmentId: string; AWBNumber: string }[] } }>);
  for (const row of summary.data.rows) {
    const companies = await fetch(`${server.baseUrl}/awbapi/util/lendcompanies/${row.ShipmentId}`, { headers: bearer }).then(
      (response) => response.json() as Promise<{ data: { CompanyId: string }[] }>,
    );
    if (companies.data.some((company) => company.CompanyId === 'DEMOAIR')) return row.AWBNumber;
  }
  throw new Error('no SKYAIR shipment left to lend to DEMOAIR');
}

async function signedIn(browser: Browser, companyId: string, userId: string, password: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: server.baseUrl })).newPage();
  await signIn(page, companyId, userId, password);
  return page;
}

/** Searches the one AWB afresh (a tag already there is cleared first: the same tag twice is refused). */
async function searchFor(page: Page, awbNumber: string) {
  const clear = page.getByRole('button', { name: 'Clear', exact: true });
  if (await clear.isEnabled()) await clear.click();
  await page.getByLabel('AWB numbers').fill(awbNumber);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test.beforeAll(async ({ portals }, testInfo) => {
  server = await portals.of(testInfo);
  awb = await shipmentToLend();
});

test('the owner lends a shipment to DEMOAIR, whose operator sees its row and the lent message, and takes it back', async ({ browser }) => {
  const owner = await signedIn(browser, 'SKYAIR', 'admin', 'Admin#12345');
  const borrower = await signedIn(browser, 'DEMOAIR', 'operator', 'Operator#12345');

  // Before: DEMOAIR has no relation to the shipment.
  await searchFor(borrower, awb);
  await expect(borrower.getByRole('status').filter({ hasText: 'This air waybill is not accessible.' })).toBeVisible();

  await searchFor(owner, awb);
  await owner.getByRole('cell', { name: awb }).click();
  await expect(owner.getByRole('heading', { name: `AWB ${awb}` })).toBeVisible();
  await owner.getByRole('button', { name: 'Lend…' }).click();
  const dialog = owner.getByRole('dialog', { name: `Lend AWB ${awb}` });
  await dialog.getByRole('combobox', { name: /Company/ }).click();
  await owner.getByRole('option', { name: /Demo Airlines \(DEMOAIR\)/ }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText(`Lend AWB ${awb} to Demo Airlines (DEMOAIR)? It will see the shipment in its list, not its details.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Lend', exact: true }).click();
  await expect(owner.getByText(`AWB ${awb} is lent to Demo Airlines (DEMOAIR).`)).toBeVisible();
  await expect(owner.getByText(/^Lent to Demo Airlines \(DEMOAIR\) since \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC by admin$/)).toBeVisible();
  await owner.getByRole('tab', { name: 'History' }).click();
  await expect(owner.getByRole('cell', { name: 'Lent to another company: it sees the shipment in its summary, not its details' })).toBeVisible();

  // DEMOAIR finds the row, marked Lent; opening it gives the lent message.
  await searchFor(borrower, awb);
  const row = borrower.getByRole('row').filter({ has: borrower.getByRole('cell', { name: awb }) });
  await expect(row.getByText('Lent', { exact: true })).toBeVisible();
  await borrower.getByRole('cell', { name: awb }).click();
  await expect(borrower.getByRole('alert').filter({ hasText: 'This air waybill is lent, and you do not have access right to the details.' })).toBeVisible();

  // SKYAIR takes it back; DEMOAIR no longer finds it.
  await owner.getByRole('button', { name: 'Take back: Demo Airlines (DEMOAIR)' }).click();
  const confirm = owner.getByRole('dialog', { name: `Take back AWB ${awb}` });
  await confirm.getByRole('button', { name: 'Take back', exact: true }).click();
  await expect(owner.getByText(`AWB ${awb} is taken back from Demo Airlines (DEMOAIR).`)).toBeVisible();
  await expect(owner.getByText(/^Lent to Demo Airlines \(DEMOAIR\) since/)).toBeHidden();

  await borrower.getByRole('button', { name: 'Back to the list' }).click();
  await searchFor(borrower, awb);
  await expect(borrower.getByRole('status').filter({ hasText: 'This air waybill is not accessible.' })).toBeVisible();
  await expect(borrower.getByRole('cell', { name: awb })).toBeHidden();
});

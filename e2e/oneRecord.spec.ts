import { expect, test } from './support/test';
import { apiToken, demoFwb, rememberCookieChoice, sendMessage, signIn } from './support/portal';

/**
 * ONE Record in real Chromium (issue 37): a shipment that came as an FWB shows its master Waybill's IRI on
 * the AWB detail page, the copy button puts that IRI on the clipboard, and the IRI answers the Waybill as
 * JSON-LD to the same company's bearer token.
 */

test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL!));

test("from an FWB to its Waybill's ONE Record IRI, copied from the detail page and read with the company's token", async ({ page, context, baseURL }) => {
  test.slow();
  const { text, awb } = demoFwb(9_437_001);
  const admin = await apiToken(baseURL!, 'admin', 'Admin#12345');
  const shipmentId = await sendMessage(baseURL!, admin, text);

  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signIn(page, 'DEMOAIR', 'admin', 'Admin#12345');
  await page.goto(`/ez4/en/shipment/details/${shipmentId}`);
  await expect(page.getByRole('heading', { name: `AWB ${awb}` })).toBeVisible();
  const shipmentBlock = page.getByRole('region', { name: 'Shipment', exact: true });
  const iri = shipmentBlock.getByText(new RegExp(`/onerecord/logistics-objects/${shipmentId}-waybill$`));
  await expect(iri).toBeVisible();
  const address = (await iri.textContent()) as string;
  await shipmentBlock.getByRole('button', { name: 'Copy the ONE Record Waybill address' }).click();
  await expect(page.getByText('ONE Record Waybill address copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

  const waybill = await fetch(`${baseURL}${new URL(address).pathname}`, {
    headers: { authorization: `Bearer ${admin}`, accept: 'application/ld+json; version=2.3.0' },
  });
  expect(waybill.status).toBe(200);
  expect(waybill.headers.get('type')).toBe('https://onerecord.iata.org/ns/cargo#Waybill');
  const body = (await waybill.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ '@id': address, '@type': 'cargo:Waybill', 'cargo:waybillNumber': awb.split('-')[1] });
});

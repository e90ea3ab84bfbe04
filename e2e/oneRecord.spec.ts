import { expect, test } from './support/test';
import { recordLiveEvents, streamLive } from './support/liveRecord';
import { apiToken, demoFwb, rememberCookieChoice, sendMessage, signIn } from './support/portal';
import { startPartnerServer } from '../tests/server/oneRecord/partnerServer';

/**
 * ONE Record in real Chromium (issue 37): a shipment that came as an FWB shows its master Waybill's IRI on
 * the AWB detail page, the copy button puts that IRI on the clipboard, and the IRI answers the Waybill as
 * JSON-LD to the same company's bearer token; accepted on that page, the shipment's Shipment has an ACCEPTED event,
 * which links the decision's Check.
 */

test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL!));

test("from an FWB to its Waybill's ONE Record IRI, copied from the detail page and read with the company's token; an accept to its event and Check", async ({
  page,
  context,
  baseURL,
}) => {
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

  // The operator accepts it on the same page: the Shipment's ACCEPTED event, and the Check it links to.
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Accept AWB ${awb}` });
  await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(page.getByText(`AWB ${awb} accepted.`)).toBeVisible();
  const read = async (url: string) => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${admin}`, accept: 'application/ld+json; version=2.3.0' } });
    expect(response.status, url).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  const events = await read(`${baseURL}/onerecord/logistics-objects/${shipmentId}-shipment/logistics-events`);
  const [event] = events['api:hasItem'] as Record<string, { '@id': string } & Record<string, string>>[];
  expect(event['cargo:eventCode']['@id']).toMatch(/\/onerecord\/code-lists\/ScreeningStatus#ACCEPTED$/);
  const check = await read(`${baseURL}${new URL(event['cargo:externalReferences']['cargo:documentLink']).pathname}`);
  expect(check).toMatchObject({
    '@type': 'cargo:Check',
    'cargo:checkedObject': { '@id': `${new URL(address).origin}/onerecord/logistics-objects/${shipmentId}-shipment` },
    'cargo:checkTotalResult': { 'cargo:passed': true },
  });
});

test("a partner's change request shows on the open AWB detail page as it comes; the operator accepts it and the shipment takes it as a newer FWB", async ({
  page,
  context,
  baseURL,
}) => {
  test.slow();
  const { text, awb } = demoFwb(9_437_002);
  const admin = await apiToken(baseURL!, 'admin', 'Admin#12345');
  const shipmentId = await sendMessage(baseURL!, admin, text);
  // The operator has the detail open, its live stream open, before the partner asks.
  await recordLiveEvents(context);
  await signIn(page, 'DEMOAIR', 'admin', 'Admin#12345');
  await page.goto(`/ez4/en/shipment/details/${shipmentId}`);
  await expect(page.getByRole('heading', { name: `AWB ${awb}` })).toBeVisible();
  await streamLive(page);
  const waiting = page.getByRole('region', { name: 'ONE Record change requests waiting for a decision' });
  await expect(waiting).toBeHidden();

  const ld = { authorization: `Bearer ${admin}`, accept: 'application/ld+json; version=2.3.0' };
  const shipmentUrl = `${baseURL}/onerecord/logistics-objects/${shipmentId}-shipment`;
  const before = (await (await fetch(shipmentUrl, { headers: ld })).json()) as Record<string, unknown>;
  // The weight is an object inside the Shipment, named by its embedded object id.
  const weight = before['cargo:totalGrossWeight'] as { '@id': string; 'cargo:numericalValue': number };
  const operation = (op: 'ADD' | 'DELETE', value: string) => ({
    '@type': 'api:Operation',
    'api:op': { '@id': `api:${op}` },
    'api:s': weight['@id'],
    'api:p': 'https://onerecord.iata.org/ns/cargo#numericalValue',
    'api:o': [{ '@type': 'api:OperationObject', 'api:hasDatatype': 'http://www.w3.org/2001/XMLSchema#double', 'api:hasValue': value }],
  });
  const asked = await fetch(shipmentUrl, {
    method: 'PATCH',
    headers: { ...ld, 'content-type': 'application/ld+json' },
    body: JSON.stringify({
      '@context': { cargo: 'https://onerecord.iata.org/ns/cargo#', api: 'https://onerecord.iata.org/ns/api#' },
      '@type': 'api:Change',
      'api:hasLogisticsObject': { '@id': before['@id'] },
      'api:hasDescription': 'weighed again at the warehouse',
      'api:hasRevision': { '@type': 'http://www.w3.org/2001/XMLSchema#positiveInteger', '@value': '1' },
      'api:hasOperation': [operation('DELETE', String(weight['cargo:numericalValue'])), operation('ADD', '250.5')],
    }),
  });
  expect(asked.status, await asked.text()).toBe(201);

  // No reload: the request comes on the live stream.
  await expect(waiting.getByText(`Total gross weight: ${weight['cargo:numericalValue']} kg → 250.5 kg`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('change-request-live.png'), fullPage: true });
  await waiting.getByRole('button', { name: 'Accept change' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Accept change' }).click();
  await expect(page.getByText(`The change was accepted: AWB ${awb} was taken in again with it.`)).toBeVisible();
  await expect(waiting).toBeHidden();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByText(/accepted: Total gross weight: .+ kg -> 250\.5 kg/)).toBeVisible();

  const after = (await (await fetch(shipmentUrl, { headers: ld })).json()) as Record<string, unknown>;
  expect(after).toMatchObject({ 'api:hasRevision': 2, 'cargo:totalGrossWeight': { 'cargo:numericalValue': 250.5 } });
});

test("an admin gives a client the sign-in its organisation's identity provider issued; the portal's notifications to it then carry that provider's token", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const partner = await startPartnerServer();
  partner.idp = { clientId: 'cargo-portal-e2e', secret: 'provider-secret-e2e', token: 'token-from-the-provider', asked: 0 };
  partner.requireToken = true;
  try {
    await signIn(page, 'DEMOAIR', 'admin', 'Admin#12345');
    await page.goto('/ez4/en/userManagement/oneRecordClients');
    await expect(page.getByRole('heading', { name: 'ONE Record Clients' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Name/ }).fill('E2E signed partner');
    await page.getByRole('textbox', { name: /^Organisation's IRI/ }).fill(`${partner.url}/partner/logistics-objects/e2e`);
    await page.getByRole('button', { name: 'Register Client' }).click();
    const registered = page.getByRole('dialog', { name: 'Client E2E signed partner registered' });
    await registered.getByRole('button', { name: 'I have copied the secret' }).click();

    await page.getByRole('button', { name: 'Notification sign-in for E2E signed partner' }).click();
    const dialog = page.getByRole('dialog', { name: 'How the portal signs in to notify E2E signed partner' });
    await dialog.getByRole('textbox', { name: /token address/ }).fill(`${partner.url}/idp/token`);
    await dialog.getByRole('textbox', { name: /^Client ID at the provider/ }).fill('cargo-portal-e2e');
    await dialog.getByLabel(/^Client secret at the provider/).fill('provider-secret-e2e');
    await expect(dialog.getByRole('radio', { name: /HTTP Basic header/ })).toBeChecked(); // what this provider takes
    await page.screenshot({ path: test.info().outputPath('notify-sign-in.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Save Sign-in' }).click();
    await expect(page.getByText('Notifications to E2E signed partner now go signed in.')).toBeVisible();
    await expect(page.getByRole('cell', { name: `Signed in at ${new URL(partner.url).host}` })).toBeVisible();

    // A new shipment of DEMOAIR's is announced to the client's organisation, signed in with the provider's token.
    const admin = await apiToken(baseURL!, 'admin', 'Admin#12345');
    const shipmentId = await sendMessage(baseURL!, admin, demoFwb(9_437_003).text);
    const waybill = `/onerecord/logistics-objects/${shipmentId}-waybill`;
    await expect
      .poll(() => partner.received.find((each) => (each.body['api:hasLogisticsObject'] as { '@id': string } | undefined)?.['@id'].endsWith(waybill)), {
        timeout: 15_000,
      })
      .toMatchObject({
        path: '/partner/notifications',
        authorization: 'Bearer token-from-the-provider',
        body: { 'api:hasEventType': { '@id': 'api:LOGISTICS_OBJECT_AVAILABLE' } },
      });
    expect(partner.idp.asked).toBe(1);

    // Revoked (after a confirmation), its organisation is told nothing more.
    await page.getByRole('button', { name: 'Revoke E2E signed partner' }).click();
    await page.getByRole('dialog', { name: 'Revoke ONE Record client E2E signed partner?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Client E2E signed partner revoked.')).toBeVisible();
  } finally {
    await partner.close();
  }
});

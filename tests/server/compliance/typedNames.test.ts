import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signIn, type TestApp } from '../testApp';
import { classicCaller, type ClassicCaller } from '../ruleLists/support';
import { demoFwb, postMessage } from './messages';

/**
 * Issue 33 item 3, the names a user types: a sanction list or whitelist row entered in its admin form
 * (the classic rule-list route the form posts to), pasted from a word processor with its soft hyphens
 * or from a web page with a zero width joiner, screens shipments as the same name without them.
 */

let t: TestApp;
let admin: ClassicCaller;
let airline: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await classicCaller(t);
  airline = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
});
afterAll(() => t.close());

async function consigneeHits(serial: number, consignee: string): Promise<{ entryId: string; score: number }[]> {
  const posted = await postMessage(
    t.app,
    airline,
    demoFwb(serial, (waybill) => (waybill.consignee.name = consignee)),
  );
  expect(posted.statusCode, posted.body).toBe(201);
  const detail = await t.app.inject({ method: 'GET', url: `/awbapi/sanction/detail/${posted.json().data.ShipmentId}`, headers: bearer(airline) });
  const hits: { entryId: string; score: number; party: string; state: string }[] = detail.json().data.SanctionHits;
  // The hits that hold the shipment: one a whitelist row cleared stays on it, CLEARED.
  return hits.filter((hit) => hit.party === 'Consignee' && hit.state === 'OPEN');
}

describe('list rows typed with invisible characters', () => {
  it('a sanction list row typed with soft hyphens hits the party, and a whitelist row typed with a joiner clears it', async () => {
    const listed = await admin.send('POST', '/classicapi/sanctionlist', {
      listSource: 'INTERNAL',
      reference: 'INT-7033',
      matchingValue: 'VEL\u00ADTRAVOX SHIP\u00ADPING',
      matchingMethod: 'Keyword',
      partyType: 'Entity',
      program: 'Company policy',
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(await consigneeHits(9_330_001, 'VELTRAVOX SHIPPING LTD')).toEqual([expect.objectContaining({ entryId: 'INT-7033', score: 1 })]);

    const cleared = await admin.send('POST', '/classicapi/sanctionwhitelist', {
      matchingValue: 'VELTRA\u200DVOX SHIPPING LTD',
      matchingMethod: 'Exact',
      partyRole: 'Consignee',
      sanctionReference: 'INT-7033',
      reason: 'Reviewed by compliance: a different company.',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await consigneeHits(9_330_002, 'VELTRAVOX SHIPPING LTD')).toEqual([]);
  });
});

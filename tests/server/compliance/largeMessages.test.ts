import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suffixWithCheckDigit } from '../../../src/domain/awb';
import { DEFAULT_CARGO_MESSAGE_LIMITS, readFhl, readFwb, writeFhl, type HouseWaybill } from '../../../src/domain/cargoMessages';
import { assessmentSteps } from '../../../src/server/compliance/assessment';
import { carrierRules } from '../../../src/server/compliance/carrierRules';
import { buildTestApp, signIn, type TestApp } from '../testApp';
import { demoFwb, fixture, postMessage } from './messages';

/**
 * A consolidation at the message limit (issue 33): an FHL of 64 KB holds some 200 houses, each
 * screened; assessed in one go it held the event loop for 150 ms. Its assessment pauses every few
 * houses (before each), where the server gives the event loop a turn (runInSlices), and every house is screened.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
});
afterAll(() => t.close());

/** The sample consolidation's houses repeated under new numbers up to the message limit, one shipper a listed name. */
function largestFhl(serial: number, listedShipper: string): { text: string; houses: number } {
  const sample = readFhl(fixture('fhl4-consol.txt'));
  if (!sample.ok) throw new Error('the sample must read');
  const manifest = structuredClone(sample.value);
  manifest.master.awb = { prefix: '160', suffix: suffixWithCheckDigit(serial) };
  const houses: HouseWaybill[] = [];
  for (let index = 0; ; index++) {
    const house = structuredClone(sample.value.houses[index % sample.value.houses.length]);
    house.hawb = `LIM${String(index).padStart(5, '0')}`;
    const written = writeFhl({ ...manifest, houses: [...houses, house] });
    if (!written.ok || Buffer.byteLength(written.text) > DEFAULT_CARGO_MESSAGE_LIMITS.maxBytes - 400) break;
    houses.push(house);
  }
  const last = houses.at(-1);
  if (!last?.shipper) throw new Error('the sample houses have shippers');
  last.shipper.name = listedShipper;
  const written = writeFhl({ ...manifest, houses });
  if (!written.ok) throw new Error(JSON.stringify(written.faults));
  return { text: written.text, houses: houses.length };
}

describe('a consolidation at the message limit', () => {
  it('is assessed with the event loop free before each house, and screens every house', async () => {
    // The first entry of the demo world's OFAC_SDN source (an entity, matched fuzzily).
    const listed = { name: 'AEROCARIBBEAN AIRLINES', entryId: 'OFAC_SDN-36' };
    const fhl = largestFhl(9_900_101, listed.name);
    expect(fhl.houses).toBeGreaterThan(150);
    const master = readFwb(demoFwb(9_900_101));
    if (!master.ok) throw new Error('the master must read');
    const manifest = readFhl(fhl.text);
    if (!manifest.ok) throw new Error(JSON.stringify(manifest.faults));

    const rules = await carrierRules(t.db, 'DEMOAIR');
    const steps = assessmentSteps(rules, {
      waybill: master.value,
      manifest: manifest.value,
      specialHandlingCodes: [],
      previousHits: [],
      now: new Date(),
      autoAcceptDelaySeconds: 60,
    });
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    const assessment = step.value;
    // A pause before each house: never ten houses of new parties in one step.
    expect(pauses).toBeGreaterThanOrEqual(fhl.houses);
    expect(assessment.hits.map((hit) => hit.hawb)).toContain(manifest.value.houses.at(-1)?.hawb);

    // Through the API too: the master first, then the FHL; the last house's shipper raises the hit.
    expect((await postMessage(t.app, admin, demoFwb(9_900_101))).statusCode).toBe(201);
    const posted = await postMessage(t.app, admin, fhl.text);
    expect(posted.statusCode, posted.body).toBe(200);
    const stored = await t.db
      .selectFrom('shipments')
      .select(['sanction_hits'])
      .where('awb_suffix', '=', suffixWithCheckDigit(9_900_101))
      .executeTakeFirstOrThrow();
    expect(
      (stored.sanction_hits as { hawb?: string; entryId: string }[]).some(
        (hit) => hit.hawb === manifest.value.houses.at(-1)?.hawb && hit.entryId === listed.entryId,
      ),
    ).toBe(true);
  });
});

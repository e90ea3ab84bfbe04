import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { readRiskLevel, sanctionRiskLevel } from '../../../src/domain/sanctionRisk';
import type { SanctionCheckAnswer } from '../../../src/domain/shipmentWire';
import { bearer, buildTestApp, signIn, type TestApp } from '../testApp';
import { demoFwb, postMessage } from './messages';
import { addListRow, INTERNAL_SANCTION_ENTRY, IRAN_CHARAK_ENTRY } from './ruleRows';

/**
 * The Sanction Check (GET /awbapi/sanction/search, issue 18 item 4): matches at or over the
 * threshold apart from names below it listed for review, a whitelisted name named as such, and
 * risk labels that mean what they mean on the shipment's Sanction & Compliance tab.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
});
afterAll(() => t.close());

async function check(name: string, limit = 10, token = admin): Promise<SanctionCheckAnswer> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/awbapi/sanction/search?name=${encodeURIComponent(name)}&limit=${limit}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as SanctionCheckAnswer;
}

function addRow(list: 'sanctionlist' | 'sanctionwhitelist', values: Record<string, string | null>, uniqueKey: string): Promise<string> {
  return addListRow(t.db, list, values, uniqueKey);
}

function whitelistRow(name: string, extra: Record<string, string | null> = {}): Record<string, string | null> {
  return {
    matchingValue: name,
    matchingMethod: 'Exact',
    partyRole: 'Any',
    countryCode: null,
    carrierId: null,
    sanctionReference: null,
    reason: 'Reviewed by compliance: a different party.',
    validUntil: null,
    status: 'Active',
    ...extra,
  };
}

describe('the Sanction Check', () => {
  it('asks for a name of 2 characters or more, not counting invisible ones', async () => {
    for (const name of ['\u200B\u200B', 'A\u00AD', ' \u2060 ']) {
      const response = await t.app.inject({ method: 'GET', url: `/awbapi/sanction/search?name=${encodeURIComponent(name)}`, headers: bearer(admin) });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json()).toMatchObject({ status: -50001, message: 'Enter a name of at least 2 characters.' });
    }
  });

  beforeAll(async () => {
    await addRow(
      'sanctionlist',
      { ...INTERNAL_SANCTION_ENTRY, reference: 'INT-9001', matchingValue: 'KASPERIN MOLDAVEC', partyType: 'Individual' },
      'internal|int-9001',
    );
    await addRow(
      'sanctionlist',
      { ...INTERNAL_SANCTION_ENTRY, reference: 'INT-9002', matchingValue: 'HALVORSEN', matchingMethod: 'Keyword' },
      'internal|int-9002',
    );
  });

  it('keeps matches at or over the threshold apart from names below it, which are listed for review with no risk label', async () => {
    // HALVORSEN is a company keyword (a match, score 1); JASPERIN MOLDAVEK is near the listed person KASPERIN MOLDAVEC, but below the threshold.
    const answer = await check('JASPERIN MOLDAVEK HALVORSEN');
    expect(answer).toMatchObject({ Name: 'JASPERIN MOLDAVEK HALVORSEN', Threshold: 0.85, ReviewFrom: 0.8, More: false });
    expect(answer.Hits).toEqual([
      expect.objectContaining({ EntryId: 'INT-9002', Score: 1, Method: 'Keyword', Outcome: 'match', RiskLevel: 'Medium', Whitelist: null }),
      expect.objectContaining({ EntryId: 'INT-9001', EntryName: 'KASPERIN MOLDAVEC', Method: 'Default', Outcome: 'review', RiskLevel: null, Whitelist: null }),
    ]);
    expect(answer.Hits[1].Score).toBeGreaterThanOrEqual(answer.ReviewFrom);
    expect(answer.Hits[1].Score).toBeLessThan(answer.Threshold);
  });

  it('says when more names come near than the limit let through; the best come first', async () => {
    const answer = await check('JASPERIN MOLDAVEK HALVORSEN', 1);
    expect(answer.Hits.map((hit) => [hit.EntryId, hit.Outcome])).toEqual([['INT-9002', 'match']]);
    expect(answer.More).toBe(true);
    expect((await check('HALVORSEN', 1)).More).toBe(false);
  });

  it('answers no names, and no error, for a name nothing on the list comes near', async () => {
    expect(await check('QWERTY UIOPASD')).toMatchObject({ Hits: [], More: false, ListSize: expect.any(Number) });
  });

  it('shows a name an active whitelist row clears as whitelisted by that row, not as a match', async () => {
    const before = await check('KOMID');
    expect(before.Hits[0]).toMatchObject({ EntryId: 'UN-KPE-001', Outcome: 'match', RiskLevel: 'High', Whitelist: null });
    // Rows that do not clear it: expired, cancelled, bound to another carrier, cleared against another entry.
    await addRow('sanctionwhitelist', whitelistRow('KOMID', { validUntil: '2020-12-31' }), 'komid|expired');
    await addRow('sanctionwhitelist', whitelistRow('KOMID', { status: 'Cancelled' }), 'komid|cancelled');
    await addRow('sanctionwhitelist', whitelistRow('KOMID', { carrierId: 'OTHERAIR' }), 'komid|otherair');
    await addRow('sanctionwhitelist', whitelistRow('KOMID', { sanctionReference: 'OFAC_SDN-36' }), 'komid|ofac_sdn-36');
    expect((await check('KOMID')).Hits[0]).toMatchObject({ Outcome: 'match', RiskLevel: 'High', Whitelist: null });
    const rowId = await addRow(
      'sanctionwhitelist',
      whitelistRow('KOMID', { partyRole: 'Consignee', countryCode: 'KP', sanctionReference: 'UN-KPE-001', validUntil: '2099-12-31' }),
      'komid|consignee|kp',
    );
    const after = await check('KOMID');
    expect(after.Hits[0]).toMatchObject({
      EntryId: 'UN-KPE-001',
      Score: 1,
      Outcome: 'whitelisted',
      RiskLevel: null,
      Whitelist: { RowId: rowId, PartyRole: 'Consignee', CountryCode: 'KP', ValidUntil: '2099-12-31', Reason: 'Reviewed by compliance: a different party.' },
    });
  });

  it('names the whitelist row on a name for review too, and a row cleared against one entry leaves the others', async () => {
    const rowId = await addRow('sanctionwhitelist', whitelistRow('JASPERIN MOLDAVEK HALVORSEN', { sanctionReference: 'INT-9001' }), 'jasperin|int-9001');
    const answer = await check('JASPERIN MOLDAVEK HALVORSEN');
    expect(answer.Hits).toEqual([
      expect.objectContaining({ EntryId: 'INT-9002', Outcome: 'match', RiskLevel: 'Medium', Whitelist: null }),
      expect.objectContaining({ EntryId: 'INT-9001', Outcome: 'review', RiskLevel: null, Whitelist: expect.objectContaining({ RowId: rowId }) }),
    ]);
  });
});

describe('names and list rows written with invisible characters (issue 33)', () => {
  beforeAll(() => addRow('sanctionlist', IRAN_CHARAK_ENTRY, 'sdn|sdn-25323'));

  it('finds a listed name whatever format characters the name carries: joiners, soft hyphens, marks, a byte order mark, fullwidth letters', async () => {
    // IRAN CHARAK with a ZERO WIDTH JOINER in its words found only IRAN & SHARGH COMPANY at 0.82, and with a SOFT HYPHEN nothing.
    for (const name of [
      'I\u200DRAN C\u200DHARAK',
      'IRAN CHA\u00ADRAK',
      '\uFEFFIRAN\u200B CHARAK\u200E',
      'I\u2060RAN \u2066CHARAK\u2069',
      'ＩＲＡＮ　ＣＨＡＲＡＫ',
    ]) {
      const answer = await check(name);
      expect(answer.Hits[0], JSON.stringify(name)).toMatchObject({ EntryId: 'SDN-25323', EntryName: 'IRAN CHARAK', Score: 1, Outcome: 'match' });
    }
  });

  it('matches by a list row whose name carries soft hyphens, and clears by a whitelist row that does', async () => {
    // As pasted from a word processor, which puts soft hyphens where it may break a line.
    await addRow('sanctionlist', { ...INTERNAL_SANCTION_ENTRY, reference: 'INT-9033', matchingValue: 'ZOR\u00ADKAVIN MET\u00ADALS' }, 'internal|int-9033');
    expect((await check('ZORKAVIN METALS')).Hits[0]).toMatchObject({ EntryId: 'INT-9033', Score: 1, Outcome: 'match' });
    const rowId = await addRow('sanctionwhitelist', whitelistRow('ZORKA\u00ADVIN METALS', { sanctionReference: 'INT-9033' }), 'zorkavin|int-9033');
    expect((await check('ZORKAVIN METALS')).Hits[0]).toMatchObject({
      EntryId: 'INT-9033',
      Outcome: 'whitelisted',
      Whitelist: expect.objectContaining({ RowId: rowId }),
    });
  });
});

describe('risk labels on the Sanction Check and on the shipment', () => {
  /** The listed entry's country: the consignee is put there, so that both sides screen the same facts (the Sanction Check has a name only; a party of another country scores a little lower). */
  async function listedCountry(entryId: string): Promise<string | undefined> {
    const row = await t.db
      .selectFrom('rule_list_rows')
      .select(sql<string | null>`row_values ->> 'countryCode'`.as('country'))
      .where('list_name', '=', 'sanctionlist')
      .where(sql<boolean>`row_values ->> 'reference' = ${entryId}`)
      .executeTakeFirst();
    return row?.country ?? undefined;
  }

  async function shipmentHits(serial: number, consignee: string, entryId: string) {
    const country = await listedCountry(entryId);
    const posted = await postMessage(
      t.app,
      admin,
      demoFwb(serial, (waybill) => {
        waybill.consignee.name = consignee;
        if (country) waybill.consignee.countryCode = country;
      }),
    );
    expect(posted.statusCode).toBe(201);
    const detail = await t.app.inject({ method: 'GET', url: `/awbapi/sanction/detail/${posted.json().data.ShipmentId}`, headers: bearer(admin) });
    expect(detail.statusCode).toBe(200);
    return detail.json().data.SanctionHits as { entryId: string; riskLevel: string; score: number; method: string; list: string }[];
  }

  it.each([
    ['a keyword on the company list', 9_300_001, 'GLOBAL STAR GENERAL TRADING LLC', 'INT-0001', 'Medium'],
    ['a near spelling of an official entry', 9_300_002, 'AEROCARIBEAN AIRLINES', 'OFAC_SDN-36', undefined],
    ['the very name of an official entry', 9_300_003, 'AEROCARIBBEAN AIRLINES', 'OFAC_SDN-36', 'High'],
  ])('mean the same for %s', async (_kind, serial, name, entryId, expected) => {
    const onShipment = (await shipmentHits(serial, name, entryId)).find((hit) => hit.entryId === entryId);
    const checked = (await check(name)).Hits.find((hit) => hit.EntryId === entryId);
    expect(onShipment, 'hit on the shipment').toBeDefined();
    expect(checked, 'match on the Sanction Check').toMatchObject({ Outcome: 'match' });
    expect(readRiskLevel(onShipment!.riskLevel)).toBe(checked!.RiskLevel);
    expect(checked!.RiskLevel).toBe(sanctionRiskLevel({ listName: checked!.ListName }, { method: checked!.Method as 'Default', score: checked!.Score }));
    if (expected) expect(checked!.RiskLevel).toBe(expected);
  });
});

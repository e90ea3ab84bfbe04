import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ruleListPlugins } from '../../../plugins';
import {
  effectListsOf,
  evaluateShipment,
  type EffectList,
  type Evaluation,
  type RuleEffect,
  type RuleRow,
  type ShipmentFacts,
} from '../../../src/domain/compliance';
import restrictedCommodity from '../../fixtures/plugins/restrictedCommodity';
import { evaluate } from './registryEngine';

/** The effects a plugin declares, evaluated by the engine without any engine file naming the list. */

let nextId = 1;
const row = (values: RuleRow['values']): RuleRow => ({ id: String(nextId++), values });

function facts(overrides: Partial<ShipmentFacts> = {}): ShipmentFacts {
  return {
    awb: '160-10000003',
    carrierId: 'DEMOAIR',
    origin: 'HKG',
    destination: 'THR',
    transit: ['DXB'],
    specialHandlingCodes: ['EAP'],
    goods: ['URANIUM ORE CONCENTRATE'],
    hsCodes: ['284410'],
    parties: [{ role: 'Shipper', name: 'PACIFIC MINING CO LTD', address: 'HONG KONG', countryCode: 'HK' }],
    currency: 'HKD',
    weightKg: 1200,
    pieces: 4,
    licences: [],
    houses: [],
    date: '2026-11-24',
    ...overrides,
  };
}

const locations = {
  locationcodelist: [
    row({ airportCode: 'HKG', countryCode: 'HK' }),
    row({ airportCode: 'THR', countryCode: 'IR' }),
    row({ airportCode: 'FRA', countryCode: 'DE' }),
  ],
};

const restricted = (rows: RuleRow[]): EffectList => ({
  name: restrictedCommodity.name,
  label: restrictedCommodity.label,
  effects: restrictedCommodity.effects ?? [],
  rows,
});
const list = (effects: RuleEffect[], rows: RuleRow[], label = 'Test List'): EffectList => ({ name: 'testlist', label, effects, rows });

describe('plugin effects in the engine', () => {
  it('blocks a shipment whose goods and destination match an active row, naming the list and the row', () => {
    const active = row({ commodityCode: '2844', destinationCountry: 'IR', remark: 'Radioactive elements to Iran.', active: true });
    const evaluation = evaluate(facts(), locations, [], [restricted([active])]);
    expect(evaluation.block?.kind).toBe('HARD');
    expect(evaluation.findings).toContainEqual(
      expect.objectContaining({
        list: 'restrictedcommodity',
        rowId: active.id,
        effect: 'hardBlock',
        category: 'Customs',
        message: `Blocked by Restricted commodity by destination, row ${active.id}: HS code 284410 (listed 2844), destination country IR. Radioactive elements to Iran.`,
      }),
    );
    expect(evaluation.block?.reason).toContain(`row ${active.id}`);
    expect(evaluation.suggestedRejectReasons).toEqual([]);
  });

  it('does not block for an inactive row or another destination', () => {
    const inactive = row({ commodityCode: '2844', destinationCountry: 'IR', remark: null, active: false });
    const elsewhere = row({ commodityCode: '2844', destinationCountry: 'KP', remark: null, active: true });
    const evaluation = evaluate(facts(), locations, [], [restricted([inactive, elsewhere])]);
    expect(evaluation.block).toBeNull();
    expect(evaluation.findings.filter((finding) => finding.list === 'restrictedcommodity')).toEqual([]);
    const toGermany = evaluate(
      facts({ destination: 'FRA' }),
      locations,
      [],
      [restricted([row({ commodityCode: '2844', destinationCountry: 'IR', remark: null, active: true })])],
    );
    expect(toGermany.block).toBeNull();
  });

  it('matches by wildcard, list, range and equality; an empty optional value holds for every shipment', () => {
    const effects: RuleEffect[] = [
      {
        when: [
          { fact: 'goods', field: 'goodsPattern', match: 'wildcard', method: { field: 'method' } },
          { fact: 'transit', field: 'stations', match: 'inList' },
          { fact: 'weightKg', field: 'minKg', maxField: 'maxKg', match: 'range' },
          { fact: 'carrier', field: 'carrierId', match: 'equal' },
        ],
        outcome: { kind: 'warning', category: 'Other' },
      },
    ];
    const hit = row({ goodsPattern: 'URANIUM*', method: 'Keyword', stations: 'DOH;DXB', minKg: 1000, maxKg: 2000, carrierId: null });
    const tooLight = row({ goodsPattern: 'URANIUM*', method: 'Keyword', stations: 'DXB', minKg: 1500, maxKg: null, carrierId: null });
    const otherCarrier = row({ goodsPattern: 'URANIUM*', method: 'Keyword', stations: 'DXB', minKg: null, maxKg: null, carrierId: 'SKYAIR' });
    const evaluation = evaluate(facts(), locations, [], [list(effects, [hit, tooLight, otherCarrier])]);
    const fired = evaluation.findings.filter((finding) => finding.list === 'testlist');
    expect(fired).toEqual([
      expect.objectContaining({
        rowId: hit.id,
        effect: 'warning',
        message: `Warning from Test List, row ${hit.id}: goods description 'URANIUM ORE CONCENTRATE' matches URANIUM*, transit airport DXB, weight (kg) 1200 within 1000-2000.`,
      }),
    ]);
    expect(evaluation.autoAccept).toBe(false);
  });

  it('explains a row by the first value that matched it, as written, whatever the case of the row or the shipment', () => {
    const effects: RuleEffect[] = [
      {
        when: [
          { fact: 'transit', field: 'stations', match: 'inList', required: true },
          { fact: 'hsCode', field: 'hsPrefix', match: 'prefix', required: true },
          { fact: 'shc', field: 'code', match: 'equal', required: true },
          { fact: 'hsCode', field: 'chapter', match: 'sharedPrefix', required: true },
          { fact: 'date', field: 'from', match: 'atLeast', required: true },
        ],
        outcome: { kind: 'warning' },
      },
    ];
    const hit = row({ stations: 'fra;dxb', hsPrefix: '2844', code: 'eap', chapter: '2844101', from: '2026-01-01' });
    const otherChapter = row({ stations: 'DXB', hsPrefix: '2844', code: 'EAP', chapter: '2845', from: '2026-01-01' });
    const later = row({ stations: 'DXB', hsPrefix: '2844', code: 'EAP', chapter: '28', from: '2027-01-01' });
    const shipment = facts({ transit: ['SIN', 'dxb'], hsCodes: ['854140', '284410'], specialHandlingCodes: ['ELI', 'eap'] });
    const fired = evaluate(shipment, locations, [], [list(effects, [hit, otherChapter, later])]).findings.filter((finding) => finding.list === 'testlist');
    expect(fired.map((finding) => finding.message)).toEqual([
      `Warning from Test List, row ${hit.id}: transit airport dxb, HS code 284410 (listed 2844), handling code eap, HS code 284410 (listed 2844101), ` +
        'date 2026-11-24 from 2026-01-01.',
    ]);
  });

  it('adds handling codes first, so the later rules see them; soft block with its reason; errors make the status Error', () => {
    const addsRrw = list(
      [{ when: [{ fact: 'hsCode', field: 'hsPrefix', match: 'prefix', required: true }], outcome: { kind: 'addShc', field: 'shcCodes' } }],
      [row({ hsPrefix: '2844', shcCodes: 'RRW' })],
      'Adds',
    );
    const softOnRrw = list(
      [{ when: [{ fact: 'shc', field: 'code', match: 'equal', required: true }], outcome: { kind: 'softBlock', reasonField: 'reason' } }],
      [row({ code: 'RRW', reason: 'Radioactive: check the declaration.' })],
      'Soft',
    );
    const evaluation = evaluate(facts(), locations, [], [softOnRrw, addsRrw]);
    expect(evaluation.specialHandlingCodes).toContain('RRW');
    expect(evaluation.addedSpecialHandlingCodes).toEqual(['RRW']);
    expect(evaluation.findings.find((finding) => finding.rule.startsWith('Adds'))?.message).toMatch(
      /^Handling codes RRW added by Adds, row \d+: HS code 284410 \(listed 2844\)\.$/,
    );
    expect(evaluation.block).toMatchObject({ kind: 'SOFT' });
    expect(evaluation.block?.reason).toMatch(/^Soft block by Soft, row \d+: handling code RRW\. Radioactive: check the declaration\.$/);

    const error = list(
      [{ when: [{ fact: 'currency', field: 'currency', match: 'equal', required: true }], outcome: { kind: 'validationError', category: 'Documentation' } }],
      [row({ currency: 'HKD' })],
    );
    expect(evaluate(facts(), locations, [], [error]).status).toBe('Error');
  });

  it('an auto accept holds only when nothing else stops it (here the acceptance control has no rule), and a hard block beats it', () => {
    const auto = list([{ when: [{ fact: 'origin', field: 'station', match: 'equal' }], outcome: { kind: 'autoAccept' } }], [row({ station: 'HKG' })], 'Auto');
    expect(evaluate(facts(), locations, [], [auto]).autoAccept).toBe(false);
    const control = {
      ...locations,
      acceptancecontrol: [row({ carrierId: 'DEMOAIR', stationCode: 'HKG', shcCodes: null, controlType: 'Auto Accept', effectiveFrom: '2025-01-01' })],
    };
    const alone = evaluate(facts(), control, [], [auto]);
    expect(alone.autoAccept).toBe(true);
    const blocked = evaluate(facts(), control, [], [auto, restricted([row({ commodityCode: '28', destinationCountry: 'IR', remark: null, active: true })])]);
    expect(blocked.autoAccept).toBe(false);
    expect(blocked.block?.kind).toBe('HARD');
  });
});

describe('the vocabulary for lists whose rows choose their outcome', () => {
  const checks: RuleEffect[] = [
    {
      when: [
        { fact: 'hsCode', field: 'code', match: 'sharedPrefix', required: true },
        {
          anyOf: [
            {
              when: [{ fact: 'originArea', field: 'country', match: 'equal', required: true }],
              onlyRows: { way: ['Both', 'Out'] },
              says: 'out of {@originCountry}',
            },
            {
              when: [{ fact: 'destinationArea', field: 'country', match: 'equal', required: true }],
              onlyRows: { way: ['Both', 'In'] },
              says: 'into {@destinationCountry}',
            },
          ],
        },
      ],
      outcome: {
        field: 'check',
        cases: {
          Stop: { kind: 'hardBlock', category: 'Customs', message: 'Stopped: HS code {@hsCode} {@because}[: {note}].' },
          Licence: {
            kind: 'eyeball',
            category: 'Customs',
            message: 'A licence is needed for HS code {@hsCode}.',
            unless: { fact: 'licence', outcome: { kind: 'info', message: 'Licence given ({@licence}) for HS code {@hsCode}.' } },
          },
          Dangerous: {
            kind: 'eyeball',
            message: 'Declare it as dangerous goods.',
            unless: { fact: 'shc', anyOf: ['RRW', 'RRY'], outcome: { kind: 'info', message: 'Declared as dangerous goods.' } },
          },
        },
      },
      rule: '{code} {check} ({way})',
      wording: { way: { Both: 'both ways', Out: 'export', In: 'import' } },
    },
  ];
  const rows = (values: RuleRow['values']) => [list(checks, [row(values)], 'Checks')];
  const fired = (evaluation: Evaluation) => evaluation.findings.filter((finding) => finding.list === 'testlist');
  const regions = { ...locations, regionlist: [row({ regionCode: 'ME', countryCodes: 'IR;IQ' })] };

  it('lets a row field choose the outcome and fills the explanation template, leaving out an optional part with an empty field', () => {
    const stop = rows({ code: '28441000', country: 'ME', way: 'In', check: 'Stop', note: 'Sanctions' });
    expect(fired(evaluate(facts(), regions, [], stop))).toEqual([
      expect.objectContaining({
        effect: 'hardBlock',
        category: 'Customs',
        rule: '28441000 Stop (import)',
        message: 'Stopped: HS code 284410 into IR: Sanctions.',
      }),
    ]);
    const noNote = rows({ code: '2844', country: 'HK', way: 'Both', check: 'Stop', note: null });
    expect(fired(evaluate(facts(), regions, [], noNote))[0]?.message).toBe('Stopped: HS code 284410 out of HK.');
    // A value without a case (and no otherwise) does nothing; so does an alternative the row's direction excludes.
    expect(fired(evaluate(facts(), regions, [], rows({ code: '2844', country: 'IR', way: 'In', check: 'Other', note: null })))).toEqual([]);
    expect(fired(evaluate(facts(), regions, [], rows({ code: '2844', country: 'IR', way: 'Out', check: 'Stop', note: null })))).toEqual([]);
  });

  it("explains by default with the words of the alternative that held, in place of its conditions' (issue 36, 13)", () => {
    const plain: RuleEffect[] = [{ ...checks[0], outcome: { kind: 'hardBlock' } }];
    const stop = [list(plain, [row({ code: '28441000', country: 'ME', way: 'In', check: 'Stop', note: null })], 'Checks')];
    const [finding] = fired(evaluate(facts(), regions, [], stop));
    expect(finding?.message).toMatch(/^Blocked by Checks, row \d+: .*into IR\.$/);
    expect(finding?.message).not.toContain('ME');
  });

  it('gives way to another outcome when the shipment has the fact the outcome names', () => {
    const licence = rows({ code: '2844', country: 'IR', way: 'Both', check: 'Licence', note: null });
    const without = evaluate(facts(), regions, [], licence);
    expect(without.status).toBe('Eyeball');
    expect(fired(without)[0]).toMatchObject({ effect: 'eyeball', message: 'A licence is needed for HS code 284410.' });
    const given = evaluate(facts({ licences: ['EL1', 'EL2'] }), regions, [], licence);
    expect(given.status).toBe('New');
    expect(fired(given)[0]).toMatchObject({ effect: 'info', message: 'Licence given (EL1, EL2) for HS code 284410.' });
    expect(fired(given)[0]?.category).toBeUndefined();
    const dangerous = rows({ code: '2844', country: 'IR', way: 'Both', check: 'Dangerous', note: null });
    expect(evaluate(facts(), regions, [], dangerous).status).toBe('Eyeball');
    expect(evaluate(facts({ specialHandlingCodes: ['RRY'] }), regions, [], dangerous).status).toBe('New');
  });

  it('matches a shared prefix both ways (a national tariff line and its six digits)', () => {
    const national = rows({ code: '28441000', country: 'IR', way: 'In', check: 'Stop', note: null });
    expect(evaluate(facts(), regions, [], national).block?.kind).toBe('HARD');
    const shorter = rows({ code: '28', country: 'IR', way: 'In', check: 'Stop', note: null });
    expect(evaluate(facts(), regions, [], shorter).block?.kind).toBe('HARD');
    const other = rows({ code: '28451000', country: 'IR', way: 'In', check: 'Stop', note: null });
    expect(evaluate(facts(), regions, [], other).block).toBeNull();
  });
});

describe('registry lists on the vocabulary', () => {
  it("Auto Special Handling Code List: a matching description adds the row's codes, explained as before", () => {
    const vaccine = row({ carrierId: null, originCode: 'HKG', matchingValue: 'VACCINE*', matchingMethod: null, shcCodes: 'PIL/COL' });
    const elsewhere = row({ carrierId: null, originCode: 'SIN', matchingValue: 'VACCINE*', matchingMethod: 'Keyword', shcCodes: 'PIL/ACT' });
    const otherCarrier = row({ carrierId: 'SKYAIR', originCode: null, matchingValue: 'VACCINE*', matchingMethod: 'Keyword', shcCodes: 'CRT' });
    const evaluation = evaluate(facts({ goods: ['VACCINES'], specialHandlingCodes: ['PIL'] }), {
      ...locations,
      autospecialhandlingcodelist: [vaccine, elsewhere, otherCarrier],
    });
    expect(evaluation.addedSpecialHandlingCodes).toEqual(['COL']);
    expect(evaluation.findings.filter((finding) => finding.list === 'autospecialhandlingcodelist')).toEqual([
      { list: 'autospecialhandlingcodelist', rowId: vaccine.id, rule: 'VACCINE*', effect: 'info', message: "'VACCINES' adds the handling codes COL." },
    ]);
    // Keyword is the default method: whole words only.
    expect(evaluate(facts({ goods: ['NOVACCINES'] }), { ...locations, autospecialhandlingcodelist: [vaccine] }).addedSpecialHandlingCodes).toEqual([]);
  });

  it('Harmonised Commodity Code List: each controlled HS code of the AWB asks for a check once, from the first row that covers it', () => {
    const processors = row({ hsCode: '854231', description: 'Processors', countryCode: null, controlled: 'Yes' });
    const national = row({ hsCode: '85423100', description: 'Processors (DE tariff)', countryCode: 'DE', controlled: 'Yes' });
    const free = row({ hsCode: '284410', description: 'Natural uranium', countryCode: null, controlled: 'No' });
    const onlyIran = row({ hsCode: '8542', description: 'Circuits', countryCode: 'IR', controlled: 'Yes' });
    const lists = { ...locations, harmonisedcommoditycodelist: [processors, national, free, onlyIran] };
    const evaluation = evaluate(facts({ destination: 'FRA', hsCodes: ['85423100', '284410', '854239'] }), lists);
    expect(evaluation.status).toBe('Eyeball');
    expect(evaluation.findings.filter((finding) => finding.list === 'harmonisedcommoditycodelist')).toEqual([
      {
        list: 'harmonisedcommoditycodelist',
        rowId: processors.id,
        rule: '854231 controlled',
        effect: 'eyeball',
        message: 'HS code 85423100 is a controlled commodity (Processors): check the export authorisation.',
        category: 'Customs',
      },
    ]);
    // To Iran the row for that country covers the other code too, each code named once.
    const toIran = evaluate(facts({ hsCodes: ['85423100', '854239'] }), lists);
    expect(toIran.findings.filter((finding) => finding.list === 'harmonisedcommoditycodelist').map((finding) => [finding.rowId, finding.message])).toEqual([
      [processors.id, 'HS code 85423100 is a controlled commodity (Processors): check the export authorisation.'],
      [onlyIran.id, 'HS code 854239 is a controlled commodity (Circuits): check the export authorisation.'],
    ]);
    expect(evaluate(facts({ destination: 'FRA', hsCodes: ['284410'] }), lists).status).toBe('New');
  });

  it("HS Code Check List: the row's check chooses the outcome, explained as before", () => {
    const embargo = row({ hsCodePattern: '2844*', countryCode: 'IR', checkType: 'Embargo', remarks: 'UN sanctions' });
    const licence = row({ hsCodePattern: '284410', countryCode: null, checkType: 'Licence Required', remarks: null });
    const dangerous = row({ hsCodePattern: '2844##', countryCode: null, checkType: 'Dangerous Goods', remarks: null });
    const dualUse = row({ hsCodePattern: '2844*', countryCode: 'DE', checkType: 'Dual Use', remarks: null });
    const lists = { ...locations, hscodechecklist: [embargo, licence, dangerous, dualUse] };
    const checks = (evaluation: Evaluation) => evaluation.findings.filter((finding) => finding.list === 'hscodechecklist');
    const toIran = evaluate(facts(), lists);
    expect(toIran.block).toMatchObject({ kind: 'HARD', reason: 'Embargoed commodity. HS code 284410 to IR: UN sanctions' });
    expect(checks(toIran)).toEqual([
      {
        list: 'hscodechecklist',
        rowId: embargo.id,
        rule: '2844* Embargo',
        effect: 'hardBlock',
        message: 'Embargoed commodity. HS code 284410 to IR: UN sanctions',
        category: 'Customs',
      },
      {
        list: 'hscodechecklist',
        rowId: licence.id,
        rule: '284410 Licence Required',
        effect: 'eyeball',
        message: 'A licence is required and the AWB gives none. HS code 284410',
        category: 'Customs',
      },
      {
        list: 'hscodechecklist',
        rowId: dangerous.id,
        rule: '2844## Dangerous Goods',
        effect: 'eyeball',
        message: 'Dangerous goods commodity without a dangerous goods handling code: check the declaration. HS code 284410',
        category: 'Dangerous Goods',
      },
    ]);
    const answered = checks(evaluate(facts({ destination: 'FRA', licences: ['EL123456'], specialHandlingCodes: ['RRY'] }), lists));
    expect(answered.map((finding) => [finding.rowId, finding.effect, finding.message, finding.category])).toEqual([
      [licence.id, 'info', 'Licence required and given (EL123456). HS code 284410', undefined],
      [dangerous.id, 'info', 'Dangerous goods commodity, declared with a dangerous goods handling code. HS code 284410', undefined],
      [dualUse.id, 'eyeball', 'Dual-use commodity: check the export authorisation. HS code 284410 to DE', 'Customs'],
    ]);
  });

  it("Country Rules: export or import by the row's direction and country or region, the rule type choosing the outcome, explained as before", () => {
    const lists = (...rules: RuleRow[]) => ({ ...locations, regionlist: [row({ regionCode: 'EU', countryCodes: 'DE;FR' })], countryrules: rules });
    const found = (evaluation: Evaluation) =>
      evaluation.findings
        .filter((finding) => finding.list === 'countryrules')
        .map(({ rowId, rule, effect, message, category }) => ({ rowId, rule, effect, message, category }));
    const embargo = row({ countryCode: 'IR', carrierId: null, direction: 'Both', ruleType: 'Embargo', shcCodes: null, remarks: 'UN sanctions' });
    const toIran = evaluate(facts(), lists(embargo));
    expect(toIran.block).toMatchObject({ kind: 'HARD', reason: 'Embargo. Import to IR: UN sanctions' });
    expect(found(toIran)).toEqual([
      { rowId: embargo.id, rule: 'IR Embargo (both ways)', effect: 'hardBlock', message: 'Embargo. Import to IR: UN sanctions', category: 'Customs' },
    ]);

    const licence = row({ countryCode: 'HK', carrierId: 'DEMOAIR', direction: 'Export', ruleType: 'Licence Required', shcCodes: null, remarks: null });
    const restricted = row({ countryCode: 'EU', carrierId: null, direction: 'Import', ruleType: 'Restricted', shcCodes: 'ELI/ELM', remarks: null });
    const preAlert = row({ countryCode: 'DE', carrierId: null, direction: 'Import', ruleType: 'Customs Pre-Alert', shcCodes: null, remarks: 'ICS2' });
    const exportOnly = row({ countryCode: 'DE', carrierId: null, direction: 'Export', ruleType: 'Embargo', shcCodes: null, remarks: null });
    const rules = lists(licence, restricted, preAlert, exportOnly);
    const toGermany = evaluate(facts({ destination: 'FRA', specialHandlingCodes: ['ELI'] }), rules);
    expect(toGermany).toMatchObject({ status: 'Eyeball', block: { kind: 'SOFT', reason: 'Restricted: accept only with a remark. Import to DE' } });
    expect(found(toGermany)).toEqual([
      {
        rowId: licence.id,
        rule: 'HK Licence Required (export)',
        effect: 'eyeball',
        message: 'A licence is required and the AWB gives none: check the licence before acceptance. Export from HK',
        category: 'Customs',
      },
      {
        rowId: restricted.id,
        rule: 'EU Restricted (import)',
        effect: 'softBlock',
        message: 'Restricted: accept only with a remark. Import to DE',
        category: 'Customs',
      },
      {
        rowId: preAlert.id,
        rule: 'DE Customs Pre-Alert (import)',
        effect: 'info',
        message: 'Customs pre-alert to file before loading. Import to DE: ICS2',
        category: 'Customs',
      },
    ]);
    const given = evaluate(facts({ destination: 'FRA', licences: ['EL1'], carrierId: 'SKYAIR' }), rules);
    expect(given.block).toBeNull();
    expect(found(given).map((finding) => finding.rowId)).toEqual([preAlert.id]);
    expect(found(evaluate(facts({ destination: 'FRA', licences: ['EL1'] }), rules))[0]).toMatchObject({
      effect: 'info',
      message: 'Licence required and given (EL1). Export from HK',
    });
    // A row both ways whose region holds both countries speaks once, of the export.
    const both = row({ countryCode: 'EU', carrierId: null, direction: 'Both', ruleType: 'Embargo', shcCodes: null, remarks: null });
    const withinEu = evaluate(facts({ origin: 'FRA', destination: 'FRA' }), lists(both));
    expect(found(withinEu).map((finding) => finding.message)).toEqual(['Embargo. Export from DE']);
  });

  it('Location Rules: only the most specific matching row of the station decides, of equally specific ones the strictest, explained as before', () => {
    const general = row({ carrierId: 'DEMOAIR', stationCode: 'HKG', destinationCode: null, shcCodes: null, action: 'Eyeball', remarks: null });
    const toFra = row({ carrierId: 'DEMOAIR', stationCode: 'HKG', destinationCode: 'FRA', shcCodes: null, action: 'Hard Block', remarks: 'No service' });
    const eli = row({ carrierId: 'DEMOAIR', stationCode: 'HKG', destinationCode: 'FRA', shcCodes: 'ELI', action: 'Accept', remarks: null });
    const elm = row({ carrierId: 'DEMOAIR', stationCode: 'HKG', destinationCode: 'FRA', shcCodes: 'ELM/ELI', action: 'Soft Block', remarks: null });
    const other = row({ carrierId: 'SKYAIR', stationCode: 'HKG', destinationCode: 'FRA', shcCodes: null, action: 'Hard Block', remarks: null });
    const lists = { ...locations, locationrules: [general, toFra, eli, elm, other] };
    const decided = (overrides: Partial<ShipmentFacts>) => evaluate(facts(overrides), lists).findings.filter((finding) => finding.list === 'locationrules');
    expect(decided({ destination: 'FRA' })).toEqual([
      {
        list: 'locationrules',
        rowId: toFra.id,
        rule: 'HKG-FRA Hard Block',
        effect: 'hardBlock',
        message: 'The route is hard blocked: the shipment cannot be accepted. No service',
        category: 'Other',
      },
    ]);
    expect(decided({ destination: 'THR' })).toEqual([
      { list: 'locationrules', rowId: general.id, rule: 'HKG-any Eyeball', effect: 'eyeball', message: 'The route needs an eyeball check before acceptance.' },
    ]);
    expect(decided({ destination: 'FRA', specialHandlingCodes: ['ELI'] }).map((finding) => [finding.rowId, finding.rule, finding.effect])).toEqual([
      [elm.id, 'HKG-FRA ELM/ELI Soft Block', 'softBlock'],
    ]);
    expect(decided({ destination: 'FRA', specialHandlingCodes: ['ELI'], carrierId: 'SKYAIR' }).map((finding) => finding.rowId)).toEqual([other.id]);
    expect(decided({ origin: 'SIN' })).toEqual([]);
  });

  it('Acceptance Control: the rule in effect for the station and handling codes decides, and without one a person accepts, explained as before', () => {
    const auto = row({ carrierId: 'DEMOAIR', stationCode: 'HKG', shcCodes: null, controlType: 'Auto Accept', effectiveFrom: '2025-01-01', remarks: null });
    const dgr = row({ carrierId: 'DEMOAIR', stationCode: 'HKG', shcCodes: 'DGR/RRY', controlType: 'Eyeball Check', effectiveFrom: null, remarks: 'DG desk' });
    const later = row({ carrierId: 'DEMOAIR', stationCode: 'HKG', shcCodes: 'DGR', controlType: 'Block', effectiveFrom: '2026-11-25', remarks: null });
    const lists = { ...locations, acceptancecontrol: [auto, dgr, later] };
    const control = (overrides: Partial<ShipmentFacts>) => evaluate(facts(overrides), lists).findings.filter((finding) => finding.list === 'acceptancecontrol');
    expect(control({})).toEqual([
      {
        list: 'acceptancecontrol',
        rowId: auto.id,
        rule: 'HKG Auto Accept',
        effect: 'autoAccept',
        message: 'Accepted automatically when nothing else stops it.',
      },
    ]);
    expect(control({ specialHandlingCodes: ['DGR'] })).toEqual([
      {
        list: 'acceptancecontrol',
        rowId: dgr.id,
        rule: 'HKG DGR/RRY Eyeball Check',
        effect: 'eyeball',
        message: 'An eyeball check is required before acceptance. DG desk',
      },
    ]);
    // From its effective day the block is as specific as the eyeball check, and stricter.
    expect(control({ specialHandlingCodes: ['DGR'], date: '2026-11-25' })).toEqual([
      {
        list: 'acceptancecontrol',
        rowId: later.id,
        rule: 'HKG DGR Block',
        effect: 'hardBlock',
        message: 'Acceptance is blocked at this station.',
        category: 'Other',
      },
    ]);
    const nowhere = evaluate(facts({ origin: 'SIN' }), lists);
    expect(nowhere.findings.filter((finding) => finding.list === 'acceptancecontrol')).toEqual([
      { list: 'acceptancecontrol', rule: 'SIN (no rule)', effect: 'manualAccept', message: 'No acceptance control for DEMOAIR at SIN: a person accepts.' },
    ]);
    expect(nowhere.autoAccept).toBe(false);
  });
});

describe('the effect lists the engine reads', () => {
  it('are the ones its caller gives, in their order: the domain names no plugin and reads none of plugins/', () => {
    const embargo = row({ countryCode: 'IR', carrierId: null, direction: 'Both', ruleType: 'Embargo', shcCodes: null, remarks: null });
    const lists = { ...locations, countryrules: [embargo] };
    expect(evaluate(facts(), lists).block?.kind).toBe('HARD');
    const none = evaluateShipment(facts(), lists, [], []);
    expect(none.block).toBeNull();
    expect(none.findings.filter((finding) => finding.list === 'countryrules')).toEqual([]);
    const countryRules = effectListsOf(ruleListPlugins, lists).filter((list) => list.name === 'countryrules');
    expect(countryRules.map((list) => list.rows)).toEqual([[embargo]]);
    expect(evaluateShipment(facts(), lists, [], countryRules).block?.kind).toBe('HARD');

    const domain = fileURLToPath(new URL('../../../src/domain', import.meta.url));
    const importers = readdirSync(domain, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /from '(\.\.\/)+plugins(\/[^']*)?'/u.test(readFileSync(join(domain, file), 'utf8')));
    expect(importers).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFhl, readFwb } from '../../../src/domain/cargoMessages';
import { ruleListPlugins } from '../../../plugins';
import {
  acceptancePrivilege,
  effectListsOf,
  evaluationSteps,
  factsFromWaybill,
  type RuleLists,
  type RuleRow,
  type ScreenedHit,
  type ShipmentFacts,
} from '../../../src/domain/compliance';
import { ROWS_PER_PAUSE } from '../../../src/domain/steps';
import { evaluate } from './registryEngine';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/cargoMessages/${name}`, import.meta.url), 'utf8');

let nextId = 1;
const row = (values: RuleRow['values']): RuleRow => ({ id: String(nextId++), values });

/** A plain general-cargo shipment HKG -> FRA for DEMOAIR, to vary per test. */
function facts(overrides: Partial<ShipmentFacts> = {}): ShipmentFacts {
  return {
    awb: '160-10000003',
    carrierId: 'DEMOAIR',
    origin: 'HKG',
    destination: 'FRA',
    transit: [],
    specialHandlingCodes: ['EAP'],
    goods: ['ELECTRONIC COMPONENTS'],
    hsCodes: ['854140'],
    parties: [
      { role: 'Shipper', name: 'PACIFIC TEXTILES CO LTD', address: '12 HARBOUR ROAD, HONG KONG', countryCode: 'HK' },
      { role: 'Consignee', name: 'RHINE MACHINERY GMBH', address: '4 CARGO CITY SOUTH, FRANKFURT', countryCode: 'DE' },
    ],
    agentCode: '3347001',
    currency: 'HKD',
    licences: [],
    houses: [],
    date: '2026-11-24',
    ...overrides,
  };
}

const locations: RuleLists['locationcodelist'] = [
  row({ airportCode: 'HKG', countryCode: 'HK' }),
  row({ airportCode: 'FRA', countryCode: 'DE' }),
  row({ airportCode: 'KBL', countryCode: 'AF' }),
  row({ airportCode: 'FNJ', countryCode: 'KP' }),
  row({ airportCode: 'SVO', countryCode: 'RU' }),
];
const autoAtHkg = row({ carrierId: 'DEMOAIR', stationCode: 'HKG', shcCodes: null, controlType: 'Auto Accept', effectiveFrom: '2025-01-01' });
const agents = [row({ agentCode: '3347001', agentName: 'Demo Freight Forwarding Ltd', companyId: 'DEMOFWD' })];

describe('facts from an FWB and its FHL', () => {
  it('reads parties, goods, HS codes of the houses, agent and currency', () => {
    const fwb = readFwb(fixture('fwb16-consol.txt'));
    const fhl = readFhl(fixture('fhl4-consol.txt'));
    if (!fwb.ok || !fhl.ok) throw new Error('fixtures must parse');
    const result = factsFromWaybill(fwb.value, fhl.value, { carrierId: 'DEMOAIR', date: '2026-11-24' });
    expect(result).toMatchObject({ awb: '006-96667465', origin: 'DFW', destination: 'FRA', agentCode: '3360525', agentCassAddress: '0151', currency: 'USD' });
    expect(result.hsCodes).toEqual(expect.arrayContaining(['870830', '870899', '901812', '490199']));
    expect(result.parties.filter((party) => party.hawb === 'SEKO0002').map((party) => party.name)).toEqual([
      'TEXAS MEDICAL INSTRUMENTS INC',
      'KLINIKBEDARF RHEIN-MAIN GMBH',
    ]);
    expect(result.transit).toEqual(['ATL']);
  });
});

describe('the rules engine', () => {
  it('accepts automatically when acceptance control allows it and nothing else speaks', () => {
    const evaluation = evaluate(facts(), { locationcodelist: locations, acceptancecontrol: [autoAtHkg], iataagentcodelist: agents });
    expect(evaluation).toMatchObject({ status: 'New', block: null, autoAccept: true, originCountry: 'HK', destinationCountry: 'DE' });
    expect(evaluation.findings.find((finding) => finding.list === 'acceptancecontrol')).toMatchObject({ rowId: autoAtHkg.id, effect: 'autoAccept' });
  });

  it('leaves acceptance to a person without an acceptance control row, and prefers the more specific row', () => {
    expect(evaluate(facts(), { locationcodelist: locations }).autoAccept).toBe(false);
    const dgrManual = row({ carrierId: 'DEMOAIR', stationCode: 'HKG', shcCodes: 'DGR', controlType: 'Manual Accept', effectiveFrom: null });
    const lists = { locationcodelist: locations, acceptancecontrol: [autoAtHkg, dgrManual], iataagentcodelist: agents };
    expect(evaluate(facts({ specialHandlingCodes: ['DGR'] }), lists)).toMatchObject({ autoAccept: false });
    expect(evaluate(facts({ specialHandlingCodes: ['DGR'] }), lists).findings.find((finding) => finding.list === 'acceptancecontrol')?.rowId).toBe(
      dgrManual.id,
    );
    // Not yet effective: the general rule decides.
    const later = row({ carrierId: 'DEMOAIR', stationCode: 'HKG', shcCodes: null, controlType: 'Block', effectiveFrom: '2027-01-01' });
    expect(evaluate(facts(), { ...lists, acceptancecontrol: [autoAtHkg, later] }).autoAccept).toBe(true);
  });

  describe('country rules', () => {
    it('hard blocks an embargo both ways, matching the destination through the location list', () => {
      const embargo = row({ countryCode: 'KP', carrierId: null, direction: 'Both', ruleType: 'Embargo', shcCodes: null, remarks: 'UN sanctions' });
      const evaluation = evaluate(facts({ destination: 'FNJ' }), {
        locationcodelist: locations,
        countryrules: [embargo],
        acceptancecontrol: [autoAtHkg],
      });
      expect(evaluation.block).toMatchObject({ kind: 'HARD', companies: [] });
      expect(evaluation.block?.reason).toContain('Import to KP: UN sanctions');
      expect(evaluation.autoAccept).toBe(false);
      expect(evaluation.findings.find((finding) => finding.list === 'countryrules')).toMatchObject({
        rowId: embargo.id,
        effect: 'hardBlock',
        rule: 'KP Embargo (both ways)',
      });
    });

    it('applies export rules to the origin only, and licence rules until a licence is given', () => {
      const licence = row({ countryCode: 'HK', carrierId: null, direction: 'Export', ruleType: 'Licence Required', shcCodes: null, remarks: null });
      const importOnly = row({ countryCode: 'HK', carrierId: null, direction: 'Import', ruleType: 'Embargo', shcCodes: null, remarks: null });
      const lists = { locationcodelist: locations, countryrules: [licence, importOnly] };
      expect(evaluate(facts(), lists)).toMatchObject({ status: 'Eyeball', block: null });
      expect(evaluate(facts({ licences: ['EL123456'] }), lists)).toMatchObject({ status: 'New' });
    });

    it('expands region codes, and honours carrier and handling-code filters', () => {
      const regions = [row({ regionCode: 'EU', countryCodes: 'DE;FR;NL' })];
      const restricted = row({ countryCode: 'EU', carrierId: 'DEMOAIR', direction: 'Import', ruleType: 'Restricted', shcCodes: 'ELI/ELM', remarks: null });
      const lists = { locationcodelist: locations, regionlist: regions, countryrules: [restricted] };
      expect(evaluate(facts({ specialHandlingCodes: ['ELI'] }), lists).block).toMatchObject({ kind: 'SOFT' });
      expect(evaluate(facts({ specialHandlingCodes: ['GEN'] }), lists).block).toBeNull();
      expect(evaluate(facts({ specialHandlingCodes: ['ELI'], carrierId: 'SKYAIR' }), lists).block).toBeNull();
    });

    it('takes the country from the party when the location list lacks the airport, and says so', () => {
      const embargo = row({ countryCode: 'DE', carrierId: null, direction: 'Import', ruleType: 'Embargo', shcCodes: null, remarks: null });
      const evaluation = evaluate(facts(), { countryrules: [embargo] });
      expect(evaluation.destinationCountry).toBe('DE');
      expect(evaluation.block?.kind).toBe('HARD');
      expect(evaluation.findings.some((finding) => finding.list === 'locationcodelist' && finding.message.includes("taken from the consignee's address"))).toBe(
        true,
      );
    });
  });

  it('location rules: the most specific row decides', () => {
    const general = row({ carrierId: 'DEMOAIR', stationCode: 'HKG', destinationCode: null, shcCodes: null, action: 'Eyeball', remarks: null });
    const toFra = row({ carrierId: 'DEMOAIR', stationCode: 'HKG', destinationCode: 'FRA', shcCodes: null, action: 'Hard Block', remarks: 'No service' });
    const lists = { locationcodelist: locations, locationrules: [general, toFra] };
    const evaluation = evaluate(facts(), lists);
    expect(evaluation.block).toMatchObject({ kind: 'HARD' });
    expect(evaluation.findings.filter((finding) => finding.list === 'locationrules').map((finding) => finding.rowId)).toEqual([toFra.id]);
    expect(evaluate(facts({ destination: 'SVO' }), lists).status).toBe('Eyeball');
  });

  it('validation rules set Error for errors and keep warnings from automatic acceptance', () => {
    const cash = row({
      ruleCode: 'GOODS_CASH',
      fieldName: 'Goods Description',
      matchingValue: 'CASH',
      matchingMethod: 'Keyword',
      severity: 'Error',
      carrierId: null,
      message: 'Cash is not carried.',
    });
    const toOrder = row({
      ruleCode: 'CNEE_TOORDER',
      fieldName: 'Consignee',
      matchingValue: 'TO ORDER*',
      matchingMethod: 'Keyword',
      severity: 'Warning',
      carrierId: null,
      message: 'Needs a notify party.',
    });
    const lists = { locationcodelist: locations, validationrules: [cash, toOrder], acceptancecontrol: [autoAtHkg], iataagentcodelist: agents };
    const error = evaluate(facts({ goods: ['BANK NOTES AND CASH'] }), lists);
    expect(error.status).toBe('Error');
    expect(error.findings.find((finding) => finding.rowId === cash.id)?.message).toBe("Cash is not carried. (goods description: 'BANK NOTES AND CASH')");
    // Keyword: whole words only.
    expect(evaluate(facts({ goods: ['CASHEW NUTS'] }), lists).status).toBe('New');
    const warning = evaluate(facts({ parties: [{ role: 'Consignee', name: 'TO ORDER OF BANK OF CHINA', address: '', countryCode: 'DE' }] }), lists);
    expect(warning).toMatchObject({ status: 'New', autoAccept: false });
  });

  it('the description map and the auto SHC list add codes that later rules see', () => {
    const battery = row({
      matchingValue: 'LITHIUM ION BATTER*',
      matchingMethod: 'Keyword',
      mappedDescription: 'Lithium ion batteries',
      hsCode: '850760',
      shcCodes: 'ELI',
    });
    const vaccine = row({ carrierId: null, originCode: null, matchingValue: 'VACCINE*', matchingMethod: 'Keyword', shcCodes: 'PIL/COL' });
    const restricted = row({ countryCode: 'DE', carrierId: null, direction: 'Import', ruleType: 'Restricted', shcCodes: 'ELI', remarks: null });
    const lists = { locationcodelist: locations, descmap: [battery], autospecialhandlingcodelist: [vaccine], countryrules: [restricted] };
    const evaluation = evaluate(facts({ goods: ['LITHIUM ION BATTERIES PACKED WITH EQUIPMENT'], hsCodes: [], specialHandlingCodes: [] }), lists);
    expect(evaluation).toMatchObject({
      specialHandlingCodes: ['ELI'],
      addedSpecialHandlingCodes: ['ELI'],
      hsCodes: ['850760'],
      mappedDescriptions: ['Lithium ion batteries'],
    });
    expect(evaluation.block?.kind).toBe('SOFT');
    const houses = evaluate(
      facts({ houses: [{ hawb: 'H1', origin: 'HKG', destination: 'FRA', goods: ['VACCINES'], hsCodes: [], specialHandlingCodes: [] }] }),
      lists,
    );
    expect(houses.addedSpecialHandlingCodes).toEqual(['PIL', 'COL']);
  });

  it('HS code checks and controlled commodities ask for a check; an embargoed commodity blocks', () => {
    const dualUse = row({ hsCodePattern: '8542*', countryCode: 'RU', checkType: 'Dual Use', remarks: null });
    const dg = row({ hsCodePattern: '2844##', countryCode: null, checkType: 'Dangerous Goods', remarks: null });
    const embargo = row({ hsCodePattern: '8802*', countryCode: null, checkType: 'Embargo', remarks: null });
    const controlled = row({ hsCode: '854231', description: 'Processors', countryCode: null, controlled: 'Yes' });
    const lists = { locationcodelist: locations, hscodechecklist: [dualUse, dg, embargo], harmonisedcommoditycodelist: [controlled] };
    expect(evaluate(facts({ hsCodes: ['854239'], destination: 'SVO' }), lists).status).toBe('Eyeball');
    expect(evaluate(facts({ hsCodes: ['854239'] }), lists).status).toBe('New');
    expect(evaluate(facts({ hsCodes: ['284410'] }), lists).status).toBe('Eyeball');
    expect(evaluate(facts({ hsCodes: ['284410'], specialHandlingCodes: ['RRY'] }), lists).status).toBe('New');
    expect(evaluate(facts({ hsCodes: ['880240'] }), lists).block?.kind).toBe('HARD');
    const national = evaluate(facts({ hsCodes: ['85423100'] }), lists);
    expect(national.findings.find((finding) => finding.list === 'harmonisedcommoditycodelist')).toMatchObject({ rowId: controlled.id, effect: 'eyeball' });
  });

  it('an unknown agent or a currency the station does not take are reported', () => {
    const currencies = [row({ countryCode: 'HK', carrierId: null, stationCode: 'HKG', currencyCodes: 'USD;CNY' })];
    const lists = { locationcodelist: locations, iataagentcodelist: agents, altcurrencylist: currencies, acceptancecontrol: [autoAtHkg] };
    expect(evaluate(facts({ currency: 'USD' }), lists).autoAccept).toBe(true);
    expect(evaluate(facts({ currency: 'EUR' }), lists)).toMatchObject({ status: 'Error' });
    expect(evaluate(facts({ agentCode: '9999999' }), lists)).toMatchObject({ status: 'New', autoAccept: false });
  });

  it('open sanction hits put the shipment to Eyeball and suggest the security reject reasons; denied ones block, cleared ones no longer count', () => {
    const mip = [row({ actionCode: 'SEC01', category: 'Security', sortOrder: 30 }), row({ actionCode: 'DOC01', category: 'Documentation', sortOrder: 10 })];
    const evaluation = evaluate(facts(), { locationcodelist: locations, acceptancecontrol: [autoAtHkg], mipactionlist: mip }, [
      { role: 'Consignee', matchedPhrase: 'RHINE MACHINERY', entryId: 'SDN-1', listName: 'SDN', state: 'ESCALATED' },
    ]);
    expect(evaluation).toMatchObject({ status: 'Eyeball', autoAccept: false, suggestedRejectReasons: ['SEC01'] });
    const hit = { role: 'Consignee', matchedPhrase: 'RHINE MACHINERY', entryId: 'SDN-1', listName: 'SDN' };
    const lists = { locationcodelist: locations, acceptancecontrol: [autoAtHkg] };
    expect(evaluate(facts(), lists, [{ ...hit, state: 'DENIED' }])).toMatchObject({ status: 'New', block: { kind: 'HARD' }, autoAccept: false });
    expect(evaluate(facts(), lists, [{ ...hit, state: 'CLEARED' }])).toMatchObject({ status: 'New', block: null, autoAccept: true });
  });

  it('suggests the reasons of the blocking categories in the list’s order, however often the same list is asked, and a changed list’s own', () => {
    const mip = [
      row({ actionCode: 'SEC02', category: 'Security', sortOrder: 30 }),
      row({ actionCode: 'DOC01', category: 'Documentation', sortOrder: 10 }),
      row({ actionCode: 'SEC01', category: 'Security', sortOrder: 20 }),
      row({ actionCode: 'SEC03', category: 'Security', sortOrder: 30 }),
      row({ actionCode: null, category: 'Security', sortOrder: 5 }),
      row({ actionCode: 'SEC00', category: 'Security' }),
    ];
    const hit: ScreenedHit = { role: 'Consignee', matchedPhrase: 'RHINE MACHINERY', entryId: 'SDN-1', listName: 'SDN', state: 'OPEN' };
    const lists = { locationcodelist: locations, acceptancecontrol: [autoAtHkg], mipactionlist: mip };
    const first = evaluate(facts(), lists, [hit]).suggestedRejectReasons;
    expect(first).toEqual(['SEC01', 'SEC02', 'SEC03', 'SEC00']);
    first.push('CHANGED BY A CALLER');
    expect(evaluate(facts(), lists, [hit]).suggestedRejectReasons).toEqual(['SEC01', 'SEC02', 'SEC03', 'SEC00']);
    expect(evaluate(facts(), lists).suggestedRejectReasons).toEqual([]);
    const changed = { ...lists, mipactionlist: [...mip.slice(1), row({ actionCode: 'SEC09', category: 'Security', sortOrder: 1 })] };
    expect(evaluate(facts(), changed, [hit]).suggestedRejectReasons).toEqual(['SEC09', 'SEC01', 'SEC03', 'SEC00']);
  });

  it('pauses while it reads a long reject-reason list', () => {
    const mip = Array.from({ length: 5_000 }, (_, index) => row({ actionCode: `SEC${index}`, category: 'Security', sortOrder: 5_000 - index }));
    const hit: ScreenedHit = { role: 'Consignee', matchedPhrase: 'RHINE MACHINERY', entryId: 'SDN-1', listName: 'SDN', state: 'OPEN' };
    const pauses = (lists: RuleLists) => {
      const steps = evaluationSteps(facts(), lists, [hit], effectListsOf(ruleListPlugins, lists));
      let count = 0;
      while (steps.next().done !== true) count++;
      return count;
    };
    const base = { locationcodelist: locations, acceptancecontrol: [autoAtHkg] };
    const reading = pauses({ ...base, mipactionlist: mip });
    expect(reading - pauses(base)).toBe(Math.floor(mip.length / ROWS_PER_PAUSE));
    // Read once: asked again, the same list's reasons are known.
    expect(pauses({ ...base, mipactionlist: mip })).toBe(pauses(base));
  });
});

describe('acceptance privilege', () => {
  const rows = {
    acceptanceprivilege: [
      row({ companyId: 'DEMOGHA', userId: null, carrierId: 'DEMOAIR', acceptanceStations: 'HKG;SIN', shcCodes: null, privilege: 'Accept' }),
      row({ companyId: 'HUBGHA', userId: null, carrierId: 'DEMOAIR', acceptanceStations: 'FRA', shcCodes: null, privilege: 'Accept with Remark' }),
      row({ companyId: 'DEMOGHA', userId: 'supervisor', carrierId: 'DEMOAIR', acceptanceStations: 'HKG', shcCodes: null, privilege: 'Override Soft Block' }),
    ],
  };
  it('lets the carrier and the named participants accept, and no one else where someone is named', () => {
    expect(acceptancePrivilege(rows, { companyId: 'DEMOAIR', userId: 'operator' }, 'DEMOAIR', 'HKG', [])).toMatchObject({ allowed: true });
    expect(acceptancePrivilege(rows, { companyId: 'DEMOGHA', userId: 'operator' }, 'DEMOAIR', 'HKG', [])).toEqual({
      allowed: true,
      remarkRequired: false,
      mayOverrideSoftBlock: false,
    });
    expect(acceptancePrivilege(rows, { companyId: 'DEMOGHA', userId: 'supervisor' }, 'DEMOAIR', 'HKG', [])).toMatchObject({
      allowed: true,
      mayOverrideSoftBlock: true,
    });
    expect(acceptancePrivilege(rows, { companyId: 'HUBGHA', userId: 'operator' }, 'DEMOAIR', 'FRA', [])).toMatchObject({ allowed: true, remarkRequired: true });
    expect(acceptancePrivilege(rows, { companyId: 'HUBGHA', userId: 'operator' }, 'DEMOAIR', 'HKG', [])).toEqual({
      allowed: false,
      message: 'HUBGHA has no acceptance privilege for DEMOAIR at HKG.',
    });
    // No one named at AMS: anyone who may decide may.
    expect(acceptancePrivilege(rows, { companyId: 'HUBGHA', userId: 'operator' }, 'DEMOAIR', 'AMS', [])).toMatchObject({ allowed: true });
  });
});

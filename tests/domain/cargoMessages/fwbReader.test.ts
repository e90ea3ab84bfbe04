import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decodeMessageBytes,
  DEFAULT_CARGO_MESSAGE_LIMITS,
  describeFault,
  partyCustomsIdentifiersOf,
  readFwb,
  securityDeclarationOf,
  writeFwb,
  type MessageFault,
} from '../../../src/domain/cargoMessages';

const sample = readFileSync(path.join(import.meta.dirname, '../../fixtures/cargoMessages/fwb16-consol.txt'), 'utf8');
const sampleLines = sample.trimEnd().split('\n');

/** The sample with line `number` (1-based) replaced by `text` (or removed when undefined). */
function withLine(number: number, text: string | undefined): string {
  const lines = [...sampleLines];
  if (text === undefined) lines.splice(number - 1, 1);
  else lines[number - 1] = text;
  return lines.join('\n');
}

function faultsOf(text: string): MessageFault[] {
  const outcome = readFwb(text);
  if (outcome.ok) throw new Error('expected the message to be refused');
  return outcome.faults;
}

describe('FWB reader on the real-shaped FWB/16 sample', () => {
  const outcome = readFwb(sample);
  if (!outcome.ok) throw new Error(outcome.faults.map(describeFault).join('\n'));
  const waybill = outcome.value;

  it('reads the AWB line, flights and routing', () => {
    expect(waybill.version).toBe(16);
    expect(waybill.consignment).toEqual({
      awb: { prefix: '006', suffix: '96667465' },
      origin: 'DFW',
      destination: 'FRA',
      shipmentDescriptionCode: 'T',
      pieces: 4,
      weight: { unit: 'K', value: 245 },
    });
    expect(waybill.flights).toEqual([
      { carrier: 'DL', flightNumber: '8226E', day: 8 },
      { carrier: 'DL', flightNumber: '014', day: 9 },
    ]);
    expect(waybill.routing).toEqual([
      { airport: 'ATL', carrier: 'DL' },
      { airport: 'FRA', carrier: 'DL' },
    ]);
  });

  it('reads shipper, consignee, agent and also-notify with their addresses and contacts', () => {
    expect(waybill.shipper).toEqual({
      name: 'SEKO WORLDWIDE LLC - DALLAS',
      streetAddress: ['1840 W.AIRFIELD DRIVE  100'],
      place: 'DFW AIRPORT',
      stateProvince: 'TX',
      countryCode: 'US',
      postcode: '75261',
      contacts: [{ type: 'TE', number: '19725748283' }],
    });
    expect(waybill.consignee.name).toBe('SEKO SYNERGY GMBH');
    expect(waybill.consignee.countryCode).toBe('DE');
    expect(waybill.agent).toEqual({ iataCode: '3360525', cassAddress: '0151', name: 'SEKO WORLDWIDE DFW', place: 'DALLAS' });
    expect(waybill.notify).toEqual({
      name: 'MR ALSO NOTIFY',
      streetAddress: ['NOTIFY ADDRESS'],
      place: 'AN PLACE',
      stateProvince: 'AN STATE',
      countryCode: 'KR',
      postcode: '3321',
      contacts: [{ type: 'PHO', number: '556644' }],
    });
  });

  it('reads accounting, charge declarations, the rate line with its goods lines, other charges and the prepaid summary', () => {
    expect(waybill.accounting).toEqual([{ identifier: 'GEN', information: 'SPOT  1208107465' }]);
    expect(waybill.chargeDeclarations).toEqual({
      currency: 'USD',
      chargeCode: 'PP',
      weightValuation: 'P',
      otherCharges: 'P',
      carriageValue: 'NVD',
      customsValue: 'NCV',
      insuranceAmount: 'XXX',
    });
    expect(waybill.rateLines).toHaveLength(1);
    const [rate] = waybill.rateLines;
    expect(rate).toMatchObject({ pieces: 4, grossWeight: { unit: 'K', value: 245 }, rateClass: 'Q', chargeableWeight: 245, rateOrCharge: 3, total: 735 });
    expect(rate.goods.filter((goods) => goods.kind === 'NG').map((goods) => (goods as { text: string }).text)).toEqual([
      'CONSOLIDATION AS PER',
      'ATTACHED LIST',
      'DIMS 13X12X15 IN X 2',
      'DIMS 48X40X40 IN X 1',
      'DIMS 12X11X16 IN X 1',
      'GOODS ORIGIN  AU',
      '4 SLAC',
    ]);
    expect(rate.goods.at(-1)).toEqual({ kind: 'ND', dimensions: 'NDA' });
    expect(waybill.otherCharges).toEqual([
      { prepaidCollect: 'P', chargeCode: 'MY', entitlement: 'C', amount: 196 },
      { prepaidCollect: 'P', chargeCode: 'SC', entitlement: 'C', amount: 36.75 },
      { prepaidCollect: 'P', chargeCode: 'XB', entitlement: 'C', amount: 29.4 },
    ]);
    expect(waybill.prepaidSummary).toEqual({ weightCharge: 735, totalOtherChargesDueCarrier: 262.15, total: 997.15 });
  });

  it('reads CER, ISU, OSI, REF and SPH', () => {
    expect(waybill.certification).toBe('SEKO WORLDWIDE DFW');
    expect(waybill.execution).toEqual({ date: '2010-12-08', place: 'DALLAS-FORT WORTH', signature: 'JOSEPH RUFF' });
    expect(waybill.otherServiceInformation).toEqual(['PLEASE NOTIFY CONSIGNEE UPON ARRIVAL']);
    expect(waybill.reference).toEqual({ fileReference: 'C00141929', participantIdentifier: 'FFW', participantCode: 'CWIDEDIEDIDAT', airportCityCode: 'DFW' });
    expect(waybill.specialHandlingCodes).toEqual(['NSC', 'EAW', 'PEF', 'SCO']);
  });

  it('reads the OCI lines and the e-CSD security data and party tax ids in them', () => {
    expect(waybill.customsInformation).toHaveLength(13);
    expect(waybill.customsInformation[0]).toEqual({
      countryCode: 'AU',
      informationIdentifier: 'ISS',
      customsInformationIdentifier: 'RA',
      supplementaryInformation: 'RANUM123',
    });
    expect(waybill.customsInformation[1]).toEqual({ customsInformationIdentifier: 'ED', supplementaryInformation: '0115' });
    expect(securityDeclarationOf(waybill.customsInformation)).toEqual({
      regulatedEntities: [
        { role: 'ISS', category: 'RA', identifier: 'RANUM123', countryCode: 'AU', expiry: '0115' },
        { role: 'ISS', category: 'AC', identifier: 'DURBLE', countryCode: 'AU' },
        { role: 'ISS', category: 'KC', identifier: 'JUBBLE', countryCode: 'AU', expiry: '1299' },
        { role: 'OSS', category: 'RA', identifier: 'GLUBBLE', countryCode: 'AU', expiry: '1299' },
      ],
      screeningMethods: ['PRT'],
      exemptions: [],
      signatory: 'RUSSELL DUSSEL',
      issuedAt: '2015-02-13T16:30',
    });
    expect(partyCustomsIdentifiersOf(waybill.customsInformation)).toEqual([
      { party: 'SHP', countryCode: 'US', type: 'T', value: 'XYZ2233' },
      { party: 'CNE', countryCode: 'DE', type: 'T', value: '4455' },
    ]);
  });

  it('writes the sample back byte for byte', () => {
    const written = writeFwb(waybill);
    expect(written.ok && written.text).toBe(`${sampleLines.join('\n')}\n`);
  });
});

describe('FWB reader is liberal in what is optional', () => {
  it('accepts CRLF line ends, trailing spaces, blank lines, lower case and a Type B envelope, keeping line numbers true', () => {
    const received = ['QK DFWFMDL', '.DFWFFDL 081200', '', ...sampleLines.map((line) => `${line.toLowerCase()}  `)].join('\r\n');
    const outcome = readFwb(received);
    expect(outcome.ok).toBe(true);
    const broken = received.replace('006-96667465', '006-96667464');
    expect(faultsOf(broken)[0]).toMatchObject({ line: 5, code: 'check-digit' });
  });

  it('reads a minimal FWB/17 with only the mandatory segments', () => {
    const minimal = [
      'FWB/17',
      '160-12345675HKGFRA/T2K30.5',
      'SHP',
      '/PACIFIC ELECTRONICS CO LTD',
      '/12 HARBOUR ROAD',
      '/HONG KONG',
      '/HK',
      'CNE',
      '/RHINE COMPONENTS GMBH',
      '/CARGO CITY SOUTH',
      '/FRANKFURT',
      '/DE/60549',
      'CVD/HKD//CC/NVD/NCV/XXX',
      'RTD/1/P2/K30.5',
      '/NG/ELECTRONIC PARTS',
      'ISU/03MAR24/HONG KONG',
    ].join('\n');
    const outcome = readFwb(minimal);
    if (!outcome.ok) throw new Error(outcome.faults.map(describeFault).join('\n'));
    expect(outcome.value.version).toBe(17);
    expect(outcome.value.chargeDeclarations).toEqual({
      currency: 'HKD',
      weightValuation: 'C',
      otherCharges: 'C',
      carriageValue: 'NVD',
      customsValue: 'NCV',
      insuranceAmount: 'XXX',
    });
    expect(outcome.value.agent).toBeUndefined();
    expect(outcome.value.flights).toEqual([]);
    expect(outcome.value.rateLines).toEqual([{ pieces: 2, grossWeight: { unit: 'K', value: 30.5 }, goods: [{ kind: 'NG', text: 'ELECTRONIC PARTS' }] }]);
  });

  it('reads a second rate line started by a numbered row, and dimensions, volume and HS code rows', () => {
    const rates = [
      'RTD/1/P4/K245/CQ/W245/R3/T735',
      '/NG/CONSOLIDATION',
      '/2/NH/854231',
      '/3/ND/K100/CMT120-80-60/2',
      '/4/P1/K12/CN/W12/R4.5/T54',
      '/NG/SPARE PARTS',
      '/5/NV/MC0.05',
      '/6/NO/AU',
    ];
    const text = [...sampleLines.slice(0, 23), ...rates, ...sampleLines.slice(32)].join('\n');
    const outcome = readFwb(text);
    if (!outcome.ok) throw new Error(outcome.faults.map(describeFault).join('\n'));
    expect(outcome.value.rateLines).toEqual([
      {
        pieces: 4,
        grossWeight: { unit: 'K', value: 245 },
        rateClass: 'Q',
        chargeableWeight: 245,
        rateOrCharge: 3,
        total: 735,
        goods: [
          { kind: 'NG', text: 'CONSOLIDATION' },
          { kind: 'NH', hsCode: '854231' },
          { kind: 'ND', weight: { unit: 'K', value: 100 }, dimensions: { unit: 'CMT', length: 120, width: 80, height: 60, pieces: 2 } },
        ],
      },
      {
        pieces: 1,
        grossWeight: { unit: 'K', value: 12 },
        rateClass: 'N',
        chargeableWeight: 12,
        rateOrCharge: 4.5,
        total: 54,
        goods: [
          { kind: 'NG', text: 'SPARE PARTS' },
          { kind: 'NV', volume: { unit: 'MC', value: 0.05 } },
          { kind: 'NO', countryCode: 'AU' },
        ],
      },
    ]);
  });
});

describe('FWB reader is strict in what is malformed: each fault names its line and says why', () => {
  const cases: { name: string; text: string; line: number; code: MessageFault['code']; reason: RegExp }[] = [
    { name: 'bad check digit', text: withLine(2, '006-96667464DFWFRA/T4K245'), line: 2, code: 'check-digit', reason: /9666746 mod 7 = 5\), not 4/ },
    {
      name: 'AWB number too short',
      text: withLine(2, '006-9666746DFWFRA/T4K245'),
      line: 2,
      code: 'malformed',
      reason: /3-digit airline prefix, a hyphen and an 8-digit serial/,
    },
    {
      name: 'no slash before the quantity',
      text: withLine(2, '006-96667465DFWFRAT4K245'),
      line: 2,
      code: 'malformed',
      reason: /origin and destination airports/,
    },
    { name: 'malformed quantity', text: withLine(2, '006-96667465DFWFRA/T4X245'), line: 2, code: 'malformed', reason: /shipment code/ },
    { name: 'unknown segment', text: withLine(40, 'XYZ/SOMETHING'), line: 40, code: 'unknown-segment', reason: /XYZ is not a segment of an FWB/ },
    { name: 'line without tag', text: withLine(22, '12345'), line: 22, code: 'malformed', reason: /three-letter segment tag/ },
    {
      name: 'line too long',
      text: withLine(38, `OSI/${'X'.repeat(66)}`),
      line: 38,
      code: 'line-too-long',
      reason: /70 characters long; Cargo-IMP lines are at most 69/,
    },
    {
      name: 'non-ASCII character',
      text: withLine(11, '/SEKO SYNERGY GMBH MÜNCHEN'),
      line: 11,
      code: 'bad-character',
      reason: /Column 21 holds the character 'Ü' \(U\+00DC\)/,
    },
    { name: 'tab', text: withLine(11, '/SEKO\tSYNERGY'), line: 11, code: 'bad-character', reason: /a tab/ },
    {
      name: 'unknown country',
      text: withLine(9, '/ZZ/75261/TE/19725748283'),
      line: 9,
      code: 'unknown-code',
      reason: /shipper's country code ZZ is not an ISO 3166 country/,
    },
    {
      name: 'shipper name too long',
      text: withLine(6, `/${'A'.repeat(36)}`),
      line: 6,
      code: 'too-long',
      reason: /shipper's name is 36 characters long; at most 35/,
    },
    { name: 'agent code not 7 digits', text: withLine(15, 'AGT//33605/0151'), line: 15, code: 'malformed', reason: /IATA cargo agent code must be 7 digits/ },
    { name: 'unknown currency', text: withLine(23, 'CVD/XQZ/PP/PP/NVD/NCV/XXX'), line: 23, code: 'unknown-code', reason: /XQZ is not an ISO 4217 currency/ },
    { name: 'bad prepaid/collect', text: withLine(23, 'CVD/USD/PP/PX/NVD/NCV/XXX'), line: 23, code: 'malformed', reason: /P \(prepaid\) or C \(collect\)/ },
    { name: 'goods text too long', text: withLine(25, '/NG/CONSOLIDATION AS PER LIST'), line: 25, code: 'too-long', reason: /at most 20/ },
    { name: 'unknown goods identifier', text: withLine(26, '/2/NX/ATTACHED LIST'), line: 26, code: 'malformed', reason: /'NX' is not a goods data identifier/ },
    { name: 'bad rate field', text: withLine(24, 'RTD/1/P4/K245/CQ/W245/Z3/T735'), line: 24, code: 'malformed', reason: /'Z3' is not a rate field/ },
    { name: 'malformed other charge', text: withLine(33, 'OTH/X/MYC196'), line: 33, code: 'malformed', reason: /starts with P \(prepaid\) or C \(collect\)/ },
    { name: 'malformed summary', text: withLine(36, 'PPD/WX735'), line: 36, code: 'malformed', reason: /WT, VC, TX, OA, OC or CT/ },
    { name: 'impossible execution date', text: withLine(39, 'ISU/31FEB10/DALLAS-FORT WORTH/JOSEPH RUFF'), line: 39, code: 'malformed', reason: /real date/ },
    {
      name: 'too many special handling codes',
      text: withLine(42, 'SPH/NSC/EAW/PEF/SCO/EAP/ELI/PER/COL/HEA/AVI'),
      line: 42,
      code: 'malformed',
      reason: /10 special handling codes/,
    },
    { name: 'OCI with five fields', text: withLine(43, 'OCI/AU/ISS/RA/RANUM123/X'), line: 43, code: 'malformed', reason: /four fields/ },
    { name: 'orphan continuation line', text: withLine(3, '/ORPHAN'), line: 3, code: 'malformed', reason: /must follow a segment line/ },
    {
      name: 'unsupported version',
      text: withLine(1, 'FWB/12'),
      line: 1,
      code: 'unsupported-version',
      reason: /FWB\/12 is not read here; this portal reads FWB\/16 and FWB\/17/,
    },
    { name: 'not an FWB', text: withLine(1, 'FFM/8'), line: 1, code: 'unknown-message', reason: /should start with its identifier FWB/ },
  ];

  for (const { name, text, line, code, reason } of cases) {
    it(name, () => {
      const faults = faultsOf(text);
      expect(faults[0], JSON.stringify(faults)).toMatchObject({ line, code });
      expect(faults[0].reason).toMatch(reason);
      expect(describeFault(faults[0])).toMatch(new RegExp(`^Line ${line}`));
    });
  }

  it('names a missing mandatory segment at the message identifier line', () => {
    const withoutShipper = sampleLines.filter((_, index) => index < 4 || index > 8).join('\n');
    expect(faultsOf(withoutShipper)).toEqual([{ line: 1, code: 'missing-segment', segment: 'SHP', reason: 'The FWB has no SHP segment (shipper).' }]);
  });

  it('refuses a truncated message with every missing segment', () => {
    const truncated = sampleLines.slice(0, 17).join('\n');
    expect(faultsOf(truncated).map((fault) => fault.segment)).toEqual(['CVD', 'RTD', 'ISU']);
  });

  it('refuses a segment given twice', () => {
    const doubled = [...sampleLines.slice(0, 14), ...sampleLines.slice(9, 14), ...sampleLines.slice(14)].join('\n');
    expect(faultsOf(doubled)[0]).toMatchObject({ line: 15, code: 'duplicate-segment', segment: 'CNE' });
  });

  it('reports every fault of a message in one pass, in line order', () => {
    const lines = [...sampleLines];
    lines[1] = '006-96667464DFWFRA/T4K245';
    lines[8] = '/ZZ/75261';
    lines[22] = 'CVD/XQZ/PP/PP/NVD/NCV/XXX';
    expect(faultsOf(lines.join('\n')).map((fault) => fault.line)).toEqual([2, 9, 23]);
  });

  it('refuses an oversize message and an empty one as a whole', () => {
    const huge = sample + `OSI/${'X'.repeat(60)}\n`.repeat(1200);
    expect(faultsOf(huge)).toEqual([{ line: 0, code: 'too-large', reason: expect.stringMatching(/at most 65536 bytes/) }]);
    expect(faultsOf('  \n\n')).toEqual([{ line: 0, code: 'empty', reason: 'The message is empty.' }]);
    expect(readFwb(sample, { maxBytes: 500 }).ok).toBe(false);
    expect(DEFAULT_CARGO_MESSAGE_LIMITS.maxLineLength).toBe(69);
  });

  it('refuses bytes that are not UTF-8 with the line they are on', () => {
    const bytes = new TextEncoder().encode(sample);
    const broken = new Uint8Array([...bytes.slice(0, 40), 0xc3, 0x28, ...bytes.slice(40)]);
    const decoded = decodeMessageBytes(broken, DEFAULT_CARGO_MESSAGE_LIMITS);
    expect(decoded).toEqual({ ok: false, faults: [{ line: 3, code: 'bad-encoding', reason: expect.stringMatching(/not UTF-8/) }] });
    expect(decodeMessageBytes(bytes, DEFAULT_CARGO_MESSAGE_LIMITS)).toEqual({ ok: true, value: sample });
  });
});

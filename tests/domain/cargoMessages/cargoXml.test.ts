import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  describeFault,
  readCargoMessage,
  readFhl,
  readFwb,
  readXfhl,
  readXfwb,
  securityDeclarationOf,
  writeFwb,
  type MessageFault,
} from '../../../src/domain/cargoMessages';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../../fixtures/cargoMessages', name), 'utf8');
const xfwb = fixture('xfwb-consol.xml');
const xfhl = fixture('xfhl-consol.xml');
const fwb = fixture('fwb16-consol.txt');

function faultsOf(outcome: { ok: boolean; faults?: MessageFault[] }): MessageFault[] {
  if (outcome.ok || !outcome.faults) throw new Error('expected the message to be refused');
  return outcome.faults;
}

describe('XFWB (Cargo-XML WaybillMessage) reads into the FWB model', () => {
  const outcome = readXfwb(xfwb);
  if (!outcome.ok) throw new Error(outcome.faults.map(describeFault).join('\n'));
  const fromXml = outcome.value;
  const fromImp = readFwb(fwb);
  if (!fromImp.ok) throw new Error('sample FWB unreadable');

  it('gives the same consignment, flights, routing, parties, charges, summary and execution as the FWB of the same shipment', () => {
    for (const key of [
      'consignment',
      'flights',
      'routing',
      'shipper',
      'consignee',
      'agent',
      'accounting',
      'chargeDeclarations',
      'otherCharges',
      'prepaidSummary',
      'certification',
      'execution',
      'otherServiceInformation',
      'specialHandlingCodes',
    ] as const) {
      expect(fromXml[key], key).toEqual(fromImp.value[key]);
    }
    expect(fromXml.notify).toEqual({ ...fromImp.value.notify, contacts: [] });
  });

  it('reads the rate line with the goods description wrapped to 20-character NG lines, dimensions, SLAC and origin', () => {
    expect(fromXml.rateLines).toEqual([
      {
        pieces: 4,
        grossWeight: { unit: 'K', value: 245 },
        rateClass: 'Q',
        chargeableWeight: 245,
        rateOrCharge: 3,
        total: 735,
        goods: [
          { kind: 'NG', text: 'CONSOLIDATION AS PER' },
          { kind: 'NG', text: 'ATTACHED LIST' },
          { kind: 'ND', dimensions: { unit: 'INH', length: 13, width: 12, height: 15, pieces: 2 } },
          { kind: 'ND', dimensions: { unit: 'INH', length: 48, width: 40, height: 40, pieces: 1 } },
          { kind: 'NS', slac: 4 },
          { kind: 'NO', countryCode: 'AU' },
        ],
      },
    ]);
  });

  it('reads customs notes into OCI lines with the e-CSD', () => {
    expect(securityDeclarationOf(fromXml.customsInformation)).toMatchObject({
      regulatedEntities: [{ role: 'ISS', category: 'RA', identifier: 'RANUM123', countryCode: 'AU', expiry: '0115' }],
      screeningMethods: ['XRY'],
      signatory: 'RUSSELL DUSSEL',
      issuedAt: '2015-02-13T16:30',
    });
  });

  it('gives a model that can be written as an FWB and read back unchanged', () => {
    const written = writeFwb(fromXml);
    if (!written.ok) throw new Error(JSON.stringify(written.faults));
    const reread = readFwb(written.text);
    expect(reread.ok && reread.value).toEqual(fromXml);
  });
});

describe('XFHL (Cargo-XML HouseManifestMessage) reads into the FHL model', () => {
  it('reads the master and its houses, decoding the predefined entities and keeping Unicode names, in upper case like every party text', () => {
    const outcome = readXfhl(xfhl);
    if (!outcome.ok) throw new Error(outcome.faults.map(describeFault).join('\n'));
    const manifest = outcome.value;
    expect(manifest.master).toEqual({
      awb: { prefix: '006', suffix: '96667465' },
      origin: 'DFW',
      destination: 'FRA',
      shipmentDescriptionCode: 'T',
      pieces: 4,
      weight: { unit: 'K', value: 245 },
    });
    expect(manifest.houses.map((house) => [house.hawb, house.pieces, house.weight.value, house.manifestDescription])).toEqual([
      ['SEKO0001', 2, 120.5, 'AUTO PARTS'],
      ['SEKO0002', 1, 80, 'MEDICAL DEVICES'],
    ]);
    const [first] = manifest.houses;
    expect(first.consignee?.name).toBe('AUTOTEILE MÜLLER GMBH & CO. KG');
    expect(first.consignee?.contacts).toEqual([
      { type: 'TE', number: '49694001234' },
      { type: 'EM', number: 'EINKAUF@TEILE-MUELLER.DE' },
    ]);
    expect(first.hsCodes).toEqual(['870830', '870899']);
    expect(first.goodsDescription).toEqual(['AUTOMOTIVE BRAKE PADS AND ROTORS', 'PART NUMBERS BP-2010 SERIES']);
    expect(first.specialHandlingCodes).toEqual(['EAW', 'SPX']);
    expect(first.slac).toBe(2);
    expect(first.chargeDeclarations).toEqual({
      currency: 'USD',
      weightValuation: 'P',
      otherCharges: 'P',
      carriageValue: 'NVD',
      customsValue: 'NCV',
      insuranceAmount: 'XXX',
    });
    const imp = readFhl(fixture('fhl4-consol.txt'));
    expect(imp.ok && imp.value.houses[0].shipper).toEqual(first.shipper);
  });
});

describe('readCargoMessage tells the four formats apart', () => {
  it('reads FWB, FHL, XFWB and XFHL by their content', () => {
    const kinds = [fwb, fixture('fhl4-consol.txt'), xfwb, xfhl].map((text) => {
      const outcome = readCargoMessage(text);
      return outcome.ok ? `${outcome.value.kind}/${outcome.value.format}` : outcome.faults.map(describeFault).join();
    });
    expect(kinds).toEqual(['FWB/cargo-imp', 'FHL/cargo-imp', 'FWB/cargo-xml', 'FHL/cargo-xml']);
  });

  it('refuses other texts with a plain reason', () => {
    expect(faultsOf(readCargoMessage('FFM/8\n1/DL014/09DEC/DFW'))[0]).toMatchObject({ line: 1, code: 'unknown-message' });
    expect(faultsOf(readCargoMessage('FWB/16\n006-96667465DFW\uFFFDFRA/T4K245'))[0]).toMatchObject({ line: 2, code: 'bad-encoding' });
    expect(faultsOf(readCargoMessage(''))[0]).toMatchObject({ line: 0, code: 'empty' });
  });
});

describe('hostile and malformed Cargo-XML is refused safely, with the location of the fault', () => {
  it('refuses entity expansion ("billion laughs") before parsing', () => {
    const laughs = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE lolz [',
      ' <!ENTITY lol "lol">',
      ' <!ENTITY lol9 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">',
      ']>',
      '<rsm:WaybillMessage xmlns:rsm="iata:waybill:1"><ram:Name>&lol9;</ram:Name></rsm:WaybillMessage>',
    ].join('\n');
    expect(faultsOf(readCargoMessage(laughs))).toEqual([{ line: 2, code: 'hostile-xml', reason: expect.stringMatching(/DOCTYPE declaration is refused/) }]);
  });

  it('refuses external entities and never expands an undeclared one', () => {
    const external = `<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n${xfwb.slice(xfwb.indexOf('<rsm:WaybillMessage'))}`;
    expect(faultsOf(readXfwb(external))[0]).toMatchObject({ line: 2, code: 'hostile-xml' });
    const undeclared = readXfwb(xfwb.replace('<ram:Name>SEKO SYNERGY GMBH</ram:Name>', '<ram:Name>&xxe;</ram:Name>'));
    expect(undeclared.ok && undeclared.value.consignee.name).toBe('&XXE;');
  });

  it('refuses deep nesting without exhausting the stack, and oversize documents', () => {
    const deep = `<rsm:WaybillMessage>\n${'<a>'.repeat(9000)}${'</a>'.repeat(9000)}</rsm:WaybillMessage>`;
    expect(deep.length).toBeLessThan(65536);
    expect(faultsOf(readXfwb(deep))).toEqual([{ line: 2, code: 'too-deep', reason: 'Elements are nested more than 32 deep; Cargo-XML needs far fewer.' }]);
    expect(faultsOf(readXfwb(xfwb, { maxXmlDepth: 4 }))[0].code).toBe('too-deep');
    const huge = xfwb.replace('</rsm:WaybillMessage>', `<!--${'x'.repeat(70_000)}--></rsm:WaybillMessage>`);
    expect(faultsOf(readCargoMessage(huge))).toEqual([{ line: 0, code: 'too-large', reason: expect.stringMatching(/at most 65536 bytes/) }]);
  });

  it('refuses XML that is not well formed, with its line', () => {
    const unclosed = xfwb.replace('</ram:TotalPieceQuantity>', '');
    const [fault] = faultsOf(readXfwb(unclosed));
    expect(fault).toMatchObject({ code: 'malformed', line: xfwb.slice(0, xfwb.indexOf('</rsm:MasterConsignment>')).split('\n').length });
    expect(fault.reason).toMatch(/not well formed.*TotalPieceQuantity/);
  });

  it('names the element and line of a missing or bad value', () => {
    const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
    const noShipper = xfwb.replace(/<ram:ConsignorParty>[\s\S]*?<\/ram:ConsignorParty>/, '');
    expect(faultsOf(readXfwb(noShipper))).toEqual([
      {
        line: lineOf(xfwb, '<rsm:MasterConsignment>'),
        code: 'missing-segment',
        segment: 'ConsignorParty',
        reason: 'WaybillMessage/MasterConsignment/ConsignorParty (shipper) is missing.',
      },
    ]);
    const badWeight = xfwb.replace('unitCode="KGM">245</ram:IncludedTare', 'unitCode="KGM">245kg</ram:IncludedTare');
    expect(faultsOf(readXfwb(badWeight))).toEqual([
      {
        line: lineOf(xfwb, '<ram:IncludedTareGrossWeightMeasure'),
        code: 'malformed',
        segment: 'IncludedTareGrossWeightMeasure',
        reason: expect.stringMatching(/the gross weight '245kg' must be a non-negative number/),
      },
    ]);
    const badCheckDigit = xfwb.replaceAll('006-96667465', '006-96667466');
    expect(faultsOf(readXfwb(badCheckDigit))[0]).toMatchObject({
      line: lineOf(xfwb, '<ram:ID>006-96667465</ram:ID>\n    <ram:SenderAssignedID>'),
      code: 'check-digit',
    });
    const badCurrency = xfwb.replace('<ram:SourceCurrencyCode>USD', '<ram:SourceCurrencyCode>XQZ');
    expect(faultsOf(readXfwb(badCurrency))[0]).toMatchObject({ code: 'unknown-code', line: lineOf(xfwb, '<ram:SourceCurrencyCode>') });
    const badCountry = xfhl.replace('<ram:CountryID>DE</ram:CountryID>', '<ram:CountryID>XX</ram:CountryID>');
    expect(faultsOf(readXfhl(badCountry))[0]).toMatchObject({ code: 'unknown-code', reason: expect.stringMatching(/XX is not an ISO 3166 country/) });
  });

  it('refuses a document of the wrong kind', () => {
    expect(faultsOf(readXfwb(xfhl))[0]).toMatchObject({
      line: 3,
      code: 'unknown-message',
      reason: 'The root element is HouseManifestMessage; an XFWB is a WaybillMessage.',
    });
    expect(faultsOf(readXfhl(xfwb))[0]).toMatchObject({ code: 'unknown-message' });
  });
});

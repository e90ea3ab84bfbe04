import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFault, readFhl, writeFhl, type MessageFault } from '../../../src/domain/cargoMessages';

const sample = readFileSync(path.join(import.meta.dirname, '../../fixtures/cargoMessages/fhl4-consol.txt'), 'utf8');
const sampleLines = sample.trimEnd().split('\n');

function withLine(number: number, text: string): string {
  const lines = [...sampleLines];
  lines[number - 1] = text;
  return lines.join('\n');
}

function faultsOf(text: string): MessageFault[] {
  const outcome = readFhl(text);
  if (outcome.ok) throw new Error('expected the message to be refused');
  return outcome.faults;
}

describe('FHL/4 reader on a consolidation of three houses', () => {
  const outcome = readFhl(sample);
  if (!outcome.ok) throw new Error(outcome.faults.map(describeFault).join('\n'));
  const manifest = outcome.value;

  it('reads the master line with its check digit', () => {
    expect(manifest.version).toBe(4);
    expect(manifest.master).toEqual({
      awb: { prefix: '006', suffix: '96667465' },
      origin: 'DFW',
      destination: 'FRA',
      shipmentDescriptionCode: 'T',
      pieces: 4,
      weight: { unit: 'K', value: 245 },
    });
  });

  it('reads each house under its master with goods, HS codes, customs lines, parties and charges', () => {
    expect(manifest.houses.map((house) => house.hawb)).toEqual(['SEKO0001', 'SEKO0002', 'SEKO0003']);
    const [first, second, third] = manifest.houses;
    expect(first).toMatchObject({
      origin: 'DFW',
      destination: 'FRA',
      pieces: 2,
      weight: { unit: 'K', value: 120.5 },
      slac: 2,
      manifestDescription: 'AUTO PARTS',
      specialHandlingCodes: ['EAW', 'SPX'],
      goodsDescription: ['AUTOMOTIVE BRAKE PADS AND ROTORS', 'PART NUMBERS BP-2010 SERIES'],
      hsCodes: ['870830', '870899'],
      customsInformation: [
        { countryCode: 'US', informationIdentifier: 'SHP', customsInformationIdentifier: 'T', supplementaryInformation: '751234567' },
        { countryCode: 'DE', informationIdentifier: 'CNE', customsInformationIdentifier: 'T', supplementaryInformation: 'DE811234567' },
      ],
      chargeDeclarations: { currency: 'USD', weightValuation: 'P', otherCharges: 'P', carriageValue: 'NVD', customsValue: 'NCV', insuranceAmount: 'XXX' },
    });
    expect(first.shipper?.name).toBe('SEKO WORLDWIDE LLC - DALLAS');
    expect(first.consignee).toEqual({
      name: 'AUTOTEILE MUELLER GMBH',
      streetAddress: ['HANAUER LANDSTRASSE 220'],
      place: 'FRANKFURT',
      stateProvince: 'HE',
      countryCode: 'DE',
      postcode: '60314',
      contacts: [{ type: 'TE', number: '49694001234' }],
    });
    expect(second.chargeDeclarations?.otherCharges).toBe('C');
    expect(third.chargeDeclarations).toBeUndefined();
    expect(third.specialHandlingCodes).toEqual([]);
  });

  it('writes the manifest back byte for byte', () => {
    const written = writeFhl(manifest);
    expect(written.ok && written.text).toBe(`${sampleLines.join('\n')}\n`);
  });
});

describe('FHL reader refuses malformed messages with the line and the reason', () => {
  const cases: { name: string; text: string; line: number; code: MessageFault['code']; reason: RegExp }[] = [
    { name: 'master check digit', text: withLine(2, 'MBI/006-96667461DFWFRA/T4K245'), line: 2, code: 'check-digit', reason: /mod 7 = 5\), not 1/ },
    {
      name: 'house route',
      text: withLine(3, 'HBS/SEKO0001/DFWFR/2/K120.5/2/AUTO PARTS'),
      line: 3,
      code: 'malformed',
      reason: /origin and destination airports/,
    },
    { name: 'house without pieces', text: withLine(3, 'HBS/SEKO0001/DFWFRA/0/K120.5/2/AUTO PARTS'), line: 3, code: 'malformed', reason: /pieces '0'/ },
    {
      name: 'house number too long',
      text: withLine(3, 'HBS/SEKO000000001/DFWFRA/2/K120.5/2/AUTO PARTS'),
      line: 3,
      code: 'malformed',
      reason: /1 to 12 letters or digits/,
    },
    {
      name: 'manifest description too long',
      text: withLine(3, 'HBS/SEKO0001/DFWFRA/2/K120.5/2/AUTOMOTIVE PARTS AND'),
      line: 3,
      code: 'too-long',
      reason: /at most 15/,
    },
    { name: 'house special handling code', text: withLine(4, '/EAW/SPXX'), line: 4, code: 'malformed', reason: /'SPXX' must be 3 letters/ },
    { name: 'HS code with letters', text: withLine(8, '/8708AB'), line: 8, code: 'malformed', reason: /harmonised tariff code '8708AB'/ },
    { name: 'unknown segment', text: withLine(5, 'FOO/BAR'), line: 5, code: 'unknown-segment', reason: /FOO is not a segment of an FHL/ },
    {
      name: 'house consignee without country',
      text: withLine(18, '/60314'),
      line: 18,
      code: 'malformed',
      reason: /house consignee's address must end with a line holding the 2-letter country code/,
    },
    { name: 'unsupported version', text: withLine(1, 'FHL/2'), line: 1, code: 'unsupported-version', reason: /FHL\/2 is not read here/ },
  ];
  for (const { name, text, line, code, reason } of cases) {
    it(name, () => {
      const faults = faultsOf(text);
      expect(faults[0], JSON.stringify(faults)).toMatchObject({ line, code });
      expect(faults[0].reason).toMatch(reason);
    });
  }

  it('refuses a house segment before any house line, a second master, and a manifest without houses', () => {
    expect(faultsOf(['FHL/4', 'MBI/006-96667465DFWFRA/T4K245', 'TXT/LOOSE TEXT', ...sampleLines.slice(2)].join('\n'))[0]).toMatchObject({
      line: 3,
      reason: 'TXT must follow a house line (HBS).',
    });
    expect(faultsOf([...sampleLines, 'MBI/006-96667465DFWFRA/T4K245'].join('\n')).at(-1)).toMatchObject({
      line: sampleLines.length + 1,
      code: 'duplicate-segment',
    });
    expect(faultsOf('FHL/4\nMBI/006-96667465DFWFRA/T4K245')).toEqual([
      { line: 2, code: 'missing-segment', segment: 'HBS', reason: 'The FHL lists no house (HBS).' },
    ]);
    expect(faultsOf('FHL/4\nHBS/SEKO0001/DFWFRA/2/K120.5/2/AUTO PARTS')[0]).toMatchObject({ line: 2, segment: 'MBI' });
  });
});

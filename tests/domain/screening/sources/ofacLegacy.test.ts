import { describe, expect, it } from 'vitest';
import { accepted, byId, feed, SAMPLES, text } from './samples';

/** Rows of an OFAC file, counted on the raw text: lines that start with an entry number. */
const rows = (bytes: Uint8Array | undefined) =>
  text(bytes)
    .split(/\r?\n/)
    .filter((line) => /^\d+,/.test(line));
/** OFAC's weak aliases, counted on the raw remarks: every a.k.a., f.k.a. or n.k.a. in quotes. */
const weakAliasesIn = (...files: (Uint8Array | undefined)[]) => files.reduce((count, bytes) => count + (text(bytes).match(/[afn]\.k\.a\. '/g) ?? []).length, 0);

describe('OFAC legacy CSV: the SDN sample of 2025 (17 real rows)', () => {
  const files = SAMPLES.sdn2025();
  const result = accepted(feed('OFAC_SDN', files));
  const entNums = new Set(rows(files.primary).map((line) => line.split(',')[0]));
  const strongAliases = rows(files.alt).filter((line) => entNums.has(line.split(',')[0])).length;

  it('reads every entry, the aliases of alt.csv joined by ent_num and the weak ones of the remarks', () => {
    expect(result.summary).toMatchObject({ source: 'OFAC_SDN', entries: 17, aliases: 29, weakAliases: 16 });
    expect(result.summary.entries).toBe(rows(files.primary).length);
    expect(strongAliases).toBe(13);
    expect(result.summary.weakAliases).toBe(weakAliasesIn(files.primary, files.comments));
    expect(result.summary.partyTypes).toEqual({ Individual: 4, Entity: 7, Vessel: 4, Aircraft: 2, unknown: 0 });
    // OFAC's legacy CSV carries no publication date.
    expect(result.summary.publishedAt).toBeUndefined();
  });

  it('leaves out, with a warning, the alt and add rows of entries the primary file lacks (the sample is cut from a larger set)', () => {
    expect(result.summary.warnings).toHaveLength(9);
    expect(result.summary.warnings[0]).toEqual({ file: 'alt', line: 1, reason: 'the row is for entry 10416, which the primary file does not list: left out' });
    expect(result.summary.warnings.filter((warning) => warning.file === 'add').map((warning) => warning.line)).toEqual([12, 17, 24, 26]);
  });

  it('reads an individual: "FAMILY, Given", date and place of birth, documents and a weak alias from the remarks', () => {
    expect(byId(result, 'OFAC_SDN-10278')).toEqual({
      source: 'OFAC_SDN',
      entryId: 'OFAC_SDN-10278',
      listId: '10278',
      partyType: 'Individual',
      name: { full: 'LOGAN MOREY, Elvis Angus', family: 'LOGAN MOREY', given: 'Elvis Angus' },
      aliases: [{ full: 'BURTON BURGESS', quality: 'weak', kind: 'aka' }],
      programs: ['SDNT'],
      nationalities: [],
      citizenships: [],
      datesOfBirth: [{ text: '28 Jul 1963', precision: 'day', earliest: '1963-07-28', latest: '1963-07-28', approximate: false }],
      placesOfBirth: [{ text: 'Toledo District', country: { name: 'Belize', code: 'BZ' } }],
      addresses: [],
      identifiers: [
        { type: 'Passport', number: 'P0017003', country: { name: 'Belize', code: 'BZ' } },
        { type: 'SSN', number: '561-77-9011', country: { name: 'United States', code: 'US' } },
      ],
      titles: [],
      linkedTo: [],
      remarks: "DOB 28 Jul 1963; POB Toledo District, Belize; Passport P0017003 (Belize); SSN 561-77-9011 (United States); a.k.a. 'BURTON BURGESS'.",
    });
  });

  it('splits the strong aliases of individuals into family and given names, and keeps nationality, citizenship and gender', () => {
    const khoroshev = byId(result, 'OFAC_SDN-48603');
    expect(khoroshev.aliases).toEqual([
      { full: 'KHOROSHEV, Dmitriy Yurevich', family: 'KHOROSHEV', given: 'Dmitriy Yurevich', quality: 'strong', kind: 'aka' },
      { full: 'YURIEVICH, Dmitry', family: 'YURIEVICH', given: 'Dmitry', quality: 'strong', kind: 'aka' },
      { full: 'KHOROSHEV, Dmitrii Yuryevich', family: 'KHOROSHEV', given: 'Dmitrii Yuryevich', quality: 'strong', kind: 'aka' },
      { full: 'LOCKBITSUPP', quality: 'weak', kind: 'aka' },
    ]);
    expect(khoroshev.nationalities).toEqual([{ name: 'Russia', code: 'RU' }]);
    expect(khoroshev.citizenships).toEqual([{ name: 'Russia', code: 'RU' }]);
    expect(khoroshev.placesOfBirth).toEqual([{ country: { name: 'Russian Federation', code: 'RU' } }]);
    expect(khoroshev.gender).toBe('Male');
    expect(khoroshev.identifiers.map((identifier) => `${identifier.type} ${identifier.number} ${identifier.country?.code}`)).toEqual([
      'Passport 2018278055 RU',
      'Passport 2006801524 RU',
      'Tax ID No. 366110340670 RU',
    ]);
    // An address row with only its country.
    expect(khoroshev.addresses).toEqual([{ country: { name: 'Russia', code: 'RU' } }]);
  });

  it('reads an entity: programmes, the addresses of add.csv, registration numbers, links, entity names not split', () => {
    const hesa = byId(result, 'OFAC_SDN-11195');
    expect(hesa.partyType).toBe('Entity');
    expect(hesa.name).toEqual({ full: 'IRAN AIRCRAFT MANUFACTURING INDUSTRIAL COMPANY' });
    expect(hesa.programs).toEqual(['NPWMD', 'IFSR', 'IRAN-CON-ARMS-EO']);
    expect(hesa.aliases.filter((alias) => alias.quality === 'strong').map((alias) => alias.full)).toEqual([
      'HESA TRADE CENTER',
      'IRAN AIRCRAFT MANUFACTURING INDUSTRIES',
      'IRAN AIRCRAFT MANUFACTURING COMPANY',
      'KARKHANEJATE SANAYE HAVAPAYMAIE IRAN',
    ]);
    expect(hesa.aliases.filter((alias) => alias.quality === 'weak').map((alias) => alias.full)).toEqual([
      'HESA',
      'HTC',
      'IAMI',
      'IAMCO',
      'HAVA PEYMA SAZI-E IRAN',
      'HAVAPEYMA SAZI IRAN',
      'HAVAPEYMA SAZHRAN',
      'HEVAPEIMASAZI',
      'SHAHIN CO.',
    ]);
    expect(hesa.addresses).toHaveLength(5);
    expect(hesa.addresses[1]).toEqual({
      street: 'P.O. Box 14155-5568, No. 27 Shahamat Ave, Vallie Asr Sqr',
      city: 'Tehran 15946',
      country: { name: 'Iran', code: 'IR' },
    });
    expect(hesa.identifiers).toEqual([
      { type: 'National ID No.', number: '10100722073', country: { name: 'Iran', code: 'IR' } },
      { type: 'Registration Number', number: '26740', country: { name: 'Iran', code: 'IR' } },
    ]);
    expect(hesa.linkedTo).toEqual(['MINISTRY OF DEFENSE AND ARMED FORCES LOGISTICS', 'ISLAMIC REVOLUTIONARY GUARD CORPS']);
    // A comma in an entity's name is no "FAMILY, Given".
    expect(byId(result, 'OFAC_SDN-19709').name).toEqual({ full: 'AIRCRAFT, AVIONICS, PARTS & SUPPORT LTD.' });
  });

  it('reads a vessel and an aircraft', () => {
    const vessel = byId(result, 'OFAC_SDN-47371');
    expect(vessel.partyType).toBe('Vessel');
    expect(vessel.vessel).toEqual({ callSign: 'A8LU7', vesselType: 'Crude Oil Tanker', flag: { name: 'Gabon', code: 'GA' } });
    expect(vessel.identifiers).toEqual([
      { type: 'Identification Number', number: 'IMO 9339301' },
      { type: 'MMSI', number: '636013272' },
    ]);
    expect(byId(result, 'OFAC_SDN-40716').aliases).toEqual([{ full: 'MAKRAN', quality: 'weak', kind: 'aka' }]);
    const aircraft = byId(result, 'OFAC_SDN-48727');
    expect(aircraft.partyType).toBe('Aircraft');
    expect(aircraft.aliases.map((alias) => alias.full)).toEqual([]);
    expect(aircraft.identifiers).toEqual([{ type: "Aircraft Manufacturer's Serial Number (MSN)", number: '1023409321' }]);
  });

  it('continues remarks cut at 1,000 characters with the comments file, and reads what the continuation says', () => {
    const suex = byId(result, 'OFAC_SDN-33151');
    expect(suex.remarks).toContain('alt. Digital Currency Address - XBT 1B64QRxfaa35MVkf7sDjuGUYAP5izQt7Qi; Digital Currency Address - ETH');
    expect(suex.remarks?.endsWith("a.k.a. 'SUCCESSFUL EXCHANGE'.")).toBe(true);
    expect(suex.aliases).toEqual([{ full: 'SUCCESSFUL EXCHANGE', quality: 'weak', kind: 'aka' }]);
    expect(suex.identifiers.map((identifier) => identifier.type)).toEqual(['Company Number', 'Legal Entity Number']);
  });

  it('gives the same entries whatever order the four files come in', () => {
    const reversed = accepted(feed('OFAC_SDN', files, [Number.POSITIVE_INFINITY], ['comments', 'add', 'alt', 'primary']));
    expect(reversed.entries).toEqual(result.entries);
    expect(reversed.summary).toEqual(result.summary);
  });
});

describe('OFAC legacy CSV: the Consolidated (non-SDN) list of 2025, complete', () => {
  const files = SAMPLES.consolidated();
  const result = accepted(feed('OFAC_CONS', files));

  it('reads its 442 entries with their ids prefixed OFAC_CONS, 1,073 strong and 72 weak aliases, past the DOS end-of-file mark', () => {
    expect(result.summary).toMatchObject({ source: 'OFAC_CONS', entries: 442, aliases: 1145, weakAliases: 72, warnings: [] });
    expect(result.summary.entries).toBe(rows(files.primary).length);
    expect(result.summary.aliases - result.summary.weakAliases).toBe(rows(files.alt).length);
    expect(result.summary.weakAliases).toBe(weakAliasesIn(files.primary, files.comments));
    expect(result.summary.partyTypes).toEqual({ Individual: 79, Entity: 363, Vessel: 0, Aircraft: 0, unknown: 0 });
    expect(result.entries[0].entryId).toBe('OFAC_CONS-9639');
  });

  it('reads an individual of the Palestinian Legislative Council list field by field', () => {
    const zahhar = byId(result, 'OFAC_CONS-9647');
    expect(zahhar.name).toEqual({ full: 'ZAHHAR, Mahmoud Khaled', family: 'ZAHHAR', given: 'Mahmoud Khaled' });
    expect(zahhar.programs).toEqual(['SDGT', 'NS-PLC']);
    expect(zahhar.aliases).toEqual([
      { full: 'AL ZAHAR, Mahmoud Khaled', family: 'AL ZAHAR', given: 'Mahmoud Khaled', quality: 'strong', kind: 'aka' },
      { full: 'ZAHAR, Mahmoud', family: 'ZAHAR', given: 'Mahmoud', quality: 'weak', kind: 'aka' },
      { full: 'AL-ZAHAR, Mahmoud', family: 'AL-ZAHAR', given: 'Mahmoud', quality: 'weak', kind: 'aka' },
    ]);
    expect(zahhar.datesOfBirth).toEqual([{ text: '1945', precision: 'year', earliest: '1945-01-01', latest: '1945-12-31', approximate: false }]);
    expect(zahhar.nationalities).toEqual([{ name: 'Palestinian', code: 'PS' }]);
    expect(zahhar.placesOfBirth).toEqual([{ country: { name: 'Gaza Strip', code: 'PS' } }]);
    expect(zahhar.addresses).toEqual([{ country: { name: 'Region: Gaza', code: 'PS' } }]);
    expect(zahhar.gender).toBe('Male');
    expect(zahhar.linkedTo).toEqual(['HAMAS']);
  });

  it('joins every comment to its entry', () => {
    const sberbank = byId(result, 'OFAC_CONS-17018');
    expect(sberbank.remarks).toContain('ive 2): 24 Feb 2022; Effective Date (EO 14024 Directive 2): 26 Mar 2022');
    expect(sberbank.aliases.filter((alias) => alias.quality === 'weak').map((alias) => alias.full)).toEqual(['SBERBANK INDIA', 'SBERBANK MUMBAI']);
  });
});

describe('OFAC legacy CSV: the full SDN list of January 2019 (the demo world)', () => {
  const files = SAMPLES.sdn2019();
  const result = accepted(feed('OFAC_SDN', files));

  it('reads all 7,379 entries, 9,682 aliases of alt.csv and 2,037 weak ones', () => {
    expect(result.summary).toMatchObject({ entries: 7379, aliases: 9682 + 2037, weakAliases: 2037, warnings: [] });
    expect(rows(files.primary)).toHaveLength(7379);
    expect(rows(files.alt)).toHaveLength(9682);
    expect(weakAliasesIn(files.primary)).toBe(2037);
    expect(result.summary.partyTypes).toEqual({ Individual: 3845, Entity: 2994, Vessel: 323, Aircraft: 217, unknown: 0 });
    expect(result.entries[0]).toMatchObject({
      entryId: 'OFAC_SDN-36',
      name: { full: 'AEROCARIBBEAN AIRLINES' },
      programs: ['CUBA'],
      addresses: [{ city: 'Havana', country: { name: 'Cuba', code: 'CU' } }],
    });
  });

  it('reads approximate dates, second dates and former names (f.k.a.) of the remarks', () => {
    expect(byId(result, 'OFAC_SDN-7854').datesOfBirth).toEqual([
      { text: 'circa 1946', precision: 'year', earliest: '1946-01-01', latest: '1946-12-31', approximate: true },
      { text: '1949', precision: 'year', earliest: '1949-01-01', latest: '1949-12-31', approximate: false },
    ]);
    expect(byId(result, 'OFAC_SDN-12478').aliases.filter((alias) => alias.quality === 'weak')).toEqual([
      { full: 'ANSAR INSTITUTE', quality: 'weak', kind: 'fka' },
      { full: 'ANSAR AL-MOJAHEDIN NO-INTEREST LOAN INSTITUTE', quality: 'weak', kind: 'fka' },
      { full: 'ANSAR SAVING AND INTEREST FREE-LOANS FUND', quality: 'weak', kind: 'fka' },
    ]);
    // An entity's "Nationality of Registration" is its nationality.
    expect(byId(result, 'OFAC_SDN-23149').nationalities).toEqual([{ name: 'Korea, North', code: 'KP' }]);
  });

  it('reads every date of birth the remarks give', () => {
    const written = (text(files.primary).match(/\b(?:alt\. )?DOB /g) ?? []).length;
    expect(result.entries.reduce((count, entry) => count + entry.datesOfBirth.length, 0)).toBe(written);
    const ranges = result.entries.flatMap((entry) => entry.datesOfBirth.filter((date) => date.precision === 'range'));
    expect(ranges.length).toBeGreaterThan(80);
    expect(ranges.every((date) => date.earliest < date.latest)).toBe(true);
  });
});

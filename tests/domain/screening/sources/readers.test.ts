import { describe, expect, it } from 'vitest';
import { countryOf, readListDate, readOfacRemarks } from '../../../../src/domain/screening/sources';
import { cslIndividualName, familyCommaGiven } from '../../../../src/domain/screening/sources/nameParts';

describe('dates as the lists write them', () => {
  it.each([
    ['28 Jul 1963', 'day', '1963-07-28', '1963-07-28', false],
    ['1966-09-09', 'day', '1966-09-09', '1966-09-09', false],
    ['Jul 1963', 'month', '1963-07-01', '1963-07-31', false],
    ['Nov. 1973', 'month', '1973-11-01', '1973-11-30', false],
    ['February 1964', 'month', '1964-02-01', '1964-02-29', false],
    ['1961-00-00', 'year', '1961-01-01', '1961-12-31', false],
    ['1963.', 'year', '1963-01-01', '1963-12-31', false],
    ['circa 1964', 'year', '1964-01-01', '1964-12-31', true],
    ['circa Mar 1975', 'month', '1975-03-01', '1975-03-31', true],
    ['01 Jan 1960 to 31 Dec 1962', 'range', '1960-01-01', '1962-12-31', false],
    ['1973 to 1974', 'range', '1973-01-01', '1974-12-31', false],
    ['circa 1955-1957', 'range', '1955-01-01', '1957-12-31', true],
  ] as const)('%s', (written, precision, earliest, latest, approximate) => {
    expect(readListDate(written)).toEqual({ text: written, precision, earliest, latest, approximate });
  });

  it.each(['31 Feb 1970', '12/05/1970', 'unknown', '1975 to 1970', ''])('does not read "%s"', (written) => {
    expect(readListDate(written)).toBeUndefined();
  });

  it('takes approximate from the caller (UN APPROXIMATELY)', () => {
    expect(readListDate('1966', true)).toMatchObject({ precision: 'year', approximate: true });
  });
});

describe("OFAC's remarks", () => {
  it("reads second values (alt.), citizenship but not a Citizen's Card, n.k.a., and ids with dates and notes", () => {
    const facts = readOfacRemarks(
      "DOB 1960; alt. DOB circa 1962; POB Foca, Bosnia-Herzegovina; nationality Iraq.; citizen Mexico; Citizen's Card Number 372426195510220331 (China); " +
        'Passport L 602436 (Libya) issued 01 Jan 2000 expires 31 Dec 2010; Business Registration Number 0582030 (Connecticut) (United States); ' +
        "Website www.example.com; Telephone No. (218) 214778301; n.k.a. 'NEW NAME LTD'; Gender Female.",
    );
    expect(facts.datesOfBirth.map((date) => `${date.text} ${date.approximate}`)).toEqual(['1960 false', 'circa 1962 true']);
    expect(facts.placesOfBirth).toEqual([{ text: 'Foca', country: { name: 'Bosnia-Herzegovina', code: 'BA' } }]);
    expect(facts.nationalities).toEqual([{ name: 'Iraq', code: 'IQ' }]);
    expect(facts.citizenships).toEqual([{ name: 'Mexico', code: 'MX' }]);
    expect(facts.identifiers).toEqual([
      { type: "Citizen's Card Number", number: '372426195510220331', country: { name: 'China', code: 'CN' } },
      { type: 'Passport', number: 'L 602436', country: { name: 'Libya', code: 'LY' }, issuedOn: '2000-01-01', expiresOn: '2010-12-31' },
      { type: 'Business Registration Number', number: '0582030', country: { name: 'United States', code: 'US' }, note: 'Connecticut' },
    ]);
    expect(facts.weakAliases).toEqual([{ name: 'NEW NAME LTD', kind: 'nka' }]);
    expect(facts.gender).toBe('Female');
  });

  it('keeps apostrophes inside a weak alias, and reads statements joined without a space', () => {
    const facts = readOfacRemarks("a.k.a. 'ABU-'UMAR'; a.k.a. ''ABD AL-RAHMAN'; nationality possibly Palestinian;arrested 23 Apr 2002.");
    expect(facts.weakAliases.map((alias) => alias.name)).toEqual(["ABU-'UMAR", "'ABD AL-RAHMAN"]);
    expect(facts.nationalities).toEqual([{ name: 'possibly Palestinian', code: 'PS' }]);
  });

  it('reads an entity\'s "Nationality of Registration" as its nationality, and no id in an establishment date or a phone number', () => {
    const facts = readOfacRemarks(
      'Nationality of Registration Korea, North; Organization Established Date 1998; Phone Number 79110354982; Company Number 5146578.',
    );
    expect(facts.nationalities).toEqual([{ name: 'Korea, North', code: 'KP' }]);
    expect(facts.identifiers).toEqual([{ type: 'Company Number', number: '5146578' }]);
  });
});

describe('countries and name parts', () => {
  it.each([
    ['Korea, North', 'KP'],
    ["Democratic People's Republic of Korea", 'KP'],
    ['Iran (Islamic Republic of)', 'IR'],
    ['United Republic of Tanzania', 'TZ'],
    ['Cote d Ivoire', 'CI'],
    ["Côte d'Ivoire", 'CI'],
    ['The Gambia', 'GM'],
    ['Region: Crimea', 'UA'],
    ['Burma', 'MM'],
    ['Kosovo', 'XK'],
  ])('%s is %s', (name, code) => {
    expect(countryOf(name)).toEqual({ name, code });
  });

  it('keeps a country it does not know by its name alone', () => {
    expect(countryOf('undetermined')).toEqual({ name: 'undetermined' });
    expect(countryOf('  ')).toBeUndefined();
  });

  it('splits "FAMILY, Given" at the first comma, and "Given FAMILY" only where the family name is in capitals', () => {
    expect(familyCommaGiven('DELOS REYES, Feliciano Semborio, Jr.')).toEqual({
      full: 'DELOS REYES, Feliciano Semborio, Jr.',
      family: 'DELOS REYES',
      given: 'Feliciano Semborio, Jr.',
    });
    expect(familyCommaGiven('ABU ZUBAYDAH')).toEqual({ full: 'ABU ZUBAYDAH' });
    expect(cslIndividualName("Fathi Mohammed QAR'AWI")).toEqual({ full: "Fathi Mohammed QAR'AWI", family: "QAR'AWI", given: 'Fathi Mohammed' });
    expect(cslIndividualName('Cesareo Estanislao Benitez')).toEqual({ full: 'Cesareo Estanislao Benitez' });
    expect(cslIndividualName('I. ASH')).toEqual({ full: 'I. ASH' });
  });
});

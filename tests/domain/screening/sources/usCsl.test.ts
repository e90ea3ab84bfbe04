import { describe, expect, it } from 'vitest';
import { accepted, byId, feed, SAMPLES, text } from './samples';

describe("US Consolidated Screening List CSV: trade.gov's sample rows", () => {
  const files = SAMPLES.csl();
  const result = accepted(feed('US_CSL', files));

  it('reads every row under its _id, and the alternative names split at ";"', () => {
    // The sample's README says 12 rows; the file has a header and 13.
    expect(text(files.list).trim().split('\n')).toHaveLength(14);
    expect(result.summary).toEqual({
      source: 'US_CSL',
      entries: 13,
      aliases: 15,
      weakAliases: 0,
      partyTypes: { Individual: 4, Entity: 3, Vessel: 0, Aircraft: 0, unknown: 6 },
      warnings: [],
    });
    // The CSV carries no publication date.
    expect(result.summary.publishedAt).toBeUndefined();
    expect(result.entries.map((entry) => entry.sourceList)).toContain('Entity List (EL) - Bureau of Industry and Security');
  });

  it('reads an SDN individual: "FAMILY, Given", nationality, date of birth, addresses ending in a country code, passport and gender', () => {
    expect(byId(result, 'US_CSL-52291')).toEqual({
      source: 'US_CSL',
      entryId: 'US_CSL-52291',
      listId: '52291',
      recordId: '52291',
      partyType: 'Individual',
      name: { full: 'RIM, Ryong Nam', family: 'RIM', given: 'Ryong Nam' },
      aliases: [],
      programs: ['NPWMD'],
      sourceList: 'Specially Designated Nationals (SDN) - Treasury Department',
      nationalities: [{ name: 'KP', code: 'KP' }],
      citizenships: [],
      datesOfBirth: [{ text: '1978-12-05', precision: 'day', earliest: '1978-12-05', latest: '1978-12-05', approximate: false }],
      placesOfBirth: [],
      addresses: [
        { text: 'Shenyang', country: { name: 'CN', code: 'CN' } },
        { text: 'Pyongyang', country: { name: 'KP', code: 'KP' } },
      ],
      identifiers: [{ type: 'Passport', number: '836238033', country: { name: 'KP', code: 'KP' } }],
      gender: 'Male',
      titles: [],
      linkedTo: [],
    });
  });

  it('splits "Given FAMILY" names of individuals from OFAC\'s other lists, aliases too', () => {
    const jheisheh = byId(result, 'US_CSL-9673');
    expect(jheisheh.name).toEqual({ full: 'Mohammed ABU JHEISHEH', family: 'ABU JHEISHEH', given: 'Mohammed' });
    expect(jheisheh.aliases).toEqual([
      { full: 'Mohammad Mutlaq ABU JHESHEH', family: 'ABU JHESHEH', given: 'Mohammad Mutlaq', quality: 'strong', kind: 'aka' },
      { full: 'Mohammed ABU JEHEISHA', family: 'ABU JEHEISHA', given: 'Mohammed', quality: 'strong', kind: 'aka' },
    ]);
    expect(jheisheh.placesOfBirth).toEqual([{ text: 'Izna, Hebron' }]);
    expect(jheisheh.datesOfBirth[0]).toMatchObject({ precision: 'year', earliest: '1955-01-01', latest: '1955-12-31' });
    expect(byId(result, 'US_CSL-9651').placesOfBirth).toEqual([{ text: 'Ramin', country: { name: 'West Bank', code: 'PS' } }]);
    expect(byId(result, 'US_CSL-26182').citizenships).toEqual([{ name: 'TR', code: 'TR' }]);
  });

  it('reads a row of the Commerce lists: no type, no parts, one address and its "; and" continuations', () => {
    const cetc = byId(result, 'US_CSL-99ed1b052fdb09695fae1ba87516d8a0882b0df04652e07aeb5ce7be');
    expect(cetc.partyType).toBeUndefined();
    expect(cetc.name).toEqual({ full: 'China Electronics Technology Group Corporation 13th Research Institute (CETC 13)' });
    expect(cetc.aliases.map((alias) => alias.full)).toEqual([
      'Hebei Semiconductor Research Institute',
      'HSRI',
      'Hebei Institute of Semiconductors',
      'Hebei Semiconductor Institute',
      'Hebei Semiconductor',
      'CETC Research Institute 13',
    ]);
    expect(cetc.addresses).toEqual([
      {
        text: '113 Hezuo Road, Shijiazhuang, Hebei, China; and 21 Changsheng Street, Shijiazhuang, Hebei, China; and 21 Changsheng Road, Shijiazhuang, Hebei, China, Shijiazhuang, Hebei Province',
        country: { name: 'CN', code: 'CN' },
      },
    ]);
    expect(cetc.listedOn).toBe('2018-08-01');
    const ash = byId(result, 'US_CSL-b601cbf2841d0aaedfe63661581ffbc3d54b6ba39d7e3a9027cff50e');
    expect(ash).toMatchObject({ name: { full: 'I. ASH' }, listedOn: '2002-03-04', endsOn: '2056-06-29', remarks: '50 YEAR DENIAL' });
    expect(ash.addresses).toEqual([{ text: '605 TRAIL LAKE DRIVE, RICHARDSON, TX, 75081', country: { name: 'US', code: 'US' } }]);
  });

  it('keeps ids and leaves out statements and contact details of the ids column', () => {
    expect(byId(result, 'US_CSL-18283').identifiers).toEqual([
      { type: 'Public Registration Number', number: '1027739108649' },
      { type: 'SWIFT/BIC', number: 'RUDVRUMM' },
    ]);
    expect(byId(result, 'US_CSL-28603').identifiers).toEqual([
      { type: 'V.A.T. Number', number: 'CHE-267.936.404', country: { name: 'CH', code: 'CH' } },
      { type: 'Business Registration Number', number: 'CH-660.0.559.011-2', country: { name: 'CH', code: 'CH' } },
    ]);
    expect(byId(result, 'US_CSL-28603').programs).toEqual(['VENEZUELA-EO13850', 'UKRAINE-EO13662']);
  });
});

import { describe, expect, it } from 'vitest';
import { accepted, byId, feed, SAMPLES, text } from './samples';

describe('UN Consolidated List XML: the sample generated 2026-02-27 (150 individuals, 50 entities)', () => {
  const files = SAMPLES.un();
  const xml = text(files.list);
  const result = accepted(feed('UN', files));
  const count = (pattern: RegExp) => (xml.match(pattern) ?? []).length;

  it('reads every individual and entity, the aliases that have a name, and the publication date', () => {
    expect(result.summary).toEqual({
      source: 'UN',
      publishedAt: '2026-02-27T00:00:09.554Z',
      entries: 200,
      aliases: 315,
      weakAliases: 81,
      partyTypes: { Individual: 150, Entity: 50, Vessel: 0, Aircraft: 0, unknown: 0 },
      warnings: [],
    });
    expect(count(/<INDIVIDUAL>/g)).toBe(150);
    expect(count(/<ENTITY>/g)).toBe(50);
    expect(count(/<ALIAS_NAME>[^<]/g)).toBe(315);
    expect(count(/<QUALITY>Low</g)).toBe(81);
  });

  it('reads an individual field by field', () => {
    expect(byId(result, 'UN-CDi.001')).toEqual({
      source: 'UN',
      entryId: 'UN-CDi.001',
      listId: 'CDi.001',
      recordId: '6907993',
      partyType: 'Individual',
      name: { full: 'ERIC BADEGE', parts: ['ERIC', 'BADEGE'] },
      aliases: [],
      programs: ['DRC'],
      nationalities: [{ name: 'Democratic Republic of the Congo', code: 'CD' }],
      citizenships: [],
      datesOfBirth: [{ text: '1971', precision: 'year', earliest: '1971-01-01', latest: '1971-12-31', approximate: false }],
      placesOfBirth: [],
      addresses: [{ country: { name: 'Rwanda', code: 'RW' }, note: 'as of early 2016' }],
      identifiers: [],
      gender: 'Male',
      titles: [],
      linkedTo: [],
      listedOn: '2012-12-31',
      updatedOn: '2016-10-13',
      remarks:
        'He fled to Rwanda in March 2013 and is still living there as of early 2016. INTERPOL-UN Security Council Special Notice web link:https://www.interpol.int/en/How-we-work/Notices/View-UN-Notices-Individuals',
    });
  });

  it('reads QUALITY Good as strong and Low as weak, strong ones first, with their notes', () => {
    const ntaganda = byId(result, 'UN-CDi.030');
    expect(ntaganda.aliases.map((alias) => `${alias.quality} ${alias.full}${alias.note ? ` (${alias.note})` : ''}`)).toEqual([
      'strong Bosco Ntaganda',
      'strong Bosco Ntagenda',
      'strong General Taganda',
      'weak Lydia (When he was part of APR.)',
      'weak Terminator',
      'weak Tango Romeo (Call sign)',
      'weak Romeo (Call sign)',
      'weak Major',
    ]);
    // A Low alias listed before the Good ones still comes after them.
    expect(byId(result, 'UN-CDi.003').aliases.map((alias) => `${alias.quality} ${alias.full}`)).toEqual([
      'strong Byiringiro Victor Rumuli',
      'strong Victor Rumuri',
      'strong Michel Byiringiro',
      'weak Rumuli',
    ]);
  });

  it('reads dates of birth BETWEEN two years, APPROXIMATELY, EXACT, and given only in a note', () => {
    expect(byId(result, 'UN-CDi.030').datesOfBirth).toEqual([
      { text: '1973 to 1974', precision: 'range', earliest: '1973-01-01', latest: '1974-12-31', approximate: false },
    ]);
    expect(byId(result, 'UN-CDi.014').datesOfBirth).toEqual([
      { text: '1962-03-17', precision: 'day', earliest: '1962-03-17', latest: '1962-03-17', approximate: false },
      { text: '1966', precision: 'year', earliest: '1966-01-01', latest: '1966-12-31', approximate: true },
    ]);
    expect(byId(result, 'UN-CDi.004').datesOfBirth).toEqual([
      { text: 'Nov. 1973', precision: 'month', earliest: '1973-11-01', latest: '1973-11-30', approximate: false },
    ]);
    expect(byId(result, 'UN-CFi.009').datesOfBirth.map((date) => `${date.precision} ${date.earliest}..${date.latest}`)).toContain(
      'month 1961-08-01..1961-08-31',
    );
    const individuals = accepted(result).entries.filter((entry) => entry.partyType === 'Individual');
    expect(individuals.reduce((total, entry) => total + entry.datesOfBirth.length, 0)).toBe(
      count(/<TYPE_OF_DATE>[A-Z]/g) + count(/<TYPE_OF_DATE \/>\s*<DATE>/g),
    );
  });

  it('keeps FIRST_NAME..FOURTH_NAME in order, the name in its original script, places of birth and addresses', () => {
    const qusay = byId(result, 'UN-IQi.002');
    expect(qusay.name).toEqual({ full: 'QUSAY SADDAM HUSSEIN AL-TIKRITI', parts: ['QUSAY', 'SADDAM', 'HUSSEIN', 'AL-TIKRITI'] });
    expect(qusay.originalScriptName).toBe('قصي صدام حسين التكريتي');
    expect(qusay.nationalities).toEqual([{ name: 'Iraq', code: 'IQ' }]);
    expect(byId(result, 'UN-CDi.003').placesOfBirth[0]).toEqual({
      city: 'Musanze District',
      stateOrProvince: 'Northern Province',
      country: { name: 'Rwanda', code: 'RW' },
    });
    expect(byId(result, 'UN-IQe.206').addresses).toEqual([
      { street: 'P.O. Box 910606', city: 'Amman', postalCode: '11191', country: { name: 'Jordan', code: 'JO' } },
    ]);
  });

  it('reads an alias with its own place of birth', () => {
    expect(byId(result, 'UN-IQi.081').aliases.at(-1)).toEqual({
      full: 'Ali Thafir Abdallah',
      quality: 'strong',
      kind: 'aka',
      note: 'in Baghdad, Iraq (DPOB - 1970) - Passport No. 284158, expires 21 August 2005 (Iraq)',
      placeOfBirth: { city: 'Baghdad', country: { name: 'Iraq', code: 'IQ' } },
    });
  });

  it('reads documents: type, number, issuing country, date of issue and notes', () => {
    expect(byId(result, 'UN-CFi.012').identifiers.at(-1)).toEqual({
      type: 'National Identification Number',
      number: '103-00653129-22',
      country: { name: 'Chad', code: 'TD' },
      issuedOn: '2009-04-21',
      note: 'national identity card no.; expires on 21 April 2019',
    });
    expect(byId(result, 'UN-CFi.012').titles[0]).toBe(
      'President of the Conseil National de Défense et de Sécurité (CNDS) and military leader of the Front Populaire pour la Renaissance de la Centrafrique',
    );
  });

  it('reads an entity: its whole name, a.k.a. as strong aliases and f.k.a. as former names', () => {
    const adf = byId(result, 'UN-CDe.001');
    expect(adf.partyType).toBe('Entity');
    expect(adf.name).toEqual({ full: 'ADF' });
    expect(adf.aliases).toEqual([
      { full: 'Allied Democratic Forces', quality: 'strong', kind: 'aka' },
      { full: 'Forces Démocratiques Alliées-Armée Nationale de Libération de l’Ouganda', quality: 'strong', kind: 'fka' },
      { full: 'ADF/NALU', quality: 'strong', kind: 'fka' },
      { full: 'NALU', quality: 'strong', kind: 'fka' },
    ]);
    expect(adf.addresses).toEqual([{ stateOrProvince: 'North Kivu', country: { name: 'Democratic Republic of the Congo', code: 'CD' } }]);
    expect(adf.updatedOn).toBe('2020-08-19');
  });
});

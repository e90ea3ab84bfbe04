import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  citationOf,
  COUNTRY_PENALTY,
  DEFAULT_FUZZY_THRESHOLD,
  listedNameShape,
  readMatchingValue,
  SanctionScreener,
  type SanctionListEntry,
  type ScreeningSubject,
} from '../../../src/domain/screening';
import { literalOfMatchingValue } from '../../../src/domain/wildcard';
import { fixtureEntries } from './fixtureList';

const entries = fixtureEntries();
const screener = new SanctionScreener(entries);
const name = (text: string, role: ScreeningSubject['role'] = 'Shipper'): ScreeningSubject => ({ role, kind: 'name', text });

function internal(
  entryId: string,
  listedName: string,
  matchingMethod: SanctionListEntry['matchingMethod'],
  extra: Partial<SanctionListEntry> = {},
): SanctionListEntry {
  return { entryId, listName: 'INTERNAL', name: listedName, aliases: [], matchingMethod, partyType: 'Entity', programs: [], ...extra };
}

describe('the OFAC legacy CSV reader', () => {
  it('reads entries with their aliases, addresses, programs and types; -0- is empty', () => {
    expect(entries).toHaveLength(362);
    const bank = entries.find((entry) => entry.entryId === 'SDN-306');
    expect(bank).toMatchObject({
      listName: 'SDN',
      name: 'BANCO NACIONAL DE CUBA',
      aliases: ['NATIONAL BANK OF CUBA'],
      matchingMethod: 'Default',
      partyType: 'Entity',
      programs: ['CUBA'],
      riskLevel: 'High',
      remarks: "a.k.a. 'BNC'.",
    });
    expect(bank?.addresses).toContainEqual({ street: 'Zweierstrasse 35', city: 'Zurich CH-8022', country: 'Switzerland' });
    expect(entries.find((entry) => entry.entryId === 'SDN-6366')?.programs).toEqual(['FTO', 'SDGT', 'SDT']);
    expect(entries.find((entry) => entry.entryId === 'SDN-4234')).toMatchObject({ name: 'HERMANN', partyType: 'Vessel', matchingMethod: 'Exact' });
    expect(entries.find((entry) => entry.entryId === 'SDN-587')?.partyType).toBe('Individual');
    expect(entries.every((entry) => !entry.name.includes('-0-') && entry.aliases.every((alias) => alias !== ''))).toBe(true);
  });

  it('escapes wildcard characters of listed names, so they match literally', () => {
    const [entry] = fixtureEntries().slice(0, 1);
    expect(readMatchingValue(entry.name).kind).toBe('literal');
    const odd = new SanctionScreener([internal('X-1', 'TRADE!*WORLD', 'Exact')]);
    expect(odd.screenSubject(name('TRADE*WORLD')).map((hit) => hit.entryId)).toEqual(['X-1']);
    expect(odd.screenSubject(name('TRADEXWORLD'))).toEqual([]);
  });
});

describe('matching methods', () => {
  it('Default: fuzzy on names, tolerating word order, typos, transliteration, suffixes and script', () => {
    const found = (text: string) => screener.screenSubject(name(text)).map((hit) => hit.entryId);
    expect(found('Banco Nacional de Kuba')).toContain('SDN-306');
    expect(found('NATIONAL BANK OF CUBA S.A.')).toContain('SDN-306');
    expect(found('Juan M. de la Cruz')).toContain('SDN-587');
    expect(found('MAHHAN AIR CO LTD')).toContain('SDN-12927');
    expect(found('Рособоронэкспорт')).toContain('SDN-18782');
    expect(found('AL-QAEDA')).toContain('SDN-6366');
    expect(found('PACIFIC ELECTRONICS CO LTD')).toEqual([]);
    expect(found('BANCO NACIONAL DE MEXICO')).toEqual([]);
  });

  it('Default in addresses and goods descriptions: the listed name must occur as whole words', () => {
    const address = (text: string) => screener.screenSubject({ role: 'Consignee', kind: 'address', text }).map((hit) => hit.entryId);
    expect(address('C/O MAHAN AIR, AZADEGAN STREET, TEHRAN')).toEqual(['SDN-12927']);
    expect(address('MAHANAIRPORT ROAD 5')).toEqual([]);
    const goods = screener.screenSubject({ role: 'Goods', kind: 'goods', text: 'SPARE PARTS FOR MAHAN AIR A300' });
    expect(goods.map((hit) => [hit.entryId, hit.kind, hit.score])).toEqual([['SDN-12927', 'goods', 1]]);
  });

  it('Exact: normalised equality only', () => {
    const exact = new SanctionScreener([internal('X-1', 'Acme Trading LLC', 'Exact')]);
    expect(exact.screenSubject(name('ACME TRADING LIMITED')).map((hit) => hit.score)).toEqual([1]);
    expect(exact.screenSubject(name('acme  trading, l.l.c.')).length).toBe(1);
    expect(exact.screenSubject(name('ACME TRADING GROUP'))).toEqual([]);
    expect(exact.screenSubject(name('ACMA TRADING LLC'))).toEqual([]);
    expect(exact.screenSubject({ role: 'Consignee', kind: 'address', text: 'ACME TRADING LLC' })).toEqual([]);
    expect(screener.screenSubject(name('HERMANN')).map((hit) => hit.entryId)).toEqual(['SDN-4234']);
    expect(screener.screenSubject(name('HERMANN MUELLER'))).toEqual([]);
  });

  it('Keyword: the listed phrase occurs in the text on word boundaries', () => {
    const keyword = new SanctionScreener([internal('X-2', 'CUBA', 'Keyword'), internal('X-3', 'Golden Star', 'Keyword')]);
    const ids = (subject: ScreeningSubject) => keyword.screenSubject(subject).map((hit) => hit.entryId);
    expect(ids(name('AIR CUBA LTD'))).toEqual(['X-2']);
    expect(ids(name('CUBANA AIRLINES'))).toEqual([]);
    expect(ids(name('THE GOLDEN-STAR TRADING CO'))).toEqual(['X-3']);
    expect(ids(name('GOLDEN STARS TRADING'))).toEqual([]);
    expect(ids({ role: 'Goods', kind: 'goods', text: 'CIGARS FROM CUBA' })).toEqual(['X-2']);
  });

  it('wildcards: * any characters, ? one character, # one digit, ! escapes; per the rule-list matcher', () => {
    const wildcard = new SanctionScreener([
      internal('W-1', 'AL N?OR TRAD*', 'Keyword'),
      internal('W-2', 'BLOCK ## INDUSTRIAL', 'Exact'),
      internal('W-3', 'SHAHID*', 'Default'),
    ]);
    const ids = (text: string, kind: ScreeningSubject['kind'] = 'name') => wildcard.screenSubject({ role: 'Shipper', kind, text }).map((hit) => hit.entryId);
    expect(ids('Al-Noor Trading Est.')).toEqual(['W-1']);
    expect(ids('AL NAOR TRADERS')).toEqual(['W-1']);
    expect(ids('AL NOUR')).toEqual([]);
    expect(ids('Block 12 Industrial')).toEqual(['W-2']);
    expect(ids('Block 1A Industrial')).toEqual([]);
    expect(ids('BLOCK 12 INDUSTRIAL ESTATE')).toEqual([]);
    expect(ids('MOUNT SHAHIDABAD ROAD', 'address')).toEqual(['W-3']);
  });

  it('tests a wildcard name once for the entries that share it, and each of them hits (issue 33)', () => {
    const shared = new SanctionScreener([
      internal('S-1', 'GLOBAL STAR TRAD*', 'Keyword'),
      internal('S-2', 'GLOBAL STAR TRAD*', 'Keyword'),
      internal('S-3', 'GLOBAL STAR TRAD*', 'Exact'),
      internal('S-4', '*STAR ?RADING', 'Default'),
    ]);
    const ids = (text: string) =>
      shared
        .screenSubject({ role: 'Shipper', kind: 'name', text })
        .map((hit) => hit.entryId)
        .sort();
    expect(ids('Global Star Trading LLC')).toEqual(['S-1', 'S-2', 'S-3', 'S-4']);
    expect(ids('GLOBAL STAR TRADERS')).toEqual(['S-1', 'S-2', 'S-3']);
    // Without the literal part of a pattern, the text is passed over: no pattern holds it.
    expect(ids('GLOBAL STARS')).toEqual([]);
  });

  it('reads list rows as the screened texts: a soft hyphen or a joiner in a listed name changes nothing (issue 33)', () => {
    // As pasted from a word processor, which puts soft hyphens where it may break a line.
    const rows = new SanctionScreener([
      internal('I-1', 'ZOR\u00ADKAVIN MET\u00ADALS', 'Default'),
      internal('I-2', 'BRAS\u00ADKOVIA', 'Keyword'),
      internal('I-3', 'KEL\u200DMARIS TRADING', 'Exact'),
      internal('I-4', 'VAN\u00ADDRELL*', 'Keyword'),
    ]);
    const ids = (text: string, kind: ScreeningSubject['kind'] = 'name') =>
      rows.screenSubject({ role: 'Shipper', kind, text }).map((hit) => [hit.entryId, hit.score]);
    expect(ids('ZORKAVIN METALS')).toEqual([['I-1', 1]]);
    expect(ids('ZORKAVIN METAL')).toEqual([['I-1', expect.any(Number)]]);
    expect(ids('BRASKOVIA SHIPPING')).toEqual([['I-2', 1]]);
    expect(ids('12 BRASKOVIA STREET', 'address')).toEqual([['I-2', 1]]);
    expect(ids('KELMARIS TRADING')).toEqual([['I-3', 1]]);
    expect(ids('VANDRELLO INDUSTRIES')).toEqual([['I-4', 1]]);
    expect(ids('ACME TRADING')).toEqual([]);
  });
});

describe('what a hit records', () => {
  it('risk level, matched phrase, score, list, entry id, citation and embargo data', () => {
    const [hit] = screener.screenSubject(name('NATIONAL BANK OF CUBA', 'Consignee'));
    expect(hit).toEqual({
      role: 'Consignee',
      kind: 'name',
      screenedText: 'NATIONAL BANK OF CUBA',
      riskLevel: 'High',
      matchedPhrase: 'NATIONAL BANK OF CUBA',
      method: 'Default',
      score: 1,
      listName: 'SDN',
      entryId: 'SDN-306',
      entryName: 'BANCO NACIONAL DE CUBA',
      partyType: 'Entity',
      programs: ['CUBA'],
      citation: 'CUBA: Cuban Assets Control Regulations, 31 CFR part 515',
      embargo: { countryCode: 'CU', exportEmbargo: true, importEmbargo: true, authority: 'Cuban Assets Control Regulations, 31 CFR part 515' },
      explanation: expect.objectContaining({ how: 'fuzzy', score: 1, missing: [], extra: [] }),
      entryAliases: ['NATIONAL BANK OF CUBA'],
    });
  });

  it('controlled-commodity data for proliferation programs', () => {
    const [hit] = screener.screenSubject(name('IRAN ELECTRONICS INDUSTRIES'));
    expect(hit.entryId).toBe('SDN-11184');
    expect(hit.controlledCommodity?.description).toMatch(/dual-use/);
    expect(hit.citation).toMatch(/^NPWMD: Weapons of Mass Destruction Proliferators Sanctions Regulations, 31 CFR part 544/);
  });

  it("lowers a hit a little when the party's country is not the listed one's, never below the threshold (issue 34, 4)", () => {
    const listed = new SanctionScreener([
      internal('X-21', 'ZAGROS MARITIME CARGO LINES', 'Default', { countryCode: 'IR' }),
      internal('X-22', 'NORTHERN STAR SHIPPING', 'Default'),
    ]);
    const subject = (text: string, countryCode?: string): ScreeningSubject => ({
      role: 'Consignee',
      kind: 'name',
      text,
      ...(countryCode ? { countryCode } : {}),
    });
    const at = (text: string, countryCode?: string) => listed.screenSubject(subject(text, countryCode))[0]!;
    // The same country, or none known: as matched.
    expect(at('ZAGROS MARITIME CARGO LINES', 'IR')).toMatchObject({ score: 1, entryId: 'X-21' });
    expect(at('ZAGROS MARITIME CARGO LINES')).toMatchObject({ score: 1 });
    expect(at('ZAGROS MARITIME CARGO LINES').explanation?.country).toBeUndefined();
    // Another country: a little lower, and the explanation says why.
    const elsewhere = at('ZAGROS MARITIME CARGO LINES', 'de');
    expect(elsewhere.score).toBe(1 - COUNTRY_PENALTY);
    expect(elsewhere.explanation?.country).toEqual({ party: 'DE', listed: 'IR', lowered: COUNTRY_PENALTY });
    expect(elsewhere.explanation?.summary).toMatch(/; the party is in DE, the entry in IR: 0\.98$/);
    // An entry without a country is not lowered by the party's.
    expect(at('NORTHERN STAR SHIPPING', 'DE')).toMatchObject({ score: 1, entryId: 'X-22' });
    // A hit just over the threshold stays a hit: the country alone never clears it (LINE for LINES scores 0.9959).
    const strict = new SanctionScreener([internal('X-21', 'ZAGROS MARITIME CARGO LINES', 'Default', { countryCode: 'IR' })], { threshold: 0.995 });
    const [near] = strict.screenSubject(subject('ZAGROS MARITIME CARGO LINE', 'IR'));
    expect(near!.score).toBeGreaterThanOrEqual(0.995);
    expect(near!.score).toBeLessThan(0.995 + COUNTRY_PENALTY);
    const [nearElsewhere] = strict.screenSubject(subject('ZAGROS MARITIME CARGO LINE', 'DE'));
    expect(nearElsewhere).toMatchObject({ score: 0.995, explanation: { country: { party: 'DE', listed: 'IR' } } });
  });

  it('cites a program without a known regulation by its name alone, not as an OFAC program (issue 36, 10)', () => {
    expect(citationOf(['Company policy'])).toBe('Company policy');
    expect(citationOf(['CUBA', 'Company policy'])).toBe('CUBA: Cuban Assets Control Regulations, 31 CFR part 515; Company policy');
    expect(citationOf([])).toBe('');
  });

  it('a fuzzy hit below high confidence is one risk level lower; one hit per entry, best first', () => {
    const hits = screener.screenSubject(name('BANKO NASIONAL DE KUBA'));
    expect(hits[0]).toMatchObject({ entryId: 'SDN-306', riskLevel: 'Medium', method: 'Default' });
    expect(hits[0].score).toBeLessThan(0.97);
    expect(hits[0].score).toBeGreaterThanOrEqual(DEFAULT_FUZZY_THRESHOLD);
    const rosoboron = screener.screenSubject(name('ROSOBORONEXPORT JSC'));
    expect(rosoboron.filter((hit) => hit.entryId === 'SDN-18782')).toHaveLength(1);
    const internalHit = new SanctionScreener([internal('X-9', 'ACME', 'Keyword')]).screenSubject(name('ACME'))[0];
    expect(internalHit.riskLevel).toBe('Medium');
  });

  it('ad hoc search answers the best hits with their scores, down to a lower score, at most `limit`', () => {
    const hits = screener.search('MAHAAN AIR', { limit: 2 });
    expect(hits.length).toBeLessThanOrEqual(2);
    expect(hits[0]).toMatchObject({ entryId: 'SDN-12927', matchedPhrase: expect.stringMatching(/^MAHAN AIR/) });
    expect(screener.search('   ')).toEqual([]);
  });
});

describe('built in slices (SanctionScreener.build)', () => {
  it('screens exactly as the screener built in one go, and lets other work run while it indexes', async () => {
    let ranMeanwhile = false;
    setTimeout(() => {
      ranMeanwhile = true;
    }, 0);
    const built = await SanctionScreener.build(entries);
    expect(ranMeanwhile).toBe(true);
    // Every listed name as written and with a letter changed, so that fuzzy, keyword and exact hits all take part.
    const texts = entries.flatMap((entry) => [entry.name, ...entry.aliases]).flatMap((text) => [text, text.replace(/[AEIOU]/, 'Y')]);
    expect(texts.length).toBeGreaterThan(700);
    for (const text of texts) expect(built.screen([name(text)])).toEqual(screener.screen([name(text)]));
  }, 60_000);
});

describe('the word index never loses a hit', () => {
  const defaultNames = entries
    .filter((entry) => entry.matchingMethod === 'Default')
    .flatMap((entry) =>
      [entry.name, ...entry.aliases].map((value) => {
        const phrase = literalOfMatchingValue(value) ?? value;
        return { entryId: entry.entryId, phrase, partyType: entry.partyType, ...listedNameShape(phrase, entry.partyType) };
      }),
    );
  const listedWords = [...new Set(defaultNames.flatMap((listed) => listed.words))];

  it('property: screening through the index finds every entry a full comparison with every listed name finds', () => {
    const mutated = fc
      .tuple(fc.integer({ min: 0, max: listedWords.length - 1 }), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 12 }))
      .map(([index, letter, at]) => {
        const word = listedWords[index];
        const position = Math.min(at, word.length - 1);
        return position === 0 ? word : word.slice(0, position) + 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[letter] + word.slice(position + 1);
      });
    fc.assert(
      fc.property(fc.array(mutated, { minLength: 1, maxLength: 4 }), fc.constantFrom(0.75, 0.8, DEFAULT_FUZZY_THRESHOLD), (words, threshold) => {
        const query = words.join(' ');
        // The full comparison scores every reading of the name as screening does (a legal form run into its last word
        // split off: IGNACIE as IGNA CIE), through compareWithListed.
        const expected = new Set(
          defaultNames
            .filter((listed) => listed.words.length > 0 && screener.compareWithListed(listed.phrase, listed.partyType, query).score >= threshold)
            .map((listed) => listed.entryId),
        );
        const found = new Set(
          screener
            .screenSubject(name(query), threshold)
            .filter((hit) => hit.method === 'Default')
            .map((hit) => hit.entryId),
        );
        expect([...found].sort()).toEqual([...expected].sort());
      }),
      { numRuns: 150 },
    );
    // The full comparison with every listed name, the oracle here, is what the index spares screening: it takes a while.
  }, 120_000);
});

describe('what distinguishes a name (issue 18)', () => {
  const extra: SanctionListEntry[] = [
    { ...internal('T-1', 'SOKTAR', 'Default'), listName: 'SDN' },
    { ...internal('T-2', 'STAROIL B.V.', 'Default'), listName: 'SDN' },
    { ...internal('T-3', 'PJSC POWER MACHINES', 'Default'), listName: 'SDN' },
    { ...internal('T-4', 'EASTNINE CHEMICALS CO., LTD.', 'Default'), listName: 'SDN' },
    { ...internal('T-5', 'ORIENT SHIPPING LIMITED', 'Default'), listName: 'SDN' },
    { ...internal('T-6', 'MUHAMMAD, Faysal', 'Default'), listName: 'SDN', partyType: 'Individual' },
    { ...internal('T-7', 'TELESERVE PLUS', 'Default'), listName: 'SDN' },
    { ...internal('T-8', 'K. P. TO JEANS WEAR S. DE H.', 'Default'), listName: 'SDN' },
    { ...internal('T-9', 'AWAD, Muhammad', 'Default'), listName: 'SDN', partyType: 'Individual' },
    { ...internal('T-10', 'HAMDAN, Abdul Karim', 'Default'), listName: 'SDN', partyType: 'Individual' },
    { ...internal('T-11', 'GERESANO ESCRIBANO, Gonzalo', 'Default'), listName: 'SDN', partyType: 'Individual' },
    { ...internal('T-12', 'AL-HARAMAIN FOUNDATION', 'Default'), listName: 'SDN' },
    { ...internal('T-13', 'CRYMSA', 'Default'), listName: 'SDN' },
    { ...internal('T-14', 'TARA LIMITED', 'Default'), listName: 'SDN' },
  ];
  const wider = new SanctionScreener([...entries, ...extra]);
  const best = (text: string) => wider.screenSubject(name(text))[0];

  it('finds the issue’s misses, each hit saying which words matched and how', () => {
    const airlines = best('MAHAN AIRLINES');
    expect(airlines).toMatchObject({ entryId: 'SDN-12927', explanation: { how: 'fuzzy', missing: [], extra: [] } });
    expect(airlines.explanation?.words).toContainEqual(expect.objectContaining({ listed: 'AIR', screened: 'AIRLINES', how: 'synonym' }));
    expect(airlines.explanation?.summary).toMatch(/AIRLINES ~ AIR \(synonym 0\.95\).*score 0\.9/);
    const hezbollah = best('HEZBOLLAH');
    expect(hezbollah).toMatchObject({ entryId: 'SDN-4697' });
    expect(hezbollah.explanation?.words).toEqual([expect.objectContaining({ listed: 'HIZBALLAH', screened: 'HEZBOLLAH', how: 'phonetic' })]);
  });

  it('tolerates a typo in the first letter, a letter moved across a space, words run together and a missing middle name', () => {
    const how = (text: string, entryId: string) => {
      const hit = wider.screenSubject(name(text)).find((candidate) => candidate.entryId === entryId);
      return hit?.explanation?.words.map((pair) => pair.how);
    };
    expect(how('NAHAN AIR', 'SDN-12927')).toContain('typo');
    expect(how('MAHA NAIR', 'SDN-12927')).toEqual(['joined']);
    expect(how('MAHANAIR', 'SDN-12927')).toEqual(['joined']);
    const fadlallah = wider.screenSubject(name('Shaykh Fadlallah')).find((hit) => hit.entryId === 'SDN-2679');
    expect(fadlallah?.explanation?.missing).toEqual(['MUHAMMAD', 'HUSAYN']);
  });

  it('finds a word carrying two edits beside the rest of the name through the word index (UHNMMAD for MUHAMMAD), and not a word the list holds', () => {
    const hit = wider.screenSubject(name('AWAD, UHNMMAD')).find((candidate) => candidate.entryId === 'T-9');
    expect(hit?.explanation?.words).toContainEqual(expect.objectContaining({ listed: 'MUHAMMAD', screened: 'UHNMMAD', how: 'typos' }));
    expect(hit?.explanation?.summary).toMatch(/UHNMMAD ~ MUHAMMAD \(typos 0\.85\)/);
    // HASSAN is on the list: ABDUL KARIM HASSAN is another person than HAMDAN, Abdul Karim.
    expect(wider.vocabulary.isListed?.('HASSAN')).toBe(true);
    expect(wider.screenSubject(name('ABDUL KARIM HASSAN')).map((candidate) => candidate.entryId)).not.toContain('T-10');
    expect(wider.screenSubject(name('ABDUL KARIM HAMDAN')).map((candidate) => candidate.entryId)).toContain('T-10');
  });

  it('finds through the word index a screened word that is two listed words run together, not neighbours as listed or with a typo in one', () => {
    const found = (text: string) => wider.screenSubject(name(text)).map((hit) => hit.entryId);
    expect(found('GONZALOGERESANO ESCRIBANO')).toContain('T-11');
    expect(found('AL HARAMAINOUNDATION')).toContain('T-12');
    expect(found('AL HARAMAINXOUNDATIXN')).not.toContain('T-12');
  });

  it('reads a last word that ends as a legal form does both with the legal form split off and as written (FAYSAL is not FAY SAL)', () => {
    expect(best('MUHAMMAD FAYSAL')).toMatchObject({ entryId: 'T-6', score: 1 });
    expect(wider.compareWithListed('MUHAMMAD, Faysal', 'Individual', 'MUHAMMAD FAYSAL')).toMatchObject({ score: 1, missing: [], extra: [] });
    expect(best('TELESERVE PLUSSAL')).toMatchObject({ entryId: 'T-7', score: 1 });
  });

  it('reads a legal form whose space moved by a letter as the legal form (CRYMSAF ZE, TAR ALIMITED), and other last words as written', () => {
    expect(best('Crymsaf Ze')).toMatchObject({ entryId: 'T-13', score: 1 });
    expect(best('TAR ALIMITED')).toMatchObject({ entryId: 'T-14', score: 1 });
    expect(wider.screenSubject(name('CRYMSAF ZO')).map((hit) => hit.entryId)).not.toContain('T-13');
    expect(best('MUHAMMAD FAYSAL')).toMatchObject({ entryId: 'T-6', score: 1 });
  });

  it('finds a listed name whose initials a shipment groups and orders otherwise (K. P. ... S. written P. ... K. S.)', () => {
    expect(wider.compareWithListed('K. P. TO JEANS WEAR S. DE H.', 'Entity', 'P. WEAR K. S. DE H. JEANS TO')).toMatchObject({
      score: 1,
      missing: [],
      extra: [],
    });
    // And screening finds it through the word index, whose candidates must include it.
    expect(best('P. WEAR K. S. DE H. JEANS TO')).toMatchObject({ entryId: 'T-8', score: 1 });
  });

  it('raises none of the issue’s false alerts: a distinctive word or a trade that differs makes another party', () => {
    for (const text of ['STAR* CORP', 'STARX CORP', 'PIONEER MACHINERY BV', 'EASTWIND CHEMICALS FZE', 'ORIENT FOODS LLC']) {
      expect(wider.screenSubject(name(text)).filter((hit) => hit.entryId.startsWith('T-'))).toEqual([]);
    }
    // The same given names with another surname.
    expect(wider.screenSubject(name('Shaykh Muhammad Husayn Smith')).map((hit) => hit.entryId)).not.toContain('SDN-2679');
    // A listed person's whole name (here run together, in the order it is written) with another surname.
    const another = wider.compareWithListed('RAHMAN, Abdur', 'Individual', 'ABDURRAHMAN TAYLOR');
    expect(another).toMatchObject({ anotherName: 'TAYLOR', pairs: [expect.objectContaining({ how: 'joined' })] });
    expect(another.score).toBeLessThan(DEFAULT_FUZZY_THRESHOLD);
    // Below the threshold, the comparison still says why.
    expect(wider.compareWithListed('ORIENT SHIPPING LIMITED', 'Entity', 'ORIENT FOODS LLC').replaced).toEqual({ listed: 'SHIPPING', screened: 'FOODS' });
  });
});

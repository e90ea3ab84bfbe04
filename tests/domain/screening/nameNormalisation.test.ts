import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalSpelling,
  compareNames,
  consonantSkeleton,
  joinedSkeleton,
  foldText,
  listedNameShape,
  mayBeAlike,
  normaliseName,
  withoutLegalForms,
  wordSimilarity,
} from '../../../src/domain/screening';
import { SPELLING_RULES } from '../../../src/domain/screening/canonicalSpelling';
import { plainVocabulary } from '../../../src/domain/screening/nameSimilarity';
import { withoutFormatCharacters } from '../../../src/domain/screening/textFolding';
import { readMatchingValue } from '../../../src/domain/screening/matchingValues';
import { literalOfMatchingValue, parseMatchingValue } from '../../../src/domain/wildcard';

describe('folding and normalising names', () => {
  it('folds accents, special letters, case and punctuation; drops apostrophes', () => {
    expect(foldText('Müller & Söhne, s.r.o.')).toBe('MULLER SOHNE S R O');
    expect(foldText('Œuvre Ærø Łódź straße')).toBe('OEUVRE AERO LODZ STRASSE');
    expect(foldText("AL QA'IDA")).toBe('AL QAIDA');
    expect(foldText('O’Brien-Smith')).toBe('OBRIEN SMITH');
    expect(foldText('  ＡＣＭＥ　Ｔｒａｄｉｎｇ  ')).toBe('ACME TRADING');
  });

  it('writes Cyrillic in Latin letters the way sanction lists romanise it', () => {
    expect(foldText('Рособоронэкспорт')).toBe('ROSOBORONEKSPORT');
    expect(foldText('Щербаков Юрий')).toBe('SHCHERBAKOV YURIY');
    expect(foldText('Жуков, Хабаровск')).toBe('ZHUKOV KHABAROVSK');
  });

  it('runs initials together and removes legal forms at either end', () => {
    expect(normaliseName('ANGLO-CARIBBEAN CO., LTD.')).toEqual({ words: ['ANGLO', 'CARIBBEAN'], text: 'ANGLO CARIBBEAN' });
    expect(normaliseName('Constructora Joel, S.A. de C.V.').text).toBe('CONSTRUCTORA JOEL');
    expect(normaliseName('OOO Romashka').text).toBe('ROMASHKA');
    expect(normaliseName('LIMITED LIABILITY COMPANY VNESHTORG').text).toBe('VNESHTORG');
    expect(normaliseName('J. P. Morgan GmbH & Co. KG').text).toBe('JP MORGAN');
    expect(normaliseName('CRUZ, Juan M. de la').text).toBe('CRUZ JUAN M DE LA');
    expect(normaliseName('ACME TRADING LLC').text).toBe(normaliseName('Acme Trading Limited').text);
  });

  it('keeps the last word of a name that is nothing but legal forms', () => {
    expect(withoutLegalForms(['COMPANY', 'LIMITED'])).toEqual(['COMPANY']);
    expect(withoutLegalForms(['LTD'])).toEqual(['LTD']);
  });

  it('gives a common spelling for romanisation differences', () => {
    expect(canonicalSpelling('DZHAMIL')).toBe(canonicalSpelling('JAMIL'));
    expect(canonicalSpelling('KHALID')).toBe('HALID');
    expect(canonicalSpelling('YOUSSEF')).toBe('YUSEF');
    expect(canonicalSpelling('DMITRIY')).toBe('DMITRI');
  });

  /** The rules applied in turn, every one to every word, without the test of whether it may match: what canonicalSpelling does, faster. */
  const spelt = (word: string) => SPELLING_RULES.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), word);
  const skeletonOf = (word: string) => {
    const canonical = spelt(word);
    const consonants = canonical
      .replace(/[AEIOUY]/g, '')
      .replace(/[CGJQ]/g, 'K')
      .replace(/Z/g, 'S')
      .replace(/[VW]/g, 'F');
    return (/^[AEIOUY]/.test(canonical) ? '_' : '') + consonants.replace(/([A-Z])\1+/g, '$1');
  };

  it('spells and skeletons every word as the rules applied in turn do', () => {
    expect(consonantSkeleton('HEZBOLLAH')).toBe('HSBL');
    expect(consonantSkeleton('HIZBALLAH')).toBe('HSBL');
    expect(consonantSkeleton('OMAR')).toBe('_MR');
    const word = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKOPQSUVWXYZ19 -'), maxLength: 12 });
    fc.assert(
      fc.property(word, (written) => {
        expect(canonicalSpelling(written)).toBe(spelt(written));
        expect(consonantSkeleton(written)).toBe(skeletonOf(written));
      }),
      { numRuns: 5000 },
    );
    for (const written of ['DZHAMIL', 'DJOKO', 'SCHMIDT', 'ABDULLAH', 'ZADEH', 'SMIRNOFF', 'SEMENEFF', 'DMITRIY', 'AAAB', 'XX', '', 'É']) {
      expect(canonicalSpelling(written)).toBe(spelt(written));
      expect(consonantSkeleton(written)).toBe(skeletonOf(written));
    }
  });
});

describe('comparing names word by word', () => {
  it('lets only alike words of nearly the same length count', () => {
    expect(wordSimilarity('MOHAMMED', 'MUHAMMAD')).toBeGreaterThan(0.85);
    expect(wordSimilarity('QADHAFI', 'GADDAFI')).toBeGreaterThan(0.8);
    expect(wordSimilarity('AL', 'EL')).toBeGreaterThan(0.9);
    expect(wordSimilarity('AL', 'AB')).toBe(0);
    expect(mayBeAlike('HANA', 'HANSEATIC')).toBe(false);
    expect(wordSimilarity('HANA', 'HANSEATIC')).toBe(0);
    expect(wordSimilarity('CUBA', 'MEXICO')).toBe(0);
  });

  it('compares initials as letters, however each name groups or orders them', () => {
    expect(normaliseName('K. P. TO JEANS WEAR S. DE H.').initials).toEqual(['KP', 'S', 'H']);
    expect(normaliseName('ACME TRADING').initials).toBeUndefined();
    const listed = normaliseName('K. P. TO JEANS WEAR S. DE H.');
    const comparison = compareNames(listed, normaliseName('P. WEAR K. S. DE H. JEANS TO'));
    expect(comparison).toMatchObject({ score: 1, missing: [], extra: [] });
    expect(comparison.pairs).toContainEqual({ listed: 'KP S', screened: 'P KS', how: 'joined', similarity: 1 });
    expect(compareNames(normaliseName('J Y H TRADING'), normaliseName('H Y J TRADING')).score).toBe(1);
    // Other initials stay other initials, and words that are not initials are not regrouped.
    expect(compareNames(listed, normaliseName('P. WEAR K. T. DE H. JEANS TO')).score).toBeLessThan(0.85);
    expect(compareNames(normaliseName('K. P. TO JEANS WEAR S. DE H.'), normaliseName('PK WEAR S DE H JEANS TO')).missing).toEqual(['KP']);
  });

  it('pairs one word carrying two edits where the rest of the name is found, and not a word the list holds', () => {
    const awad = compareNames(listedNameShape('AWAD, Muhammad', 'Individual'), normaliseName('AWAD, UHNMMAD'));
    expect(awad.pairs).toContainEqual({ listed: 'MUHAMMAD', screened: 'UHNMMAD', how: 'typos', similarity: 0.85 });
    expect(awad.score).toBeGreaterThan(0.85);
    // Dropped vowels and a transliteration; vowels dropped from a short middle name.
    expect(compareNames(listedNameShape('BAKI, Abdul', 'Individual'), normaliseName('BAKI, BDEL')).score).toBeGreaterThan(0.85);
    expect(compareNames(listedNameShape('MARTINEZ CASAS, Carlos Mario', 'Individual'), normaliseName('CARLOS MRI MARTINEZ CASAS')).score).toBeGreaterThan(0.95);
    // Alone, the word is not the name; nor is a distinctive word two edits off beside trade words only.
    expect(compareNames(['MUHAMMAD'], ['UHNMMAD']).score).toBe(0);
    expect(compareNames(['EASTNINE', 'CHEMICALS'], ['EASTWIND', 'CHEMICALS']).replaced).toEqual({ listed: 'EASTNINE', screened: 'EASTWIND' });
    // A word the list holds is a name of its own: HASSAN is not HAMDAN with two edits.
    const listing = { ...plainVocabulary, isListed: (word: string) => word === 'HASSAN' };
    const hassan = compareNames(listedNameShape('HAMDAN, Ali', 'Individual'), normaliseName('HASSAN ALI'), undefined, listing);
    expect(hassan.replaced).toEqual({ listed: 'HAMDAN', screened: 'HASSAN' });
    expect(hassan.score).toBeLessThan(0.85);
    // A listed person's surname two edits off is another family's: the same given names with another surname.
    expect(compareNames(listedNameShape('MORENO, Jose', 'Individual'), normaliseName('MOREAU, JOSE')).replaced).toEqual({
      listed: 'MORENO',
      screened: 'MOREAU',
    });
    expect(compareNames(listedNameShape('MORENO, Jose', 'Entity'), normaliseName('MOREAU, JOSE')).score).toBeGreaterThan(0.85);
    // Two edits apart and more are different words, however the rest matches.
    expect(compareNames(listedNameShape('AWAD, Muhammad', 'Individual'), normaliseName('AWAD, UHNMMXD')).score).toBeLessThan(0.85);
  });

  it('does not care about word order', () => {
    const listed = normaliseName('CRUZ, Juan M. de la').words;
    expect(compareNames(listed, normaliseName('Juan M. de la Cruz').words).score).toBe(1);
  });

  it('tolerates a typo and a transliteration, and not a different distinctive word', () => {
    const listed = normaliseName('BANCO NACIONAL DE CUBA').words;
    expect(compareNames(listed, normaliseName('BANCO NACIONAL DE KUBA').words).score).toBeGreaterThan(0.9);
    expect(compareNames(listed, normaliseName('BANKO NACIONAL DE CUBA').words).score).toBeGreaterThan(0.9);
    expect(compareNames(listed, normaliseName('BANCO NACIONAL DE MEXICO').words).score).toBeLessThan(0.8);
  });

  it('joins words written apart on one side and together on the other', () => {
    expect(compareNames(['ABDUL', 'RAHMAN', 'TRADING'], ['ABDULRAHMAN', 'TRADING']).score).toBe(1);
    expect(compareNames(['ABDULRAHMAN'], ['ABDUL', 'RAHMAN']).score).toBe(1);
  });

  it('finds listed words run together with a typo in either, any two of a person’s names run together, and a trade word run into a word', () => {
    const shape = (text: string, type: 'Entity' | 'Individual' = 'Entity') => listedNameShape(text, type);
    const cargo = compareNames(shape('CARGO FRET INTERNATIONAL, SPRL'), normaliseName('CRGOFRT INTERNATIONAL, SPRL'));
    expect(cargo.pairs).toContainEqual({ listed: 'CARGO FRET', screened: 'CRGOFRT', how: 'joined', similarity: 0.933 });
    expect(cargo.score).toBeGreaterThan(0.95);
    expect(compareNames(['ARIAN', 'BANK'], ['ARIANLANK']).score).toBeGreaterThan(0.9);
    // A letter moved across the space and a typo: one piece is its word as it is.
    expect(compareNames(shape('AHMADIAN, Ali Akbar', 'Individual'), normaliseName('AHMADIAN, ALZIA KBAR')).score).toBeGreaterThan(0.95);
    // Names that are not neighbours as listed (a middle name left out, SURNAME written last).
    const musa = compareNames(shape("MUSA, Rifa'i Ahmad Taha", 'Individual'), normaliseName("RIFA'I AHMADMUSA"));
    expect(musa.pairs).toContainEqual({ listed: 'AHMAD MUSA', screened: 'AHMADMUSA', how: 'joined', similarity: 1 });
    expect(musa.score).toBeGreaterThan(0.95);
    // Of a word the screened name holds less often than the listed one, any occurrence may be run into another.
    expect(
      compareNames(
        normaliseName('THE ISLAMIC ARMY FOR THE LIBERATION OF THE HOLY PLACES').words,
        normaliseName('THE ISLAMIC ARMY FOR THELIBERATION OF THE HOLY PLACES').words,
      ).score,
    ).toBe(1);
    const africa = compareNames(normaliseName('ISIS-WEST AFRICA').words, normaliseName('ISIS WEST AFRICAHOLDING').words);
    expect(africa).toMatchObject({ missing: [], extra: ['HOLDING'] });
    expect(africa.score).toBeGreaterThan(0.95);
    // Not another name whose pieces each differ, nor a listed word split where the pieces need typos.
    expect(compareNames(shape('KHAN, Abdullah', 'Individual'), normaliseName('HUANG, ABDUL')).score).toBeLessThan(0.85);
    expect(compareNames(['AL', 'BARAKAAT'], ['AL', 'BARAKA', 'AUTO']).score).toBeLessThan(0.85);
    expect(compareNames(['CARGO', 'FRET'], ['CXGOFXT']).score).toBeLessThan(0.85);
  });

  it('weighs what the listed name is missing more than extra words in the screened one', () => {
    const listed = normaliseName('MAHAN AIR').words;
    const extra = compareNames(listed, normaliseName('MAHAN AIR CARGO DIVISION').words);
    const missing = compareNames(normaliseName('MAHAN AIR CARGO DIVISION').words, listed);
    expect(extra.listedCoverage).toBe(1);
    expect(extra.score).toBeGreaterThan(missing.score);
  });
});

describe('invisible characters and compatibility forms (issue 33)', () => {
  /** Format characters (Unicode category Cf): a Cargo-XML message, a typed name or a list row may carry them, invisible on every screen. */
  const FORMAT_CHARACTERS: [string, string][] = [
    ['ZERO WIDTH SPACE', '\u200B'],
    ['ZERO WIDTH NON-JOINER', '\u200C'],
    ['ZERO WIDTH JOINER', '\u200D'],
    ['LEFT-TO-RIGHT MARK', '\u200E'],
    ['RIGHT-TO-LEFT MARK', '\u200F'],
    ['SOFT HYPHEN', '\u00AD'],
    ['WORD JOINER', '\u2060'],
    ['FUNCTION APPLICATION', '\u2061'],
    ['INVISIBLE TIMES', '\u2062'],
    ['INVISIBLE SEPARATOR', '\u2063'],
    ['INVISIBLE PLUS', '\u2064'],
    ['ZERO WIDTH NO-BREAK SPACE (byte order mark)', '\uFEFF'],
    ['ARABIC LETTER MARK', '\u061C'],
    ['LEFT-TO-RIGHT EMBEDDING', '\u202A'],
    ['POP DIRECTIONAL FORMATTING', '\u202C'],
    ['RIGHT-TO-LEFT OVERRIDE', '\u202E'],
    ['LEFT-TO-RIGHT ISOLATE', '\u2066'],
    ['POP DIRECTIONAL ISOLATE', '\u2069'],
    ['MONGOLIAN VOWEL SEPARATOR', '\u180E'],
    ['TAG LATIN CAPITAL LETTER A', '\u{E0041}'],
    // Not format characters but as invisible, and letters to a regular expression (Default_Ignorable_Code_Point).
    ['HANGUL FILLER', '\u3164'],
    ['HANGUL CHOSEONG FILLER', '\u115F'],
    ['HANGUL JUNGSEONG FILLER', '\u1160'],
    ['HALFWIDTH HANGUL FILLER', '\uFFA0'],
    ['COMBINING GRAPHEME JOINER', '\u034F'],
    ['VARIATION SELECTOR-16', '\uFE0F'],
  ];

  it.each(FORMAT_CHARACTERS)('removes %s inside words and at their ends', (_name, char) => {
    expect(foldText(`I${char}RAN C${char}HA${char}RAK`)).toBe('IRAN CHARAK');
    expect(foldText(`${char}IRAN${char} ${char}CHARAK${char}`)).toBe('IRAN CHARAK');
    expect(normaliseName(`Ira${char}n Cha${char}rak Co.`).text).toBe('IRAN CHARAK');
  });

  it('removes them from accented and Cyrillic names too, which take the long way', () => {
    expect(foldText('Mü\u00ADller & Sö\u200Dhne')).toBe('MULLER SOHNE');
    expect(foldText('Щер\u200Bбаков')).toBe('SHCHERBAKOV');
  });

  it('reads compatibility forms as the letters they stand for (NFKC): fullwidth, ligatures, mathematical letters, superscripts', () => {
    expect(foldText('ＩＲＡＮ　ＣＨＡＲＡＫ')).toBe('IRAN CHARAK');
    expect(foldText('ﬁnance ﬂeet')).toBe('FINANCE FLEET');
    expect(foldText('𝐈𝐑𝐀𝐍 𝐂𝐇𝐀𝐑𝐀𝐊')).toBe('IRAN CHARAK');
    expect(foldText('OFFICE ²³')).toBe('OFFICE 23');
  });

  it('leaves plain ASCII as it was', () => {
    expect(foldText('IRAN CHARAK')).toBe('IRAN CHARAK');
    expect(withoutFormatCharacters('IRAN-CHARAK, 1 2\t3')).toBe('IRAN-CHARAK, 1 2\t3');
    expect(withoutFormatCharacters('I\u200DRAN CHA\u00ADRAK\uFEFF')).toBe('IRAN CHARAK');
  });
});

describe('the skeleton of two words joined', () => {
  it('is the skeleton of the joined word, however the words meet', () => {
    const word = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKOPQSUVWXYZ19'), maxLength: 7 });
    const skeletonOf = (text: string) => consonantSkeleton(text);
    fc.assert(
      fc.property(word, word, (first, second) => {
        expect(joinedSkeleton(first, skeletonOf(first), second, skeletonOf(second))).toBe(consonantSkeleton(first + second));
      }),
      { numRuns: 50_000 },
    );
    for (const [first, second] of [
      ['MAHAN', 'AIR'],
      ['ABDUL', 'LAH'],
      ['ZADE', 'HASAN'],
      ['BAS', 'CHEM'],
      ['ALI', 'DJOKO'],
      ['MUSA', 'AHMAD'],
      ['NUR', 'RAHMAN'],
    ])
      expect(joinedSkeleton(first, skeletonOf(first), second, skeletonOf(second))).toBe(consonantSkeleton(first + second));
  });
});

describe('reading a listed name as a matching value', () => {
  it('reads a value without wildcards or escapes as its own literal, as the token reading does', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'AB -.,é*?#!'), maxLength: 12 }), (value) => {
        const read = readMatchingValue(value);
        const tokens = parseMatchingValue(value);
        if (!tokens) expect(read).toEqual({ kind: 'invalid' });
        else if (tokens.every((token) => token.kind === 'literal')) expect(read).toEqual({ kind: 'literal', text: literalOfMatchingValue(value) });
        else expect(read.kind).not.toBe('literal');
      }),
      { numRuns: 2000 },
    );
  });
});

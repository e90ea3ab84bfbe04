import { describe, expect, it } from 'vitest';
import { FuzzyNameIndex } from '../../../src/domain/screening/fuzzyNameIndex';
import { FUZZY_WORD_MAX_LENGTH, matchWithTwoEdits, matchWords, TWO_EDITS_MAX_LENGTH, twoDeletionKeys } from '../../../src/domain/screening/wordMatch';

/** The word index itself (fuzzyNameIndex.ts): which listed words a screened word reaches through its keys. */

const words = (found: readonly { word: string }[]) => found.map((near) => near.word).sort();

describe('the word index', () => {
  it('finds a listed word with two edits also when it first came joined from two words (MAHAN AIR, then MAHANAIR SHIPPING)', () => {
    for (const order of [
      [
        ['MAHAN', 'AIR'],
        ['MAHANAIR', 'SHIPPING'],
      ],
      [
        ['MAHANAIR', 'SHIPPING'],
        ['MAHAN', 'AIR'],
      ],
    ]) {
      const index = new FuzzyNameIndex();
      for (const name of order)
        index.add(
          name,
          name.map(() => 1),
        );
      expect(words(index.twoEditWords('MAHXNAIZ'))).toContain('MAHANAIR');
    }
  });

  it("takes a word at the Sanction List's alias limit (4,000 letters, no space) as written only, and keeps its keys for names", () => {
    const letters = 'ABDEHKLMNORSTUZ';
    const long = Array.from({ length: 4000 }, (_, index) => letters[(index * 7 + (index >> 3)) % letters.length]).join('');
    const typo = `${long.slice(0, 2000)}X${long.slice(2001)}`;
    const index = new FuzzyNameIndex();
    index.add([long, 'TRADING'], [1, 1]);
    expect(words(index.nearWords(long))).toContain(long);
    expect(words(index.nearWords(typo))).toEqual([]);
    expect(matchWords(long, typo)).toBeUndefined();
    expect(FUZZY_WORD_MAX_LENGTH).toBeGreaterThanOrEqual(48);
    // The longest word of the SDN list (24 letters) still carries two edits; a word past TWO_EDITS_MAX_LENGTH does not.
    expect(twoDeletionKeys('KRYMTEPLOELEKTROTSENTRAL').length).toBeGreaterThan(0);
    const past = 'KRYMTEPLOELEKTROTSENTRALKRYMTEPLO';
    expect(past.length).toBe(TWO_EDITS_MAX_LENGTH + 1);
    expect(twoDeletionKeys(past)).toEqual([]);
    expect(matchWithTwoEdits(past, `X${past.slice(1, -1)}Y`)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { FuzzyNameIndex } from '../../../src/domain/screening/fuzzyNameIndex';

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
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyCheck, keyHash, KeyedWords, WordTable } from '../../../src/domain/screening/keyedWords';

/** The word index's key tables (issue 33: the screener's memory): words filed under keys by the keys' hashes, in typed arrays. */

const wordsUnder = (table: KeyedWords, key: string) => {
  const found: string[] = [];
  table.forEach(key, (word) => found.push(word));
  return found.sort();
};

describe('words filed under keys', () => {
  it('answers every word filed under a key, through the tables growing, and none of another key', () => {
    const words = new WordTable();
    const table = new KeyedWords(words);
    for (let index = 0; index < 20_000; index++) {
      table.add(`KEY${index % 5000}`, `WORD${index}`);
      table.add('COMMON', `WORD${index}`);
    }
    expect(table.size).toBe(40_000);
    expect(wordsUnder(table, 'KEY42')).toEqual(['WORD10042', 'WORD15042', 'WORD42', 'WORD5042']);
    expect(wordsUnder(table, 'COMMON')).toHaveLength(20_000);
    expect(wordsUnder(table, 'KEY5000')).toEqual([]);
    // Each word is kept once, however many keys file it.
    expect(words.words).toHaveLength(20_000);
  });

  it('answers only the words of the key asked, also for two keys of the same first hash', () => {
    // Two keys the first hash hashes alike (found by search): the second hash tells them apart.
    expect(keyHash('VCYIXPNZ')).toBe(keyHash('EVJPZXRV'));
    expect(keyCheck('VCYIXPNZ')).not.toBe(keyCheck('EVJPZXRV'));
    const table = new KeyedWords(new WordTable());
    table.add('VCYIXPNZ', 'VACYIXPANZA');
    table.add('EVJPZXRV', 'EVJAPOZXRAV');
    expect(wordsUnder(table, 'VCYIXPNZ')).toEqual(['VACYIXPANZA']);
    expect(wordsUnder(table, 'EVJPZXRV')).toEqual(['EVJAPOZXRAV']);
  });

  it('packed, answers the words of each key, latest first, in 12 bytes an entry and its bucket, and takes more after', () => {
    const inOrder = (table: KeyedWords, key: string) => {
      const found: string[] = [];
      table.forEach(key, (word) => found.push(word));
      return found;
    };
    const expected = (pairs: readonly [number, number][], key: number) =>
      pairs
        .filter(([each]) => each === key)
        .map(([, word]) => `WORD${word}`)
        .reverse();
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 5000 })), { minLength: 1, maxLength: 3000 }), (pairs) => {
        const table = new KeyedWords(new WordTable());
        for (const [key, word] of pairs) table.add(`KEY${key}`, `WORD${word}`);
        table.pack();
        expect(table.size).toBe(pairs.length);
        // Each bucket holds two entries or more on average: at most one start per entry, and the end.
        expect(table.byteLength).toBeLessThanOrEqual(12 * pairs.length + 4 * (pairs.length + 1));
        for (let key = 0; key <= 301; key++) expect(inOrder(table, `KEY${key}`)).toEqual(expected(pairs, key));
        // Added after, a word is found with the others, first.
        const more: [number, number][] = [...pairs, [7, 9001], [301, 9002]];
        table.add('KEY7', 'WORD9001');
        table.add('KEY301', 'WORD9002');
        for (let key = 0; key <= 301; key++) expect(inOrder(table, `KEY${key}`)).toEqual(expected(more, key));
      }),
    );
  });

  it('keeps the order of a key through packing, adding enough after it to grow its tables, and packing again', () => {
    const inOrder = (table: KeyedWords, key: string) => {
      const found: string[] = [];
      table.forEach(key, (word) => found.push(word));
      return found;
    };
    // Tables grow at 1,024 and 2,048 entries.
    for (const count of [767, 1023, 1535, 2047]) {
      const growing = new KeyedWords(new WordTable());
      const packed = new KeyedWords(new WordTable());
      const add = (key: string, word: string) => {
        growing.add(key, word);
        packed.add(key, word);
      };
      add('K', 'A');
      add('K', 'B');
      for (let index = 2; index < count; index++) add(`OTHER${index}`, `WORD${index}`);
      packed.pack();
      add('K', 'C');
      add('OTHER', 'LAST');
      expect(inOrder(packed, 'K')).toEqual(['C', 'B', 'A']);
      expect(inOrder(growing, 'K')).toEqual(['C', 'B', 'A']);
      packed.pack();
      expect(inOrder(packed, 'K')).toEqual(['C', 'B', 'A']);
    }
  });

  /** The keys addDeletionKeys files under, made as strings: each spelling with up to `deletions` letters left out, at least `minLength` long, `suffix` after. */
  function keysWithDeletions(spellings: readonly string[], deletions: number, minLength: number, suffix: string): Set<string> {
    const keys = new Set<string>();
    const visit = (text: string, left: number) => {
      if (text.length >= minLength) keys.add(text + suffix);
      if (left > 0) for (let index = 0; index < text.length; index++) visit(text.slice(0, index) + text.slice(index + 1), left - 1);
    };
    for (const spelling of spellings) visit(spelling, deletions);
    return keys;
  }

  it('files a word under its keys with letters left out from their hashes, each key once, as adding each key would', () => {
    const word = fc.string({ unit: fc.constantFrom(...'ABDHKMNOS'), maxLength: 12 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(word, word), { minLength: 1, maxLength: 6 }),
        fc.constantFrom<0 | 1 | 2>(0, 1, 2),
        fc.integer({ min: 0, max: 4 }),
        fc.constantFrom('', '-'),
        (spelt, deletions, minLength, suffix) => {
          const byStrings = new KeyedWords(new WordTable());
          const byHashes = new KeyedWords(new WordTable());
          const keys = new Set<string>();
          for (const [written, other] of spelt) {
            const spellings = [...new Set([written, other])];
            const wordKeys = keysWithDeletions(spellings, deletions, minLength, suffix);
            for (const key of wordKeys) byStrings.add(key, written);
            byHashes.addDeletionKeys(spellings, deletions, minLength, written, suffix);
            for (const key of wordKeys) keys.add(key);
          }
          expect(byHashes.size).toBe(byStrings.size);
          for (const key of keys) expect(wordsUnder(byHashes, key).sort()).toEqual(wordsUnder(byStrings, key).sort());
          // A key none of the words makes (no Z in them) finds none.
          expect(wordsUnder(byHashes, `${spelt[0][0]}Z${suffix}`)).toEqual([]);
        },
      ),
    );
  });
});

it('files a spelling too long for the prefix hashes (over 128 letters with its suffix) under the same keys, made as strings', () => {
  const long = 'ABKMN'.repeat(27); // 135 letters
  const byStrings = new KeyedWords(new WordTable());
  const byHashes = new KeyedWords(new WordTable());
  const keys = new Set<string>([`${long}-`]);
  for (let index = 0; index < long.length; index++) keys.add(`${long.slice(0, index)}${long.slice(index + 1)}-`);
  for (const key of keys) byStrings.add(key, 'LONG');
  byHashes.addDeletionKeys([long], 1, 0, 'LONG', '-');
  expect(byHashes.size).toBe(byStrings.size);
  for (const key of keys) expect(wordsUnder(byHashes, key)).toEqual(['LONG']);
});

describe('the words of an index', () => {
  it('numbers a word joined from two by their hashes as it numbers the joined word written out, once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ unit: fc.constantFrom(...'ABKMN'), maxLength: 6 }), fc.string({ unit: fc.constantFrom(...'ABKMN'), maxLength: 6 })), {
          minLength: 1,
          maxLength: 200,
        }),
        (pairs) => {
          const byParts = new WordTable();
          const written = new WordTable();
          for (const [first, second] of pairs) {
            const joined = byParts.numberOfJoined(byParts.numberOf(first), byParts.numberOf(second));
            expect(byParts.words[joined]).toBe(first + second);
            // The same number however it is asked for: joined, written out, or found.
            expect(byParts.numberOf(first + second)).toBe(joined);
            expect(byParts.find(first + second)).toBe(joined);
            written.numberOf(first);
            written.numberOf(second);
            written.numberOf(first + second);
          }
          expect(new Set(byParts.words).size).toBe(byParts.words.length);
          expect([...byParts.words].sort()).toEqual([...written.words].sort());
          expect(byParts.find('Z')).toBeUndefined();
        },
      ),
    );
  });
});

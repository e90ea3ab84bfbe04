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
    // Two keys FNV-1a hashes alike (found by search): the second hash tells them apart.
    expect(keyHash('ZVMHI')).toBe(keyHash('EJDAP'));
    expect(keyCheck('ZVMHI')).not.toBe(keyCheck('EJDAP'));
    const table = new KeyedWords(new WordTable());
    table.add('ZVMHI', 'ZAVAMAHIDI');
    table.add('EJDAP', 'EJIDAPO');
    expect(wordsUnder(table, 'ZVMHI')).toEqual(['ZAVAMAHIDI']);
    expect(wordsUnder(table, 'EJDAP')).toEqual(['EJIDAPO']);
  });

  it('packed, answers the words of each key in the same order in less memory, and unpacks to take more', () => {
    const inOrder = (table: KeyedWords, key: string) => {
      const found: string[] = [];
      table.forEach(key, (word) => found.push(word));
      return found;
    };
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 5000 })), { maxLength: 3000 }), (pairs) => {
        const growing = new KeyedWords(new WordTable());
        const packed = new KeyedWords(new WordTable());
        for (const [key, word] of pairs) {
          growing.add(`KEY${key}`, `WORD${word}`);
          packed.add(`KEY${key}`, `WORD${word}`);
        }
        packed.pack();
        expect(packed.size).toBe(pairs.length);
        if (pairs.length >= 100) expect(packed.byteLength).toBeLessThan(growing.byteLength * 0.7);
        for (let key = 0; key <= 301; key++) expect(inOrder(packed, `KEY${key}`)).toEqual(inOrder(growing, `KEY${key}`));
        // Added after, a word is found as in a table never packed.
        for (const table of [growing, packed]) {
          table.add('KEY7', 'LATE');
          table.add('KEY301', 'LATER');
        }
        for (let key = 0; key <= 301; key++) expect(inOrder(packed, `KEY${key}`)).toEqual(inOrder(growing, `KEY${key}`));
      }),
    );
  });

  it('keeps the order of a key through packing, adding enough after it to grow its buckets, and packing again', () => {
    const inOrder = (table: KeyedWords, key: string) => {
      const found: string[] = [];
      table.forEach(key, (word) => found.push(word));
      return found;
    };
    // 767 entries, then two more: the second makes 768 of 1,024 buckets, which grows them.
    for (const count of [767, 1535]) {
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
});

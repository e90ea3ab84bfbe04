/**
 * Listed words filed under keys (their deletion, skeleton and two-deletion keys: fuzzyNameIndex.ts),
 * by the keys' 32-bit hashes, in typed arrays: a hash table of chained entries. The keys are some
 * hundreds of thousands of short strings, most holding one word; kept as strings in Maps of arrays
 * they made most of a screener's memory (157 MB for the SDN list's 7,379 entries; these tables hold
 * them in some 21 bytes an entry). An entry keeps a second, independent hash of its key, which a
 * lookup checks too, so a word filed under another key is found only if both hashes of the two keys
 * agree (about once in 2^64 pairs): a lookup answers the words of its key.
 * Words are added one by one (a list edit adds a few without a rebuild).
 */

/** 32-bit FNV-1a of a key. */
export function keyHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** A second 32-bit hash of a key, independent of keyHash (djb2 with xor, from the other end). */
export function keyCheck(key: string): number {
  let hash = 5381;
  for (let index = key.length - 1; index >= 0; index--) hash = Math.imul(hash, 33) ^ key.charCodeAt(index);
  return hash | 0;
}

/** The words of an index, each once, by number: the tables hold numbers, not strings. */
export class WordTable {
  private readonly numbers = new Map<string, number>();
  readonly words: string[] = [];

  numberOf(word: string): number {
    let number = this.numbers.get(word);
    if (number === undefined) {
      number = this.words.length;
      this.words.push(word);
      this.numbers.set(word, number);
    }
    return number;
  }
}

const FIRST_BUCKETS = 1024;

export class KeyedWords {
  /** Bucket -> its first entry + 1 (0: none). */
  private buckets = new Int32Array(FIRST_BUCKETS);
  private hashes = new Int32Array(FIRST_BUCKETS);
  private checks = new Int32Array(FIRST_BUCKETS);
  private wordNumbers = new Int32Array(FIRST_BUCKETS);
  /** Entry -> the next entry of its bucket + 1 (0: none). */
  private next = new Int32Array(FIRST_BUCKETS);
  private entries = 0;

  constructor(private readonly table: WordTable) {}

  get size(): number {
    return this.entries;
  }

  add(key: string, word: string): void {
    if (this.entries >= this.hashes.length) this.growEntries();
    if (this.entries * 4 >= this.buckets.length * 3) this.growBuckets();
    const hash = keyHash(key);
    const entry = this.entries++;
    this.hashes[entry] = hash;
    this.checks[entry] = keyCheck(key);
    this.wordNumbers[entry] = this.table.numberOf(word);
    const bucket = hash & (this.buckets.length - 1);
    this.next[entry] = this.buckets[bucket];
    this.buckets[bucket] = entry + 1;
  }

  /** Visits each word filed under the key. */
  forEach(key: string, visit: (word: string) => void): void {
    const hash = keyHash(key);
    const check = keyCheck(key);
    const words = this.table.words;
    for (let entry = this.buckets[hash & (this.buckets.length - 1)] - 1; entry >= 0; entry = this.next[entry] - 1) {
      if (this.hashes[entry] === hash && this.checks[entry] === check) visit(words[this.wordNumbers[entry]]);
    }
  }

  private growEntries(): void {
    const capacity = this.hashes.length * 2;
    const grown = (from: Int32Array) => {
      const to = new Int32Array(capacity);
      to.set(from);
      return to;
    };
    this.hashes = grown(this.hashes);
    this.checks = grown(this.checks);
    this.wordNumbers = grown(this.wordNumbers);
    this.next = grown(this.next);
  }

  private growBuckets(): void {
    const buckets = new Int32Array(this.buckets.length * 2);
    const mask = buckets.length - 1;
    for (let entry = 0; entry < this.entries; entry++) {
      const bucket = this.hashes[entry] & mask;
      this.next[entry] = buckets[bucket];
      buckets[bucket] = entry + 1;
    }
    this.buckets = buckets;
  }
}

/**
 * Listed words filed under keys (their deletion, skeleton and two-deletion keys: fuzzyNameIndex.ts),
 * by the keys' 32-bit hashes, in typed arrays. While a build adds words, an entry is only appended;
 * `pack` then sorts the entries by bucket into a hash table of some 15 bytes an entry, which lookups
 * read (a lookup packs a table not packed yet). The keys are millions of short strings, most holding
 * one word; kept as strings in Maps of arrays they made most of a screener's memory (157 MB for the
 * SDN list's 7,379 entries). An entry keeps a second, independent hash of its key, which a lookup
 * checks too, so a word filed under another key is found only if both hashes of the two keys agree
 * (about once in 2^64 pairs): a lookup answers the words of its key.
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

const FIRST_ENTRIES = 1024;
/** Entries packed between two yields of `packSteps` (some milliseconds). */
const PACK_SLICE = 1 << 16;

export class KeyedWords {
  private hashes = new Int32Array(FIRST_ENTRIES);
  private checks = new Int32Array(FIRST_ENTRIES);
  private wordNumbers = new Int32Array(FIRST_ENTRIES);
  private entries = 0;
  /**
   * Packed: bucket -> its first entry, and one more, the end (about one bucket for two entries); the
   * entries sorted by bucket, each bucket's in the order they were added. Undefined while words are added.
   */
  private starts: Int32Array | undefined;

  constructor(private readonly table: WordTable) {}

  get size(): number {
    return this.entries;
  }

  /** The bytes of the tables. */
  get byteLength(): number {
    return this.hashes.byteLength + this.checks.byteLength + this.wordNumbers.byteLength + (this.starts?.byteLength ?? 0);
  }

  add(key: string, word: string): void {
    this.starts = undefined;
    if (this.entries >= this.hashes.length) this.growEntries();
    const entry = this.entries++;
    this.hashes[entry] = keyHash(key);
    this.checks[entry] = keyCheck(key);
    this.wordNumbers[entry] = this.table.numberOf(word);
  }

  /** Visits each word filed under the key, the latest filed first. */
  forEach(key: string, visit: (word: string) => void): void {
    if (!this.starts) this.pack();
    const starts = this.starts as Int32Array;
    const hash = keyHash(key);
    const check = keyCheck(key);
    const words = this.table.words;
    const bucket = hash & (starts.length - 2);
    for (let entry = starts[bucket + 1] - 1; entry >= starts[bucket]; entry--) {
      if (this.hashes[entry] === hash && this.checks[entry] === check) visit(words[this.wordNumbers[entry]]);
    }
  }

  /** Sorts the entries by bucket, without room for more (see `starts`): a build does it when its words are in. */
  pack(): void {
    const steps = this.packSteps();
    while (!steps.next().done);
  }

  /** `pack`, pausing (yielding) every PACK_SLICE entries: a server packs millions in slices. */
  *packSteps(): Generator<void, void> {
    if (this.starts) return;
    const count = this.entries;
    // Read from the tables as they are now: a lookup meanwhile may pack them, an add may grow them.
    const from = { hashes: this.hashes, checks: this.checks, wordNumbers: this.wordNumbers };
    let bucketCount = 1;
    while (bucketCount * 2 < count) bucketCount *= 2;
    const mask = bucketCount - 1;
    const starts = new Int32Array(bucketCount + 1);
    for (let entry = 0; entry < count; entry++) {
      if (entry % PACK_SLICE === PACK_SLICE - 1) yield;
      starts[(from.hashes[entry] & mask) + 1]++;
    }
    for (let bucket = 1; bucket <= bucketCount; bucket++) starts[bucket] += starts[bucket - 1];
    const place = starts.slice(0, bucketCount);
    const hashes = new Int32Array(count);
    const checks = new Int32Array(count);
    const wordNumbers = new Int32Array(count);
    // In entry order, which keeps each key's entries in the order they were added (packed ones before those added since).
    for (let entry = 0; entry < count; entry++) {
      if (entry % PACK_SLICE === PACK_SLICE - 1) yield;
      const at = place[from.hashes[entry] & mask]++;
      hashes[at] = from.hashes[entry];
      checks[at] = from.checks[entry];
      wordNumbers[at] = from.wordNumbers[entry];
    }
    // Words added meanwhile (a build adds its words before it packs; this only keeps the table whole): packed anew.
    if (this.entries !== count) {
      yield* this.packSteps();
      return;
    }
    if (this.starts) return;
    this.hashes = hashes;
    this.checks = checks;
    this.wordNumbers = wordNumbers;
    this.starts = starts;
  }

  private growEntries(): void {
    const capacity = Math.max(FIRST_ENTRIES, this.hashes.length * 2);
    const grown = (from: Int32Array) => {
      const to = new Int32Array(capacity);
      to.set(from);
      return to;
    };
    this.hashes = grown(this.hashes);
    this.checks = grown(this.checks);
    this.wordNumbers = grown(this.wordNumbers);
  }
}

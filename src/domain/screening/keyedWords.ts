/**
 * Listed words filed under keys (their deletion, skeleton and two-deletion keys: fuzzyNameIndex.ts),
 * by the keys' 32-bit hashes, in typed arrays: a hash table of chained entries while words are added,
 * packed when a build is done (`pack`). The keys are millions of short strings, most holding one word;
 * kept as strings in Maps of arrays they made most of a screener's memory (157 MB for the SDN list's
 * 7,379 entries; these tables hold them in some 23 to 30 bytes an entry growing, 15 packed). An entry
 * keeps a second, independent hash of its key, which a lookup checks too, so a word filed under
 * another key is found only if both hashes of the two keys agree (about once in 2^64 pairs): a lookup
 * answers the words of its key.
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
/** Entries packed between two yields of `packSteps` (some milliseconds). */
const PACK_SLICE = 1 << 16;

export class KeyedWords {
  /** Bucket -> its first entry + 1 (0: none); packed, its first entry (see `pack`). */
  private buckets = new Int32Array(FIRST_BUCKETS);
  private hashes = new Int32Array(FIRST_BUCKETS);
  private checks = new Int32Array(FIRST_BUCKETS);
  private wordNumbers = new Int32Array(FIRST_BUCKETS);
  /** Entry -> the next entry of its bucket + 1 (0: none). */
  private next = new Int32Array(FIRST_BUCKETS);
  private entries = 0;
  /** Packed (`pack`): `buckets` holds each bucket's first entry, and one more, the end; entries have no links. */
  private packed = false;

  constructor(private readonly table: WordTable) {}

  get size(): number {
    return this.entries;
  }

  add(key: string, word: string): void {
    if (this.packed) this.unpack();
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
    if (this.packed) {
      const bucket = hash & (this.buckets.length - 2);
      for (let entry = this.buckets[bucket + 1] - 1; entry >= this.buckets[bucket]; entry--) {
        if (this.hashes[entry] === hash && this.checks[entry] === check) visit(words[this.wordNumbers[entry]]);
      }
      return;
    }
    for (let entry = this.buckets[hash & (this.buckets.length - 1)] - 1; entry >= 0; entry = this.next[entry] - 1) {
      if (this.hashes[entry] === hash && this.checks[entry] === check) visit(words[this.wordNumbers[entry]]);
    }
  }

  /** The bytes of the tables. */
  get byteLength(): number {
    return this.hashes.byteLength + this.checks.byteLength + this.wordNumbers.byteLength + this.next.byteLength + this.buckets.byteLength;
  }

  /**
   * Packs the tables once a build has added its words: the entries sorted by bucket, the entries of a
   * bucket side by side (`packed` marks each bucket's first), about one bucket for two entries, no chain
   * links and no room for more: some 15 bytes an entry where the growing tables take 23 to 30 (a list of
   * 100,000 names files some millions). A key's words are visited in the same order as before. Adding
   * a word afterwards unpacks the tables.
   */
  pack(): void {
    const steps = this.packSteps();
    while (!steps.next().done);
  }

  /** `pack`, pausing (yielding) every PACK_SLICE entries: a server packs millions in slices. */
  *packSteps(): Generator<void, void> {
    if (this.packed) return;
    const count = this.entries;
    let bucketCount = 1;
    while (bucketCount * 2 < count) bucketCount *= 2;
    const mask = bucketCount - 1;
    const starts = new Int32Array(bucketCount + 1);
    for (let entry = 0; entry < count; entry++) {
      if (entry % PACK_SLICE === PACK_SLICE - 1) yield;
      starts[(this.hashes[entry] & mask) + 1]++;
    }
    for (let bucket = 1; bucket <= bucketCount; bucket++) starts[bucket] += starts[bucket - 1];
    const place = starts.slice(0, bucketCount);
    const hashes = new Int32Array(count);
    const checks = new Int32Array(count);
    const wordNumbers = new Int32Array(count);
    // In the order they were added, each key's entries as a chain numbers them (forEach visits a bucket from its end, newest first, as a chain does).
    for (let entry = 0; entry < count; entry++) {
      if (entry % PACK_SLICE === PACK_SLICE - 1) yield;
      const at = place[this.hashes[entry] & mask]++;
      hashes[at] = this.hashes[entry];
      checks[at] = this.checks[entry];
      wordNumbers[at] = this.wordNumbers[entry];
    }
    this.hashes = hashes;
    this.checks = checks;
    this.wordNumbers = wordNumbers;
    this.next = new Int32Array(0);
    this.buckets = starts;
    this.packed = true;
  }

  /** Back to chained buckets with room to grow: `add` after `pack`. */
  private unpack(): void {
    const count = this.entries;
    let capacity = FIRST_BUCKETS;
    while (capacity <= count) capacity *= 2;
    // Packed, the entries have no links (an empty table): grown, they have room and links of 0.
    this.growEntries(capacity);
    this.packed = false;
    let bucketCount = FIRST_BUCKETS;
    while (count * 4 >= bucketCount * 3) bucketCount *= 2;
    // Packed entries keep each key's order of adding: chained again as growBuckets chains them, newest first.
    this.chainInto(bucketCount);
  }

  private growEntries(capacity = this.hashes.length * 2): void {
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
    this.chainInto(this.buckets.length * 2);
  }

  /** Chains the entries into `bucketCount` buckets, each chain from its newest entry (the highest number) back. */
  private chainInto(bucketCount: number): void {
    const buckets = new Int32Array(bucketCount);
    const mask = bucketCount - 1;
    for (let entry = 0; entry < this.entries; entry++) {
      const bucket = this.hashes[entry] & mask;
      this.next[entry] = buckets[bucket];
      buckets[bucket] = entry + 1;
    }
    this.buckets = buckets;
  }
}

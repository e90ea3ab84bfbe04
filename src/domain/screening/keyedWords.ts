import { runToEnd } from '../steps';

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

/** keyHash of `text` with the letters at `skipA` and `skipB` left out (-1: none) and `suffix` after it, without making that string. */
function hashSkipping(text: string, skipA: number, skipB: number, suffix: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    if (index === skipA || index === skipB) continue;
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  for (let index = 0; index < suffix.length; index++) {
    hash ^= suffix.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** keyCheck of the key hashSkipping hashes. */
function checkSkipping(text: string, skipA: number, skipB: number, suffix: string): number {
  let hash = 5381;
  for (let index = suffix.length - 1; index >= 0; index--) hash = Math.imul(hash, 33) ^ suffix.charCodeAt(index);
  for (let index = text.length - 1; index >= 0; index--) if (index !== skipA && index !== skipB) hash = Math.imul(hash, 33) ^ text.charCodeAt(index);
  return hash | 0;
}

/** The keys one addDeletionKeys call has filed, by their two hashes: an open-addressing table reused from call to call (a call's mark tells its slots). */
class SeenKeys {
  private hashes = new Int32Array(1024);
  private checks = new Int32Array(1024);
  private marks = new Int32Array(1024);
  private mark = 0;

  /** Forgets the keys seen, with room for `most` of them. */
  reset(most: number): void {
    if (most * 2 > this.marks.length) {
      let size = this.marks.length;
      while (most * 2 > size) size *= 2;
      this.hashes = new Int32Array(size);
      this.checks = new Int32Array(size);
      this.marks = new Int32Array(size);
      this.mark = 0;
    }
    if (++this.mark === 0x7fffffff) {
      this.marks.fill(0);
      this.mark = 1;
    }
  }

  /** True the first time a key of these hashes is met since the reset. */
  firstTime(hash: number, check: number): boolean {
    const mask = this.marks.length - 1;
    for (let slot = (hash ^ Math.imul(check, 0x9e3779b1)) & mask; ; slot = (slot + 1) & mask) {
      if (this.marks[slot] !== this.mark) {
        this.marks[slot] = this.mark;
        this.hashes[slot] = hash;
        this.checks[slot] = check;
        return true;
      }
      if (this.hashes[slot] === hash && this.checks[slot] === check) return false;
    }
  }
}

const seenKeys = new SeenKeys();

const FIRST_ENTRIES = 1024;
/** Entries packed between two yields of `packSteps` (some milliseconds). */
const PACK_SLICE = 1 << 16;
/** Groups of neighbouring buckets `packSteps` sorts the entries into first: few enough to write to at once, each group small enough to sort in the processor's caches. */
const PACK_GROUPS = 1024;

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
    this.append(keyHash(key), keyCheck(key), this.table.numberOf(word));
  }

  /**
   * Files `word` under every key made of one of its `spellings` with up to `deletions` (0, 1 or 2) of
   * their letters left out and `suffix` after them, keys of at least `minLength` letters besides the
   * suffix, each key once: what `add` of each such key files, from the keys' hashes, without making a
   * string of each (a 100,000-name index files millions; as strings they were garbage of some 150 MB).
   */
  addDeletionKeys(spellings: readonly string[], deletions: 0 | 1 | 2, minLength: number, word: string, suffix = ''): void {
    let most = 0;
    for (const spelling of spellings) most += 1 + (deletions >= 1 ? spelling.length : 0) + (deletions >= 2 ? (spelling.length * (spelling.length - 1)) / 2 : 0);
    seenKeys.reset(most);
    const number = this.table.numberOf(word);
    for (const spelling of spellings) {
      const length = spelling.length;
      if (length >= minLength) this.fileOnce(spelling, -1, -1, suffix, number);
      if (deletions === 0 || length - 1 < minLength) continue;
      for (let first = 0; first < length; first++) {
        this.fileOnce(spelling, first, -1, suffix, number);
        if (deletions === 1 || length - 2 < minLength) continue;
        for (let second = first + 1; second < length; second++) this.fileOnce(spelling, first, second, suffix, number);
      }
    }
  }

  /** Files the word under `text` with the letters at `skipA` and `skipB` left out (-1: none) and `suffix` after it, unless this call filed that key already. */
  private fileOnce(text: string, skipA: number, skipB: number, suffix: string, wordNumber: number): void {
    const hash = hashSkipping(text, skipA, skipB, suffix);
    const check = checkSkipping(text, skipA, skipB, suffix);
    if (seenKeys.firstTime(hash, check)) this.append(hash, check, wordNumber);
  }

  private append(hash: number, check: number, wordNumber: number): void {
    this.starts = undefined;
    if (this.entries >= this.hashes.length) this.growEntries();
    const entry = this.entries++;
    this.hashes[entry] = hash;
    this.checks[entry] = check;
    this.wordNumbers[entry] = wordNumber;
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
    runToEnd(this.packSteps());
  }

  /**
   * `pack`, pausing (yielding) every PACK_SLICE entries: a server packs millions in slices. In two passes
   * that each write to few places at a time: the entries are first split into up to PACK_GROUPS groups of
   * neighbouring buckets, then each group is sorted by bucket in place. Sorted in one pass, every entry
   * was written to a place of its own across the whole table, and 6 million of them took 0.8 s.
   */
  *packSteps(): Generator<void, void> {
    if (this.starts) return;
    const count = this.entries;
    // Read from the tables as they are now: a lookup meanwhile may pack them, an add may grow them.
    const from = { hashes: this.hashes, checks: this.checks, wordNumbers: this.wordNumbers };
    let bucketCount = 1;
    while (bucketCount * 2 < count) bucketCount *= 2;
    const mask = bucketCount - 1;
    const groupCount = Math.min(bucketCount, PACK_GROUPS);
    const groupShift = Math.log2(bucketCount / groupCount);
    // Pass 1: the entries by group, in entry order.
    const groupStarts = new Int32Array(groupCount + 1);
    for (let entry = 0; entry < count; entry++) {
      if (entry % PACK_SLICE === PACK_SLICE - 1) yield;
      groupStarts[((from.hashes[entry] & mask) >>> groupShift) + 1]++;
    }
    for (let group = 1; group <= groupCount; group++) groupStarts[group] += groupStarts[group - 1];
    const groupPlace = groupStarts.slice(0, groupCount);
    const grouped = { hashes: new Int32Array(count), checks: new Int32Array(count), wordNumbers: new Int32Array(count) };
    for (let entry = 0; entry < count; entry++) {
      if (entry % PACK_SLICE === PACK_SLICE - 1) yield;
      const at = groupPlace[(from.hashes[entry] & mask) >>> groupShift]++;
      grouped.hashes[at] = from.hashes[entry];
      grouped.checks[at] = from.checks[entry];
      grouped.wordNumbers[at] = from.wordNumbers[entry];
    }
    // Pass 2: each group by bucket, still in entry order, which keeps each key's entries in the order they were added.
    const starts = new Int32Array(bucketCount + 1);
    const hashes = new Int32Array(count);
    const checks = new Int32Array(count);
    const wordNumbers = new Int32Array(count);
    const bucketsPerGroup = bucketCount / groupCount;
    /** For the group's buckets: their entries counted, then where the next of each goes. */
    const place = new Int32Array(bucketsPerGroup);
    for (let group = 0; group < groupCount; group++) {
      const firstBucket = group * bucketsPerGroup;
      place.fill(0);
      for (let entry = groupStarts[group]; entry < groupStarts[group + 1]; entry++) place[(grouped.hashes[entry] & mask) - firstBucket]++;
      let at = groupStarts[group];
      for (let bucket = 0; bucket < bucketsPerGroup; bucket++) {
        const entries = place[bucket];
        starts[firstBucket + bucket] = at;
        place[bucket] = at;
        at += entries;
      }
      for (let entry = groupStarts[group]; entry < groupStarts[group + 1]; entry++) {
        if (entry % PACK_SLICE === PACK_SLICE - 1) yield;
        const to = place[(grouped.hashes[entry] & mask) - firstBucket]++;
        hashes[to] = grouped.hashes[entry];
        checks[to] = grouped.checks[entry];
        wordNumbers[to] = grouped.wordNumbers[entry];
      }
    }
    starts[bucketCount] = count;
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

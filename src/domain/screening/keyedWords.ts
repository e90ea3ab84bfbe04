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

/**
 * The keys' hashes are polynomial (a key's letters as the digits of a number in base HASH_BASE or CHECK_BASE, modulo
 * 2^32), so that a key with letters left out is hashed from its word's prefix hashes in a few multiplications
 * (`DeletionHashes`) instead of letter by letter: a word of n letters has some n^2 / 2 two-deletion keys. The hash is
 * then mixed (murmur3's finaliser, a bijection) so that its low bits, which choose the bucket, depend on every letter.
 */
const HASH_BASE = 0x01000193;
const CHECK_BASE = 0x5bd1e995 | 0;
/** Powers of the bases, for keys of up to MAX_POWER letters (longer keys are hashed letter by letter). */
const MAX_POWER = 128;
const hashPowers = new Int32Array(MAX_POWER + 1);
const checkPowers = new Int32Array(MAX_POWER + 1);
hashPowers[0] = 1;
checkPowers[0] = 1;
for (let power = 1; power <= MAX_POWER; power++) {
  hashPowers[power] = Math.imul(hashPowers[power - 1], HASH_BASE);
  checkPowers[power] = Math.imul(checkPowers[power - 1], CHECK_BASE);
}

function mix(hash: number): number {
  let mixed = hash ^ (hash >>> 16);
  mixed = Math.imul(mixed, 0x85ebca6b);
  mixed ^= mixed >>> 13;
  mixed = Math.imul(mixed, 0xc2b2ae35);
  return (mixed ^ (mixed >>> 16)) | 0;
}

function polynomial(text: string, base: number): number {
  let hash = 0;
  for (let index = 0; index < text.length; index++) hash = (Math.imul(hash, base) + text.charCodeAt(index)) | 0;
  return hash;
}

/** The 32-bit hash of a key, which chooses its bucket. */
export function keyHash(key: string): number {
  return mix(polynomial(key, HASH_BASE));
}

/** A second 32-bit hash of a key, independent of keyHash (another base): an entry matches a key when both agree. */
export function keyCheck(key: string): number {
  return polynomial(key, CHECK_BASE);
}

/**
 * A text's prefix hashes in both bases, from which the hashes of the text with one or two letters left out, and a suffix
 * after it, are made in constant time: keyHash and keyCheck of that key, without making it.
 */
class DeletionHashes {
  private hashPrefixes = new Int32Array(MAX_POWER + 1);
  private checkPrefixes = new Int32Array(MAX_POWER + 1);
  private length = 0;
  private suffixHash = 0;
  private suffixCheck = 0;
  private suffixLength = 0;

  /** Reads `text` (at most MAX_POWER letters with its suffix) and `suffix`. */
  read(text: string, suffix: string): void {
    this.length = text.length;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      this.hashPrefixes[index + 1] = (Math.imul(this.hashPrefixes[index], HASH_BASE) + code) | 0;
      this.checkPrefixes[index + 1] = (Math.imul(this.checkPrefixes[index], CHECK_BASE) + code) | 0;
    }
    this.suffixHash = polynomial(suffix, HASH_BASE);
    this.suffixCheck = polynomial(suffix, CHECK_BASE);
    this.suffixLength = suffix.length;
  }

  /** keyHash of the text read with the letters at `skipA` < `skipB` left out (-1: none), and the suffix after it. */
  hash(skipA: number, skipB: number): number {
    return mix(this.combined(this.hashPrefixes, hashPowers, this.suffixHash, skipA, skipB));
  }

  /** keyCheck of the same key. */
  check(skipA: number, skipB: number): number {
    return this.combined(this.checkPrefixes, checkPowers, this.suffixCheck, skipA, skipB);
  }

  private combined(prefixes: Int32Array, powers: Int32Array, suffix: number, skipA: number, skipB: number): number {
    // The hash of the letters from x up to y is prefixes[y] - prefixes[x] x base^(y - x).
    const length = this.length;
    let hash: number;
    if (skipA < 0) hash = prefixes[length];
    else if (skipB < 0) {
      const after = prefixes[length] - Math.imul(prefixes[skipA + 1], powers[length - skipA - 1]);
      hash = (Math.imul(prefixes[skipA], powers[length - skipA - 1]) + after) | 0;
    } else {
      const between = prefixes[skipB] - Math.imul(prefixes[skipA + 1], powers[skipB - skipA - 1]);
      const after = prefixes[length] - Math.imul(prefixes[skipB + 1], powers[length - skipB - 1]);
      hash = (Math.imul(prefixes[skipA], powers[skipB - skipA - 1]) + between) | 0;
      hash = (Math.imul(hash, powers[length - skipB - 1]) + after) | 0;
    }
    return (Math.imul(hash, powers[this.suffixLength]) + suffix) | 0;
  }
}

const deletionHashes = new DeletionHashes();

type KeyHashes = Pick<DeletionHashes, 'hash' | 'check'>;

/** The hashes of `spelling`'s keys: from its prefix hashes, or for a spelling too long for them, from each key made as a string. */
function hashesOfKeys(spelling: string, suffix: string): KeyHashes {
  if (spelling.length + suffix.length <= MAX_POWER) {
    deletionHashes.read(spelling, suffix);
    return deletionHashes;
  }
  const key = (skipA: number, skipB: number) => {
    let text = '';
    for (let index = 0; index < spelling.length; index++) if (index !== skipA && index !== skipB) text += spelling[index];
    return text + suffix;
  };
  return { hash: (skipA, skipB) => keyHash(key(skipA, skipB)), check: (skipA, skipB) => keyCheck(key(skipA, skipB)) };
}

/** HASH_BASE to the power `exponent` (modulo 2^32). */
function hashPower(exponent: number): number {
  if (exponent <= MAX_POWER) return hashPowers[exponent];
  let power = hashPowers[MAX_POWER];
  for (let left = exponent - MAX_POWER; left > 0; left--) power = Math.imul(power, HASH_BASE);
  return power;
}

/**
 * The words of an index, each once, by number: the tables hold numbers, not strings. Found by their polynomial
 * hash in an open-addressing table of numbers: a word joined from two listed words (an index of 100,000 names
 * joins some 250,000 pairs) is hashed from its two words' hashes and compared as a string only when a word of
 * that hash is already in (numberOfJoined). In a Map, each joined word was made whole and hashed anew, the
 * largest single cost of a build.
 */
export class WordTable {
  readonly words: string[] = [];
  /** By number: the word's polynomial hash (HASH_BASE, not mixed). */
  private hashes = new Int32Array(1024);
  /** Open addressing: a word's number plus one, at its mixed hash; 0 for none. */
  private slots = new Int32Array(2048);

  /** The word numbered last: an index numbers a word for its postings, then again for each table that files it. */
  private lastWord: string | undefined;
  private lastNumber = -1;

  numberOf(word: string): number {
    if (word === this.lastWord) return this.lastNumber;
    const hash = polynomial(word, HASH_BASE);
    const number = this.lookUp(hash, word);
    return this.remember(number < 0 ? this.insert(hash, word) : number);
  }

  /** The number of the word `first` + `second` (both numbered), numbering it if new. */
  numberOfJoined(first: number, second: number): number {
    const words = this.words;
    const hash = (Math.imul(this.hashes[first], hashPower(words[second].length)) + this.hashes[second]) | 0;
    const mask = this.slots.length - 1;
    for (let slot = mix(hash) & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot] - 1;
      if (held < 0) break;
      if (this.hashes[held] === hash && words[held] === words[first] + words[second]) return this.remember(held);
    }
    return this.remember(this.insert(hash, words[first] + words[second]));
  }

  private remember(number: number): number {
    this.lastWord = this.words[number];
    this.lastNumber = number;
    return number;
  }

  /** The word's number, or undefined when it has none. */
  find(word: string): number | undefined {
    const number = this.lookUp(polynomial(word, HASH_BASE), word);
    return number < 0 ? undefined : number;
  }

  private lookUp(hash: number, word: string): number {
    const mask = this.slots.length - 1;
    for (let slot = mix(hash) & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot] - 1;
      if (held < 0) return -1;
      if (this.hashes[held] === hash && this.words[held] === word) return held;
    }
  }

  private insert(hash: number, word: string): number {
    const number = this.words.length;
    this.words.push(word);
    if (number >= this.hashes.length) {
      const grown = new Int32Array(this.hashes.length * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[number] = hash;
    if ((number + 1) * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    else this.place(number);
    return number;
  }

  private place(number: number): void {
    const mask = this.slots.length - 1;
    let slot = mix(this.hashes[number]) & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = number + 1;
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(size);
    for (let number = 0; number < this.words.length; number++) this.place(number);
  }
}

/** The keys one addDeletionKeys call has filed, by their two hashes, with the entry of each: an open-addressing table reused from call to call (a call's mark tells its slots). */
class SeenKeys {
  private hashes = new Int32Array(1024);
  private checks = new Int32Array(1024);
  private entries = new Int32Array(1024);
  private marks = new Int32Array(1024);
  private mark = 0;
  private slot = 0;

  /** Forgets the keys seen, with room for `most` of them. */
  reset(most: number): void {
    if (most * 2 > this.marks.length) {
      let size = this.marks.length;
      while (most * 2 > size) size *= 2;
      this.hashes = new Int32Array(size);
      this.checks = new Int32Array(size);
      this.entries = new Int32Array(size);
      this.marks = new Int32Array(size);
      this.mark = 0;
    }
    if (++this.mark === 0x7fffffff) {
      this.marks.fill(0);
      this.mark = 1;
    }
  }

  /** The entry of the key of these hashes met since the reset, or -1 the first time (`filed` then tells its entry). */
  entryOf(hash: number, check: number): number {
    const mask = this.marks.length - 1;
    for (let slot = (hash ^ Math.imul(check, 0x9e3779b1)) & mask; ; slot = (slot + 1) & mask) {
      if (this.marks[slot] !== this.mark) {
        this.marks[slot] = this.mark;
        this.hashes[slot] = hash;
        this.checks[slot] = check;
        this.slot = slot;
        return -1;
      }
      if (this.hashes[slot] === hash && this.checks[slot] === check) return this.entries[slot];
    }
  }

  /** The entry the key entryOf met the first time was filed as. */
  filed(entry: number): void {
    this.entries[this.slot] = entry;
  }
}

const seenKeys = new SeenKeys();

/** An entry's numbers, side by side: its key's hash, its key's check (keyCheck) and its word's number. */
const STRIDE = 3;
/** The entries the first chunk has room for at first. */
const FIRST_ENTRIES = 1024;
/** Entries are added to chunks of this many (a power of two), so that a table growing to millions never copies them. */
const CHUNK_ENTRIES = 1 << 16;
const CHUNK_SHIFT = 16;
/** Entries packed between two yields of `packSteps` (some milliseconds). */
const PACK_SLICE = 1 << 16;
/** Groups of neighbouring buckets `packSteps` sorts the entries into first: few enough to write to at once, each group small enough to sort in the processor's caches. */
const PACK_GROUPS = 1024;

/** The tags of a key of `length` letters with `left` letters left out, by the levels that file it. */
function tagsOf(levels: readonly KeyLevel[], length: number, left: number): number {
  let tags = 0;
  for (const level of levels) if (left <= level.deletions && length >= level.minLength) tags |= level.tag;
  return tags;
}

/** An entry's word number and tags share one number: the word's number in the low bits, its tags above them. */
const TAG_SHIFT = 28;
const WORD_MASK = (1 << TAG_SHIFT) - 1;
/** Every tag: what a lookup answers unless it names some. */
const ALL_TAGS = 0b111;

/**
 * Keys of a word with up to `deletions` letters left out, at least `minLength` long besides the suffix, tagged `tag`
 * (1, 2 or 4): one table may file a word's keys of two kinds, a lookup answering the kind it asks for (a key of both
 * kinds is filed once, with both tags).
 */
export interface KeyLevel {
  deletions: 0 | 1 | 2;
  minLength: number;
  tag: number;
}

/** addDeletionKeys' one level, by deletions and minimum length (those up to 4 made once). */
const LEVELS = ([0, 1, 2] as const).map((deletions) => [0, 1, 2, 3, 4].map((minLength): readonly KeyLevel[] => [{ deletions, minLength, tag: 1 }]));

export class KeyedWords {
  /** While words are added: the entries in order, CHUNK_ENTRIES a chunk (the first may be smaller), STRIDE numbers each. */
  private chunks: Int32Array[] = [];
  private entries = 0;
  /** Packed: the entries sorted by bucket, each bucket's in the order they were added, STRIDE numbers each. */
  private table = new Int32Array(0);
  /** Packed: bucket -> its first entry, and one more, the end (about one bucket for two entries). Undefined while words are added. */
  private starts: Int32Array | undefined;

  constructor(private readonly words: WordTable) {}

  get size(): number {
    return this.entries;
  }

  /** The bytes of the tables. */
  get byteLength(): number {
    return this.chunks.reduce((sum, chunk) => sum + chunk.byteLength, this.table.byteLength) + (this.starts?.byteLength ?? 0);
  }

  add(key: string, word: string): void {
    this.append(keyHash(key), keyCheck(key), this.words.numberOf(word) | (1 << TAG_SHIFT));
  }

  /**
   * Files `word` under every key made of one of its `spellings` with up to `deletions` (0, 1 or 2) of
   * their letters left out and `suffix` after them, keys of at least `minLength` letters besides the
   * suffix, each key once: what `add` of each such key files, from the keys' hashes, without making a
   * string of each (a 100,000-name index files millions; as strings they were garbage of some 150 MB).
   */
  addDeletionKeys(spellings: readonly string[], deletions: 0 | 1 | 2, minLength: number, word: string, suffix = ''): void {
    this.addKeys(spellings, LEVELS[deletions][minLength] ?? [{ deletions, minLength, tag: 1 }], word, suffix);
  }

  /** addDeletionKeys of each level, a key of several levels filed once with their tags. */
  addKeys(spellings: readonly string[], levels: readonly KeyLevel[], word: string, suffix = ''): void {
    let deletions = 0;
    let minLength = Number.POSITIVE_INFINITY;
    for (const level of levels) {
      deletions = Math.max(deletions, level.deletions);
      minLength = Math.min(minLength, level.minLength);
    }
    let most = 0;
    for (const spelling of spellings) most += 1 + (deletions >= 1 ? spelling.length : 0) + (deletions >= 2 ? (spelling.length * (spelling.length - 1)) / 2 : 0);
    seenKeys.reset(most);
    const number = this.words.numberOf(word);
    for (const spelling of spellings) {
      const length = spelling.length;
      const hashes = hashesOfKeys(spelling, suffix);
      const whole = tagsOf(levels, length, 0);
      const once = tagsOf(levels, length - 1, 1);
      const twice = tagsOf(levels, length - 2, 2);
      if (whole !== 0) this.fileOnce(hashes, -1, -1, number, whole);
      if (deletions === 0 || length - 1 < minLength) continue;
      for (let first = 0; first < length; first++) {
        if (once !== 0) this.fileOnce(hashes, first, -1, number, once);
        if (deletions === 1 || twice === 0) continue;
        for (let second = first + 1; second < length; second++) this.fileOnce(hashes, first, second, number, twice);
      }
    }
  }

  /** Files the word under the key `hashes` hashes with the letters at `skipA` and `skipB` left out (-1: none) with `tags`; a key this call filed already gets the tags it lacked. */
  private fileOnce(hashes: KeyHashes, skipA: number, skipB: number, wordNumber: number, tags: number): void {
    const hash = hashes.hash(skipA, skipB);
    const check = hashes.check(skipA, skipB);
    const entry = seenKeys.entryOf(hash, check);
    if (entry < 0) {
      seenKeys.filed(this.entries);
      this.append(hash, check, wordNumber | (tags << TAG_SHIFT));
    } else this.chunks[entry >>> CHUNK_SHIFT][(entry & (CHUNK_ENTRIES - 1)) * STRIDE + 2] |= tags << TAG_SHIFT;
  }

  /** Appends an entry: `filed` is its word's number and tags (see TAG_SHIFT). */
  private append(hash: number, check: number, filed: number): void {
    if (this.starts) this.unpack();
    const chunk = this.entries >>> CHUNK_SHIFT;
    const at = (this.entries & (CHUNK_ENTRIES - 1)) * STRIDE;
    if (chunk === this.chunks.length) this.chunks.push(new Int32Array((chunk === 0 ? FIRST_ENTRIES : CHUNK_ENTRIES) * STRIDE));
    else if (at === this.chunks[chunk].length) {
      // The first chunk starts small (most indexes are a few words an edit adds) and grows to a whole chunk.
      const grown = new Int32Array(Math.min(CHUNK_ENTRIES * STRIDE, this.chunks[chunk].length * 2));
      grown.set(this.chunks[chunk]);
      this.chunks[chunk] = grown;
    }
    const entries = this.chunks[chunk];
    entries[at] = hash;
    entries[at + 1] = check;
    entries[at + 2] = filed;
    this.entries++;
  }

  /** The packed entries back into chunks, in their packed order (sorted by bucket, each bucket's in the order added), for more to be added after them. */
  private unpack(): void {
    const { table, entries } = this;
    this.starts = undefined;
    this.table = new Int32Array(0);
    this.entries = 0;
    for (let at = 0; at < entries * STRIDE; at += STRIDE) this.append(table[at], table[at + 1], table[at + 2]);
  }

  /** Visits each word filed under the key with one of `tags` (any tag: every word filed under it), the latest filed first. */
  forEach(key: string, visit: (word: string) => void, tags = ALL_TAGS): void {
    if (!this.starts) this.pack();
    const starts = this.starts as Int32Array;
    const table = this.table;
    const hash = keyHash(key);
    const check = keyCheck(key);
    const words = this.words.words;
    const bucket = hash & (starts.length - 2);
    for (let at = (starts[bucket + 1] - 1) * STRIDE; at >= starts[bucket] * STRIDE; at -= STRIDE) {
      if (table[at] === hash && table[at + 1] === check && ((table[at + 2] >>> TAG_SHIFT) & tags) !== 0) visit(words[table[at + 2] & WORD_MASK]);
    }
  }

  /** Sorts the entries by bucket, without room for more (see `starts`): a build does it when its words are in. */
  pack(): void {
    runToEnd(this.packSteps());
  }

  /**
   * `pack`, pausing (yielding) every PACK_SLICE entries: a server packs millions in slices. In two passes
   * that each write to few places at a time: the entries are first split into up to PACK_GROUPS groups of
   * neighbouring buckets, then each group is sorted by bucket in place, through a buffer the size of a group.
   * Sorted in one pass, every entry was written to a place of its own across the whole table, and 6 million
   * of them took 0.8 s. Each slice's loop is a plain function (packing's loops inside the generator ran at half speed).
   */
  *packSteps(): Generator<void, void> {
    if (this.starts) return;
    const count = this.entries;
    // Read from the chunks as they are now: a lookup meanwhile may pack them, an add may add to them.
    const chunks = this.chunks.slice();
    let bucketCount = 1;
    while (bucketCount * 2 < count) bucketCount *= 2;
    const groupCount = Math.min(bucketCount, PACK_GROUPS);
    const layout: PackLayout = { mask: bucketCount - 1, groupShift: Math.log2(bucketCount / groupCount), bucketsPerGroup: bucketCount / groupCount };
    // Pass 1: the entries by group, in entry order.
    const groupStarts = new Int32Array(groupCount + 1);
    for (let from = 0; from < count; from += PACK_SLICE) {
      countGroups(chunks, from, Math.min(count, from + PACK_SLICE), layout, groupStarts);
      yield;
    }
    let largestGroup = 0;
    for (let group = 1; group <= groupCount; group++) {
      largestGroup = Math.max(largestGroup, groupStarts[group]);
      groupStarts[group] += groupStarts[group - 1];
    }
    const groupPlace = groupStarts.slice(0, groupCount);
    const table = new Int32Array(count * STRIDE);
    for (let from = 0; from < count; from += PACK_SLICE) {
      splitIntoGroups(chunks, from, Math.min(count, from + PACK_SLICE), layout, groupPlace, table);
      yield;
    }
    // Pass 2: each group by bucket, still in entry order, which keeps each key's entries in the order they were added.
    const starts = new Int32Array(bucketCount + 1);
    const work = { place: new Int32Array(layout.bucketsPerGroup), buffer: new Int32Array(largestGroup * STRIDE) };
    for (let group = 0; group < groupCount; ) {
      let sorted = 0;
      for (; group < groupCount && sorted < PACK_SLICE; group++) {
        sortGroup(group, groupStarts, layout, table, starts, work);
        sorted += groupStarts[group + 1] - groupStarts[group];
      }
      yield;
    }
    starts[bucketCount] = count;
    // Words added meanwhile (a build adds its words before it packs; this only keeps the table whole): packed anew.
    if (this.entries !== count) {
      yield* this.packSteps();
      return;
    }
    if (this.starts) return;
    this.table = table;
    this.starts = starts;
    this.chunks = [];
  }
}

/** How packing splits the hashes: the bucket's bits, and the bits of a group of neighbouring buckets. */
interface PackLayout {
  mask: number;
  groupShift: number;
  bucketsPerGroup: number;
}

/** Counts the entries from `from` up to `to` into their groups (groupStarts[group + 1]). */
function countGroups(chunks: readonly Int32Array[], from: number, to: number, layout: PackLayout, groupStarts: Int32Array): void {
  const { mask, groupShift } = layout;
  for (let entry = from; entry < to; entry++) {
    const hash = chunks[entry >>> CHUNK_SHIFT][(entry & (CHUNK_ENTRIES - 1)) * STRIDE];
    groupStarts[((hash & mask) >>> groupShift) + 1]++;
  }
}

/** Copies the entries from `from` up to `to` into `table`, each to the next place of its group. */
function splitIntoGroups(chunks: readonly Int32Array[], from: number, to: number, layout: PackLayout, groupPlace: Int32Array, table: Int32Array): void {
  const { mask, groupShift } = layout;
  for (let entry = from; entry < to; entry++) {
    const entries = chunks[entry >>> CHUNK_SHIFT];
    const at = (entry & (CHUNK_ENTRIES - 1)) * STRIDE;
    const place = groupPlace[(entries[at] & mask) >>> groupShift]++ * STRIDE;
    table[place] = entries[at];
    table[place + 1] = entries[at + 1];
    table[place + 2] = entries[at + 2];
  }
}

/** Sorts a group's entries in `table` by bucket, in place (through `work.buffer`), each bucket's in entry order, and writes its buckets' starts. */
function sortGroup(
  group: number,
  groupStarts: Int32Array,
  layout: PackLayout,
  table: Int32Array,
  starts: Int32Array,
  work: { place: Int32Array; buffer: Int32Array },
): void {
  const { mask, bucketsPerGroup } = layout;
  const { place, buffer } = work;
  const firstBucket = group * bucketsPerGroup;
  const first = groupStarts[group];
  const size = groupStarts[group + 1] - first;
  buffer.set(table.subarray(first * STRIDE, (first + size) * STRIDE));
  place.fill(0);
  for (let entry = 0; entry < size; entry++) place[(buffer[entry * STRIDE] & mask) - firstBucket]++;
  let at = first;
  for (let bucket = 0; bucket < bucketsPerGroup; bucket++) {
    const entries = place[bucket];
    starts[firstBucket + bucket] = at;
    place[bucket] = at;
    at += entries;
  }
  for (let entry = 0; entry < size; entry++) {
    const from = entry * STRIDE;
    const to = place[(buffer[from] & mask) - firstBucket]++ * STRIDE;
    table[to] = buffer[from];
    table[to + 1] = buffer[from + 1];
    table[to + 2] = buffer[from + 2];
  }
}

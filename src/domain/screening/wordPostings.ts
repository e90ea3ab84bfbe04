import type { WordTable } from './keyedWords';

/**
 * For each word of an index (by its number in the index's WordTable): the names that hold it and the weight
 * they give it, in the order they were added. Kept in typed arrays: while a build adds names, a posting is
 * only appended; `pack` then sorts the postings by word (counting them first, so in two passes), and lookups
 * read the packed tables (a lookup packs postings not packed yet). A 100,000-name index has some 310,000
 * words (half of them two neighbouring words joined): as a Map of an array each they were a sixth of its
 * build, most of it the garbage collector moving the arrays as they grew.
 */

const FIRST_POSTINGS = 1024;

export interface PostingRange {
  /** Name ids and weights, by posting: read from `from` up to `to`. */
  ids: Int32Array;
  weights: Float64Array;
  from: number;
  to: number;
}

const EMPTY: PostingRange = Object.freeze({ ids: new Int32Array(0), weights: new Float64Array(0), from: 0, to: 0 });

export class WordPostings {
  private wordNumbers = new Int32Array(FIRST_POSTINGS);
  private ids = new Int32Array(FIRST_POSTINGS);
  private weights = new Float64Array(FIRST_POSTINGS);
  private count = 0;
  /** Packed: word number -> its first posting, and one more, the end. Undefined while postings are added. */
  private starts: Int32Array | undefined;
  /** The words posted, by number (a WordTable may also number words of other tables: those have no posting). */
  private posted = new Uint8Array(FIRST_POSTINGS);

  constructor(private readonly table: WordTable) {}

  /** Posts the word for name `id` with `weight`; answers true the first time the word is posted. */
  add(word: string, id: number, weight: number): boolean {
    return this.post(this.table.numberOf(word), id, weight);
  }

  /** `add` of the word of this number in the table. */
  post(number: number, id: number, weight: number): boolean {
    if (number >= this.posted.length) this.posted = grown(this.posted, number + 1);
    const first = this.posted[number] === 0;
    this.posted[number] = 1;
    this.starts = undefined;
    if (this.count >= this.ids.length) {
      this.wordNumbers = grown(this.wordNumbers, this.count + 1);
      this.ids = grown(this.ids, this.count + 1);
      this.weights = grown(this.weights, this.count + 1);
    }
    this.wordNumbers[this.count] = number;
    this.ids[this.count] = id;
    this.weights[this.count] = weight;
    this.count++;
    return first;
  }

  has(word: string): boolean {
    const number = this.table.find(word);
    return number !== undefined && number < this.posted.length && this.posted[number] === 1;
  }

  /** The word's postings, in the order they were added (none for a word not posted). */
  of(word: string): PostingRange {
    const number = this.table.find(word);
    if (number === undefined) return EMPTY;
    if (!this.starts) this.pack();
    const starts = this.starts as Int32Array;
    if (number + 1 >= starts.length) return EMPTY;
    return { ids: this.ids, weights: this.weights, from: starts[number], to: starts[number + 1] };
  }

  /** Sorts the postings by word, each word's in the order they were added: a build does it when its names are in. */
  pack(): void {
    if (this.starts) return;
    const words = this.table.words.length;
    const starts = new Int32Array(words + 1);
    for (let posting = 0; posting < this.count; posting++) starts[this.wordNumbers[posting] + 1]++;
    for (let number = 1; number <= words; number++) starts[number] += starts[number - 1];
    const place = starts.slice(0, words);
    const ids = new Int32Array(this.count);
    const weights = new Float64Array(this.count);
    const wordNumbers = new Int32Array(this.count);
    for (let posting = 0; posting < this.count; posting++) {
      const number = this.wordNumbers[posting];
      const to = place[number]++;
      ids[to] = this.ids[posting];
      weights[to] = this.weights[posting];
      wordNumbers[to] = number;
    }
    this.ids = ids;
    this.weights = weights;
    this.wordNumbers = wordNumbers;
    this.starts = starts;
  }

  /** The bytes of the tables. */
  get byteLength(): number {
    return this.wordNumbers.byteLength + this.ids.byteLength + this.weights.byteLength + this.posted.byteLength + (this.starts?.byteLength ?? 0);
  }
}

function grown<T extends Int32Array | Float64Array | Uint8Array>(from: T, least: number): T {
  let capacity = Math.max(FIRST_POSTINGS, from.length * 2);
  while (capacity < least) capacity *= 2;
  const to = new (from.constructor as new (length: number) => T)(capacity);
  to.set(from);
  return to;
}

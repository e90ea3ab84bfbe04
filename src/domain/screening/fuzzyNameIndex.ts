import { canonicalSpelling } from './canonicalSpelling';
import { ARTICLES, byLength, LENGTH_SLACK, WORD_FLOOR, wordSimilarity, type WordWeight } from './nameSimilarity';

/**
 * An index over the words of the listed names, so that a screened name is compared only with the
 * listed names that share a word with it, or a word close to one of its words. Close words are
 * looked for among the listed words of nearly the same length that begin with the same letter or
 * share the second and third letters (QADHAFI finds GADDAFI), and kept when their Jaro-Winkler
 * similarity reaches the word floor.
 */

export interface NearWord {
  word: string;
  similarity: number;
}

const NEAR_CACHE_LIMIT = 200_000;

type Block = Map<number, string[]>;

/** Files a listed word under a key and the length of the form (as written or common spelling) the key was taken from. */
function addToBlock(blocks: Map<string, Block>, key: string, word: string, length: number): void {
  let block = blocks.get(key);
  if (!block) {
    block = new Map();
    blocks.set(key, block);
  }
  const sameLength = block.get(length);
  if (sameLength) sameLength.push(word);
  else block.set(length, [word]);
}

export class FuzzyNameIndex {
  /** For each indexed name: its words and their total length. */
  private readonly names: { words: string[]; weight: number }[] = [];
  /** word -> [name id, weight x occurrences]... flattened. */
  private readonly postings = new Map<string, number[]>();
  private readonly byFirstLetter = new Map<string, Block>();
  private readonly byMiddleLetters = new Map<string, Block>();
  private readonly near = new Map<string, NearWord[]>();
  private accumulated = new Float64Array(0);

  /** `weightOf` must be the weight the names are compared with (compareNames), for the bound in candidates() to hold. */
  constructor(private readonly weightOf: WordWeight = byLength) {}

  /** Adds a name; returns its id. */
  add(words: string[]): number {
    const id = this.names.length;
    this.names.push({ words, weight: words.reduce((sum, word) => sum + this.weightOf(word), 0) });
    const counts = new Map<string, number>();
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    for (const [word, count] of counts) {
      let posting = this.postings.get(word);
      if (!posting) {
        posting = [];
        this.postings.set(word, posting);
        for (const form of new Set([word, canonicalSpelling(word)])) {
          addToBlock(this.byFirstLetter, form[0], word, form.length);
          if (form.length >= 3) addToBlock(this.byMiddleLetters, form.slice(1, 3), word, form.length);
        }
      }
      posting.push(id, this.weightOf(word) * count);
    }
    this.near.clear();
    return id;
  }

  get size(): number {
    return this.names.length;
  }

  wordsOf(id: number): string[] {
    return this.names[id].words;
  }

  /** The listed words equal or close to a screened word. */
  nearWords(word: string): NearWord[] {
    const cached = this.near.get(word);
    if (cached) return cached;
    const found: NearWord[] = this.postings.has(word) ? [{ word, similarity: 1 }] : [];
    if (ARTICLES.has(word))
      for (const article of ARTICLES)
        if (article !== word && this.postings.has(article)) found.push({ word: article, similarity: wordSimilarity(word, article) });
    if (word.length > 2) {
      const seen = new Set<string>([word]);
      const look = (block: Block | undefined, length: number) => {
        if (!block) return;
        for (let size = Math.max(3, length - LENGTH_SLACK); size <= length + LENGTH_SLACK; size++) {
          for (const listed of block.get(size) ?? []) {
            if (seen.has(listed)) continue;
            seen.add(listed);
            const similarity = wordSimilarity(word, listed);
            if (similarity >= WORD_FLOOR) found.push({ word: listed, similarity });
          }
        }
      };
      for (const form of new Set([word, canonicalSpelling(word)])) {
        if (form.length < 3) continue;
        look(this.byFirstLetter.get(form[0]), form.length);
        look(this.byMiddleLetters.get(form.slice(1, 3)), form.length);
      }
    }
    if (this.near.size >= NEAR_CACHE_LIMIT) this.near.clear();
    this.near.set(word, found);
    return found;
  }

  /**
   * The ids of the names whose words could cover at least `minCoverage` of their weight with words
   * close to the screened words (an upper bound, so no name that could reach it is left out).
   */
  candidates(words: string[], minCoverage: number): number[] {
    if (this.accumulated.length < this.names.length) this.accumulated = new Float64Array(this.names.length);
    const accumulated = this.accumulated;
    const touched: number[] = [];
    const nearLists = [...new Set(words)].map((word) => this.nearWords(word));
    // Words written together on one side and apart on the other (see compareNames) are close too.
    for (const word of words) {
      for (let cut = 3; cut <= word.length - 3; cut++) {
        const [head, tail] = [word.slice(0, cut), word.slice(cut)];
        if (this.postings.has(head) && this.postings.has(tail))
          nearLists.push([
            { word: head, similarity: 1 },
            { word: tail, similarity: 1 },
          ]);
      }
    }
    for (let index = 0; index + 1 < words.length; index++) {
      const joined = words[index] + words[index + 1];
      if (this.postings.has(joined)) nearLists.push([{ word: joined, similarity: 1 }]);
    }
    for (const nearList of nearLists) {
      for (const near of nearList) {
        const posting = this.postings.get(near.word) as number[];
        for (let index = 0; index < posting.length; index += 2) {
          const id = posting[index];
          if (accumulated[id] === 0) touched.push(id);
          accumulated[id] += near.similarity * posting[index + 1];
        }
      }
    }
    const result: number[] = [];
    for (const id of touched) {
      if (accumulated[id] >= minCoverage * this.names[id].weight - 1e-9) result.push(id);
      accumulated[id] = 0;
    }
    return result;
  }
}

import { canonicalSpelling, consonantSkeleton, joinedSkeleton, spellingAndSkeleton } from './canonicalSpelling';
import { genericGroupOf } from './genericWords';
import { KeyedWords, type KeyLevel, WordTable } from './keyedWords';
import { WordPostings } from './wordPostings';
import {
  ARTICLES,
  matchWithTwoEdits,
  matchWords,
  FUZZY_WORD_MAX_LENGTH,
  SKELETON_EDIT_LENGTH,
  TWO_DELETION_KEY_LENGTH,
  TWO_EDITS_MAX_LENGTH,
  twoDeletionKeys,
  WORD_FLOOR,
} from './wordMatch';

/**
 * An index over the words of the listed names, so that a screened name is compared only with the
 * listed names that share a word with it, or a word close to one of its words. Close words are
 * looked for where matchWords (wordMatch.ts, mayBeAlike) can find them: among the listed words one
 * letter apart as written or in common spelling (deletion keys: a typo in the first letter too), with the same
 * consonant skeleton or one consonant apart (HEZBOLLAH finds HIZBALLAH, QADHAFI finds GADDAFI), and
 * generic words of one group (AIRLINES finds AIR); listed words written together or apart
 * (MAHAN AIR, MAHANAIR, MAHA NAIR) are found through neighbouring words joined, on both sides.
 * A word carrying two edits (matchWithTwoEdits), which compareNames pairs once in a name beside
 * other words found, is looked up by its keys with up to two letters left out (twoDeletionKeys).
 */

export interface NearWord {
  word: string;
  similarity: number;
}

const NEAR_CACHE_LIMIT = 50_000;
/** The shortest listed word looked for at either end of a screened word (shorter ones end too many words to look at the rest each time). */
const SPLIT_PIECE_LENGTH = 4;

function addToList<K>(map: Map<K, string[]>, key: K, word: string): void {
  const list = map.get(key);
  if (list) list.push(word);
  else map.set(key, [word]);
}

/** The word and the word with each letter left out: two words one edit apart share one of these. */
function deletionKeys(word: string): string[] {
  const keys = [word];
  for (let index = 0; index < word.length; index++) keys.push(word.slice(0, index) + word.slice(index + 1));
  return keys;
}

/** A word's skeleton and, when long enough, the skeleton with each consonant left out (marked, apart from whole skeletons). */
function skeletonKeys(word: string): string[] {
  const skeleton = consonantSkeleton(word);
  if (skeleton.length < SKELETON_EDIT_LENGTH) return [skeleton];
  return [skeleton, ...new Set(deletionKeys(skeleton).map((key) => `${key}-`))];
}

/** The tags of byDeletions' keys: with at most a letter left out (nearWords), with at most two (twoEditWords). */
const ONE_DELETION = 1;
const TWO_DELETIONS = 2;
const ONE_DELETION_ONLY: readonly KeyLevel[] = [{ deletions: 1, minLength: 0, tag: ONE_DELETION }];
const ONE_AND_TWO_DELETIONS: readonly KeyLevel[] = [...ONE_DELETION_ONLY, { deletions: 2, minLength: TWO_DELETION_KEY_LENGTH, tag: TWO_DELETIONS }];

export class FuzzyNameIndex {
  /** For each indexed name: its words and their total weight. */
  private readonly names: { words: string[]; weight: number }[] = [];
  /** The listed words, each once: the key tables below file them by number. */
  private readonly wordTable = new WordTable();
  /** word -> the names holding it, each with the word's weight times its occurrences. */
  private readonly postings = new WordPostings(this.wordTable);
  /**
   * Listed words (not joined) by their keys with a letter left out (tagged ONE_DELETION: nearWords looks them up) and,
   * neither joined nor trade words, with up to two (tagged TWO_DELETIONS: twoEditWords looks them up). One table: a
   * word's keys with a letter left out are most of both kinds, each filed once.
   */
  private readonly byDeletions = new KeyedWords(this.wordTable);
  /** The listed words filed under their letter and two-deletion keys (words joined from two are not, unless also listed as words). */
  private readonly letterIndexed = new Set<string>();
  private readonly bySkeleton = new KeyedWords(this.wordTable);
  /** The listed words' skeletons (not those of words joined from two), for the joined words' skeletons to be made from. */
  private readonly skeletons = new Map<string, string>();
  private readonly byGenericGroup = new Map<number, string[]>();
  private readonly near = new Map<string, NearWord[]>();
  private readonly twoEditsNear = new Map<string, NearWord[]>();
  /** letter -> [name id, weight]... flattened: the names with that letter among their initials, and those initials' weight (compareNames regroups initials). */
  private readonly byInitial = new Map<string, number[]>();
  private accumulated = new Float64Array(0);
  /** Per name, during candidates(): the most one word carrying two edits may add to its bound. */
  private twoEdits = new Float64Array(0);

  /** `mayCarryTwoEdits`: whether a screened word may be a listed word carrying two edits (compareNames asks the vocabulary's isListed). */
  constructor(private readonly mayCarryTwoEdits: (word: string) => boolean = () => true) {}

  /**
   * Adds a name with the weight of each of its words as compareNames weighs them (the bound in
   * candidates() relies on it) and which of its words are initials; returns its id.
   */
  add(words: string[], weights: number[], initials: readonly string[] = [], givenFrom?: number): number {
    const id = this.names.length;
    const byLetter = new Map<string, number>();
    if (initials.length > 0) {
      let weight = 0;
      const letters = new Set<string>();
      words.forEach((word, index) => {
        if (!initials.includes(word)) return;
        weight += weights[index];
        for (const letter of word) letters.add(letter);
      });
      for (const letter of letters) byLetter.set(letter, weight);
    }
    // A person's given names may be written as their initials (compareNames pairs them): each first letter credits them.
    if (givenFrom !== undefined) {
      words.forEach((word, index) => {
        if (index >= givenFrom) byLetter.set(word[0], (byLetter.get(word[0]) ?? 0) + weights[index]);
      });
    }
    for (const [letter, weight] of byLetter) {
      const posting = this.byInitial.get(letter);
      if (posting) posting.push(id, weight);
      else this.byInitial.set(letter, [id, weight]);
    }
    this.names.push({ words, weight: weights.reduce((sum, weight) => sum + weight, 0) });
    // Each word posted once, weighing what its occurrences do together.
    for (let index = 0; index < words.length; index++) {
      const word = words[index];
      if (words.indexOf(word) < index) continue;
      let weight = weights[index];
      for (let other = words.indexOf(word, index + 1); other >= 0; other = words.indexOf(word, other + 1)) weight += weights[other];
      if (this.postings.add(word, id, weight)) this.indexWord(word);
      else if (word.length > 2 && word.length <= FUZZY_WORD_MAX_LENGTH) this.indexAsWord(word);
    }
    // Two neighbouring words joined, in either order, are indexed as a word too, weighing what both do (compareNames joins them so).
    const table = this.wordTable;
    for (let index = 0; index + 1 < words.length; index++) {
      const [first, second] = [table.numberOf(words[index]), table.numberOf(words[index + 1])];
      const weight = weights[index] + weights[index + 1];
      const joined = table.numberOfJoined(first, second);
      if (this.postings.post(joined, id, weight)) this.indexJoined(table.words[joined], words[index], words[index + 1]);
      const reversed = table.numberOfJoined(second, first);
      if (reversed !== joined && this.postings.post(reversed, id, weight)) this.indexJoined(table.words[reversed], words[index + 1], words[index]);
    }
    this.near.clear();
    this.twoEditsNear.clear();
    return id;
  }

  /**
   * Files a listed word (not one joined from two) under its letter and two-deletion keys, once, however it came
   * first: as a word, or joined from two (MAHAN AIR, then MAHANAIR SHIPPING: MAHANAIR came as a joined word,
   * filed under its skeleton alone, and was never filed under its two-deletion keys).
   */
  private indexAsWord(word: string, canonical?: string): void {
    if (this.letterIndexed.has(word)) return;
    this.letterIndexed.add(word);
    const spelling = canonical ?? spellingAndSkeleton(word).canonical;
    // As written and, when it differs, in common spelling.
    const spellings = spelling === word ? [word] : [word, spelling];
    const mayCarryTwoEdits = genericGroupOf(word) === undefined && word.length <= TWO_EDITS_MAX_LENGTH;
    this.byDeletions.addKeys(spellings, mayCarryTwoEdits ? ONE_AND_TWO_DELETIONS : ONE_DELETION_ONLY, word);
  }

  /**
   * Files a listed word under its keys; a word longer than FUZZY_WORD_MAX_LENGTH under none (it is found as written).
   */
  private indexWord(word: string): void {
    if (word.length > 2 && word.length <= FUZZY_WORD_MAX_LENGTH) {
      const { canonical, skeleton } = spellingAndSkeleton(word);
      this.skeletons.set(word, skeleton);
      this.indexAsWord(word, canonical);
      this.fileUnderSkeleton(word, skeleton);
    }
    const group = genericGroupOf(word);
    if (group !== undefined) addToList(this.byGenericGroup, group, word);
  }

  /** Files a word joined from two listed words only under its skeleton keys, as compareNames joins only words of alike skeletons. */
  private indexJoined(joined: string, first: string, second: string): void {
    if (joined.length > 2 && joined.length <= FUZZY_WORD_MAX_LENGTH)
      this.fileUnderSkeleton(joined, joinedSkeleton(first, this.skeletonOf(first), second, this.skeletonOf(second)));
    const group = genericGroupOf(joined);
    if (group !== undefined) addToList(this.byGenericGroup, group, joined);
  }

  /** Its skeletonKeys: the skeleton and, when long enough, the skeleton with a consonant left out, marked. */
  private fileUnderSkeleton(word: string, skeleton: string): void {
    this.bySkeleton.addDeletionKeys([skeleton], 0, 0, word);
    if (skeleton.length >= SKELETON_EDIT_LENGTH) this.bySkeleton.addDeletionKeys([skeleton], 1, 0, word, '-');
  }

  /** The skeleton of a listed word, as indexWord made it (words of two letters or fewer made here). */
  private skeletonOf(word: string): string {
    let skeleton = this.skeletons.get(word);
    if (skeleton === undefined) {
      skeleton = spellingAndSkeleton(word).skeleton;
      this.skeletons.set(word, skeleton);
    }
    return skeleton;
  }

  /** Packs the postings and the key tables (KeyedWords.packSteps), pausing often: a screener's build does it when every name is in. */
  *packSteps(): Generator<void, void> {
    this.postings.pack();
    yield;
    yield* this.byDeletions.packSteps();
    yield* this.bySkeleton.packSteps();
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
    const seen = new Set<string>([word]);
    const consider = (listed: string) => {
      if (seen.has(listed)) return;
      seen.add(listed);
      const similarity = matchWords(word, listed)?.similarity ?? 0;
      if (similarity >= WORD_FLOOR) found.push({ word: listed, similarity });
    };
    if (ARTICLES.has(word)) for (const article of ARTICLES) if (this.postings.has(article)) consider(article);
    const group = genericGroupOf(word);
    if (group !== undefined) for (const listed of this.byGenericGroup.get(group) ?? []) consider(listed);
    if (word.length > 2 && word.length <= FUZZY_WORD_MAX_LENGTH) {
      for (const key of new Set([...deletionKeys(word), ...deletionKeys(canonicalSpelling(word))])) this.byDeletions.forEach(key, consider, ONE_DELETION);
      for (const key of skeletonKeys(word)) this.bySkeleton.forEach(key, consider);
    }
    if (this.near.size >= NEAR_CACHE_LIMIT) this.near.clear();
    this.near.set(word, found);
    return found;
  }

  /** The listed words a screened word may be with two edits (matchWithTwoEdits), not counting those nearWords finds. */
  twoEditWords(word: string): NearWord[] {
    const cached = this.twoEditsNear.get(word);
    if (cached) return cached;
    const found: NearWord[] = [];
    if (word.length > 2 && genericGroupOf(word) === undefined && this.mayCarryTwoEdits(word)) {
      const seen = new Set<string>();
      for (const key of twoDeletionKeys(word))
        this.byDeletions.forEach(
          key,
          (listed) => {
            if (seen.has(listed)) return;
            seen.add(listed);
            const match = matchWithTwoEdits(listed, word);
            if (match) found.push({ word: listed, similarity: match.similarity });
          },
          TWO_DELETIONS,
        );
    }
    if (this.twoEditsNear.size >= NEAR_CACHE_LIMIT) this.twoEditsNear.clear();
    this.twoEditsNear.set(word, found);
    return found;
  }

  /**
   * The ids of the names whose words could cover at least `minCoverage` of their weight with words
   * close to the screened words (an upper bound, so no name that could reach it is left out). A
   * name's initials may all be found among the screened initials regrouped: each letter of these
   * credits the whole weight of the initials of the names that hold it.
   */
  candidates(words: string[], minCoverage: number, initials: readonly string[] = []): number[] {
    if (this.accumulated.length < this.names.length) this.accumulated = new Float64Array(this.names.length);
    const accumulated = this.accumulated;
    const touched: number[] = [];
    const credit = (word: string, similarity: number) => {
      const { ids, weights, from, to } = this.postings.of(word);
      for (let posting = from; posting < to; posting++) {
        const id = ids[posting];
        if (accumulated[id] === 0) touched.push(id);
        accumulated[id] += similarity * weights[posting];
      }
    };
    const creditInitials = (posting: number[] | undefined) => {
      if (!posting) return;
      for (let index = 0; index < posting.length; index += 2) {
        const id = posting[index];
        if (accumulated[id] === 0) touched.push(id);
        accumulated[id] += posting[index + 1];
      }
    };
    const screened = [...new Set(words)];
    // Neighbouring screened words joined may be one listed word (MAHANAIR) or two listed words split elsewhere (MAHA NAIR).
    for (let index = 0; index + 1 < words.length; index++) screened.push(words[index] + words[index + 1]);
    for (const word of new Set(screened)) for (const near of this.nearWords(word)) credit(near.word, near.similarity);
    // A screened word may be two listed words run together, one as it is (of SPLIT_PIECE_LENGTH letters at least) and the
    // other maybe with a typo, that are not neighbours as listed (AHMADMUSA for MUSA, Rifa'i Ahmad Taha) or whose skeletons
    // are further apart (HARAMAINOUNDATION).
    for (const word of new Set(words)) {
      for (let cut = 2; cut <= word.length - 2; cut++) {
        const pieces = [word.slice(0, cut), word.slice(cut)];
        pieces.forEach((piece, index) => {
          if (piece.length < SPLIT_PIECE_LENGTH || !this.postings.has(piece)) return;
          credit(piece, 1);
          const other = pieces[1 - index];
          if (other.length < 3) credit(other, 1);
          else for (const near of this.nearWords(other)) credit(near.word, near.similarity);
        });
      }
    }
    if (initials.length > 0) for (const letter of new Set(initials.join(''))) creditInitials(this.byInitial.get(letter));
    // One word of a name found otherwise may carry two edits: a name's bound grows by its best such word.
    if (this.twoEdits.length < this.names.length) this.twoEdits = new Float64Array(this.names.length);
    const twoEdits = this.twoEdits;
    const loose: number[] = [];
    for (const word of new Set(words))
      for (const near of this.twoEditWords(word)) {
        const { ids, weights, from, to } = this.postings.of(near.word);
        for (let posting = from; posting < to; posting++) {
          const id = ids[posting];
          if (accumulated[id] === 0) continue;
          const value = near.similarity * weights[posting];
          if (twoEdits[id] === 0) loose.push(id);
          if (value > twoEdits[id]) twoEdits[id] = value;
        }
      }
    const result: number[] = [];
    for (const id of touched) {
      if (accumulated[id] + twoEdits[id] >= minCoverage * this.names[id].weight - 1e-9) result.push(id);
      accumulated[id] = 0;
    }
    for (const id of loose) twoEdits[id] = 0;
    return result;
  }
}

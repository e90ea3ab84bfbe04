import { canonicalSpelling, consonantSkeleton } from './canonicalSpelling';
import { genericGroupOf } from './genericWords';

/**
 * Whether two words of two names are the same word written differently, how, and how alike:
 * - exact: equal;
 * - spelling: equal in their common spelling (canonicalSpelling.ts: KHALID, HALID; HUSSEIN, HUSAYN);
 * - synonym: generic words of one group (AIR, AIRLINES; genericWords.ts);
 * - phonetic: differing only in vowels, H and letters that sound alike (HEZBOLLAH, HIZBALLAH);
 * - typo: a letter or two replaced, added, dropped or swapped, the first letter too (NAHAN, MAHAN);
 * - typos: one edit more than a typo allows (matchWithTwoEdits: UHNMMAD, MUHAMMAD), once in a name.
 * Phonetic and typo differences are measured as an edit cost on the common spellings, in which a
 * vowel, H or Y counts half and so does a letter replaced by one that sounds alike (S/Z, V/F, G/J, G/K, D/Z,
 * C/K, C/S), except a final A replaced by another vowel (MARIA, MARIO; BARAKA, BARACO), which
 * more often makes another name, and letters added at a word's end (BARAKA, BARAKAAT: two letters
 * with a consonant make another word, a consonant alone costs FINAL_LETTER_COST); a word may differ by at most allowedCost() for its length, as
 * written or in common spelling (doubled letters kept: HRNNDEZ is HERNANDEZ without its vowels).
 */

/** initial: a person's given name(s) written as initials (compareNames pairs them; matchWords never answers it). */
export type WordMatchKind = 'exact' | 'spelling' | 'synonym' | 'phonetic' | 'typo' | 'typos' | 'joined' | 'initial';

export interface WordMatch {
  similarity: number;
  how: WordMatchKind;
}

/** Words less alike than this count as different words. */
export const WORD_FLOOR = 0.8;
/** How much longer or shorter one word may be than the other and still count as alike. */
export const LENGTH_SLACK = 3;
export const SPELLING_SIMILARITY = 0.97;
export const SYNONYM_SIMILARITY = 0.95;
/** The cost of a consonant added at a word's end (BARAKA, BARAKAT), more than a typo elsewhere. */
export const FINAL_LETTER_COST = 1.5;
/** The similarity of words an edit cost apart: 1 - COST_SCALE x cost / longer length. */
export const COST_SCALE = 0.6;

/** The Arabic article as it is variously romanised; these short words are alike, other short words only equal. */
export const ARTICLES: ReadonlySet<string> = new Set(['AL', 'EL', 'UL']);

/** The edit cost two words may differ by, by the length of the shorter (common spellings). */
export function allowedCost(shorter: number): number {
  if (shorter <= 2) return 0;
  if (shorter === 3) return 0.5;
  if (shorter <= 5) return 1;
  if (shorter <= 8) return 1.5;
  if (shorter <= 11) return 2;
  return 2.5;
}

const SOFT_LETTERS = 'AEIOUYH';
const VOWELS = 'AEIOUY';
const SOUNDS_ALIKE = ['SZ', 'VF', 'GJ', 'GK', 'CK', 'CS', 'DZ'];

/** By character code: the cost of adding or dropping a letter (a vowel, Y or H half). */
const indelCosts = new Float64Array(128).fill(1);
for (const letter of SOFT_LETTERS) indelCosts[letter.charCodeAt(0)] = 0.5;
/** By pair of character codes (first x 128 + second): the cost of replacing one by the other. */
const substitutionCosts = new Float64Array(128 * 128).fill(1);
for (let code = 0; code < 128; code++) substitutionCosts[code * 128 + code] = 0;
for (const a of VOWELS) for (const b of VOWELS) if (a !== b) substitutionCosts[a.charCodeAt(0) * 128 + b.charCodeAt(0)] = 0.5;
for (const [a, b] of SOUNDS_ALIKE) {
  substitutionCosts[a.charCodeAt(0) * 128 + b.charCodeAt(0)] = 0.5;
  substitutionCosts[b.charCodeAt(0) * 128 + a.charCodeAt(0)] = 0.5;
}
const A = 'A'.charCodeAt(0);
const indelCost = (code: number) => (code < 128 ? indelCosts[code] : 1);
const substitutionCost = (a: number, b: number) => (a === b ? 0 : a < 128 && b < 128 ? substitutionCosts[a * 128 + b] : 1);

let costRows: Float64Array[] = [new Float64Array(32), new Float64Array(32), new Float64Array(32)];
let hardRows: Int32Array[] = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/**
 * The weighted edit cost between two words (optimal string alignment: replace, add, drop, swap
 * two neighbours) and how many of its edits were hard (not a vowel, H or a sound-alike letter).
 * Stops early, answering Infinity, once the cost must exceed `limit`.
 */
export function editCost(first: string, second: string, limit = Number.POSITIVE_INFINITY): { cost: number; hard: number } {
  const rows = first.length;
  const columns = second.length;
  if (costRows[0].length <= columns) {
    costRows = [0, 1, 2].map(() => new Float64Array(columns * 2 + 2));
    hardRows = [0, 1, 2].map(() => new Int32Array(columns * 2 + 2));
  }
  let [before, previous, current] = costRows;
  let [hardBefore, hardPrevious, hardCurrent] = hardRows;
  previous[0] = 0;
  hardPrevious[0] = 0;
  for (let column = 1; column <= columns; column++) {
    const add = indelCost(second.charCodeAt(column - 1));
    previous[column] = previous[column - 1] + add;
    hardPrevious[column] = hardPrevious[column - 1] + (add === 1 ? 1 : 0);
  }
  for (let row = 1; row <= rows; row++) {
    const letter = first.charCodeAt(row - 1);
    const drop = indelCost(letter);
    const dropHard = drop === 1 ? 1 : 0;
    current[0] = previous[0] + drop;
    hardCurrent[0] = hardPrevious[0] + dropHard;
    let rowMinimum = current[0];
    for (let column = 1; column <= columns; column++) {
      const other = second.charCodeAt(column - 1);
      let replace = substitutionCost(letter, other);
      if (replace === 0.5 && row === rows && column === columns && (letter === A || other === A)) replace = 1;
      let cost = previous[column - 1] + replace;
      let hard = hardPrevious[column - 1] + (replace === 1 ? 1 : 0);
      const add = indelCost(other);
      const byAdding = current[column - 1] + add;
      const addHard = hardCurrent[column - 1] + (add === 1 ? 1 : 0);
      if (byAdding < cost || (byAdding === cost && addHard < hard)) {
        cost = byAdding;
        hard = addHard;
      }
      const byDropping = previous[column] + drop;
      if (byDropping < cost || (byDropping === cost && hardPrevious[column] + dropHard < hard)) {
        cost = byDropping;
        hard = hardPrevious[column] + dropHard;
      }
      if (
        row > 1 &&
        column > 1 &&
        letter !== other &&
        letter === second.charCodeAt(column - 2) &&
        first.charCodeAt(row - 2) === other &&
        before[column - 2] + 1 < cost
      ) {
        cost = before[column - 2] + 1;
        hard = hardBefore[column - 2] + 1;
      }
      current[column] = cost;
      hardCurrent[column] = hard;
      if (cost < rowMinimum) rowMinimum = cost;
    }
    if (rowMinimum > limit) return { cost: Number.POSITIVE_INFINITY, hard: Number.POSITIVE_INFINITY };
    [before, previous, current] = [previous, current, before];
    [hardBefore, hardPrevious, hardCurrent] = [hardPrevious, hardCurrent, hardBefore];
  }
  return { cost: previous[columns], hard: hardPrevious[columns] };
}

/** At most one letter apart (replaced, added, dropped, two neighbours swapped): what the word index's deletion keys find. */
export function oneEditApart(first: string, second: string): boolean {
  if (Math.abs(first.length - second.length) > 1) return false;
  if (first.length === second.length) {
    let differences = 0;
    for (let index = 0; index < first.length; index++) if (first[index] !== second[index]) differences++;
    if (differences <= 1) return true;
    if (differences !== 2) return false;
    const at = [...first].findIndex((letter, index) => letter !== second[index]);
    return first[at] === second[at + 1] && first[at + 1] === second[at];
  }
  const [shorter, longer] = first.length < second.length ? [first, second] : [second, first];
  for (let index = 0; index < longer.length; index++) if (longer.slice(0, index) + longer.slice(index + 1) === shorter) return true;
  return false;
}

/** Skeletons at least this long are also looked up one consonant apart; shorter ones only when equal. */
export const SKELETON_EDIT_LENGTH = 4;

/**
 * Whether the word index (fuzzyNameIndex.ts) looks at a pair at all: both longer than two
 * letters, nearly the same length, and one letter apart as written or in common spelling (a
 * typo, the first letter too), or of the same consonant skeleton (vowels and sound-alike letters changed), or of
 * skeletons one consonant apart. Every pair matchWords accepts as alike passes this, so the index,
 * which looks words up by these keys, never loses a word that would count.
 */
export function mayBeAlike(first: string, second: string): boolean {
  if (first.length <= 2 || second.length <= 2) return false;
  const [canonicalFirst, canonicalSecond] = [canonicalSpelling(first), canonicalSpelling(second)];
  if (Math.abs(canonicalFirst.length - canonicalSecond.length) > LENGTH_SLACK) return false;
  return oneEditApart(canonicalFirst, canonicalSecond) || oneEditApart(first, second) || skeletonsAlike(first, second);
}

/** Of the same consonant skeleton, or of skeletons one consonant apart when both have at least SKELETON_EDIT_LENGTH. */
export function skeletonsAlike(first: string, second: string): boolean {
  const [skeletonFirst, skeletonSecond] = [consonantSkeleton(first), consonantSkeleton(second)];
  if (skeletonFirst === skeletonSecond) return true;
  return Math.min(skeletonFirst.length, skeletonSecond.length) >= SKELETON_EDIT_LENGTH && oneEditApart(skeletonFirst, skeletonSecond);
}

/** first word -> second word -> the match (null: different words). */
const cache = new Map<string, Map<string, WordMatch | null>>();
let cached = 0;
/** Entries a cache of word results keeps before it starts again (each holds strings: 500,000 made some hundred MB). */
const CACHE_LIMIT = 100_000;

function computeMatch(first: string, second: string): WordMatch | null {
  if (ARTICLES.has(first) && ARTICLES.has(second)) return { similarity: SPELLING_SIMILARITY, how: 'spelling' };
  const group = genericGroupOf(first);
  if (group !== undefined && group === genericGroupOf(second)) return { similarity: SYNONYM_SIMILARITY, how: 'synonym' };
  if (!mayBeAlike(first, second)) return null;
  const [canonicalFirst, canonicalSecond] = [canonicalSpelling(first), canonicalSpelling(second)];
  if (canonicalFirst === canonicalSecond) return { similarity: SPELLING_SIMILARITY, how: 'spelling' };
  const [shorter, longer] = first.length < second.length ? [first, second] : [second, first];
  if (longer.startsWith(shorter)) {
    // A word with letters added at its end is mostly another word (BARAKA, BARAKAAT; PARK, PARKER); vowels or H are a spelling (HASSAN, HASSANI).
    const added = longer.slice(shorter.length);
    const consonants = [...added].filter((letter) => !SOFT_LETTERS.includes(letter)).length;
    if (consonants > 0 && added.length >= 2) return null;
    if (consonants > 0) {
      if (shorter.length < 3) return null;
      // A three-letter word one letter short of a four-letter one costs one, as anywhere else (NOE, NOEL).
      const similarity = 1 - (COST_SCALE * (shorter.length === 3 ? 1 : FINAL_LETTER_COST)) / longer.length;
      return similarity >= WORD_FLOOR ? { similarity, how: 'typo' } : null;
    }
  }
  let best: WordMatch | null = null;
  for (const [a, b] of [
    [canonicalFirst, canonicalSecond],
    [first, second],
  ]) {
    // A three-letter word may lack one letter of a four-letter one (BAK, BANK): it is all that tells them apart.
    const allowed = Math.min(a.length, b.length) === 3 && Math.max(a.length, b.length) === 4 ? 1 : allowedCost(Math.min(a.length, b.length));
    if (allowed === 0) continue;
    const { cost, hard } = editCost(a, b, allowed);
    if (cost > allowed) continue;
    const similarity = Math.min(1 - (COST_SCALE * cost) / Math.max(a.length, b.length), SPELLING_SIMILARITY - 0.01);
    if (similarity >= WORD_FLOOR && (!best || similarity > best.similarity)) best = { similarity, how: hard === 0 ? 'phonetic' : 'typo' };
  }
  return best;
}

/** How the second word is the first written differently, or undefined when they are different words. */
export function matchWords(first: string, second: string): WordMatch | undefined {
  if (first === second) return EXACT;
  if (first.length > FUZZY_WORD_MAX_LENGTH || second.length > FUZZY_WORD_MAX_LENGTH) return undefined;
  let row = cache.get(first);
  if (!row) {
    row = new Map();
    cache.set(first, row);
  }
  let found = row.get(second);
  if (found === undefined) {
    found = computeMatch(first, second);
    if (++cached > CACHE_LIMIT) {
      cache.clear();
      cached = 0;
    }
    row.set(second, found);
  }
  return found ?? undefined;
}

const EXACT: WordMatch = Object.freeze({ similarity: 1, how: 'exact' });

/** Words two edits apart are at least this alike to count as one word carrying two edits (ADAM, AMDM: 0.7). */
export const TWO_EDITS_FLOOR = 0.7;
/** Words this long at least may carry two edits; shorter ones (AL, ABU) carry too little to tell. */
export const TWO_EDITS_MIN_LENGTH = 3;
/**
 * Words this long at most are alike to other words (matchWords); a longer one (no name holds one: the longest word
 * of the SDN list has 24 letters, two joined 48) is only itself. The word index files a word under keys that grow
 * with the square of its length, and compares words in time that does too: the Sanction List takes aliases of up
 * to 4,000 characters, and one such word without a space took 0.47 s to index, in a single step.
 */
export const FUZZY_WORD_MAX_LENGTH = 64;
/**
 * Words this long at most may carry two edits (the longest word of the SDN list has 24 letters). A word's keys
 * with two letters left out grow with the cube of its length: a listed alias of 400 letters without a space took
 * 0.6 s to index and one of 4,000 (the Sanction List's limit) would take minutes; longer words are alike by
 * matchWords alone, which tolerates 2.5 edits at their length.
 */
export const TWO_EDITS_MAX_LENGTH = 32;

const looseCache = new Map<string, WordMatch | null>();
const keyCache = new Map<string, string[]>();
/** Keys at least this long: shorter ones would file every short word together. */
export const TWO_DELETION_KEY_LENGTH = 3;

/**
 * The word, as written and in common spelling, with up to two letters left out (keys of at least
 * three letters): two words carrying two edits between them (a letter replaced, added or dropped
 * on either side) share one. The word index (fuzzyNameIndex.ts) files listed words under these, so
 * it finds every pair matchWithTwoEdits accepts. None for a word longer than TWO_EDITS_MAX_LENGTH.
 */
export function twoDeletionKeys(word: string): string[] {
  if (word.length > TWO_EDITS_MAX_LENGTH) return [];
  let keys = keyCache.get(word);
  if (keys) return keys;
  keys = twoDeletionKeysOf(word);
  if (keyCache.size >= CACHE_LIMIT / 10) keyCache.clear();
  keyCache.set(word, keys);
  return keys;
}

/** twoDeletionKeys made anew (the word index files a listed word under the same keys from their hashes: KeyedWords.addDeletionKeys). */
function twoDeletionKeysOf(word: string): string[] {
  const found = new Set<string>();
  for (const written of new Set([word, canonicalSpelling(word)])) {
    if (written.length >= TWO_DELETION_KEY_LENGTH) found.add(written);
    for (let first = 0; first < written.length; first++) {
      const once = written.slice(0, first) + written.slice(first + 1);
      if (once.length < TWO_DELETION_KEY_LENGTH) continue;
      found.add(once);
      for (let second = first; second < once.length; second++) {
        const twice = once.slice(0, second) + once.slice(second + 1);
        if (twice.length >= TWO_DELETION_KEY_LENGTH) found.add(twice);
      }
    }
  }
  return [...found];
}

function shareTwoDeletionKey(first: string, second: string): boolean {
  const keys = new Set(twoDeletionKeys(first));
  return twoDeletionKeys(second).some((key) => keys.has(key));
}

/**
 * A listed word written with two edits more than matchWords tolerates (one more than allowedCost for
 * its length: a dropped first letter and a typo, UHNMMAD for MUHAMMAD; dropped vowels and a
 * transliteration, BDEL for ABDUL; MRI for MARIO), as written or in common spelling. Such a word
 * alone is too often another word: compareNames pairs at most one such word in a name, and only
 * a listed word left unpaired with a screened word left unpaired (see compareNames). The words must
 * also reduce to one word by leaving out at most two letters of each (twoDeletionKeys), which is
 * what the word index looks them up by. Undefined when the words are alike (matchWords) or further apart.
 */
export function matchWithTwoEdits(listed: string, screened: string): WordMatch | undefined {
  if (listed.length < TWO_EDITS_MIN_LENGTH || screened.length < TWO_EDITS_MIN_LENGTH) return undefined;
  if (listed.length > TWO_EDITS_MAX_LENGTH || screened.length > TWO_EDITS_MAX_LENGTH) return undefined;
  if (Math.abs(listed.length - screened.length) > LENGTH_SLACK) return undefined;
  const key = `${listed} ${screened}`;
  let found = looseCache.get(key);
  if (found === undefined) {
    found = null;
    if (!matchWords(listed, screened) && shareTwoDeletionKey(listed, screened)) {
      for (const [a, b] of [
        [listed, screened],
        [canonicalSpelling(listed), canonicalSpelling(screened)],
      ]) {
        const allowed = allowedCost(Math.min(a.length, b.length)) + 1;
        const { cost } = editCost(a, b, allowed);
        if (cost > allowed) continue;
        const similarity = 1 - (COST_SCALE * cost) / Math.max(a.length, b.length);
        if (similarity >= TWO_EDITS_FLOOR && (!found || similarity > found.similarity)) found = { similarity, how: 'typos' };
      }
    }
    if (looseCache.size >= CACHE_LIMIT) looseCache.clear();
    looseCache.set(key, found);
  }
  return found ?? undefined;
}

/** How alike two words are: 1 when equal, 0 when they count as different words. */
export function wordSimilarity(first: string, second: string): number {
  return matchWords(first, second)?.similarity ?? 0;
}

import { canonicalSpelling } from './canonicalSpelling';
import { jaroWinkler } from './jaroWinkler';

/**
 * How alike two names are, word by word: each word of one name is paired with at most one word of
 * the other so that the pairs are as alike as possible (word order does not matter), and the
 * score says how much of each name, weighed by word length, its pairs cover.
 */

/** Words less alike than this count as different words. */
export const WORD_FLOOR = 0.8;
/** How much the listed name's coverage counts against the screened name's (which may hold extra words). */
export const LISTED_NAME_WEIGHT = 0.7;

/** How much longer or shorter one word may be than the other and still count as alike. */
export const LENGTH_SLACK = 3;
/** Words alike only in their common spelling (canonicalSpelling.ts) count a little less than words alike as written. */
export const SPELLING_PENALTY = 0.03;

/** Alike as written: see mayBeAlike. */
function shapesMayBeAlike(first: string, second: string): boolean {
  return (
    first.length > 2 &&
    second.length > 2 &&
    Math.abs(first.length - second.length) <= LENGTH_SLACK &&
    (first[0] === second[0] || (first[1] === second[1] && first[2] === second[2]))
  );
}

/**
 * Whether two different words can count as alike at all: both longer than two letters (initials
 * and particles such as AL, EL, DE count only when equal), of nearly the same length (Jaro-Winkler
 * overrates a short word that begins a long one: HANA, HANSEATIC), and sharing the first letter or
 * the second and third (QADHAFI, GADDAFI) — as written or in their common spelling (DZHAMIL,
 * JAMIL). The word index looks for alike words the same way.
 */
export function mayBeAlike(first: string, second: string): boolean {
  return shapesMayBeAlike(first, second) || shapesMayBeAlike(canonicalSpelling(first), canonicalSpelling(second));
}

/** The Arabic article as it is variously romanised; these short words are alike, other short words only equal. */
export const ARTICLES: ReadonlySet<string> = new Set(['AL', 'EL', 'UL']);

export function wordSimilarity(first: string, second: string): number {
  if (first === second) return 1;
  if (ARTICLES.has(first) && ARTICLES.has(second)) return 1 - SPELLING_PENALTY;
  let similarity = shapesMayBeAlike(first, second) ? jaroWinkler(first, second) : 0;
  const [canonicalFirst, canonicalSecond] = [canonicalSpelling(first), canonicalSpelling(second)];
  if (shapesMayBeAlike(canonicalFirst, canonicalSecond)) similarity = Math.max(similarity, jaroWinkler(canonicalFirst, canonicalSecond) - SPELLING_PENALTY);
  return similarity >= WORD_FLOOR ? similarity : 0;
}

export interface NameComparison {
  score: number;
  listedCoverage: number;
  screenedCoverage: number;
}

/** How much a word counts in a name; by default its length. */
export type WordWeight = (word: string) => number;
export const byLength: WordWeight = (word) => word.length;

interface WeightedWord {
  word: string;
  weight: number;
}

/** Words written apart in one name and together in the other (ABDUL RAHMAN, ABDULRAHMAN) are joined; the joined word weighs what its parts did. */
function joinSplitWords(words: WeightedWord[], other: ReadonlySet<string>): WeightedWord[] {
  if (words.length < 2) return words;
  const result: WeightedWord[] = [];
  for (let index = 0; index < words.length; index++) {
    const next = words[index + 1];
    if (next && other.has(words[index].word + next.word)) {
      result.push({ word: words[index].word + next.word, weight: words[index].weight + next.weight });
      index++;
    } else result.push(words[index]);
  }
  return result;
}

/** The largest total of similarity x (weight of both words) over one-to-one pairings; exact when one side has at most 8 words. */
function bestPairing(rows: WeightedWord[], columns: WeightedWord[]): { listed: number; screened: number } {
  const rowCount = rows.length;
  const columnCount = columns.length;
  const similarity = new Float64Array(rowCount * columnCount);
  for (let row = 0; row < rowCount; row++) {
    for (let column = 0; column < columnCount; column++) similarity[row * columnCount + column] = wordSimilarity(rows[row].word, columns[column].word);
  }
  const gain = (row: number, column: number) => similarity[row * columnCount + column] * (rows[row].weight + columns[column].weight);
  let chosen: [number, number][] = [];
  if (Math.min(rowCount, columnCount) <= 8) {
    // Dynamic programme over the subsets of the shorter side.
    const transpose = columnCount > rowCount;
    const outer = transpose ? columnCount : rowCount;
    const inner = transpose ? rowCount : columnCount;
    const pairGain = (o: number, i: number) => (transpose ? gain(i, o) : gain(o, i));
    const states = 1 << inner;
    let best = new Float64Array(states).fill(-1);
    best[0] = 0;
    const choices: Int8Array[] = [];
    for (let o = 0; o < outer; o++) {
      const next = Float64Array.from(best);
      // choice[mask]: the inner word paired with word o to reach mask, or -1 when word o stays unpaired.
      const choice = new Int8Array(states).fill(-1);
      for (let mask = 0; mask < states; mask++) {
        if (best[mask] < 0) continue;
        for (let i = 0; i < inner; i++) {
          if (mask & (1 << i)) continue;
          const value = pairGain(o, i);
          if (value <= 0) continue;
          const target = mask | (1 << i);
          if (best[mask] + value > next[target]) {
            next[target] = best[mask] + value;
            choice[target] = i;
          }
        }
      }
      choices.push(choice);
      best = next;
    }
    let mask = 0;
    for (let candidate = 1; candidate < states; candidate++) if (best[candidate] > best[mask]) mask = candidate;
    for (let o = outer - 1; o >= 0; o--) {
      const i = choices[o][mask];
      if (i >= 0) {
        chosen.push(transpose ? [i, o] : [o, i]);
        mask &= ~(1 << i);
      }
    }
  } else {
    // Long names: greedy, best pairs first.
    const pairs: [number, number, number][] = [];
    for (let row = 0; row < rowCount; row++)
      for (let column = 0; column < columnCount; column++) if (similarity[row * columnCount + column] > 0) pairs.push([row, column, gain(row, column)]);
    pairs.sort((a, b) => b[2] - a[2]);
    const usedRows = new Set<number>();
    const usedColumns = new Set<number>();
    chosen = [];
    for (const [row, column] of pairs) {
      if (usedRows.has(row) || usedColumns.has(column)) continue;
      usedRows.add(row);
      usedColumns.add(column);
      chosen.push([row, column]);
    }
  }
  let listed = 0;
  let screened = 0;
  for (const [row, column] of chosen) {
    const value = similarity[row * columnCount + column];
    listed += value * rows[row].weight;
    screened += value * columns[column].weight;
  }
  return { listed, screened };
}

const totalWeight = (words: WeightedWord[]) => words.reduce((sum, word) => sum + word.weight, 0);

/**
 * Compares a listed name with a screened one, both as normalised words. Words weigh `weightOf`
 * each (the screener weighs a word by its length and by how rare it is on the list, so that
 * TRADING or ELECTRONICS matter less than the words that tell parties apart).
 */
export function compareNames(
  listedWords: string[],
  screenedWords: string[],
  listedWeight = LISTED_NAME_WEIGHT,
  weightOf: WordWeight = byLength,
): NameComparison {
  if (listedWords.length === 0 || screenedWords.length === 0) return { score: 0, listedCoverage: 0, screenedCoverage: 0 };
  const weigh = (words: string[]) => words.map((word) => ({ word, weight: weightOf(word) }));
  const listed = joinSplitWords(weigh(listedWords), new Set(screenedWords));
  const screened = joinSplitWords(weigh(screenedWords), new Set(listed.map((word) => word.word)));
  const pairing = bestPairing(listed, screened);
  const listedCoverage = pairing.listed / totalWeight(listed);
  const screenedCoverage = pairing.screened / totalWeight(screened);
  return { score: listedWeight * listedCoverage + (1 - listedWeight) * screenedCoverage, listedCoverage, screenedCoverage };
}

import { genericGroupOf, isGenericWord } from './genericWords';
import { ARTICLES, LENGTH_SLACK, matchWithTwoEdits, matchWords, skeletonsAlike, type WordMatchKind } from './wordMatch';

/**
 * How alike two names are, word by word: each word of one name is paired with at most one word of
 * the other so that the pairs are as alike as possible (word order does not matter), and the
 * score says how much of each name, weighed by how much its words tell parties apart, its pairs
 * cover. Words written apart in one name and together in the other (ABDUL RAHMAN, ABDULRAHMAN;
 * MAHA NAIR, MAHAN AIR) are compared joined, a screened word run together from listed words
 * piece by piece (CRGOFRT for CARGO FRET). One word of a name whose other words are found may carry
 * two edits (UHNMMAD for MUHAMMAD; see pairWithTwoEdits). A listed name one of whose distinctive words is
 * replaced by another distinctive word (BANCO NACIONAL DE MEXICO for ... DE CUBA; another surname
 * with the same given names), or whose trade word is replaced by another trade (ORIENT FOODS for
 * ORIENT SHIPPING), is another party: its score stays at most REPLACED_WORD_CAP; so is a listed
 * person's whole name with one more distinctive name (another surname).
 */

export { WORD_FLOOR, LENGTH_SLACK, ARTICLES, mayBeAlike, wordSimilarity, matchWords, type WordMatch, type WordMatchKind } from './wordMatch';

/** How much the listed name's coverage counts against the screened name's (which may hold extra words). */
export const LISTED_NAME_WEIGHT = 0.7;
/** The highest score of a name that has a distinctive listed word replaced by another distinctive word. */
export const REPLACED_WORD_CAP = 0.75;
/**
 * Words joined across a space and compared whole must be at least this alike: more than single words, as the longer the
 * word, the more letters a typo allows (BARAKA AUTO is not BARAKAAT); a screened word run together from listed words
 * is also compared piece by piece (runTogetherSimilarity), each piece as a word.
 */
export const JOINED_FLOOR = 0.95;
/** How much a listed person's middle names (given names after the first) count: a shipment often leaves them out. */
export const MIDDLE_NAME_FACTOR = 0.15;

/** How much a word counts in a name; by default its length. */
export type WordWeight = (word: string) => number;
export const byLength: WordWeight = (word) => word.length;

/** What a comparison knows of words: their weight, and whether a word tells parties apart at all. */
export interface NameVocabulary {
  weightOf: WordWeight;
  isDistinctive(word: string): boolean;
  /** Whether the list holds the word in a name: such a word is a name in its own right, never another word carrying two edits. */
  isListed?(word: string): boolean;
}

/** Without a list to learn from: words weigh their length, generic trade words a fifth of it. */
export const plainVocabulary: NameVocabulary = {
  weightOf: (word) => (isGenericWord(word) ? word.length * 0.2 : word.length),
  isDistinctive: (word) => word.length >= 3 && !isGenericWord(word) && !ARTICLES.has(word),
};

/** A listed name as compared: its words, and which of them are a person's middle names. */
export interface ListedNameShape {
  words: string[];
  middle?: readonly boolean[];
  /** A person listed as SURNAME, Given Names: a screened name with a distinctive word more is another person. */
  person?: boolean;
  /** A person's surname: how many of the first words it is (a surname two edits off is another family's, see pairWithTwoEdits). */
  surnameWords?: number;
  /** The words written as initials (NormalisedName.initials). */
  initials?: readonly string[];
}

/** A screened name as compared: its words and those of them written as initials (NormalisedName.initials). */
export interface ScreenedNameShape {
  words: string[];
  initials?: readonly string[];
}

/** One pairing of a comparison: a listed word (or words joined) and the screened word(s) it was found as. */
export interface WordPairing {
  listed: string;
  screened: string;
  how: WordMatchKind;
  similarity: number;
}

export interface NameComparison {
  score: number;
  listedCoverage: number;
  screenedCoverage: number;
  pairs: WordPairing[];
  /** Listed words not found in the screened name. */
  missing: string[];
  /** Screened words not in the listed name. */
  extra: string[];
  /** A distinctive listed word replaced by another: the score is capped at REPLACED_WORD_CAP. */
  replaced?: { listed: string; screened: string };
  /** A listed person's whole name with another distinctive name more (ABDUR RAHMAN TAYLOR for RAHMAN, Abdur): capped too. */
  anotherName?: string;
}

interface Token {
  /** The word, or the words joined without space. */
  word: string;
  /** The words as written, joined by a space. */
  text: string;
  weight: number;
  joined: boolean;
  middle: boolean;
  /** Joined tokens compared while joining (joinAcrossSpaces) share a link, and pair with the similarity found then. */
  link?: number;
  linkSimilarity?: number;
  /** A listed person's given name(s) and the screened initials standing for them (pairInitialsWithGivenNames). */
  initial?: boolean;
  /** Holds (part of) a listed person's surname. */
  surname?: boolean;
}

const EMPTY: NameComparison = { score: 0, listedCoverage: 0, screenedCoverage: 0, pairs: [], missing: [], extra: [] };

/** Joins the tokens at `first` and `second` (in that order) into one at the place of the earlier (RAGAB ABDULLAH written ABDULLAHRAGAB). */
function join(tokens: Token[], first: number, second: number, link?: { id: number; similarity: number }): void {
  const [a, b] = [tokens[first], tokens[second]];
  const merged: Token = {
    word: a.word + b.word,
    text: `${a.text} ${b.text}`,
    weight: a.weight + b.weight,
    joined: true,
    middle: a.middle && b.middle,
    ...(a.surname || b.surname ? { surname: true } : {}),
    ...(link ? { link: link.id, linkSimilarity: link.similarity } : {}),
  };
  const [low, high] = first < second ? [first, second] : [second, first];
  tokens.splice(high, 1);
  tokens[low] = merged;
}

const near = (a: number, b: number) => Math.abs(a - b) <= LENGTH_SLACK + 1;
/** How far from where the listed words meet a screened word run together from them may be cut (letters dropped or added before it). */
const CUT_SLACK = 2;

/** A piece of a screened word and the listed word it stands for: equal, or alike (matchWords) when both have three letters or more. */
function pieceSimilarity(listed: string, piece: string): number {
  if (listed === piece) return 1;
  if (listed.length < 3 || piece.length < 3) return 0;
  return matchWords(listed, piece)?.similarity ?? 0;
}

/**
 * How alike listed words run together are to a screened word (two screened words joined when the
 * space moved): cut where the listed words meet (give or take CUT_SLACK letters), each piece must
 * be its listed word or that word with a typo (CRGOFRT: CRGO and FRT for CARGO FRET; ARIANLANK:
 * ARIAN and LANK for ARIAN BANK); `oneExact`: one piece must be its word as it is (a space moved
 * and a typo: ALZIA KBAR for ALI AKBAR; HUANG ABDUL is not KHAN ABDULLAH). The similarity is the
 * pieces', weighed by the listed words' lengths. 0: not alike.
 */
function runTogetherSimilarity(first: string, second: string, screened: string, oneExact = false): number {
  let best = 0;
  for (let cut = Math.max(1, first.length - CUT_SLACK); cut <= Math.min(screened.length - 1, first.length + CUT_SLACK); cut++) {
    const head = pieceSimilarity(first, screened.slice(0, cut));
    if (head === 0) continue;
    const tail = pieceSimilarity(second, screened.slice(cut));
    if (tail === 0 || (oneExact && head < 1 && tail < 1)) continue;
    best = Math.max(best, (head * first.length + tail * second.length) / (first.length + second.length));
  }
  return best;
}

let links = 0;

/**
 * Joins words on one side where together they are a word of the other side, or two neighbours of
 * the other side split elsewhere (a letter moved across the space): two listed words (neighbours
 * first, then any two, as a person's names are written in any order and a middle name may be left
 * out: AHMADMUSA for MUSA, Rifa'i Ahmad Taha) run together into one screened word, which may carry
 * a typo in either (runTogetherSimilarity), or two neighbouring screened words one listed word (as
 * alike as JOINED_FLOOR: BARAKA AUTO is not BARAKAAT). A screened word that is a listed word with a
 * trade word run into it (AFRICAHOLDING) is read as the two words. Only words the other side does not
 * hold as often take part (of AL AL AL beside AL AL, any one AL).
 */
function joinAcrossSpaces(listed: Token[], screened: Token[], weightOf: WordWeight): void {
  const surplusOf = (tokens: Token[], other: Token[]) => {
    const surplus = new Map<string, number>();
    for (const token of tokens) surplus.set(token.word, (surplus.get(token.word) ?? 0) + 1);
    for (const token of other) if (surplus.has(token.word)) surplus.set(token.word, (surplus.get(token.word) as number) - 1);
    return surplus;
  };
  const listedSurplus = surplusOf(listed, screened);
  const screenedSurplus = surplusOf(screened, listed);
  const isFree = (token: Token, surplus: Map<string, number>) => !token.joined && (surplus.get(token.word) ?? 0) > 0;
  const use = (token: Token, surplus: Map<string, number>) => surplus.set(token.word, (surplus.get(token.word) ?? 0) - 1);
  // Joined words are found by their skeletons only (the word index keeps no letter keys for them).
  const alike = (a: string, b: string) => (matchWords(a, b)?.similarity ?? 0) >= JOINED_FLOOR && (a === b || skeletonsAlike(a, b));
  const similarity = (first: string, second: string, word: string, oneExact = false) =>
    alike(first + second, word) ? (matchWords(first + second, word)?.similarity ?? 0) : runTogetherSimilarity(first, second, word, oneExact);
  const joinPair = (j: number, k: number): boolean => {
    const [first, second] = [listed[j], listed[k]];
    const length = first.word.length + second.word.length;
    // Two neighbouring screened words, the space elsewhere, unless they already are the two listed words each.
    if (Math.abs(j - k) === 1) {
      const [a, b] = j < k ? [first, second] : [second, first];
      for (let i = 0; i + 1 < screened.length; i++) {
        const [c, d] = [screened[i], screened[i + 1]];
        if (!isFree(c, screenedSurplus) || !isFree(d, screenedSurplus) || !near(c.word.length + d.word.length, length)) continue;
        const found = similarity(a.word, b.word, c.word + d.word, true);
        if (found === 0 || Math.min(matchWords(a.word, c.word)?.similarity ?? 0, matchWords(b.word, d.word)?.similarity ?? 0) >= found) continue;
        for (const token of [a, b]) use(token, listedSurplus);
        for (const token of [c, d]) use(token, screenedSurplus);
        const link = { id: ++links, similarity: found };
        join(listed, Math.min(j, k), Math.max(j, k), link);
        join(screened, i, i + 1, link);
        return true;
      }
    }
    // One screened word may be the two listed words run together, in either order (a person listed SURNAME, Given is written Given SURNAME).
    for (let i = 0; i < screened.length; i++) {
      const token = screened[i];
      if (!isFree(token, screenedSurplus) || !near(token.word.length, length)) continue;
      let [a, b] = j < k ? [j, k] : [k, j];
      let found = similarity(listed[a].word, listed[b].word, token.word);
      if (found === 0) {
        [a, b] = [b, a];
        found = similarity(listed[a].word, listed[b].word, token.word);
      }
      if (found === 0) continue;
      use(first, listedSurplus);
      use(second, listedSurplus);
      use(token, screenedSurplus);
      const link = { id: ++links, similarity: found };
      join(listed, a, b, link);
      screened[i] = { ...token, joined: true, link: link.id, linkSimilarity: found };
      return true;
    }
    return false;
  };
  for (const adjacent of [true, false]) {
    for (let j = 0; j < listed.length; j++) {
      if (!isFree(listed[j], listedSurplus)) continue;
      for (let k = j + 1; k < listed.length; k++) {
        if (adjacent !== (k === j + 1) || !isFree(listed[k], listedSurplus)) continue;
        if (joinPair(j, k)) break;
      }
    }
  }
  for (let i = 0; i + 1 < screened.length; i++) {
    const [c, d] = [screened[i], screened[i + 1]];
    if (!isFree(c, screenedSurplus) || !isFree(d, screenedSurplus)) continue;
    const length = c.word.length + d.word.length;
    const word = c.word + d.word;
    const at = listed.findIndex((token) => isFree(token, listedSurplus) && near(token.word.length, length) && alike(token.word, word));
    if (at >= 0) {
      use(c, screenedSurplus);
      use(d, screenedSurplus);
      use(listed[at], listedSurplus);
      join(screened, i, i + 1);
    }
  }
  // A trade word run into a listed word (AFRICAHOLDING, MSDBINDUSTRIES): the listed word, and the trade word apart.
  for (let i = 0; i < screened.length; i++) {
    const token = screened[i];
    if (!isFree(token, screenedSurplus) || genericGroupOf(token.word) !== undefined) continue;
    for (let cut = 2; cut <= token.word.length - 3; cut++) {
      const [head, tail] = [token.word.slice(0, cut), token.word.slice(cut)];
      if (genericGroupOf(tail) === undefined) continue;
      const at = listed.findIndex((candidate) => isFree(candidate, listedSurplus) && candidate.word === head);
      if (at < 0) continue;
      use(token, screenedSurplus);
      use(listed[at], listedSurplus);
      screened.splice(
        i,
        1,
        { word: head, text: token.text, weight: weightOf(head), joined: true, middle: false },
        { word: tail, text: tail, weight: weightOf(tail), joined: false, middle: false },
      );
      break;
    }
  }
}

const sortedLetters = (tokens: Token[]) => [...tokens.map((token) => token.word).join('')].sort().join('');

/**
 * Initials are letters, whichever way a name groups or orders them (K. P. ... S. for P. ... K. S.;
 * J Y H for H Y J), as word order does not matter: where the initials of both names that the other
 * name does not hold as they are have the same letters, each name's are compared as one word of
 * those letters (a pairing shown as joined).
 */
function regroupInitials(listed: Token[], screened: Token[], listedInitials: readonly string[], screenedInitials: readonly string[]): void {
  if (listedInitials.length === 0 || screenedInitials.length === 0) return;
  const free = (tokens: Token[], initials: readonly string[], other: Token[]) => {
    const counts = new Map<string, number>();
    for (const token of other) counts.set(token.word, (counts.get(token.word) ?? 0) + 1);
    const found: number[] = [];
    tokens.forEach((token, index) => {
      const equal = counts.get(token.word) ?? 0;
      if (equal > 0) counts.set(token.word, equal - 1);
      else if (initials.includes(token.word)) found.push(index);
    });
    return found;
  };
  const freeListed = free(listed, listedInitials, screened);
  const freeScreened = free(screened, screenedInitials, listed);
  if (freeListed.length === 0 || freeScreened.length === 0) return;
  const letters = sortedLetters(freeListed.map((index) => listed[index]));
  if (letters !== sortedLetters(freeScreened.map((index) => screened[index]))) return;
  const merge = (tokens: Token[], indexes: number[]) => {
    const merged = indexes.map((index) => tokens[index]);
    tokens.splice(indexes[0], 1, {
      word: letters,
      text: merged.map((token) => token.text).join(' '),
      weight: merged.reduce((sum, token) => sum + token.weight, 0),
      joined: true,
      middle: merged.every((token) => token.middle),
      ...(merged.some((token) => token.surname) ? { surname: true } : {}),
    });
    for (const index of indexes.slice(1).reverse()) tokens.splice(index, 1);
  };
  merge(listed, freeListed);
  merge(screened, freeScreened);
}

/** How alike a given name and its initial are: less than the name written out, as many names share a letter. */
export const INITIAL_SIMILARITY = 0.9;
/** Links of initials paired with given names: apart from joinAcrossSpaces's. */
const INITIAL_LINK = 1_000_000;

/**
 * A listed person's given names written as initials on the shipment (H. F. RAMIREZ GARCIA for RAMIREZ GARCIA, Hector
 * Fabio; K. Nam KIM for KIM, Kyong Nam): a screened initial, or a run of them (HF), pairs with as many of the listed
 * given names (the words after the surname) whose first letters they are, in order, and that the shipment does not
 * write out; the pair counts INITIAL_SIMILARITY. A surname is never paired with an initial. compareNames also reads
 * the names without these pairs and keeps the better reading.
 */
function pairInitialsWithGivenNames(listed: Token[], screened: Token[], shape: ListedNameShape, screenedInitials: readonly string[]): void {
  if (!shape.person || screenedInitials.length === 0) return;
  const written = new Set(screened.map((token) => token.word));
  let link = INITIAL_LINK;
  for (const token of screened) {
    if (!screenedInitials.includes(token.word) || token.link !== undefined) continue;
    const letters = token.word;
    const free = (candidate: Token | undefined, letter: string) =>
      candidate !== undefined &&
      !candidate.surname &&
      !candidate.joined &&
      candidate.link === undefined &&
      candidate.word[0] === letter &&
      !written.has(candidate.word);
    const start = listed.findIndex((_, index) => [...letters].every((letter, offset) => free(listed[index + offset], letter)));
    if (start < 0) continue;
    const merged = listed.slice(start, start + letters.length);
    link += 1;
    listed.splice(start, letters.length, {
      word: letters,
      text: merged.map((each) => each.text).join(' '),
      weight: merged.reduce((sum, each) => sum + each.weight, 0),
      joined: true,
      middle: merged.every((each) => each.middle),
      link,
      linkSimilarity: INITIAL_SIMILARITY,
      initial: true,
    });
    Object.assign(token, { link, linkSimilarity: INITIAL_SIMILARITY, initial: true });
  }
}

function tokenMatch(listed: Token, screened: Token): { similarity: number; how: WordMatchKind } | undefined {
  if (listed.link !== undefined && listed.link === screened.link)
    return { similarity: listed.linkSimilarity as number, how: listed.initial ? 'initial' : 'joined' };
  const found = matchWords(listed.word, screened.word);
  if (!found) return undefined;
  if (listed.joined || screened.joined) return { similarity: found.how === 'exact' ? 1 : found.similarity, how: 'joined' };
  return found;
}

interface Paired {
  row: number;
  column: number;
  similarity: number;
  how: WordMatchKind;
}

/** The one-to-one pairing with the largest total of similarity x (weight of both words); exact when one side has at most 8 words. */
function bestPairing(rows: Token[], columns: Token[]): Paired[] {
  const rowCount = rows.length;
  const columnCount = columns.length;
  const matches: ({ similarity: number; how: WordMatchKind } | undefined)[] = new Array(rowCount * columnCount);
  for (let row = 0; row < rowCount; row++)
    for (let column = 0; column < columnCount; column++) matches[row * columnCount + column] = tokenMatch(rows[row], columns[column]);
  const gain = (row: number, column: number) => (matches[row * columnCount + column]?.similarity ?? 0) * (rows[row].weight + columns[column].weight);
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
      for (let column = 0; column < columnCount; column++) if (matches[row * columnCount + column]) pairs.push([row, column, gain(row, column)]);
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
  return chosen.map(([row, column]) => ({ row, column, ...(matches[row * columnCount + column] as { similarity: number; how: WordMatchKind }) }));
}

/**
 * One word of a name may carry two edits (matchWithTwoEdits: UHNMMAD for MUHAMMAD) where the rest of
 * the name is found: of the listed words left unpaired and the screened words left unpaired (neither
 * joined nor a trade word), the pair of the largest similarity x weight, when another distinctive
 * listed word is paired.
 * A screened word the list holds (vocabulary.isListed: HASSAN, MARIA) is a name of its own, not
 * HAMDAN or MARK written with two edits; and a listed person's surname two edits off is another
 * family's (MOREAU, Jose is not MORENO, Jose), as the issue has a listed person's given names with
 * another surname a clean name.
 */
function pairWithTwoEdits(
  listed: Token[],
  screened: Token[],
  chosen: { row: number; column: number }[],
  vocabulary: NameVocabulary,
  surnames: ReadonlySet<string>,
): Paired | undefined {
  // The rest of the name found must tell parties apart: EASTWIND CHEMICALS is not EASTNINE CHEMICALS with two edits.
  if (!chosen.some(({ row }) => !listed[row].joined && vocabulary.isDistinctive(listed[row].word))) return undefined;
  const pairedRows = new Set(chosen.map(({ row }) => row));
  const pairedColumns = new Set(chosen.map(({ column }) => column));
  const plain = (token: Token) => !token.joined && genericGroupOf(token.word) === undefined;
  let best: Paired | undefined;
  let bestGain = 0;
  listed.forEach((listedToken, row) => {
    if (pairedRows.has(row) || !plain(listedToken) || surnames.has(listedToken.word)) return;
    screened.forEach((screenedToken, column) => {
      if (pairedColumns.has(column) || !plain(screenedToken) || vocabulary.isListed?.(screenedToken.word)) return;
      const found = matchWithTwoEdits(listedToken.word, screenedToken.word);
      const gain = (found?.similarity ?? 0) * (listedToken.weight + screenedToken.weight);
      if (found && gain > bestGain) {
        best = { row, column, ...found };
        bestGain = gain;
      }
    });
  });
  return best;
}

const totalWeight = (tokens: Token[]) => tokens.reduce((sum, token) => sum + token.weight, 0);

/** The weight of each listed word as compared (a middle name counts MIDDLE_NAME_FACTOR of its weight). */
export function listedWordWeights(listed: ListedNameShape, weightOf: WordWeight): number[] {
  return listed.words.map((word, index) => weightOf(word) * (listed.middle?.[index] ? MIDDLE_NAME_FACTOR : 1));
}

/**
 * Compares a listed name with a screened one, both as normalised words. Words weigh what the
 * vocabulary says (the screener weighs a word by its length and by how rare it is on the list, so
 * that TRADING or ELECTRONICS matter less than the words that tell parties apart).
 */
export function compareNames(
  listedName: string[] | ListedNameShape,
  screenedName: string[] | ScreenedNameShape,
  listedWeight = LISTED_NAME_WEIGHT,
  vocabularyOrWeight: NameVocabulary | WordWeight = plainVocabulary,
): NameComparison {
  const listedShape: ListedNameShape = Array.isArray(listedName) ? { words: listedName } : listedName;
  const screenedShape: ScreenedNameShape = Array.isArray(screenedName) ? { words: screenedName } : screenedName;
  if (listedShape.words.length === 0 || screenedShape.words.length === 0) return EMPTY;
  const vocabulary: NameVocabulary =
    typeof vocabularyOrWeight === 'function' ? { weightOf: vocabularyOrWeight, isDistinctive: plainVocabulary.isDistinctive } : vocabularyOrWeight;
  const withInitials = compareShapes(listedShape, screenedShape, listedWeight, vocabulary, true);
  if (!listedShape.person || (screenedShape.initials?.length ?? 0) === 0) return withInitials;
  // A screened initial paired with a given name may be the listed name's own initial (ALBOST, MPSHAL SAAD M for
  // ALBOST, Meshal Saad M: the M took MESHAL, and MPSHAL was left another name): the names read as written count too.
  const asWritten = compareShapes(listedShape, screenedShape, listedWeight, vocabulary, false);
  return asWritten.score > withInitials.score ? asWritten : withInitials;
}

/** compareNames of two names' shapes, with or without a person's given names paired with the screened initials (pairInitialsWithGivenNames). */
function compareShapes(
  listedShape: ListedNameShape,
  screenedShape: ScreenedNameShape,
  listedWeight: number,
  vocabulary: NameVocabulary,
  initialsForGivenNames: boolean,
): NameComparison {
  const screenedWords = screenedShape.words;
  const listedWeights = listedWordWeights(listedShape, vocabulary.weightOf);
  const surnameWords = listedShape.person ? (listedShape.surnameWords ?? 0) : 0;
  const listed: Token[] = listedShape.words.map((word, index) => ({
    word,
    text: word,
    weight: listedWeights[index],
    joined: false,
    middle: listedShape.middle?.[index] ?? false,
    ...(index < surnameWords ? { surname: true } : {}),
  }));
  const screened: Token[] = screenedWords.map((word) => ({ word, text: word, weight: vocabulary.weightOf(word), joined: false, middle: false }));
  regroupInitials(listed, screened, listedShape.initials ?? [], screenedShape.initials ?? []);
  if (initialsForGivenNames) pairInitialsWithGivenNames(listed, screened, listedShape, screenedShape.initials ?? []);
  joinAcrossSpaces(listed, screened, vocabulary.weightOf);
  const chosen = bestPairing(listed, screened);
  const surnames = new Set(listedShape.person ? listedShape.words.slice(0, listedShape.surnameWords ?? 0) : []);
  const twoEdits = pairWithTwoEdits(listed, screened, chosen, vocabulary, surnames);
  if (twoEdits) chosen.push(twoEdits);
  let listedCovered = 0;
  let screenedCovered = 0;
  const pairedListed = new Set<number>();
  const pairedScreened = new Set<number>();
  for (const { row, column, similarity } of chosen) {
    listedCovered += similarity * listed[row].weight;
    screenedCovered += similarity * screened[column].weight;
    pairedListed.add(row);
    pairedScreened.add(column);
  }
  const listedCoverage = listedCovered / totalWeight(listed);
  const screenedCoverage = screenedCovered / totalWeight(screened);
  let score = listedWeight * listedCoverage + (1 - listedWeight) * screenedCoverage;
  const missing = listed.filter((_, index) => !pairedListed.has(index));
  const extra = screened.filter((_, index) => !pairedScreened.has(index));
  // Another party: a listed word (a distinctive word, a middle name, a trade) replaced by a distinctive
  // word or by another trade (ORIENT FOODS for ORIENT SHIPPING; another middle name).
  const distinctive = (token: Token) => !token.joined && vocabulary.isDistinctive(token.word);
  const generic = (token: Token) => !token.joined && genericGroupOf(token.word) !== undefined;
  let replacedListed = missing.find(distinctive);
  let replacedBy = replacedListed && extra.find((token) => distinctive(token) || generic(token));
  if (!replacedBy) {
    replacedListed = missing.find(generic);
    replacedBy = replacedListed && extra.find(distinctive);
  }
  if (!replacedBy) {
    replacedBy = replacedListed && extra.find((token) => generic(token) && genericGroupOf(token.word) !== genericGroupOf((replacedListed as Token).word));
  }
  const replaced = replacedListed && replacedBy ? { listed: replacedListed.text, screened: replacedBy.text } : undefined;
  // A person's name as listed with a distinctive name more is mostly someone else: another surname to the same given names.
  const anotherName = !replaced && listedShape.person ? extra.find(distinctive)?.text : undefined;
  // A person's given names alone, without the surname, are no hit however alike (KYONG NAM for KIM, Kyong Nam). A
  // screened word written as a listed given name left unpaired is that given name, not the surname it is like
  // (SHEIKH HASSAAN for HUSSEIN, Sheikh Hassaan paired HASSAAN with HUSSEIN): it stands for the surname only equal to it.
  const unpairedGiven = new Set(listed.filter((token, index) => !token.surname && !pairedListed.has(index)).map((token) => token.word));
  const surnamePaired = chosen.some(({ row, column, similarity }) => listed[row].surname && (similarity >= 1 || !unpairedGiven.has(screened[column].word)));
  const givenOnly = surnameWords > 0 && !surnamePaired;
  if (replaced || anotherName || givenOnly) score = Math.min(score, REPLACED_WORD_CAP);
  return {
    score,
    listedCoverage,
    screenedCoverage,
    pairs: chosen.map(({ row, column, similarity, how }) => ({
      listed: listed[row].text,
      screened: screened[column].text,
      how,
      similarity: Math.round(similarity * 1000) / 1000,
    })),
    missing: missing.map((token) => token.text),
    extra: extra.map((token) => token.text),
    ...(replaced ? { replaced } : {}),
    ...(anotherName ? { anotherName } : {}),
  };
}

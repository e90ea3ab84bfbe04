/**
 * A rough common spelling of a word, to see through the usual differences of romanisation
 * (Arabic, Persian, Russian, Chinese names written in Latin letters): DZH/DJ at the start as J
 * (DZHAMIL, JAMIL; PRODZHEKT, PROJEKT), KH as H (KHALIL, HALIL), GH as G, DH as D (QADHAFI, GADDAFI), OU and OO as U,
 * PH as F, EE as I, Q and CK as K, X as KS,
 * W as V, SCH as SH, EI/EY/AI/AY as AI (HUSSEIN, HUSAYN), -IY as -I, -EH/-AH as -E/-A (ZADEH,
 * HIZBALLAH), -OFF/-EFF as -OV/-EV, and doubled letters as one.
 * Used only to judge whether two words are alike (wordMatch.ts), never to match exactly.
 */

/**
 * The rules, applied in turn. A word is passed over by each rule whose expression it cannot match, without running it
 * (rulesThatMayMatch: an index of 100,000 names spells some 300,000 words, most of which hold none of these, and the
 * expressions were a tenth of its build).
 */
export const SPELLING_RULES: readonly (readonly [RegExp, string])[] = [
  [/^(DZH|DJ)/, 'J'],
  [/DZH/g, 'J'],
  [/SCH/g, 'SH'],
  [/KH/g, 'H'],
  [/GH/g, 'G'],
  [/DH/g, 'D'],
  [/PH/g, 'F'],
  [/CK/g, 'K'],
  [/X/g, 'KS'],
  [/OU/g, 'U'],
  [/OO/g, 'U'],
  [/EE/g, 'I'],
  [/Q/g, 'K'],
  [/W/g, 'V'],
  [/[AE][IY]/g, 'AI'],
  [/IY$/, 'I'],
  [/([AE])H$/, '$1'],
  [/OFF$/, 'OV'],
  [/EFF$/, 'EV'],
  [/([A-Z])\1+/g, '$1'],
];

const isLetter = (code: number) => code >= 65 && code <= 90;

const cache = new Map<string, string>();
/** Entries a cache of word results keeps before it starts again (each holds strings: 500,000 made some hundred MB). */
const CACHE_LIMIT = 100_000;

export function canonicalSpelling(word: string): string {
  let canonical = cache.get(word);
  if (canonical !== undefined) return canonical;
  canonical = spellCanonically(word);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, canonical);
  return canonical;
}

const code = (letter: string) => letter.charCodeAt(0);
const [CA, CC, CD, CE, CF, CH, CI, CJ, CO, CS, CY, CZ] = [...'ACDEFHIJOSYZ'].map(code);
const [CQ, CW, CX] = [...'QWX'].map(code);

/** By character code: the rules a letter alone may start (X, Q, W). */
const LETTER_RULES = new Int32Array(128);
LETTER_RULES[CX] = 1 << 8;
LETTER_RULES[CQ] = 1 << 12;
LETTER_RULES[CW] = 1 << 13;
/** By two character codes (the first x 128 + the second): the rules the two letters in a row may start. */
const PAIR_RULES = new Int32Array(128 * 128);
const pair = (letters: string) => (code(letters[0]) << 7) | code(letters[1]);
for (const [letters, rule] of [
  ['KH', 3],
  ['GH', 4],
  ['DH', 5],
  ['PH', 6],
  ['CK', 7],
  ['OU', 9],
  ['OO', 10],
  ['EE', 11],
  ['AI', 14],
  ['AY', 14],
  ['EI', 14],
  ['EY', 14],
] as const)
  PAIR_RULES[pair(letters)] |= 1 << rule;
for (let letter = 65; letter <= 90; letter++) PAIR_RULES[(letter << 7) | letter] |= 1 << 19;

/**
 * Which of SPELLING_RULES may match the word (bit r for rule r): what each rule's test answers, read in one pass
 * over the word's letters instead of a pass per rule.
 */
function rulesThatMayMatch(word: string): number {
  const length = word.length;
  if (length === 0) return 0;
  let rules = 0;
  const first = word.charCodeAt(0);
  if ((first === CD && length >= 2 && word.charCodeAt(1) === CJ) || (first === CD && length >= 3 && word.charCodeAt(1) === CZ && word.charCodeAt(2) === CH))
    rules |= 1;
  let before = -1;
  let previous = -1;
  for (let index = 0; index < length; index++) {
    const letter = word.charCodeAt(index);
    if (letter < 128) {
      rules |= LETTER_RULES[letter];
      if (previous >= 0 && previous < 128) rules |= PAIR_RULES[(previous << 7) | letter];
      if (letter === CH && before === (previous === CZ ? CD : previous === CC ? CS : -2)) rules |= previous === CZ ? 1 << 1 : 1 << 2;
    }
    before = previous;
    previous = letter;
  }
  if (length >= 2) {
    const last = word.charCodeAt(length - 1);
    const beforeLast = word.charCodeAt(length - 2);
    if (last === CY && beforeLast === CI) rules |= 1 << 15;
    if (last === CH && (beforeLast === CA || beforeLast === CE)) rules |= 1 << 16;
    if (length >= 3 && last === CF && beforeLast === CF) {
      const third = word.charCodeAt(length - 3);
      if (third === CO) rules |= 1 << 17;
      else if (third === CE) rules |= 1 << 18;
    }
  }
  return rules;
}

/**
 * SPELLING_RULES applied in turn, each whose test the word as it stands passes (rulesThatMayMatch, read again after a
 * rule changed it): most words pass none, and an index of 100,000 names spells some 300,000.
 */
function spellCanonically(word: string): string {
  let canonical = word;
  let rules = rulesThatMayMatch(canonical);
  for (let rule = 0; rules !== 0 && rule < SPELLING_RULES.length; rule++) {
    if ((rules & (1 << rule)) === 0) continue;
    const [pattern, replacement] = SPELLING_RULES[rule];
    const next = canonical.replace(pattern, replacement);
    if (next !== canonical) {
      canonical = next;
      rules = rulesThatMayMatch(canonical);
    }
  }
  return canonical;
}

const VOWELS = 'AEIOUY';

/** Consonants that sound alike are one in a skeleton: C G J K Q as K, S Z as S, F V W as F. */
const CONSONANT_CLASSES: Readonly<Record<string, string>> = { C: 'K', G: 'K', J: 'K', Q: 'K', Z: 'S', V: 'F', W: 'F' };
const VOWEL_CODES: ReadonlySet<number> = new Set([...VOWELS].map(code));
/** By character code below 128: the code of its consonant class (itself for the others). */
const CONSONANT_CODES = Int32Array.from({ length: 128 }, (_, letter) => code(CONSONANT_CLASSES[String.fromCharCode(letter)] ?? String.fromCharCode(letter)));
const UNDERSCORE = code('_');

/**
 * The consonants of a word's common spelling (those that sound alike as one, see
 * CONSONANT_CLASSES), doubled ones once, with a leading vowel written as _: HEZBOLLAH and
 * HIZBALLAH are both HSBL, OMAR and UMAR both _MR. Words with the same skeleton differ only in
 * their vowels and in letters that sound alike, the commonest differences between romanisations.
 */
const skeletons = new Map<string, string>();

export function consonantSkeleton(word: string): string {
  let skeleton = skeletons.get(word);
  if (skeleton !== undefined) return skeleton;
  skeleton = skeletonOfSpelling(canonicalSpelling(word));
  if (skeletons.size >= CACHE_LIMIT) skeletons.clear();
  skeletons.set(word, skeleton);
  return skeleton;
}

/**
 * A word's common spelling and consonant skeleton, made without keeping them: what canonicalSpelling and consonantSkeleton
 * answer, for a build that reads each of its words once (an index of 100,000 names reads some 300,000, which would
 * only turn the caches over).
 */
export function spellingAndSkeleton(word: string): { canonical: string; skeleton: string } {
  const canonical = spellCanonically(word);
  return { canonical, skeleton: skeletonOfSpelling(canonical) };
}

/** The skeleton of a word from its common spelling: in one pass, the vowels left out, each consonant as its class, and a letter following the same letter once. */
function skeletonOfSpelling(canonical: string): string {
  const codes: number[] = [];
  if (canonical !== '' && VOWEL_CODES.has(canonical.charCodeAt(0))) codes.push(UNDERSCORE);
  let last = -1;
  for (let index = 0; index < canonical.length; index++) {
    const letter = canonical.charCodeAt(index);
    if (VOWEL_CODES.has(letter)) continue;
    const consonant = letter < 128 ? CONSONANT_CODES[letter] : letter;
    if (consonant === last && isLetter(consonant)) continue;
    codes.push(consonant);
    last = consonant;
  }
  return String.fromCharCode(...codes);
}

/** Two letters in a row, the last of one word and the first of the next, that may start a spelling rule changing consonants (DZH, SCH, KH, GH, DH, PH, CK) across where the words meet. */
const CROSSING_PAIRS: ReadonlySet<string> = new Set(['KH', 'GH', 'DH', 'PH', 'CK', 'ZH', 'DZ', 'CH', 'SC']);

/**
 * consonantSkeleton(first + second), from the two words' own skeletons where that gives the same: no spelling rule that
 * changes consonants reaches across where they meet, neither word is short enough for a rule at the start or end to
 * reach into the other (or, as KH at the second's start, turn into letters that do), the first does not end in -AH or -EH (or -AKH, -EKH: KH is H first) (dropped at a word's end only) and the second does not
 * start with DJ or DZH (changed at a word's start only). The vowels' rules change no skeleton. Otherwise made anew. An
 * index of 100,000 names joins some 250,000 pairs of neighbouring words.
 */
export function joinedSkeleton(first: string, firstSkeleton: string, second: string, secondSkeleton: string): string {
  const safe =
    first.length >= 3 &&
    second.length >= 3 &&
    !CROSSING_PAIRS.has(first[first.length - 1] + second[0]) &&
    // KH at the second's start is H before GH, DH and PH are read: the first's G, D or P meets that H.
    !(second.startsWith('KH') && CROSSING_PAIRS.has(`${first[first.length - 1]}H`)) &&
    !/[AE]K?H$/.test(first) &&
    !second.startsWith('DJ') &&
    !second.startsWith('DZH');
  if (!safe) return spellingAndSkeleton(first + second).skeleton;
  // The second's leading vowels are only vowels inside the joined word, and its first consonant is one with the first's last when alike.
  const body = secondSkeleton.startsWith('_') ? secondSkeleton.slice(1) : secondSkeleton;
  if (body === '') return firstSkeleton;
  const last = firstSkeleton.charCodeAt(firstSkeleton.length - 1);
  const hasConsonant = firstSkeleton.length > (firstSkeleton.startsWith('_') ? 1 : 0);
  return hasConsonant && last === body.charCodeAt(0) && isLetter(last) ? firstSkeleton + body.slice(1) : firstSkeleton + body;
}

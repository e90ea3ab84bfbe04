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
 * The rules, applied in turn, each with what a word must hold for its expression to match: a word without it
 * is passed over without running the expression (an index of 100,000 names spells some 400,000 words,
 * most of which hold none of these, and the expressions were a tenth of its build).
 */
export const SPELLING_RULES: readonly (readonly [RegExp, string, (word: string) => boolean])[] = [
  [/^(DZH|DJ)/, 'J', (word) => word.startsWith('DZH') || word.startsWith('DJ')],
  [/DZH/g, 'J', (word) => word.includes('DZH')],
  [/SCH/g, 'SH', (word) => word.includes('SCH')],
  [/KH/g, 'H', (word) => word.includes('KH')],
  [/GH/g, 'G', (word) => word.includes('GH')],
  [/DH/g, 'D', (word) => word.includes('DH')],
  [/PH/g, 'F', (word) => word.includes('PH')],
  [/CK/g, 'K', (word) => word.includes('CK')],
  [/X/g, 'KS', (word) => word.includes('X')],
  [/OU/g, 'U', (word) => word.includes('OU')],
  [/OO/g, 'U', (word) => word.includes('OO')],
  [/EE/g, 'I', (word) => word.includes('EE')],
  [/Q/g, 'K', (word) => word.includes('Q')],
  [/W/g, 'V', (word) => word.includes('W')],
  [/[AE][IY]/g, 'AI', (word) => word.includes('AI') || word.includes('AY') || word.includes('EI') || word.includes('EY')],
  [/IY$/, 'I', (word) => word.endsWith('IY')],
  [/([AE])H$/, '$1', (word) => word.endsWith('AH') || word.endsWith('EH')],
  [/OFF$/, 'OV', (word) => word.endsWith('OFF')],
  [/EFF$/, 'EV', (word) => word.endsWith('EFF')],
  [/([A-Z])\1+/g, '$1', (word) => hasDoubledLetter(word)],
];

const isLetter = (code: number) => code >= 65 && code <= 90;

/** Whether a letter A-Z follows itself somewhere in the word. */
function hasDoubledLetter(word: string): boolean {
  for (let index = 1; index < word.length; index++) {
    const code = word.charCodeAt(index);
    if (code === word.charCodeAt(index - 1) && isLetter(code)) return true;
  }
  return false;
}

const cache = new Map<string, string>();
/** Entries a cache of word results keeps before it starts again (each holds strings: 500,000 made some hundred MB). */
const CACHE_LIMIT = 100_000;

export function canonicalSpelling(word: string): string {
  let canonical = cache.get(word);
  if (canonical !== undefined) return canonical;
  canonical = word;
  for (const [pattern, replacement, mayMatch] of SPELLING_RULES) if (mayMatch(canonical)) canonical = canonical.replace(pattern, replacement);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, canonical);
  return canonical;
}

const VOWELS = 'AEIOUY';

/** Consonants that sound alike are one in a skeleton: C G J K Q as K, S Z as S, F V W as F. */
const CONSONANT_CLASSES: Readonly<Record<string, string>> = { C: 'K', G: 'K', J: 'K', Q: 'K', Z: 'S', V: 'F', W: 'F' };

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
  const canonical = canonicalSpelling(word);
  // In one pass: the vowels left out, each consonant as its class, and a letter following the same letter once.
  let consonants = '';
  let last = '';
  for (const character of canonical) {
    if (VOWELS.includes(character)) continue;
    const consonant = CONSONANT_CLASSES[character] ?? character;
    if (consonant === last && isLetter(consonant.charCodeAt(0))) continue;
    consonants += consonant;
    last = consonant;
  }
  const lead = canonical !== '' && VOWELS.includes(canonical[0]) ? '_' : '';
  skeleton = lead + consonants;
  if (skeletons.size >= CACHE_LIMIT) skeletons.clear();
  skeletons.set(word, skeleton);
  return skeleton;
}

/**
 * A rough common spelling of a word, to see through the usual differences of romanisation
 * (Arabic, Persian, Russian, Chinese names written in Latin letters): DZH/DJ at the start as J
 * (DZHAMIL, JAMIL; PRODZHEKT, PROJEKT), KH as H (KHALIL, HALIL), GH as G, DH as D (QADHAFI, GADDAFI), OU and OO as U,
 * PH as F, EE as I, Q and CK as K, X as KS,
 * W as V, SCH as SH, EI/EY/AI/AY as AI (HUSSEIN, HUSAYN), -IY as -I, -EH/-AH as -E/-A (ZADEH,
 * HIZBALLAH), -OFF/-EFF as -OV/-EV, and doubled letters as one.
 * Used only to judge whether two words are alike (wordMatch.ts), never to match exactly.
 */

const RULES: [RegExp, string][] = [
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

const cache = new Map<string, string>();
/** Entries a cache of word results keeps before it starts again (each holds strings: 500,000 made some hundred MB). */
const CACHE_LIMIT = 100_000;

export function canonicalSpelling(word: string): string {
  let canonical = cache.get(word);
  if (canonical !== undefined) return canonical;
  canonical = word;
  for (const [pattern, replacement] of RULES) canonical = canonical.replace(pattern, replacement);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, canonical);
  return canonical;
}

const VOWELS = /[AEIOUY]/g;

/** Consonants that sound alike are one in a skeleton: C G J K Q as K, S Z as S, F V W as F. */
const CONSONANT_CLASSES: [RegExp, string][] = [
  [/[CGJQ]/g, 'K'],
  [/Z/g, 'S'],
  [/[VW]/g, 'F'],
];

/**
 * The consonants of a word's common spelling (those that sound alike as one, see
 * CONSONANT_CLASSES), doubled ones once, with a leading vowel written as _: HEZBOLLAH and
 * HIZBALLAH are both HSBLH, OMAR and UMAR both _MR. Words with the same skeleton differ only in
 * their vowels and in letters that sound alike, the commonest differences between romanisations.
 */
const skeletons = new Map<string, string>();

export function consonantSkeleton(word: string): string {
  let skeleton = skeletons.get(word);
  if (skeleton !== undefined) return skeleton;
  const canonical = canonicalSpelling(word);
  const lead = /^[AEIOUY]/.test(canonical) ? '_' : '';
  let consonants = canonical.replace(VOWELS, '');
  for (const [pattern, replacement] of CONSONANT_CLASSES) consonants = consonants.replace(pattern, replacement);
  skeleton = lead + consonants.replace(/([A-Z])\1+/g, '$1');
  if (skeletons.size >= CACHE_LIMIT) skeletons.clear();
  skeletons.set(word, skeleton);
  return skeleton;
}

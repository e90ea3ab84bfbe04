/**
 * A rough common spelling of a word, to see through the usual differences of romanisation:
 * DZH/DJ at the start as J (DZHAMIL, JAMIL), KH as H (KHALIL, HALIL), OU as U, PH as F, EE as I,
 * Q as K, W as V, SCH as SH, -IY as -I, -OFF/-EFF as -OV/-EV, and doubled letters as one.
 * Used only to judge whether two words are alike (nameSimilarity.ts), never to match exactly.
 */

const RULES: [RegExp, string][] = [
  [/^(DZH|DJ)/, 'J'],
  [/KH/g, 'H'],
  [/OU/g, 'U'],
  [/PH/g, 'F'],
  [/EE/g, 'I'],
  [/Q/g, 'K'],
  [/W/g, 'V'],
  [/SCH/g, 'SH'],
  [/IY$/, 'I'],
  [/OFF$/, 'OV'],
  [/EFF$/, 'EV'],
  [/([A-Z])\1+/g, '$1'],
];

const cache = new Map<string, string>();
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

import type { SourceName } from './model';

/** "FAMILY, Given Names" as OFAC writes individuals: split at the first comma; otherwise the name alone. */
export function familyCommaGiven(full: string): SourceName {
  const comma = full.indexOf(',');
  if (comma <= 0) return { full };
  const family = full.slice(0, comma).trim();
  const given = full.slice(comma + 1).trim();
  return family && given ? { full, family, given } : { full };
}

const HAS_LOWER = /\p{Ll}/u;
const HAS_LETTER = /\p{L}/u;

/**
 * A US_CSL individual: "FAMILY, Given" (rows of the SDN list) or "Given FAMILY", the family name the trailing words
 * in capitals after at least one word in mixed case (rows of OFAC's other lists: "Mohammed ABU JHEISHEH").
 */
export function cslIndividualName(full: string): SourceName {
  if (full.includes(',')) return familyCommaGiven(full);
  const words = full.split(/\s+/).filter(Boolean);
  let first = words.length;
  while (first > 0 && HAS_LETTER.test(words[first - 1]) && !HAS_LOWER.test(words[first - 1])) first -= 1;
  if (first === 0 || first === words.length || !HAS_LOWER.test(words[first - 1])) return { full };
  return { full, family: words.slice(first).join(' '), given: words.slice(0, first).join(' ') };
}

/**
 * Jaro and Jaro-Winkler similarity (Jaro 1989; Winkler 1990): 1 for equal strings, 0 for strings
 * with nothing in common. Winkler's prefix bonus (0.1 per common leading character, at most 4) is
 * given only above a Jaro similarity of 0.7, as Winkler did.
 */

let firstMatched = new Uint8Array(64);
let secondMatched = new Uint8Array(64);

function buffers(firstLength: number, secondLength: number): void {
  if (firstMatched.length < firstLength) firstMatched = new Uint8Array(firstLength * 2);
  if (secondMatched.length < secondLength) secondMatched = new Uint8Array(secondLength * 2);
  firstMatched.fill(0, 0, firstLength);
  secondMatched.fill(0, 0, secondLength);
}

export function jaro(first: string, second: string): number {
  if (first === second) return 1;
  const firstLength = first.length;
  const secondLength = second.length;
  if (firstLength === 0 || secondLength === 0) return 0;
  // Characters match when equal and no further apart than half the longer string, less one.
  const window = Math.max(0, (Math.max(firstLength, secondLength) >> 1) - 1);
  buffers(firstLength, secondLength);
  let matches = 0;
  for (let i = 0; i < firstLength; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(secondLength - 1, i + window);
    const code = first.charCodeAt(i);
    for (let j = from; j <= to; j++) {
      if (secondMatched[j] === 0 && second.charCodeAt(j) === code) {
        firstMatched[i] = 1;
        secondMatched[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  // Transpositions: matched characters that appear in a different order, counted in halves.
  let outOfOrder = 0;
  for (let i = 0, j = 0; i < firstLength; i++) {
    if (firstMatched[i] === 0) continue;
    while (secondMatched[j] === 0) j++;
    if (first.charCodeAt(i) !== second.charCodeAt(j)) outOfOrder++;
    j++;
  }
  const transpositions = outOfOrder / 2;
  return (matches / firstLength + matches / secondLength + (matches - transpositions) / matches) / 3;
}

export const WINKLER_PREFIX_SCALE = 0.1;
export const WINKLER_MAX_PREFIX = 4;
export const WINKLER_BOOST_THRESHOLD = 0.7;

export function jaroWinkler(first: string, second: string): number {
  const similarity = jaro(first, second);
  if (similarity <= WINKLER_BOOST_THRESHOLD) return similarity;
  const limit = Math.min(WINKLER_MAX_PREFIX, first.length, second.length);
  let prefix = 0;
  while (prefix < limit && first.charCodeAt(prefix) === second.charCodeAt(prefix)) prefix++;
  return similarity + prefix * WINKLER_PREFIX_SCALE * (1 - similarity);
}

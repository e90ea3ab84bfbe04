/** Plain ASCII, the common case of cargo texts: it needs no Unicode folding, and lower-casing it is exact. */

// biome-ignore lint/suspicious/noControlCharactersInRegex: the test is for the whole ASCII range, which starts at NUL
const ASCII = /^[\x00-\x7f]*$/;
const PRINTABLE_ASCII_CHARACTER = /^[\x20-\x7e]$/;

export function isAsciiText(text: string): boolean {
  return ASCII.test(text);
}

export function isPrintableAsciiCharacter(character: string): boolean {
  return PRINTABLE_ASCII_CHARACTER.test(character);
}

/**
 * A text lower-cased so that `includes` of a lower-cased printable ASCII needle finds every place a
 * case-insensitive Unicode expression (flags `iu`, simple case folding) could match it: of the
 * characters outside ASCII only the long s (U+017F) and the Kelvin sign (U+212A) fold to ASCII
 * letters, and lower-casing keeps the Kelvin sign's.
 */
export function lowerForAsciiSearch(text: string): string {
  const lower = text.toLowerCase();
  return isAsciiText(text) ? lower : lower.replace(/\u017f/g, 's');
}

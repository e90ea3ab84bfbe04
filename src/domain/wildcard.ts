import { isAsciiText, isPrintableAsciiCharacter, lowerForAsciiSearch } from './asciiText';
/**
 * Matching values of the rule lists (spec 5): `*` stands for any run of characters, `?` for any one
 * character, `#` for any one digit; `!` makes the character after it literal (`!*`, `!?`, `!#`, `!!`).
 * Matching ignores case and treats any run of white space as one space.
 *
 * Matching methods: Default finds the value anywhere in the text, Keyword only as whole words,
 * Exact only as the whole text.
 */

import { withoutFormatCharacters } from './screening/textFolding';

export const MATCHING_METHODS = ['Default', 'Keyword', 'Exact'] as const;
export type MatchingMethod = (typeof MATCHING_METHODS)[number];

export const WILDCARD_ESCAPE = '!';
/** The wildcards (any run, any one, a digit) and the escape: the characters escapeMatchingValue escapes. */
const ESCAPED_CHARACTERS = /[!*?#]/g;

export type MatchingToken = { kind: 'literal'; text: string } | { kind: 'anyRun' } | { kind: 'anyOne' } | { kind: 'digit' };

export function isMatchingMethod(value: unknown): value is MatchingMethod {
  return typeof value === 'string' && (MATCHING_METHODS as readonly string[]).includes(value);
}

/** The tokens of a matching value; undefined when an escape `!` ends it (it escapes nothing). */
export function parseMatchingValue(pattern: string): MatchingToken[] | undefined {
  const tokens: MatchingToken[] = [];
  const chars = [...pattern];
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index];
    if (char === WILDCARD_ESCAPE) {
      index += 1;
      if (index >= chars.length) return undefined;
      tokens.push({ kind: 'literal', text: chars[index] });
    } else if (char === '*') {
      // Consecutive stars mean the same as one.
      if (tokens.at(-1)?.kind !== 'anyRun') tokens.push({ kind: 'anyRun' });
    } else if (char === '?') {
      tokens.push({ kind: 'anyOne' });
    } else if (char === '#') {
      tokens.push({ kind: 'digit' });
    } else {
      tokens.push({ kind: 'literal', text: char });
    }
  }
  return tokens;
}

/**
 * A matching value is valid when no escape is left dangling and it holds at least one letter or
 * digit written literally: a value of wildcards alone (`*`, `??`) would match every party.
 */
export function isValidMatchingValue(pattern: string): boolean {
  const tokens = parseMatchingValue(normaliseMatchText(pattern));
  return tokens?.some((token) => token.kind === 'literal' && /[\p{L}\p{N}]/u.test(token.text)) ?? false;
}

/** The matching value that matches exactly this text: every wildcard and escape character escaped. */
export function escapeMatchingValue(text: string): string {
  // A regular expression of the characters above: an official list's 100,000 names are escaped as they load.
  return text.replace(ESCAPED_CHARACTERS, `${WILDCARD_ESCAPE}$&`);
}

/** The text a matching value without wildcards stands for (escapes removed); undefined when it has wildcards or is invalid. */
export function literalOfMatchingValue(pattern: string): string | undefined {
  const tokens = parseMatchingValue(pattern);
  if (!tokens || tokens.some((token) => token.kind !== 'literal')) return undefined;
  return tokens.map((token) => (token as { text: string }).text).join('');
}

/** Texts are compared without their invisible format characters (a soft hyphen, a zero width joiner), trimmed, with white space runs as one space. */
export function normaliseMatchText(text: string): string {
  return withoutFormatCharacters(text).trim().replace(/\s+/gu, ' ');
}

function escapeRegExp(text: string): string {
  // Only syntax characters and '/' may be escaped under the u flag.
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

const WORD_CHAR = '[\\p{L}\\p{N}]';

/** What a compiled matching value does: tell whether a (normalised) text matches. */
export interface Matcher {
  test(text: string): boolean;
}

const WORD = /[\p{L}\p{N}]/u;
const DIGIT = /\p{Nd}/u;
const SPACE = /\s/u;

/**
 * A matching value with `*` in it, matched in one pass over the text (a Thompson simulation of its
 * tokens: the set of positions in the value reachable so far), so time grows with the text's length
 * times the value's, never exponentially: a regular expression of several `[\s\S]*` backtracks
 * (`Q*Q*Q*Q*Q*Q*Q*Q*Q*Q*Q*Z` against 38 Q took 20 s and blocked every other request meanwhile).
 * The same semantics as the expression it replaces: case ignored, Keyword bounded by non-word
 * characters, Exact the whole text.
 */
class WildcardMatcher implements Matcher {
  readonly #tokens: readonly MatchingToken[];
  readonly #folded: readonly string[];

  constructor(
    tokens: readonly MatchingToken[],
    private readonly method: MatchingMethod,
  ) {
    this.#tokens = tokens;
    this.#folded = tokens.map((token) => (token.kind === 'literal' ? token.text.toLowerCase() : ''));
  }

  #takes(index: number, char: string): boolean {
    const token = this.#tokens[index]!;
    switch (token.kind) {
      case 'anyOne':
        return true;
      case 'digit':
        return DIGIT.test(char);
      case 'literal':
        return SPACE.test(token.text) ? SPACE.test(char) : char.toLowerCase() === this.#folded[index];
      case 'anyRun':
        return true;
    }
  }

  test(text: string): boolean {
    const chars = [...text];
    const count = this.#tokens.length;
    let current = new Uint8Array(count + 1);
    let next = new Uint8Array(count + 1);
    const startsAt = (position: number) =>
      this.method === 'Default' || (this.method === 'Exact' ? position === 0 : position === 0 || !WORD.test(chars[position - 1]!));
    const endsAt = (position: number) =>
      this.method === 'Default' || (this.method === 'Exact' ? position === chars.length : position === chars.length || !WORD.test(chars[position]!));
    for (let position = 0; ; position++) {
      if (startsAt(position)) current[0] = 1;
      // A star may also stand for nothing: being before it is being after it too.
      for (let index = 0; index < count; index++) if (current[index] && this.#tokens[index]!.kind === 'anyRun') current[index + 1] = 1;
      if (current[count] && endsAt(position)) return true;
      if (position === chars.length) return false;
      next.fill(0);
      let alive = false;
      for (let index = 0; index < count; index++) {
        if (!current[index]) continue;
        if (this.#tokens[index]!.kind === 'anyRun') {
          next[index] = 1;
          alive = true;
        } else if (this.#takes(index, chars[position]!)) {
          next[index + 1] = 1;
          alive = true;
        }
      }
      // Nothing under way, and no new start can come (Exact starts only at 0).
      if (!alive && this.method === 'Exact') return false;
      [current, next] = [next, current];
    }
  }
}

/**
 * The matcher of a matching value under a method; throws on an invalid value. A value without `*`
 * is a regular expression of fixed length (it cannot backtrack); one with `*` a WildcardMatcher.
 */
export function compileMatchingValue(pattern: string, method: MatchingMethod): Matcher {
  const tokens = parseMatchingValue(normaliseMatchText(pattern));
  if (!tokens) throw new Error(`Invalid matching value: ${pattern}`);
  if (tokens.some((token) => token.kind === 'anyRun')) return new WildcardMatcher(tokens, method);
  if (tokens.every((token) => token.kind === 'literal' && isPrintableAsciiCharacter(token.text))) return new AsciiLiteralMatcher(tokens, method);
  return new RegExp(patternSource(tokens, method), 'iu');
}

const ASCII_WORD = /[A-Za-z0-9]/;

/**
 * A matching value of plain ASCII characters (most names): found by indexOf in the lower-cased text,
 * with the method's bounds checked around it. Making one costs nothing, where a Keyword expression of
 * Unicode classes took about a millisecond to make (50,000 of a list: a minute). A text that is not
 * plain ASCII and holds the value (lowerForAsciiSearch) is tested by the expression, made when first
 * needed, whose Unicode case folding and word characters this does not repeat.
 */
class AsciiLiteralMatcher implements Matcher {
  /** The value as written (every character a literal): its tokens are made again only for the rare text that is not plain ASCII. */
  readonly #text: string;
  readonly #needle: string;
  readonly #method: MatchingMethod;
  #expression: RegExp | undefined;

  /**
   * Keeps the value as one string, not its tokens: a list of 50,000 values held some 1.3 million token objects,
   * 67 MB of a server's live heap, for as long as the list version was in use.
   */
  constructor(tokens: readonly MatchingToken[], method: MatchingMethod) {
    this.#text = tokens.map((token) => (token as { text: string }).text).join('');
    this.#needle = this.#text.toLowerCase();
    this.#method = method;
  }

  test(text: string): boolean {
    if (!isAsciiText(text)) {
      if (!lowerForAsciiSearch(text).includes(this.#needle)) return false;
      this.#expression ??= new RegExp(patternSource(literalTokens(this.#text), this.#method), 'iu');
      return this.#expression.test(text);
    }
    const haystack = text.toLowerCase();
    const needle = this.#needle;
    if (this.#method === 'Exact') return haystack === needle;
    if (this.#method === 'Default') return haystack.includes(needle);
    for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
      const before = at === 0 || !ASCII_WORD.test(haystack[at - 1]);
      const after = at + needle.length === haystack.length || !ASCII_WORD.test(haystack[at + needle.length]);
      if (before && after) return true;
    }
    return false;
  }
}

/** The tokens of a text of literals alone (an AsciiLiteralMatcher's value). */
function literalTokens(text: string): MatchingToken[] {
  return [...text].map((char) => ({ kind: 'literal', text: char }));
}

/** The regular expression's source of the tokens under a method (the oracle the tests compare WildcardMatcher with). */
export function patternSource(tokens: readonly MatchingToken[], method: MatchingMethod): string {
  const body = tokens
    .map((token) => {
      switch (token.kind) {
        case 'anyRun':
          return '[\\s\\S]*';
        case 'anyOne':
          return '[\\s\\S]';
        case 'digit':
          return '\\p{Nd}';
        default: // 'literal', the one kind left
          return /\s/u.test(token.text) ? '\\s+' : escapeRegExp(token.text);
      }
    })
    .join('');
  switch (method) {
    case 'Exact':
      return `^${body}$`;
    case 'Keyword':
      return `(?<!${WORD_CHAR})${body}(?!${WORD_CHAR})`;
    case 'Default':
      return body;
  }
}

/** Whether the text matches the matching value under the method (false for an invalid value). */
export function matchesValue(text: string, pattern: string, method: MatchingMethod = 'Default'): boolean {
  if (!isValidMatchingValue(pattern)) return false;
  return compileMatchingValue(pattern, method).test(normaliseMatchText(text));
}

/**
 * The longest run of letters, digits and plain ASCII written literally in a matching value, lower-cased:
 * every text the value matches holds it (case aside), so a list of thousands of values can pass over
 * most of them with one `includes` per value (ruleRows.ts). Undefined when the value has no such run.
 */
export function requiredAsciiLiteral(pattern: string): string | undefined {
  const tokens = parseMatchingValue(normaliseMatchText(pattern));
  if (!tokens) return undefined;
  // The longest run found by its bounds, and made as one string: built a character at a time, each value's
  // literal stayed a chain of concatenations in memory (a 50,000-row list: some 30 MB more) until first read.
  let longest = { from: 0, to: 0 };
  let from = 0;
  for (const [index, token] of tokens.entries()) {
    // Printable ASCII only: lower-cased, it is found in a text as lowerForAsciiSearch lower-cases it.
    if (!(token.kind === 'literal' && isPrintableAsciiCharacter(token.text))) from = index + 1;
    else if (index + 1 - from > longest.to - longest.from) longest = { from, to: index + 1 };
  }
  if (longest.to === longest.from) return undefined;
  return tokens
    .slice(longest.from, longest.to)
    .map((token) => (token as { text: string }).text)
    .join('')
    .toLowerCase();
}

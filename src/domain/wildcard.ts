/**
 * Matching values of the rule lists (spec 5): `*` stands for any run of characters, `?` for any one
 * character, `#` for any one digit; `!` makes the character after it literal (`!*`, `!?`, `!#`, `!!`).
 * Matching ignores case and treats any run of white space as one space.
 *
 * Matching methods: Default finds the value anywhere in the text, Keyword only as whole words,
 * Exact only as the whole text.
 */

export const MATCHING_METHODS = ['Default', 'Keyword', 'Exact'] as const;
export type MatchingMethod = (typeof MATCHING_METHODS)[number];

export const WILDCARD_ESCAPE = '!';
const WILDCARDS = new Set(['*', '?', '#']);

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
  return tokens !== undefined && tokens.some((token) => token.kind === 'literal' && /[\p{L}\p{N}]/u.test(token.text));
}

/** The matching value that matches exactly this text: every wildcard and escape character escaped. */
export function escapeMatchingValue(text: string): string {
  return [...text].map((char) => (char === WILDCARD_ESCAPE || WILDCARDS.has(char) ? WILDCARD_ESCAPE + char : char)).join('');
}

/** The text a matching value without wildcards stands for (escapes removed); undefined when it has wildcards or is invalid. */
export function literalOfMatchingValue(pattern: string): string | undefined {
  const tokens = parseMatchingValue(pattern);
  if (!tokens || tokens.some((token) => token.kind !== 'literal')) return undefined;
  return tokens.map((token) => (token as { text: string }).text).join('');
}

/** Texts are compared trimmed, with white space runs as one space. */
export function normaliseMatchText(text: string): string {
  return text.trim().replace(/\s+/gu, ' ');
}

function escapeRegExp(text: string): string {
  // Only syntax characters and '/' may be escaped under the u flag.
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

const WORD_CHAR = '[\\p{L}\\p{N}]';

/** The regular expression of a matching value under a method; throws on an invalid value. */
export function compileMatchingValue(pattern: string, method: MatchingMethod): RegExp {
  const tokens = parseMatchingValue(normaliseMatchText(pattern));
  if (!tokens) throw new Error(`Invalid matching value: ${pattern}`);
  const body = tokens
    .map((token) => {
      switch (token.kind) {
        case 'anyRun':
          return '[\\s\\S]*';
        case 'anyOne':
          return '[\\s\\S]';
        case 'digit':
          return '\\p{Nd}';
        case 'literal':
          return /\s/u.test(token.text) ? '\\s+' : escapeRegExp(token.text);
      }
    })
    .join('');
  switch (method) {
    case 'Exact':
      return new RegExp(`^${body}$`, 'iu');
    case 'Keyword':
      return new RegExp(`(?<!${WORD_CHAR})${body}(?!${WORD_CHAR})`, 'iu');
    case 'Default':
      return new RegExp(body, 'iu');
  }
}

/** Whether the text matches the matching value under the method (false for an invalid value). */
export function matchesValue(text: string, pattern: string, method: MatchingMethod = 'Default'): boolean {
  if (!isValidMatchingValue(pattern)) return false;
  return compileMatchingValue(pattern, method).test(normaliseMatchText(text));
}

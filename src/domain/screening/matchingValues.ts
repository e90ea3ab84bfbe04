import { compileMatchingValue, literalOfMatchingValue, parseMatchingValue, type Matcher, type MatchingMethod } from '../wildcard';
import { foldKeepingEdges } from './textFolding';

/**
 * List names and whitelist names are matching values of the rule lists (src/domain/wildcard.ts):
 * `*` any characters, `?` one character, `#` one digit, `!` escapes. Screening compares folded
 * texts, so a value's literal parts are folded the same way, wildcards kept.
 */

export type ReadValue = { kind: 'literal'; text: string } | { kind: 'pattern'; folded: string } | { kind: 'invalid' };

/** The characters of the matching-value syntax (wildcard.ts): a value without any is all literal. */
const WILDCARD_SYNTAX = /[*?#!]/;

/** "Al-Nur*" -> { pattern, folded: "AL NUR*" }; "E!*TRADE" -> { literal, text: "E*TRADE" }. */
export function readMatchingValue(value: string): ReadValue {
  // Most names hold no wildcard and no escape: the value is its literal (a list of 100,000 names read each character as a token).
  if (!WILDCARD_SYNTAX.test(value)) return { kind: 'literal', text: value };
  const tokens = parseMatchingValue(value);
  if (!tokens) return { kind: 'invalid' };
  if (tokens.every((token) => token.kind === 'literal')) return { kind: 'literal', text: literalOfMatchingValue(value) ?? '' };
  let folded = '';
  let literal = '';
  for (const token of tokens) {
    if (token.kind === 'literal') {
      literal += token.text;
      continue;
    }
    folded += foldKeepingEdges(literal);
    literal = '';
    folded += token.kind === 'anyRun' ? '*' : token.kind === 'anyOne' ? '?' : '#';
  }
  folded = (folded + foldKeepingEdges(literal)).replace(/ +/g, ' ').trim();
  // A value of wildcards alone would match every party.
  return /[A-Z0-9]/.test(folded) ? { kind: 'pattern', folded } : { kind: 'invalid' };
}

/** The regular expression of a folded pattern under a method, for testing folded texts. */
export function compileFoldedPattern(folded: string, method: MatchingMethod): Matcher {
  return compileMatchingValue(folded, method);
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileMatchingValue,
  escapeMatchingValue,
  isMatchingMethod,
  isValidMatchingValue,
  literalOfMatchingValue,
  matchesValue,
  MATCHING_METHODS,
  parseMatchingValue,
} from '../../src/domain/wildcard';

/** Texts rich in the characters that matter: wildcards, the escape, spaces, letters, digits, regex syntax. */
const tricky = fc.string({ unit: fc.constantFrom('*', '?', '#', '!', ' ', 'a', 'B', 'z', '0', '7', '.', '(', ')', '[', '\\', '$', '^', '-', '/', '|', '+', 'é'), maxLength: 24 });
const word = fc.string({ unit: fc.constantFrom('a', 'b', 'C', 'x', '1', '9', '*', '?', '#', '!'), minLength: 1, maxLength: 8 });
const hasLetterOrDigit = (text: string) => /[\p{L}\p{N}]/u.test(text);
const norm = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

describe('the wildcard matcher (spec 5)', () => {
  it('knows the three matching methods', () => {
    expect(MATCHING_METHODS).toEqual(['Default', 'Keyword', 'Exact']);
    expect(isMatchingMethod('Keyword')).toBe(true);
    expect(isMatchingMethod('keyword')).toBe(false);
  });

  it('reads * ? # as wildcards and ! as the escape', () => {
    expect(matchesValue('ACME TRADING LLC', 'ACME*LLC', 'Exact')).toBe(true);
    expect(matchesValue('ACME LLC', 'ACM? LLC', 'Exact')).toBe(true);
    expect(matchesValue('OFFICE 39', 'OFFICE ##', 'Exact')).toBe(true);
    expect(matchesValue('OFFICE 3X', 'OFFICE ##', 'Exact')).toBe(false);
    expect(matchesValue('OFFICE #39', 'OFFICE !#39', 'Exact')).toBe(true);
    expect(matchesValue('OFFICE 139', 'OFFICE !#39', 'Exact')).toBe(false);
    expect(matchesValue('WHAT?', 'WHAT!?', 'Exact')).toBe(true);
    expect(matchesValue('WHATS', 'WHAT!?', 'Exact')).toBe(false);
    expect(matchesValue('A*B', 'A!*B', 'Exact')).toBe(true);
    expect(matchesValue('AXB', 'A!*B', 'Exact')).toBe(false);
    expect(matchesValue('HELLO!', 'HELLO!!', 'Exact')).toBe(true);
  });

  it('matches Default anywhere, Keyword on whole words, Exact on the whole text, without regard to case or spacing', () => {
    expect(matchesValue('Global  Cuba Trading', 'cuba', 'Default')).toBe(true);
    expect(matchesValue('CUBANA AIRLINES', 'CUBA', 'Default')).toBe(true);
    expect(matchesValue('CUBANA AIRLINES', 'CUBA', 'Keyword')).toBe(false);
    expect(matchesValue('AIR CUBA LTD', 'CUBA', 'Keyword')).toBe(true);
    expect(matchesValue('AIR CUBA LTD', 'air cuba', 'Keyword')).toBe(true);
    expect(matchesValue('AIR CUBA LTD', 'CUBA', 'Exact')).toBe(false);
    expect(matchesValue('  air   cuba ltd ', 'AIR CUBA LTD', 'Exact')).toBe(true);
    expect(matchesValue('AIR CUBA LTD', 'CUB*', 'Keyword')).toBe(true);
  });

  it('refuses values of wildcards alone and a dangling escape', () => {
    for (const bad of ['', '   ', '*', '???', '#', '*?#', 'ABC!', '!', '!*']) expect(isValidMatchingValue(bad), bad).toBe(false);
    for (const good of ['A', 'A*', '!!A', 'OFFICE !#39', '8542*']) expect(isValidMatchingValue(good), good).toBe(true);
    expect(matchesValue('anything', '*')).toBe(false);
    expect(() => compileMatchingValue('ABC!', 'Exact')).toThrow();
  });

  it('property: an escaped text matches itself exactly, whatever characters it holds', () => {
    fc.assert(
      fc.property(tricky.filter(hasLetterOrDigit), (text) => {
        expect(matchesValue(text, escapeMatchingValue(text), 'Exact')).toBe(true);
      }),
    );
  });

  it('property: an escaped text matches no other text exactly', () => {
    fc.assert(
      fc.property(tricky.filter(hasLetterOrDigit), tricky, (text, other) => {
        fc.pre(norm(text) !== norm(other));
        expect(matchesValue(other, escapeMatchingValue(text), 'Exact')).toBe(false);
      }),
    );
  });

  it('property: an escaped text is found (Default) inside any text that contains it', () => {
    fc.assert(
      fc.property(tricky, tricky.filter(hasLetterOrDigit), tricky, (before, text, after) => {
        expect(matchesValue(`${before}${text}${after}`, escapeMatchingValue(text), 'Default')).toBe(true);
      }),
    );
  });

  it('property: escaping has no wildcards left and reads back as the same text', () => {
    fc.assert(
      fc.property(tricky, (text) => {
        const tokens = parseMatchingValue(escapeMatchingValue(text));
        expect(tokens?.every((token) => token.kind === 'literal')).toBe(true);
        expect(literalOfMatchingValue(escapeMatchingValue(text))).toBe(text);
      }),
    );
  });

  it('property: every valid value compiles under every method, and * stands for any text', () => {
    fc.assert(
      fc.property(tricky, fc.constantFrom(...MATCHING_METHODS), (pattern, method) => {
        if (isValidMatchingValue(pattern)) expect(compileMatchingValue(pattern, method)).toBeInstanceOf(RegExp);
        else expect(matchesValue('any text', pattern, method)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(word.filter((text) => hasLetterOrDigit(text)), tricky, (head, middle) => {
        const literal = escapeMatchingValue(head);
        expect(matchesValue(`${head}${middle}${head}`, `${literal}*${literal}`, 'Exact')).toBe(true);
      }),
    );
  });

  it('property: ? takes exactly one character and # exactly one digit', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', 'c'), minLength: 1, maxLength: 6 }), fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), fc.integer({ min: 0, max: 9 }), (stem, one, digit) => {
        fc.pre(one.trim() !== '');
        expect(matchesValue(`${stem}${one}`, `${stem}?`, 'Exact')).toBe(true);
        expect(matchesValue(`${stem}`, `${stem}?`, 'Exact')).toBe(false);
        expect(matchesValue(`${stem}${digit}`, `${stem}#`, 'Exact')).toBe(true);
        expect(matchesValue(`${stem}${digit}${digit}`, `${stem}#`, 'Exact')).toBe(false);
        expect(matchesValue(`${stem}x`, `${stem}#`, 'Exact')).toBe(false);
      }),
    );
  });
});

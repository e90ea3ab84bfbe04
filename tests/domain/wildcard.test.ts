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
  normaliseMatchText,
  parseMatchingValue,
  patternSource,
} from '../../src/domain/wildcard';
import { rowMatches } from '../../src/domain/compliance/ruleRows';

/** Texts rich in the characters that matter: wildcards, the escape, spaces, letters, digits, regex syntax. */
const tricky = fc.string({
  unit: fc.constantFrom('*', '?', '#', '!', ' ', 'a', 'B', 'z', '0', '7', '.', '(', ')', '[', '\\', '$', '^', '-', '/', '|', '+', 'é'),
  maxLength: 24,
});
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
        if (isValidMatchingValue(pattern)) expect(typeof compileMatchingValue(pattern, method).test).toBe('function');
        else expect(matchesValue('any text', pattern, method)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(
        word.filter((text) => hasLetterOrDigit(text)),
        tricky,
        (head, middle) => {
          const literal = escapeMatchingValue(head);
          expect(matchesValue(`${head}${middle}${head}`, `${literal}*${literal}`, 'Exact')).toBe(true);
        },
      ),
    );
  });

  it('property: ? takes exactly one character and # exactly one digit', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', 'c'), minLength: 1, maxLength: 6 }),
        fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
        fc.integer({ min: 0, max: 9 }),
        (stem, one, digit) => {
          fc.pre(one.trim() !== '');
          expect(matchesValue(`${stem}${one}`, `${stem}?`, 'Exact')).toBe(true);
          expect(matchesValue(`${stem}`, `${stem}?`, 'Exact')).toBe(false);
          expect(matchesValue(`${stem}${digit}`, `${stem}#`, 'Exact')).toBe(true);
          expect(matchesValue(`${stem}${digit}${digit}`, `${stem}#`, 'Exact')).toBe(false);
          expect(matchesValue(`${stem}x`, `${stem}#`, 'Exact')).toBe(false);
        },
      ),
    );
  });

  it('property: a value with stars matches exactly what its (backtracking) regular expression matches, under every method', () => {
    const starry = fc
      .string({ unit: fc.constantFrom('*', '*', '?', '#', 'a', 'B', '1', ' ', '-', 'é'), minLength: 1, maxLength: 10 })
      .map((text) => `${text}*a`);
    const text = fc.string({ unit: fc.constantFrom('a', 'A', 'b', 'B', '1', '2', ' ', '-', 'é', 'É', '.', 'x'), maxLength: 16 });
    fc.assert(
      fc.property(starry, text, fc.constantFrom(...MATCHING_METHODS), (pattern, subject, method) => {
        const normalised = normaliseMatchText(pattern);
        const oracle = new RegExp(patternSource(parseMatchingValue(normalised)!, method), 'iu');
        expect(compileMatchingValue(pattern, method).test(normaliseMatchText(subject)), `${pattern} ${method} on "${subject}"`).toBe(
          oracle.test(normaliseMatchText(subject)),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('property: a plain ASCII value (no wildcards) matches exactly what its regular expression matches, under every method (issue 33)', () => {
    const plain = fc
      .string({ unit: fc.constantFrom('a', 'B', '1', ' ', '-', '.', 'k'), minLength: 1, maxLength: 6 })
      .filter((value) => /[a-z0-9]/i.test(value));
    const text = fc.string({ unit: fc.constantFrom('a', 'A', 'b', 'B', '1', ' ', '-', '.', 'é', 'K', '\u212A', '\u017F', 'x'), maxLength: 14 });
    fc.assert(
      fc.property(plain, text, fc.constantFrom(...MATCHING_METHODS), (pattern, subject, method) => {
        const normalised = normaliseMatchText(pattern);
        const oracle = new RegExp(patternSource(parseMatchingValue(normalised)!, method), 'iu');
        expect(compileMatchingValue(pattern, method).test(normaliseMatchText(subject)), `${pattern} ${method} on "${subject}"`).toBe(
          oracle.test(normaliseMatchText(subject)),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('matches in one pass whatever the value: the worst values found take well under a millisecond a text', () => {
    // Each of these made the regular expression backtrack exponentially (Q*...*Z on 38 Q: 20 s).
    const worst = ['Q*Q*Q*Q*Q*Q*Q*Q*Q*Q*Q*Z', '*Q*Q*Q*Q*Q*Q*Q*Q*Q*Q*Q*Q*Q*Q*Q*Q*Z*', 'A?*A?*A?*A?*A?*A?*A?*A?*B', '#*#*#*#*#*#*#*#*#*#*X'];
    const texts = ['Q'.repeat(38), 'Q'.repeat(200), 'A'.repeat(300), '1'.repeat(300), 'Q A '.repeat(60)];
    const began = performance.now();
    let matched = 0;
    for (const value of worst) for (const method of MATCHING_METHODS) for (const text of texts) if (compileMatchingValue(value, method).test(text)) matched++;
    const perText = (performance.now() - began) / (worst.length * MATCHING_METHODS.length * texts.length);
    expect(matched).toBe(0);
    // A generous bound (the old expressions took seconds to minutes on these): no timing luck involved.
    expect(perText).toBeLessThan(5);
    expect(matchesValue(`${'Q'.repeat(37)}Z`, 'Q*Q*Q*Q*Q*Q*Q*Q*Q*Q*Q*Z', 'Exact')).toBe(true);
  });

  it('reads rule rows and shipment texts without their invisible format characters (issue 33)', () => {
    // A description or a party typed with a soft hyphen or a joiner, a row pasted with one: the same words as without.
    expect(matchesValue('LITHIUM BAT\u200DTERIES', 'BATTERIES', 'Keyword')).toBe(true);
    expect(matchesValue('LITHIUM BATTERIES', 'BAT\u00ADTERIES', 'Keyword')).toBe(true);
    expect(matchesValue('\uFEFFAIR CU\u00ADBA LTD\u200B', 'AIR CUBA LTD', 'Exact')).toBe(true);
    expect(matchesValue('AIR CUBA LTD', 'AIR CU\u2060BA*', 'Exact')).toBe(true);
    expect(matchesValue('OFFICE 3\u200D9', 'OFFICE ##', 'Exact')).toBe(true);
    expect(normaliseMatchText(' A\u200EB\u202E C ')).toBe('AB C');
    expect(isValidMatchingValue('\u200D\u00AD')).toBe(false);
    // The rules engine's rows, with the literal each match needs (requiredAsciiLiteral) read the same way.
    const row = (matchingValue: string) => ({ id: '1', values: { matchingValue } });
    expect(rowMatches('SPARE PARTS FOR MA\u00ADHAN AIR', row('MAHAN AIR'), 'matchingValue', 'Keyword')).toBe(true);
    expect(rowMatches('SPARE PARTS FOR MAHAN AIR', row('MA\u200DHAN AIR'), 'matchingValue', 'Keyword')).toBe(true);
    expect(rowMatches('SPARE PARTS FOR MAHAN AIR', row('MA\u200DHAN*AIR'), 'matchingValue', 'Exact')).toBe(false);
    expect(rowMatches('MAHAN\u2060 AIR', row('MA\u200DHAN*AIR'), 'matchingValue', 'Exact')).toBe(true);
  });
});

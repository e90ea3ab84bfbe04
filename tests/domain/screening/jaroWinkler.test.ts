import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jaro, jaroWinkler } from '../../../src/domain/screening';

/**
 * Published reference values: Winkler (1990) and the Jaro-Winkler test data of the jellyfish
 * library (testdata/jaro_distance.csv, jaro_winkler.csv), to three decimals.
 */
const JARO: [string, string, number][] = [
  ['DIXON', 'DICKSONX', 0.767],
  ['MARTHA', 'MARHTA', 0.944],
  ['DWAYNE', 'DUANE', 0.822],
  ['CRATE', 'TRACE', 0.733],
];
const JARO_WINKLER: [string, string, number][] = [
  ['DIXON', 'DICKSONX', 0.813],
  ['MARTHA', 'MARHTA', 0.961],
  ['DWAYNE', 'DUANE', 0.84],
  ['William', 'Williams', 0.975],
  ['', 'foo', 0],
  ['a', 'a', 1],
  ['abc', 'xyz', 0],
  ['SHACKLEFORD', 'SHACKELFORD', 0.982],
  ['DUNNINGHAM', 'CUNNIGHAM', 0.896],
  ['NICHLESON', 'NICHULSON', 0.956],
  ['JONES', 'JOHNSON', 0.832],
  ['MASSEY', 'MASSIE', 0.933],
  ['ABROMS', 'ABRAMS', 0.922],
  ['JERALDINE', 'GERALDINE', 0.926],
  ['MICHELLE', 'MICHAEL', 0.921],
  ['JULIES', 'JULIUS', 0.933],
  ['TANYA', 'TONYA', 0.88],
  ['SEAN', 'SUSAN', 0.805],
  ['JON', 'JOHN', 0.933],
];

describe('Jaro and Jaro-Winkler similarity', () => {
  it.each(JARO)('Jaro(%s, %s) = %d', (first, second, expected) => {
    expect(jaro(first, second)).toBeCloseTo(expected, 3);
  });

  it.each(JARO_WINKLER)('Jaro-Winkler(%s, %s) = %d', (first, second, expected) => {
    expect(jaroWinkler(first, second)).toBeCloseTo(expected, 3);
  });

  it('computes MARTHA/MARHTA by hand: 6 matches, 1 transposition, prefix 3', () => {
    const jaroValue = (6 / 6 + 6 / 6 + (6 - 1) / 6) / 3;
    expect(jaro('MARTHA', 'MARHTA')).toBeCloseTo(jaroValue, 12);
    expect(jaroWinkler('MARTHA', 'MARHTA')).toBeCloseTo(jaroValue + 3 * 0.1 * (1 - jaroValue), 12);
  });

  it('gives no prefix bonus at or below a Jaro similarity of 0.7', () => {
    expect(jaro('CRATE', 'TRACE')).toBeGreaterThan(0.7);
    expect(jaroWinkler('HARDIN', 'MARTINEZ')).toBe(jaro('HARDIN', 'MARTINEZ'));
    expect(jaro('ABCDEFG', 'AXXXXXX')).toBeLessThan(0.7);
    expect(jaroWinkler('ABCDEFG', 'AXXXXXX')).toBe(jaro('ABCDEFG', 'AXXXXXX'));
    // The other side of the threshold: a shared prefix above 0.7 does earn it (4 matching, prefix 4).
    const above = (4 / 6 + 4 / 6 + 1) / 3;
    expect(jaro('ABCDEF', 'ABCDXX')).toBeCloseTo(above, 12);
    expect(jaroWinkler('ABCDEF', 'ABCDXX')).toBeCloseTo(above + 4 * 0.1 * (1 - above), 12);
  });

  it('property: symmetric, between 0 and 1, 1 exactly for equal strings, and never below Jaro', () => {
    const word = fc.string({ unit: fc.constantFrom(...'ABCDEHMNORST'), maxLength: 14 });
    fc.assert(
      fc.property(word, word, (first, second) => {
        const value = jaroWinkler(first, second);
        expect(value).toBeCloseTo(jaroWinkler(second, first), 12);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
        expect(value).toBeGreaterThanOrEqual(jaro(first, second));
        if (first === second) expect(value).toBe(1);
        else expect(value).toBeLessThan(1);
      }),
      { numRuns: 500 },
    );
  });
});

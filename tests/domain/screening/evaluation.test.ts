import { describe, expect, it } from 'vitest';
import {
  bestThreshold,
  buildLabelledSet,
  curvePoint,
  DEFAULT_FUZZY_THRESHOLD,
  NEGATIVE_KINDS,
  normaliseName,
  precisionRecallCurve,
  SanctionScreener,
  scorePairs,
  VARIANT_KINDS,
} from '../../../src/domain/screening';
import { literalOfMatchingValue } from '../../../src/domain/wildcard';
import { fixtureEntries } from './fixtureList';

const entries = fixtureEntries();
const pairs = buildLabelledSet(entries, { positives: 400, negatives: 400 });

describe('the labelled evaluation set', () => {
  it('is generated from the list with a seed: the same seed gives the same set, another seed another', () => {
    expect(buildLabelledSet(entries, { positives: 400, negatives: 400 })).toEqual(pairs);
    expect(buildLabelledSet(entries, { positives: 400, negatives: 400, seed: 7 })).not.toEqual(pairs);
  });

  it('holds positives of every variant kind, labelled with their entry, and negatives of every kind', () => {
    const positives = pairs.filter((pair) => pair.positive);
    const negatives = pairs.filter((pair) => !pair.positive);
    expect(positives).toHaveLength(400);
    expect(negatives).toHaveLength(400);
    const kinds = new Set(positives.flatMap((pair) => (pair.positive ? pair.variants : [])));
    expect([...kinds].sort()).toEqual([...VARIANT_KINDS].sort());
    const ids = new Set(entries.map((entry) => entry.entryId));
    expect(positives.every((pair) => pair.positive && ids.has(pair.entryId) && pair.query !== pair.listedName)).toBe(true);
    expect(new Set(negatives.map((pair) => (pair.positive ? '' : pair.kind)))).toEqual(new Set(NEGATIVE_KINDS));
  });

  it('has no negative that is a listed name once normalised', () => {
    const listed = new Set(
      entries.flatMap((entry) => [entry.name, ...entry.aliases].map((value) => normaliseName(literalOfMatchingValue(value) ?? value).text)),
    );
    expect(pairs.filter((pair) => !pair.positive && listed.has(normaliseName(pair.query).text))).toEqual([]);
  });
});

describe('precision and recall of Default matching', () => {
  const scored = scorePairs(new SanctionScreener(entries), pairs);
  const curve = precisionRecallCurve(scored, 0.75, 1, 0.01);

  it('reach at least 0.97 each at the default threshold', () => {
    const atDefault = curvePoint(scored, DEFAULT_FUZZY_THRESHOLD);
    expect(atDefault.precision).toBeGreaterThanOrEqual(0.97);
    expect(atDefault.recall).toBeGreaterThanOrEqual(0.97);
  });

  it("finds a person whose given names are written as initials, and never a listed person's given names alone (issue 34, 4)", () => {
    const flagged = (pair: (typeof scored)[number]) => pair.score >= DEFAULT_FUZZY_THRESHOLD;
    const initials = scored.filter(({ pair }) => pair.positive && pair.variants.includes('initials'));
    expect(initials.length).toBeGreaterThan(5);
    expect(initials.filter(flagged).length / initials.length).toBeGreaterThanOrEqual(0.97);
    const givenAlone = scored.filter(({ pair }) => !pair.positive && pair.kind === 'common-given-names');
    expect(givenAlone.length).toBeGreaterThan(5);
    expect(givenAlone.filter(flagged).map(({ pair }) => pair.query)).toEqual([]);
  });

  it('the default threshold is within 0.01 of the best F2 on the curve', () => {
    const best = bestThreshold(curve);
    expect(curvePoint(scored, DEFAULT_FUZZY_THRESHOLD).f2).toBeGreaterThanOrEqual(best.f2 - 0.01);
  });

  it('trades recall for precision as the threshold rises', () => {
    for (let index = 1; index < curve.length; index++) {
      expect(curve[index].recall).toBeLessThanOrEqual(curve[index - 1].recall);
      expect(curve[index].falsePositives).toBeLessThanOrEqual(curve[index - 1].falsePositives);
    }
    expect(curve[0].recall).toBeGreaterThan(curve.at(-1)!.recall);
  });
});

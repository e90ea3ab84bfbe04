import type { SanctionScreener } from '../sanctionScreener';
import type { LabelledPair } from './labelledSet';

/**
 * Precision and recall of Default matching on a labelled set, at every threshold of a sweep:
 * a positive counts as found when its own entry scores at least the threshold; a negative counts
 * as a false alarm when any entry does (or, for one made of an entry's given names, that entry).
 */

export interface ScoredPair {
  pair: LabelledPair;
  /** Positives: the score of the entry they must find (0 when not found at all); negatives: the best score of any entry (or of onlyEntryId's). */
  score: number;
  /** The hit that gave the score, explained (see SanctionHit.explanation). */
  why?: string;
}

export interface CurvePoint {
  threshold: number;
  truePositives: number;
  falseNegatives: number;
  falsePositives: number;
  trueNegatives: number;
  precision: number;
  recall: number;
  f1: number;
  /** F-beta with beta 2: recall weighs twice, as a missed sanctioned party costs more than a review. */
  f2: number;
}

/** Screens every query once, down to `floor`, and keeps the score that decides it. */
export function scorePairs(screener: SanctionScreener, pairs: readonly LabelledPair[], floor = 0.7): ScoredPair[] {
  return pairs.map((pair) => {
    const hits = screener.screenSubject({ role: 'Shipper', kind: 'name', text: pair.query }, floor);
    const entryId = pair.positive ? pair.entryId : pair.onlyEntryId;
    const hit = entryId ? hits.find((candidate) => candidate.entryId === entryId) : hits[0];
    return { pair, score: hit?.score ?? 0, ...(hit ? { why: `${hit.matchedPhrase}: ${hit.explanation?.summary ?? ''}` } : {}) };
  });
}

const fBeta = (precision: number, recall: number, beta: number) =>
  precision + recall === 0 ? 0 : ((1 + beta * beta) * precision * recall) / (beta * beta * precision + recall);

export function curvePoint(scored: readonly ScoredPair[], threshold: number): CurvePoint {
  let truePositives = 0;
  let falseNegatives = 0;
  let falsePositives = 0;
  let trueNegatives = 0;
  for (const { pair, score } of scored) {
    const flagged = score >= threshold;
    if (pair.positive) flagged ? truePositives++ : falseNegatives++;
    else flagged ? falsePositives++ : trueNegatives++;
  }
  const precision = truePositives + falsePositives === 0 ? 1 : truePositives / (truePositives + falsePositives);
  const recall = truePositives + falseNegatives === 0 ? 1 : truePositives / (truePositives + falseNegatives);
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return {
    threshold,
    truePositives,
    falseNegatives,
    falsePositives,
    trueNegatives,
    precision: round(precision),
    recall: round(recall),
    f1: round(fBeta(precision, recall, 1)),
    f2: round(fBeta(precision, recall, 2)),
  };
}

/** The curve from `from` to `to` in steps of `step`. */
export function precisionRecallCurve(scored: readonly ScoredPair[], from = 0.7, to = 1, step = 0.01): CurvePoint[] {
  const points: CurvePoint[] = [];
  for (let index = 0; from + index * step <= to + 1e-9; index++) points.push(curvePoint(scored, Math.round((from + index * step) * 1000) / 1000));
  return points;
}

/** The threshold with the best F2; of equals, the highest (fewer false alarms). */
export function bestThreshold(curve: readonly CurvePoint[]): CurvePoint {
  return curve.reduce((best, point) => (point.f2 > best.f2 || (point.f2 === best.f2 && point.threshold > best.threshold) ? point : best));
}

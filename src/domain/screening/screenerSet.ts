import { REVIEW_FLOOR } from '../sanctionRisk';
import type { HitSourceVersion, SanctionHit, ScreeningSubject } from './sanctionList';
import type { EntryScreener } from './editedScreener';
import { DEFAULT_FUZZY_THRESHOLD, screenSubjects, type ScreeningOutcome } from './sanctionScreener';
import type { SanctionWhitelist, WhitelistContext } from './whitelist';

/** What screening a shipment or a name needs of a screener; SanctionScreener and ScreenerSet both are one. */
export interface Screening {
  readonly threshold: number;
  screen(subjects: readonly ScreeningSubject[], whitelist?: SanctionWhitelist, context?: WhitelistContext): ScreeningOutcome;
  search(name: string, options?: { limit?: number; minScore?: number }): SanctionHit[];
}

/**
 * Several screeners screened as one list (issue 34): the company's own rows and each official source have a
 * screener of their own, so a new version of one source, or an edit of one internal row, rebuilds only its own
 * index. A subject's hits are those of every screener, one per list entry id (the best), best first; a hit found in a
 * source's screener names the source's version it was found in (`versions`, by screener).
 */
export class ScreenerSet implements Screening {
  readonly threshold: number;

  constructor(
    readonly screeners: readonly EntryScreener[],
    private readonly versions: readonly (HitSourceVersion | undefined)[] = [],
  ) {
    this.threshold = screeners[0]?.threshold ?? DEFAULT_FUZZY_THRESHOLD;
  }

  private screenSubject(subject: ScreeningSubject, threshold?: number): SanctionHit[] {
    const best = new Map<string, SanctionHit>();
    for (const [index, screener] of this.screeners.entries()) {
      const sourceVersion = this.versions[index];
      for (const found of screener.screenSubject(subject, threshold ?? screener.threshold)) {
        const hit = sourceVersion ? { ...found, sourceVersion } : found;
        const current = best.get(hit.entryId);
        if (!current || current.score < hit.score) best.set(hit.entryId, hit);
      }
    }
    return [...best.values()].sort((a, b) => b.score - a.score || a.entryId.localeCompare(b.entryId));
  }

  screen(subjects: readonly ScreeningSubject[], whitelist?: SanctionWhitelist, context?: WhitelistContext): ScreeningOutcome {
    return screenSubjects((subject) => this.screenSubject(subject), subjects, whitelist, context);
  }

  search(name: string, { limit = 10, minScore = Math.min(this.threshold, REVIEW_FLOOR) }: { limit?: number; minScore?: number } = {}): SanctionHit[] {
    return this.screenSubject({ role: 'Shipper', kind: 'name', text: name }, minScore).slice(0, limit);
  }
}

import { describe, expect, it } from 'vitest';
import { entryRiskLevel, HIGH_CONFIDENCE_SCORE, readRiskLevel, REVIEW_FLOOR, sanctionRiskLevel } from '../../src/domain/sanctionRisk';
import { SanctionScreener, type SanctionListEntry } from '../../src/domain/screening';
import { fixtureEntries } from './screening/fixtureList';

/** What each risk label means (src/domain/sanctionRisk.ts), and that screening labels its hits by it. */

function entry(
  entryId: string,
  listName: string,
  name: string,
  matchingMethod: SanctionListEntry['matchingMethod'],
  extra: Partial<SanctionListEntry> = {},
): SanctionListEntry {
  return { entryId, listName, name, aliases: [], matchingMethod, partyType: 'Entity', programs: [], ...extra };
}

describe('the risk label of a match', () => {
  it('starts from the entry: its own level, else High on an official list and Medium on the company list', () => {
    expect(entryRiskLevel({ listName: 'SDN' })).toBe('High');
    expect(entryRiskLevel({ listName: 'UN' })).toBe('High');
    expect(entryRiskLevel({ listName: 'INTERNAL' })).toBe('Medium');
    expect(entryRiskLevel({ listName: 'INTERNAL', riskLevel: 'High' })).toBe('High');
    expect(entryRiskLevel({ listName: 'SDN', riskLevel: 'Low' })).toBe('Low');
  });

  it('is one level lower for a fuzzy match below high confidence, and only for a fuzzy one', () => {
    const below = HIGH_CONFIDENCE_SCORE - 0.01;
    expect(sanctionRiskLevel({ listName: 'SDN' }, { method: 'Default', score: below })).toBe('Medium');
    expect(sanctionRiskLevel({ listName: 'SDN' }, { method: 'Default', score: HIGH_CONFIDENCE_SCORE })).toBe('High');
    expect(sanctionRiskLevel({ listName: 'INTERNAL' }, { method: 'Default', score: below })).toBe('Low');
    expect(sanctionRiskLevel({ listName: 'INTERNAL', riskLevel: 'Low' }, { method: 'Default', score: below })).toBe('Low');
    expect(sanctionRiskLevel({ listName: 'SDN' }, { method: 'Keyword', score: 1 })).toBe('High');
    expect(sanctionRiskLevel({ listName: 'INTERNAL' }, { method: 'Exact', score: 1 })).toBe('Medium');
  });

  it('is read however a list spells it, and nothing else is a level', () => {
    expect(['High', 'HIGH', ' high '].map(readRiskLevel)).toEqual(['High', 'High', 'High']);
    expect(['MEDIUM', 'Low'].map(readRiskLevel)).toEqual(['Medium', 'Low']);
    expect([undefined, null, 3, '', 'Severe'].map(readRiskLevel)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('names for review start below the default threshold', () => {
    expect(REVIEW_FLOOR).toBeLessThan(new SanctionScreener([]).threshold);
  });
});

describe('screening labels its hits by the same definition', () => {
  const entries = [
    ...fixtureEntries(),
    entry('INT-1', 'INTERNAL', 'ORIENT EXPRESS LOGISTICS', 'Default'),
    entry('INT-2', 'INTERNAL', 'GLOBAL STAR TRADING', 'Keyword'),
    entry('INT-3', 'INTERNAL', 'BLUE HARBOUR SHIPPING', 'Exact', { riskLevel: 'High' }),
  ];
  const byId = new Map(entries.map((listed) => [listed.entryId, listed]));
  const screener = new SanctionScreener(entries);
  const names = [
    'BANCO NACIONAL DE CUBA',
    'BANCO NACIONAL DE KUBA',
    'NATIONAL BANK OF CUBA',
    'MAHAAN AIR',
    'MAHAN AIRLINES',
    'ROSOBORONEXPORT JSC',
    'IRAN ELECTRONICS INDUSTRIES',
    'ORIENT EXPRES LOGISTIC',
    'ORIENTAL LOGISTICS',
    'ORIENT EXPRESS LOGISTICS',
    'GLOBAL STAR TRADING LLC',
    'BLUE HARBOUR SHIPPING',
  ];

  /** Misspellings of a listed name, more letters dropped each time: fuzzy hits from near 1 down to below high confidence. */
  const misspelt = (name: string) => [1, 2, 3, 4].map((dropped) => [...name].filter((_, index) => index % 4 !== 1 || index / 4 >= dropped).join(''));

  it('every hit, at the threshold and far below it, has the label sanctionRiskLevel gives', () => {
    const checked = [...names, ...misspelt('ORIENT EXPRESS LOGISTICS'), ...misspelt('BANCO NACIONAL DE CUBA')];
    const hits = checked.flatMap((name) => screener.search(name, { limit: 50, minScore: 0.5 }));
    expect(hits.some((hit) => hit.method === 'Default' && hit.score < HIGH_CONFIDENCE_SCORE)).toBe(true);
    expect(new Set(hits.map((hit) => hit.riskLevel))).toEqual(new Set(['High', 'Medium', 'Low']));
    for (const hit of hits) {
      const listed = byId.get(hit.entryId);
      expect(listed, hit.entryId).toBeDefined();
      expect(`${hit.screenedText} ~ ${hit.entryId}: ${hit.riskLevel}`).toBe(`${hit.screenedText} ~ ${hit.entryId}: ${sanctionRiskLevel(listed!, hit)}`);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { SanctionScreener, SanctionWhitelist, type ScreeningSubject, type WhitelistEntry } from '../../../src/domain/screening';
import { fixtureEntries } from './fixtureList';

const screener = new SanctionScreener(fixtureEntries());
const context = { date: '2025-03-01', carrierId: 'DEMOAIR' };
const consignee: ScreeningSubject = { role: 'Consignee', kind: 'name', text: 'National Bank of Cuba', countryCode: 'CH' };
const goods: ScreeningSubject = { role: 'Goods', kind: 'goods', text: 'SPARE PARTS FOR MAHAN AIR' };

function entry(overrides: Partial<WhitelistEntry>): WhitelistEntry {
  return {
    name: 'NATIONAL BANK OF CUBA',
    matchingMethod: 'Exact',
    partyRole: 'Any',
    active: true,
    reason: 'Reviewed by compliance: not the listed bank.',
    ...overrides,
  };
}

function outcome(whitelist: WhitelistEntry[], subjects: ScreeningSubject[] = [consignee]) {
  const result = screener.screen(subjects, new SanctionWhitelist(whitelist), context);
  return { hits: result.hits.map((hit) => hit.entryId), cleared: result.cleared.map(({ hit, clearedBy }) => [hit.entryId, clearedBy.name]) };
}

describe('the sanction whitelist suppresses known false positives', () => {
  it('without a whitelist the party is a hit', () => {
    expect(outcome([])).toEqual({ hits: ['SDN-306'], cleared: [] });
  });

  it('a whitelisted name clears every hit on that party, and says which entry cleared it', () => {
    expect(outcome([entry({})])).toEqual({ hits: [], cleared: [['SDN-306', 'NATIONAL BANK OF CUBA']] });
    expect(outcome([entry({ name: 'national bank of cuba ltd.' })]).hits).toEqual([]);
  });

  it('a whitelisted (name, list entry) pair clears only that entry', () => {
    expect(outcome([entry({ sanctionReference: 'SDN-306' })]).hits).toEqual([]);
    expect(outcome([entry({ sanctionReference: 'SDN-36' })]).hits).toEqual(['SDN-306']);
  });

  it('holds only for its role, country, carrier, validity and while active', () => {
    expect(outcome([entry({ partyRole: 'Consignee' })]).hits).toEqual([]);
    expect(outcome([entry({ partyRole: 'Shipper' })]).hits).toEqual(['SDN-306']);
    expect(outcome([entry({ countryCode: 'CH' })]).hits).toEqual([]);
    expect(outcome([entry({ countryCode: 'PA' })]).hits).toEqual(['SDN-306']);
    expect(outcome([entry({ carrierId: 'DEMOAIR' })]).hits).toEqual([]);
    expect(outcome([entry({ carrierId: 'SKYAIR' })]).hits).toEqual(['SDN-306']);
    expect(outcome([entry({ validUntil: '2025-03-01' })]).hits).toEqual([]);
    expect(outcome([entry({ validUntil: '2025-02-28' })]).hits).toEqual(['SDN-306']);
    expect(outcome([entry({ active: false })]).hits).toEqual(['SDN-306']);
  });

  it('matches the party by its method and wildcards, never a different party', () => {
    expect(outcome([entry({ name: 'NATIONAL BANK*', matchingMethod: 'Exact' })]).hits).toEqual([]);
    expect(outcome([entry({ name: 'BANK OF CUBA', matchingMethod: 'Keyword' })]).hits).toEqual([]);
    expect(outcome([entry({ name: 'NATIONAL BANK', matchingMethod: 'Exact' })]).hits).toEqual(['SDN-306']);
    expect(outcome([entry({ name: 'BANK OF CUB', matchingMethod: 'Keyword' })]).hits).toEqual(['SDN-306']);
  });

  it('reads a whitelist row as the screened texts: a soft hyphen or a joiner in its name or the party changes nothing (issue 33)', () => {
    expect(outcome([entry({ name: 'NATIONAL BANK OF CU\u00ADBA' })]).hits).toEqual([]);
    expect(outcome([entry({ name: 'NA\u200DTIONAL BANK*', matchingMethod: 'Keyword' })]).hits).toEqual([]);
    expect(outcome([entry({ name: 'BANK OF CU\u00ADBA', matchingMethod: 'Keyword' })]).hits).toEqual([]);
    const joined: ScreeningSubject = { ...consignee, text: 'National Bank of Cu\u200Dba' };
    expect(outcome([entry({})], [joined])).toEqual({ hits: [], cleared: [['SDN-306', 'NATIONAL BANK OF CUBA']] });
  });

  it('never clears a goods description', () => {
    expect(outcome([entry({ name: 'SPARE PARTS FOR MAHAN AIR', matchingMethod: 'Exact' })], [goods]).hits).toEqual(['SDN-12927']);
  });
});

describe('a whitelist at the import limit (issue 33)', () => {
  const many = (count: number) =>
    Array.from({ length: count }, (_, at) => entry({ name: `CLEARED TRADER ${at} LTD`, matchingMethod: at % 2 === 0 ? 'Exact' : 'Keyword' }));

  it('reads the party once for all its entries, and is made in steps', () => {
    let pauses = 0;
    const steps = SanctionWhitelist.steps([...many(40_000), entry({})]);
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    expect(pauses).toBeGreaterThanOrEqual(100);
    let reads = 0;
    const counted: ScreeningSubject = {
      role: 'Consignee',
      kind: 'name',
      countryCode: 'CH',
      get text() {
        reads++;
        return 'National Bank of Cuba';
      },
    };
    const result = screener.screen([counted], step.value, context);
    expect(result.cleared.map(({ hit }) => hit.entryId)).toEqual(['SDN-306']);
    // Once to screen it, once to compare it with the whitelist: not once per entry.
    expect(reads).toBeLessThan(20);
  });

  it('names the first entry of the list that clears a hit, exact or not', () => {
    const keyword = entry({ name: 'BANK OF CUBA', matchingMethod: 'Keyword', reason: 'the first, a keyword' });
    const exact = entry({ reason: 'the second, exact' });
    const cleared = (whitelist: WhitelistEntry[]) =>
      screener.screen([consignee], new SanctionWhitelist(whitelist), context).cleared.map(({ clearedBy }) => clearedBy.reason);
    expect(cleared([keyword, exact])).toEqual(['the first, a keyword']);
    expect(cleared([exact, keyword])).toEqual(['the second, exact']);
  });
});

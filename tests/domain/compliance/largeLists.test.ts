import { describe, expect, it } from 'vitest';
import { ruleListPlugins } from '../../../plugins';
import { isDeepStrictEqual } from 'node:util';
import { effectListsOf, evaluationSteps, listsPreparation, type RuleLists, type RuleRow, type ShipmentFacts } from '../../../src/domain/compliance';
import { rowField, rowMatcher } from '../../../src/domain/compliance/ruleRows';
import { ROWS_PER_PAUSE } from '../../../src/domain/steps';
import { evaluate } from './registryEngine';

/**
 * Lists at their import limit (issue 33, item 1): what the engine derives from a list's rows (the
 * Region List's regions of each country, compiled matching values) is built once per version of the
 * list, not for every shipment: a Region List of 49,000 rows rebuilt, and copied per row, for every
 * shipment once kept a server busy for minutes. Counted by the rows' reads, not timed.
 */

const facts = (overrides: Partial<ShipmentFacts> = {}): ShipmentFacts => ({
  awb: '160-10000003',
  carrierId: 'DEMOAIR',
  origin: 'HKG',
  destination: 'FRA',
  transit: [],
  specialHandlingCodes: [],
  goods: ['MACHINE PARTS'],
  hsCodes: [],
  parties: [{ role: 'Shipper', name: 'PACIFIC MINING CO LTD', address: 'HONG KONG', countryCode: 'HK' }],
  currency: 'HKD',
  weightKg: 100,
  pieces: 1,
  licences: [],
  houses: [],
  date: '2026-11-24',
  ...overrides,
});

/** Rows whose values count every read of them. */
function countedRows(count: number, valuesOf: (at: number) => RuleRow['values']): { rows: RuleRow[]; reads: () => number } {
  let reads = 0;
  const rows = Array.from({ length: count }, (_, at) => {
    const values = valuesOf(at);
    return {
      id: String(at + 1),
      get values() {
        reads++;
        return values;
      },
    };
  });
  return { rows, reads: () => reads };
}

const places = {
  locationcodelist: [
    { id: 'a', values: { airportCode: 'HKG', countryCode: 'HK' } },
    { id: 'b', values: { airportCode: 'FRA', countryCode: 'DE' } },
  ],
};

describe('rule lists at their size limit', () => {
  it("reads a Region List's rows once for its regions, however many shipments are evaluated", () => {
    const regions = countedRows(2_000, (at) => ({ regionCode: `Z${at}`, regionName: `Bulk ${at}`, countryCodes: 'DE;FR' }));
    const lists: RuleLists = {
      ...places,
      regionlist: regions.rows,
      countryrules: [{ id: '9', values: { countryCode: 'Z1999', direction: 'Import', ruleType: 'Embargo' } }],
    };
    for (let shipment = 0; shipment < 5; shipment++) {
      const evaluation = evaluate(facts(), lists);
      // The last region holding Germany still counts: an embargo on it blocks.
      expect(evaluation.block?.kind).toBe('HARD');
    }
    expect(regions.reads()).toBeLessThanOrEqual(2 * regions.rows.length);
  });

  it('compiles each matching value of a list once, however many shipments are evaluated', () => {
    // More values than a cache shared by all lists kept (10,000), all tried against every description;
    // each value counts how often its text is taken (to compile it, or to look a compiled one up by it).
    let taken = 0;
    const value = (text: string) => ({
      toString() {
        taken++;
        return text;
      },
    });
    const rows = Array.from({ length: 12_000 }, (_, at) => ({
      id: String(at + 1),
      values: { matchingValue: value(`*SPARE ${at}X*`), matchingMethod: 'Default', mappedDescription: 'SPARE PARTS' } as unknown as RuleRow['values'],
    }));
    const lists: RuleLists = { ...places, descmap: rows };
    for (let shipment = 0; shipment < 3; shipment++)
      expect(evaluate(facts({ goods: ['SPARE 11999X WHEELS'] }), lists).mappedDescriptions).toEqual(['SPARE PARTS']);
    // Once each to compile, and a few more for the finding of the row that matched.
    expect(taken).toBeLessThan(rows.length + 20);
  });

  it('tries a text outside ASCII against a list of plain values without making an expression for each value', () => {
    const rows = Array.from({ length: 5_000 }, (_, at) => ({
      id: String(at + 1),
      values: { matchingValue: `SPARE ${at}X`, matchingMethod: 'Keyword', mappedDescription: 'SPARE PARTS' },
    }));
    const lists: RuleLists = { ...places, descmap: rows };
    const Native = globalThis.RegExp;
    let made = 0;
    globalThis.RegExp = class extends Native {
      constructor(pattern: string | RegExp, flags?: string) {
        super(pattern, flags);
        made++;
      }
    } as RegExpConstructor;
    try {
      expect(evaluate(facts({ goods: ['PIÈCES DÉTACHÉES, SPARE 4999X'] }), lists).mappedDescriptions).toEqual(['SPARE PARTS']);
      expect(evaluate(facts({ goods: ['PIÈCES DÉTACHÉES'] }), lists).mappedDescriptions).toEqual([]);
    } finally {
      globalThis.RegExp = Native;
    }
    // Only the value the text holds is tried with its Unicode expression.
    expect(made).toBeLessThan(10);
  });

  it('prepares a version of the lists ahead, in steps of a few hundred rows', () => {
    const regions = countedRows(2_000, (at) => ({ regionCode: `Z${at}`, regionName: `Bulk ${at}`, countryCodes: 'DE' }));
    const map = countedRows(2_000, (at) => ({ matchingValue: `*SPARE ${at}*`, matchingMethod: 'Default' }));
    const lists: RuleLists = { ...places, regionlist: regions.rows, descmap: map.rows };
    let steps = 0;
    for (const _ of listsPreparation(lists, [])) steps++;
    expect(steps).toBeGreaterThanOrEqual(10);
    const [regionReads, mapReads] = [regions.reads(), map.reads()];
    evaluate(facts(), lists);
    // The shipment found everything built: it read no region row, and each row of the map only to try its compiled value under its method.
    expect(regions.reads()).toBe(regionReads);
    expect(map.reads() - mapReads).toBeLessThanOrEqual(2 * map.rows.length);
  });

  it('evaluates a shipment against the lists that try every row in steps of a few hundred rows', () => {
    // Description Map, Validation Rules, the Acceptance Privilege of the shipment's station and a list of declared effects (the HS
    // Code Check List): every row is tried (or read) for each shipment.
    const map = countedRows(3_000, (at) => ({ matchingValue: `*SPARE ${at}X*`, matchingMethod: 'Default', mappedDescription: 'SPARE PARTS' }));
    const hsChecks = countedRows(3_000, (at) => ({ hsCodePattern: `${850_000 + at}*`, countryCode: 'DE', checkType: 'Dual Use', remarks: '' }));
    const validation = countedRows(3_000, (at) => ({ fieldName: 'Shipper', matchingValue: `*MINING ${at}X*`, matchingMethod: 'Default', severity: 'Warning' }));
    const privilege = countedRows(3_000, (at) => ({ companyId: `GHA${at}`, carrierId: 'DEMOAIR', acceptanceStations: 'HKG', privilege: 'Accept' }));
    const lists: RuleLists = {
      ...places,
      descmap: map.rows,
      validationrules: validation.rows,
      acceptanceprivilege: privilege.rows,
      hscodechecklist: hsChecks.rows,
    };
    const reads = () => map.reads() + validation.reads() + privilege.reads() + hsChecks.reads();
    const effectLists = effectListsOf(ruleListPlugins, lists);
    for (const _ of listsPreparation(lists, effectLists));
    let readBefore = reads();
    const steps = evaluationSteps(facts({ goods: ['SPARE 2999X WHEELS'], hsCodes: ['852999'] }), lists, [], effectLists);
    let longestRun = 0;
    let pauses = 0;
    for (;;) {
      const step = steps.next();
      longestRun = Math.max(longestRun, reads() - readBefore);
      readBefore = reads();
      if (step.done) {
        // The map matched its last row, and the station's 3,000 holders are counted, not all named.
        expect(step.value.mappedDescriptions).toEqual(['SPARE PARTS']);
        const privilege = step.value.findings.find((finding) => finding.list === 'acceptanceprivilege');
        expect(privilege?.message).toContain('GHA0 (Accept), GHA1 (Accept)');
        expect(privilege?.message).toContain('and 2,990 more in the Acceptance Privilege list.');
        expect(privilege?.message).not.toContain('GHA10 ');
        // The HS code check's last row fired.
        expect(step.value.findings.filter((finding) => finding.list === 'hscodechecklist').map((finding) => finding.rule)).toEqual(['852999* Dual Use']);
        break;
      }
      pauses++;
    }
    expect(pauses).toBeGreaterThanOrEqual((4 * 3_000) / ROWS_PER_PAUSE - 4);
    // A row is read a few times when it is tried (its carrier, field, value and method); never a whole list between two pauses.
    expect(longestRun).toBeLessThan(8 * ROWS_PER_PAUSE);
  });

  it('keeps what it derives from a row with the row, where JSON, copies and comparisons do not see it', () => {
    const values = { matchingValue: '*SPARE*', matchingMethod: 'Default', mappedDescription: 'SPARE PARTS' };
    const row: RuleRow = { id: '1', values };
    const compiled = rowMatcher(row, 'matchingValue', 'Default');
    expect(compiled?.matcher.test('SPARE WHEELS')).toBe(true);
    // Kept: asked again, through another row object of the same values too (a list's version shares them).
    expect(rowMatcher({ id: '1', values }, 'matchingValue', 'Default')).toBe(compiled);
    expect(rowField(row, 'mappedDescription')).toBe(rowField(row, 'mappedDescription'));
    // Unseen: the values read, copied and compared as they were.
    const plain = { matchingValue: '*SPARE*', matchingMethod: 'Default', mappedDescription: 'SPARE PARTS' };
    expect(JSON.stringify(values)).toBe(JSON.stringify(plain));
    expect({ ...values }).toStrictEqual(plain);
    expect(Object.keys(values)).toEqual(Object.keys(plain));
    expect(isDeepStrictEqual(values, plain)).toBe(true);
    // A frozen row's values (a fixture) are derived from all the same.
    const frozen: RuleRow = { id: '2', values: Object.freeze({ ...plain }) };
    expect(rowMatcher(frozen, 'matchingValue', 'Default')).toBe(rowMatcher(frozen, 'matchingValue', 'Default'));
  });

  it("looks the shipment's station up in the Acceptance Privilege rows instead of reading every row", () => {
    const elsewhere = countedRows(5_000, (at) => ({ companyId: `GHA${at}`, carrierId: 'DEMOAIR', acceptanceStations: 'FRA;AMS', privilege: 'Accept' }));
    const here = { id: 'hkg', values: { companyId: 'DEMOGHA', carrierId: 'DEMOAIR', acceptanceStations: 'SIN; hkg', privilege: 'Accept' } };
    const lists: RuleLists = { ...places, acceptanceprivilege: [...elsewhere.rows, here] };
    for (const _ of listsPreparation(lists, []));
    const before = elsewhere.reads();
    for (let shipment = 0; shipment < 3; shipment++)
      expect(evaluate(facts(), lists).findings.find((finding) => finding.list === 'acceptanceprivilege')?.message).toBe(
        'Besides DEMOAIR itself, only these participants may accept at HKG: DEMOGHA (Accept).',
      );
    expect(elsewhere.reads()).toBe(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ruleListPlugins } from '../../../plugins';
import { checkRecord } from '../../../src/domain/ruleListValidation';
import { matchesValue } from '../../../src/domain/wildcard';
import { seedDemoWorld } from '../../../src/server/db/seed';
import { demoRowsOf } from '../../../src/server/db/seed/ruleListDemoRows';
import { ofacSanctionRows, seedRuleLists } from '../../../src/server/db/seed/ruleLists';
import restrictedCommodity from '../../fixtures/plugins/restrictedCommodity';
import { buildTestApp, type TestApp } from '../testApp';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function counts(companyId: string): Promise<Map<string, number>> {
  const rows = await t.db
    .selectFrom('rule_list_rows')
    .select(['list_name', sql<string>`count(*)`.as('n')])
    .where('company_id', '=', companyId)
    .groupBy('list_name')
    .execute();
  return new Map(rows.map((row) => [row.list_name, Number(row.n)]));
}

describe('the rule-list demo rows', () => {
  it('fill every list of both demo airlines, the sanction list with the OFAC SDN entries', async () => {
    for (const company of ['DEMOAIR', 'SKYAIR']) {
      const seeded = await counts(company);
      for (const plugin of ruleListPlugins) expect(seeded.get(plugin.name) ?? 0, `${company} ${plugin.name}`).toBeGreaterThanOrEqual(3);
      // Test schemas get a small world: 200 OFAC entries besides the internal ones.
      expect(seeded.get('sanctionlist')).toBe(204);
    }
    expect((await counts('DEMOFWD')).size).toBe(0);
  });

  it('gives the app the whole OFAC list when asked', async () => {
    await t.db.deleteFrom('rule_list_rows').where('company_id', '=', 'SKYAIR').where('list_name', '=', 'sanctionlist').execute();
    const { rowsAdded } = await seedRuleLists(t.db);
    expect(rowsAdded).toBe(ofacSanctionRows().length + 4);
    expect(rowsAdded).toBeGreaterThan(7000);
  });

  it('derive sanction rows that pass the list rules, names escaped as matching values', () => {
    const plugin = ruleListPlugins.find((candidate) => candidate.name === 'sanctionlist')!;
    const rows = ofacSanctionRows();
    expect(rows.length).toBeGreaterThan(7000);
    for (const row of rows) expect(checkRecord(plugin.fields, { ...row, remarks: null }).problems, row.reference).toEqual({});
    const office = rows.find((row) => row.aliases.includes('OFFICE !#39'));
    expect(office).toBeDefined();
    expect(matchesValue('OFFICE #39', 'OFFICE !#39', 'Exact')).toBe(true);
  });

  it('adds nothing when run again, and does not bring back what an admin deleted', async () => {
    const before = await counts('DEMOAIR');
    expect((await seedRuleLists(t.db)).rowsAdded).toBe(0);
    await t.db.deleteFrom('rule_list_rows').where('company_id', '=', 'DEMOAIR').where('list_name', '=', 'regionlist').execute();
    await t.db
      .insertInto('audit_log')
      .values({
        company_id: 'DEMOAIR',
        user_id: 'admin',
        ip_address: null,
        entity: 'regionlist',
        entity_key: '1',
        action: 'Delete',
        before_value: null,
        after_value: null,
      })
      .execute();
    await seedDemoWorld(t.db, { shipments: 40 });
    const after = await counts('DEMOAIR');
    expect(after.get('regionlist')).toBeUndefined();
    expect(after.get('sanctionlist')).toBe(before.get('sanctionlist'));
  });

  it("read a list's demo rows from its plugin first (the seed, the authorization matrix and the bench alike, issue 36, 11)", () => {
    expect(demoRowsOf(restrictedCommodity)).toBe(restrictedCommodity.demoRows);
    expect(demoRowsOf(restrictedCommodity).length).toBeGreaterThanOrEqual(3);
    for (const plugin of ruleListPlugins) expect(demoRowsOf(plugin).length, plugin.name).toBeGreaterThanOrEqual(3);
  });

  it('seed a list from the demo rows its plugin declares, with nothing else to add', async () => {
    const { rowsAdded } = await seedRuleLists(t.db, { plugins: [restrictedCommodity] });
    expect(rowsAdded).toBe(2 * (restrictedCommodity.demoRows?.length ?? 0));
    const rows = await t.db
      .selectFrom('rule_list_rows')
      .select('row_values')
      .where('company_id', '=', 'DEMOAIR')
      .where('list_name', '=', 'restrictedcommodity')
      .orderBy('row_id')
      .execute();
    expect(rows.map((row) => row.row_values)).toEqual(restrictedCommodity.demoRows);
  });
});

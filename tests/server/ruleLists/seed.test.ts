import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ruleListPlugins } from '../../../plugins';
import { seedDemoWorld } from '../../../src/server/db/seed';
import { demoRowsOf } from '../../../src/server/db/seed/ruleListDemoRows';
import { seedRuleLists } from '../../../src/server/db/seed/ruleLists';
import { seedSanctionSources } from '../../../src/server/db/seed/sanctionSources';
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
  it("fill every list of both demo airlines, the sanction list with the company's own entries (the SDN is a source)", async () => {
    for (const company of ['DEMOAIR', 'SKYAIR']) {
      const seeded = await counts(company);
      for (const plugin of ruleListPlugins) expect(seeded.get(plugin.name) ?? 0, `${company} ${plugin.name}`).toBeGreaterThanOrEqual(3);
      expect(seeded.get('sanctionlist')).toBe(4);
    }
    expect((await counts('DEMOFWD')).size).toBe(0);
  });

  /** SKYAIR's OFAC_SDN versions gone (and the attempts that made them), as in a world seeded before the SDN was a source. */
  async function dropSkyairSdn(): Promise<void> {
    const versions = t.db.selectFrom('sanction_source_versions').select('version_id').where('company_id', '=', 'SKYAIR').where('source', '=', 'OFAC_SDN');
    await t.db.deleteFrom('sanction_source_attempts').where('version_id', 'in', versions).execute();
    await t.db.deleteFrom('sanction_source_versions').where('company_id', '=', 'SKYAIR').where('source', '=', 'OFAC_SDN').execute();
  }

  it('gives the app the whole SDN snapshot as the OFAC_SDN source when asked (test worlds get its first 200 entries)', async () => {
    const version = () =>
      t.db
        .selectFrom('sanction_source_versions')
        .select(['entries', 'file_hash', 'via', 'published_at'])
        .where('company_id', '=', 'SKYAIR')
        .where('source', '=', 'OFAC_SDN')
        .executeTakeFirstOrThrow();
    const small = await version();
    expect(small).toMatchObject({ entries: 200, via: 'seed' });
    expect(small.published_at?.toISOString().slice(0, 7)).toBe('2019-01');
    await dropSkyairSdn();
    await seedSanctionSources(t.db);
    const whole = await version();
    expect(whole.entries).toBe(7_379);
    // The first entries only are another content than the whole files: screeners are kept by the hash.
    expect(whole.file_hash).not.toBe(small.file_hash);
  });

  it('gives no SDN version, and reads none of its files, when no SDN entries are asked for (SEED_SANCTION_ENTRIES=0)', async () => {
    await dropSkyairSdn();
    await seedSanctionSources(t.db, { sdnEntries: 0 });
    const versions = await t.db
      .selectFrom('sanction_source_versions')
      .select('version_id')
      .where('company_id', '=', 'SKYAIR')
      .where('source', '=', 'OFAC_SDN')
      .execute();
    expect(versions).toEqual([]);
  });

  it("gives no SDN version to a world seeded before the SDN was a source (its Sanction List holds the SDN's rows)", async () => {
    await dropSkyairSdn();
    await t.db
      .insertInto('rule_list_rows')
      .values({
        company_id: 'SKYAIR',
        list_name: 'sanctionlist',
        row_values: JSON.stringify({
          listSource: 'SDN',
          reference: 'SDN-36',
          matchingValue: 'AEROCARIBBEAN AIRLINES',
          matchingMethod: 'Default',
          partyType: 'Entity',
        }),
        unique_key: 'sdn|sdn-36',
        created_by: 'seed',
        updated_by: 'seed',
        updated_at: new Date(),
      })
      .execute();
    await seedSanctionSources(t.db);
    const versions = await t.db
      .selectFrom('sanction_source_versions')
      .select('version_id')
      .where('company_id', '=', 'SKYAIR')
      .where('source', '=', 'OFAC_SDN')
      .execute();
    expect(versions).toEqual([]);
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

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { parseSourceFiles, type SourceFileRole } from '../../../src/domain/screening/sources';
import { latestRuns, requestRescreen } from '../../../src/server/compliance/rescreen';
import { rescreenTargetOfRun } from '../../../src/server/compliance/rescreenTarget';
import { importSourceVersion } from '../../../src/server/sanctionSources/store';
import { runToTheEnd } from './rescreenRuns';
import { buildTestApp, type TestApp } from '../testApp';

/**
 * A new version of a sanctions source re-screens only the shipments it concerns (issue 34, 5): those whose parties
 * match an entry it added or changed, and those holding a hit on an entry it removed or changed; the run reports how
 * many it screened. The test world's OFAC_SDN version is the 2019 snapshot's first 200 entries; the new one is the
 * 2025 sample (17 entries, none of them among those 200).
 */

const DATA = path.join(import.meta.dirname, '../../../../shared/data/sanctions');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { shipments: 60 });
});
afterAll(() => t.close());

/** A DEMOAIR open shipment with a waybill, its shipper renamed. */
async function openShipmentNamed(offset: number, shipper: string): Promise<string> {
  const row = await t.db
    .selectFrom('shipments')
    .select('shipment_id')
    .where('carrier_id', '=', 'DEMOAIR')
    .where('waybill', 'is not', null)
    .orderBy('shipment_id')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('shipments')
    .set({ status: 'New', sanction_hits: '[]', waybill: sql`jsonb_set(waybill, '{shipper,name}', to_jsonb(${shipper}::text))` })
    .where('shipment_id', '=', row.shipment_id)
    .execute();
  return String(row.shipment_id);
}

async function importSdn2025() {
  const names = { primary: 'sdn.csv', alt: 'alt.csv', add: 'add.csv', comments: 'sdn_comments.csv' } as const;
  const files = Object.entries(names).map(([role, name]) => ({ role: role as SourceFileRole, bytes: readFileSync(path.join(DATA, 'ofac-sdn-2025', name)) }));
  const parsed = parseSourceFiles('OFAC_SDN', Object.fromEntries(files.map((file) => [file.role, new Uint8Array(file.bytes)])));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return importSourceVersion(t.db, undefined, {
    companyId: 'DEMOAIR',
    source: 'OFAC_SDN',
    fileHash: 'sdn-2025-sample',
    fileNames: Object.values(names).join(', '),
    entries: parsed.entries,
    summary: parsed.summary,
    via: 'upload',
    by: 'admin',
  });
}

const hitsOf = async (id: string) => {
  const row = await t.db.selectFrom('shipments').select('sanction_hits').where('shipment_id', '=', id).executeTakeFirstOrThrow();
  return (row.sanction_hits as { entryId: string; state: string }[]).map((hit) => hit.entryId);
};

describe('re-screening after a new version of a source', () => {
  it('screens only the shipments its added, changed or removed entries concern, and says how many', async () => {
    // One party named as an entry of the new version, one with a hit on an entry it removes.
    const listedNow = await openShipmentNamed(0, 'Elvis Angus LOGAN MOREY');
    const delisted = await openShipmentNamed(1, 'AEROCARIBBEAN AIRLINES');
    const before = await requestRescreen(t.db, undefined, {
      companyId: 'DEMOAIR',
      listName: 'sanctionlist',
      reason: 'test: the hits as the lists stand',
      requestedBy: 'test',
    });
    await runToTheEnd(t.db, before);
    expect(await hitsOf(delisted)).toContain('OFAC_SDN-36');
    expect(await hitsOf(listedNow)).not.toContain('OFAC_SDN-10278');

    // The demo world's other hits on the 2019 entries are set aside, so that the two shipments are all the version concerns.
    await t.db
      .updateTable('shipments')
      .set({ sanction_hits: '[]' })
      .where('shipment_id', 'not in', [listedNow, delisted])
      .where(sql<boolean>`sanction_hits::text LIKE '%OFAC_SDN-%'`)
      .execute();
    const imported = await importSdn2025();
    expect(imported.outcome).toBe('imported');
    const [run] = await latestRuns(t.db, 'DEMOAIR', 1);
    expect(run).toMatchObject({ Targeted: true, State: 'QUEUED' });
    // Compared and indexed once for all the run's chunks.
    const { scope } = await t.db.selectFrom('rescreen_runs').select('scope').where('run_id', '=', run.RunId).executeTakeFirstOrThrow();
    if (!scope) throw new Error('the run has no scope');
    const target = rescreenTargetOfRun(t.db, run.RunId, 'DEMOAIR', scope);
    expect(await rescreenTargetOfRun(t.db, run.RunId, 'DEMOAIR', scope)).toBe(await target);
    expect((await target)?.entries).toEqual({ addedOrChanged: 17, removedOrChanged: 200 });
    await runToTheEnd(t.db, run.RunId);
    const [done] = await latestRuns(t.db, 'DEMOAIR', 1);
    expect(done.State).toBe('DONE');
    // Every affected shipment gone through, only the two the version concerns screened.
    expect(done.Total).toBeGreaterThan(10);
    expect(done.Done).toBe(done.Total);
    expect(done.Screened).toBe(2);
    expect(await hitsOf(listedNow)).toContain('OFAC_SDN-10278');
    expect(await hitsOf(delisted)).not.toContain('OFAC_SDN-36');
    const history = await t.db.selectFrom('shipment_events').select('description').where('shipment_id', '=', delisted).execute();
    expect(history.map((line) => line.description).join('\n')).toMatch(/OFAC_SDN OFAC_SDN-36 was removed from its list, or no longer matches/);
  });

  it('screens every shipment when it supersedes a run that would have (a change of a list), and merges what two versions changed', async () => {
    const listRun = await requestRescreen(t.db, undefined, {
      companyId: 'DEMOAIR',
      listName: 'regionlist',
      reason: 'test: a list changed',
      requestedBy: 'test',
    });
    const sourceRun = await requestRescreen(t.db, undefined, {
      companyId: 'DEMOAIR',
      listName: 'sanctionlist',
      reason: 'test: a new version',
      requestedBy: 'test',
      scope: { sources: [{ source: 'UN', fromFile: 'un-before' }] },
    });
    const runs = await latestRuns(t.db, 'DEMOAIR', 2);
    expect(runs.map((run) => [run.RunId, run.State, run.Targeted])).toEqual([
      [sourceRun, 'QUEUED', false],
      [listRun, 'SUPERSEDED', false],
    ]);
    await runToTheEnd(t.db, sourceRun);
    const [full] = await latestRuns(t.db, 'DEMOAIR', 1);
    expect(full.Screened).toBe(full.Done);

    await requestRescreen(t.db, undefined, {
      companyId: 'DEMOAIR',
      listName: 'sanctionlist',
      reason: 'one',
      requestedBy: 'test',
      scope: { sources: [{ source: 'UN', fromFile: 'a' }] },
    });
    const merged = await requestRescreen(t.db, undefined, {
      companyId: 'DEMOAIR',
      listName: 'sanctionlist',
      reason: 'two',
      requestedBy: 'test',
      scope: {
        sources: [
          { source: 'UN', fromFile: 'b' },
          { source: 'US_CSL', fromFile: 'c' },
        ],
      },
    });
    const row = await t.db.selectFrom('rescreen_runs').select('scope').where('run_id', '=', merged).executeTakeFirstOrThrow();
    // UN compared with the file before the first of the two versions.
    expect(row.scope).toEqual({
      sources: [
        { source: 'UN', fromFile: 'a' },
        { source: 'US_CSL', fromFile: 'c' },
      ],
    });
    await runToTheEnd(t.db, merged);
  });
});

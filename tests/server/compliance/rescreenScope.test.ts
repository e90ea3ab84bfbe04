import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { requestRescreen } from '../../../src/server/compliance/rescreen';
import { classicCall } from '../classicCall';
import { runToTheEnd } from './rescreenRuns';
import { buildTestApp, signIn, type TestApp } from '../testApp';

/**
 * Re-screening after a list change (issue 18, item 7): it covers the shipments the change can
 * affect, open ones and decided ones whose flight has not left, and a list's page reads the run of
 * that list's change, followed to the run that took it over.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({}, { shipments: 60 });
  admin = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const NAME = 'ZEPHYR QUANTUM FREIGHT';

/** A DEMOAIR shipment with a waybill, its consignee renamed, put in `status` with its STD `hours` from now. */
async function shipment(offset: number, status: string, hours: number): Promise<string> {
  const row = await t.db
    .selectFrom('shipments')
    .select('shipment_id')
    .where('carrier_id', '=', 'DEMOAIR')
    .where('waybill', 'is not', null)
    .orderBy('shipment_id')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  const std = new Date(Date.now() + hours * HOUR);
  await t.db
    .updateTable('shipments')
    .set({
      status,
      std,
      flight_date: std.toISOString().slice(0, 10),
      sanction_hits: '[]',
      waybill: sql`jsonb_set(waybill, '{consignee,name}', to_jsonb(${NAME}::text))`,
    })
    .where('shipment_id', '=', row.shipment_id)
    .execute();
  return String(row.shipment_id);
}

const stateOf = async (id: string) => {
  const row = await t.db.selectFrom('shipments').select(['status', 'sanction_hits']).where('shipment_id', '=', id).executeTakeFirstOrThrow();
  return { status: row.status, hits: (row.sanction_hits as { state: string; screenedText: string }[]).map((hit) => `${hit.screenedText} ${hit.state}`) };
};

describe('re-screening after a list change', () => {
  it('covers open shipments and decided ones that have not flown, not those that left', async () => {
    const open = await shipment(0, 'New', 30);
    const acceptedAhead = await shipment(1, 'Accept', 6);
    const sentAhead = await shipment(2, 'Submit', 2);
    const flown = await shipment(3, 'Accept', -3);
    const added = await classicCall(t.app, admin, 'POST', '/sanctionlist', {
      listSource: 'INTERNAL',
      reference: 'INT-7001',
      matchingValue: NAME,
      matchingMethod: 'Exact',
      partyType: 'Entity',
    });
    expect(added.statusCode).toBe(200);
    const run = await t.db.selectFrom('rescreen_runs').selectAll().where('list_name', '=', 'sanctionlist').orderBy('run_id', 'desc').executeTakeFirstOrThrow();
    const { count } = await t.db
      .selectFrom('shipments')
      .select(sql<string>`count(*)`.as('count'))
      .where('carrier_id', '=', 'DEMOAIR')
      .where((eb) =>
        eb.or([
          eb('status', 'in', ['New', 'Error', 'Eyeball', 'Processing']),
          eb.and([eb('status', 'in', ['Accept', 'Submit']), eb('std', '>', new Date())]),
          eb.and([eb('status', 'in', ['Accept', 'Submit']), eb('std', 'is', null), eb('flight_date', '>=', new Date().toISOString().slice(0, 10))]),
        ]),
      )
      .executeTakeFirstOrThrow();
    expect(run.total).toBe(Number(count));
    await runToTheEnd(t.db, String(run.run_id));

    expect(await stateOf(open)).toEqual({ status: 'Eyeball', hits: [`${NAME} OPEN`] });
    // Decided shipments keep their status; the hit shows before the flight leaves.
    expect(await stateOf(acceptedAhead)).toEqual({ status: 'Accept', hits: [`${NAME} OPEN`] });
    expect(await stateOf(sentAhead)).toEqual({ status: 'Submit', hits: [`${NAME} OPEN`] });
    expect(await stateOf(flown)).toEqual({ status: 'Accept', hits: [] });
    const finished = await t.db.selectFrom('rescreen_runs').select(['state', 'done', 'total']).where('run_id', '=', run.run_id).executeTakeFirstOrThrow();
    expect(finished).toMatchObject({ state: 'DONE', done: finished.total });
  });

  it("shows on a list's page the run of that list's change, followed to the run that took it over", async () => {
    const runs = (list?: string) => classicCall(t.app, admin, 'GET', `/rescreenruns${list ? `?list=${list}` : ''}`);
    const countryRun = await requestRescreen(t.db, undefined, {
      companyId: 'DEMOAIR',
      listName: 'countryrules',
      reason: 'Country Rules: 1 row(s) changed by admin',
      requestedBy: 'admin',
    });
    expect((await runs('countryrules')).json().data).toEqual([
      expect.objectContaining({ RunId: countryRun, ListName: 'countryrules', State: 'QUEUED', Includes: null }),
    ]);
    const regionRun = await requestRescreen(t.db, undefined, {
      companyId: 'DEMOAIR',
      listName: 'regionlist',
      reason: 'Region List: 1 row(s) changed by admin',
      requestedBy: 'admin',
    });
    // The Region List's run took over the Country Rules' (it reads every list as it is now).
    expect((await runs('countryrules')).json().data).toEqual([expect.objectContaining({ RunId: regionRun, ListName: 'regionlist', Includes: 'countryrules' })]);
    expect((await runs('regionlist')).json().data).toEqual([expect.objectContaining({ RunId: regionRun, Includes: null })]);
    // A list never changed has no run; the company's latest runs are still there without a list.
    expect((await runs('descmap')).json()).toMatchObject({ status: 1, data: [], total: 0 });
    expect((await runs()).json().data[0]).toMatchObject({ RunId: regionRun });
    const bad = await runs('nosuchlist');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe(-50001);
  });
});

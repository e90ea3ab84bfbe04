import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { carrierRules } from '../../../src/server/compliance/carrierRules';
import { applyReassessments, planReassessment } from '../../../src/server/compliance/reassess';
import { requestRescreen, rescreenChunk } from '../../../src/server/compliance/rescreen';
import { classicCall } from '../classicCall';
import { buildTestApp, signIn, type TestApp } from '../testApp';

/**
 * Re-screening locks shipment rows only to write them (issue 33, item 1): a chunk's shipments are
 * assessed without a lock, so a decision on one of them never waits for the chunk's screening; and a
 * shipment decided after it was assessed is assessed again under its lock instead of being written
 * over with what was planned before the decision.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({}, { shipments: 60 });
  admin = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
});
afterAll(() => t.close());

const NAME = 'ZEPHYR QUANTUM FREIGHT';

async function runToTheEnd(runId: string): Promise<void> {
  for (let chunk = 0; chunk < 50; chunk++) if ((await rescreenChunk({ db: t.db, autoAcceptDelaySeconds: 60 }, runId)) !== 'more') return;
  throw new Error('the run did not finish');
}

const rescreenAll = (reason: string) => requestRescreen(t.db, undefined, { companyId: 'DEMOAIR', listName: 'countryrules', reason, requestedBy: 'admin' });

describe('re-screening and row locks', () => {
  it('assesses a chunk without holding its shipments: another transaction can lock each of them at any time meanwhile', async () => {
    // Everything up to date first, so that the run below has nothing to write.
    await runToTheEnd(await rescreenAll('bring every shipment up to date'));
    const runId = await rescreenAll('the run under test');
    const ids = (await t.db.selectFrom('shipments').select('shipment_id').where('carrier_id', '=', 'DEMOAIR').execute()).map((row) => row.shipment_id);
    let probes = 0;
    let refused = 0;
    let finished = false;
    const probing = (async () => {
      while (!finished) {
        probes++;
        try {
          await t.db.transaction().execute((trx) => sql`SELECT 1 FROM shipments WHERE shipment_id = ANY(${ids}::bigint[]) FOR UPDATE NOWAIT`.execute(trx));
        } catch (error) {
          if ((error as { code?: string }).code !== '55P03') throw error;
          refused++;
        }
      }
    })();
    try {
      expect(await rescreenChunk({ db: t.db, autoAcceptDelaySeconds: 60, chunkSize: 500 }, runId)).toBe('done');
    } finally {
      finished = true;
      await probing;
    }
    const run = await t.db.selectFrom('rescreen_runs').select(['done', 'changed']).where('run_id', '=', runId).executeTakeFirstOrThrow();
    expect(run.done).toBeGreaterThan(10);
    expect(run.changed).toBe(0);
    expect(probes).toBeGreaterThan(1);
    expect(refused).toBe(0);
  });

  it('assesses again under its lock a shipment decided after it was planned, and keeps the decision', async () => {
    const target = await t.db
      .selectFrom('shipments')
      .selectAll()
      .where('carrier_id', '=', 'DEMOAIR')
      .where('status', '=', 'New')
      .where('waybill', 'is not', null)
      .orderBy('shipment_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('shipments')
      .set({ sanction_hits: '[]', waybill: sql`jsonb_set(waybill, '{consignee,name}', to_jsonb(${NAME}::text))` })
      .where('shipment_id', '=', target.shipment_id)
      .execute();
    const added = await classicCall(t.app, admin, 'POST', '/sanctionlist', {
      listSource: 'INTERNAL',
      reference: 'INT-7301',
      matchingValue: NAME,
      matchingMethod: 'Exact',
      partyType: 'Entity',
    });
    expect(added.statusCode).toBe(200);
    const rules = await carrierRules(t.db, 'DEMOAIR');
    const options = { now: new Date(), autoAcceptDelaySeconds: 60 };
    const before = await t.db.selectFrom('shipments').selectAll().where('shipment_id', '=', target.shipment_id).executeTakeFirstOrThrow();
    const plan = await planReassessment(rules, before, options);
    expect(plan).toMatchObject({ changed: true, after: 'Eyeball' });

    // A decision commits between the plan and its write.
    await t.db.updateTable('shipments').set({ status: 'Reject', update_dt: sql`now()` }).where('shipment_id', '=', target.shipment_id).execute();
    const written = await t.db.transaction().execute((trx) => applyReassessments(trx, rules, plan ? [plan] : [], options));

    const after = await t.db
      .selectFrom('shipments')
      .select(['status', 'sanction_hits'])
      .where('shipment_id', '=', target.shipment_id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('Reject');
    // The hit is on the shipment all the same: it was assessed again, as decided.
    expect((after.sanction_hits as { screenedText: string }[]).map((hit) => hit.screenedText)).toEqual([NAME]);
    expect(written.map((one) => [one.before, one.after])).toEqual([['Reject', 'Reject']]);
  });
});

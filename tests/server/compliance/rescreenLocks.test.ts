import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { carrierRules } from '../../../src/server/compliance/carrierRules';
import { applyReassessments, planReassessment } from '../../../src/server/compliance/reassess';
import { requestRescreen, rescreenChunk } from '../../../src/server/compliance/rescreen';
import { classicCall } from '../classicCall';
import { runToTheEnd } from './rescreenRuns';
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

const rescreenAll = (reason: string) => requestRescreen(t.db, undefined, { companyId: 'DEMOAIR', listName: 'countryrules', reason, requestedBy: 'admin' });

describe('re-screening and row locks', () => {
  it('assesses a chunk without holding its shipments: another transaction can lock each of them at any time meanwhile', async () => {
    // Everything up to date first, so that the run below has nothing to write.
    await runToTheEnd(t.db, await rescreenAll('bring every shipment up to date'));
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

  it('assesses again under its lock a shipment decided after it was planned, keeping the decision; one no longer in scope is left as it is', async () => {
    const targets = await t.db
      .selectFrom('shipments')
      .selectAll()
      .where('carrier_id', '=', 'DEMOAIR')
      .where('status', '=', 'New')
      .where('waybill', 'is not', null)
      .orderBy('shipment_id')
      .limit(2)
      .execute();
    const ids = targets.map((target) => target.shipment_id);
    await t.db
      .updateTable('shipments')
      .set({ sanction_hits: '[]', waybill: sql`jsonb_set(waybill, '{consignee,name}', to_jsonb(${NAME}::text))` })
      .where('shipment_id', 'in', ids)
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
    const before = await t.db.selectFrom('shipments').selectAll().where('shipment_id', 'in', ids).orderBy('shipment_id').execute();
    const plans = await Promise.all(before.map((shipment) => planReassessment(rules, shipment, options)));
    for (const plan of plans) expect(plan).toMatchObject({ changed: true, after: 'Eyeball' });

    // Decisions commit between the plans and their writes: one accepted (its flight still ahead), one rejected.
    const tomorrow = new Date(Date.now() + 24 * 3_600_000);
    await t.db.updateTable('shipments').set({ status: 'Accept', std: tomorrow, update_dt: sql`now()` }).where('shipment_id', '=', ids[0]).execute();
    await t.db.updateTable('shipments').set({ status: 'Reject', update_dt: sql`now()` }).where('shipment_id', '=', ids[1]).execute();
    const inScope = (shipment: { status: string }) => shipment.status !== 'Reject';
    const written = await t.db.transaction().execute((trx) =>
      applyReassessments(
        trx,
        rules,
        plans.flatMap((plan) => (plan ? [plan] : [])),
        { ...options, inScope },
      ),
    );

    const after = await t.db
      .selectFrom('shipments')
      .select(['shipment_id', 'status', 'sanction_hits'])
      .where('shipment_id', 'in', ids)
      .orderBy('shipment_id')
      .execute();
    // The accepted one keeps its decision and shows the hit, as assessed again; the rejected one is left as the decision left it.
    expect(after.map((row) => [row.status, (row.sanction_hits as { screenedText: string }[]).map((hit) => hit.screenedText)])).toEqual([
      ['Accept', [NAME]],
      ['Reject', []],
    ]);
    expect(written.map((one) => [one.before, one.after])).toEqual([['Accept', 'Accept']]);
  });

  it('writes nothing once a newer change of the lists has superseded its run', async () => {
    const target = await t.db
      .selectFrom('shipments')
      .select('shipment_id')
      .where('carrier_id', '=', 'DEMOAIR')
      .where('status', 'in', ['New', 'Eyeball'])
      .where('waybill', 'is not', null)
      .orderBy('shipment_id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('shipments')
      .set({ sanction_hits: '[]', waybill: sql`jsonb_set(waybill, '{shipper,name}', to_jsonb(${'QUORVAL ZENITH TRADERS'}::text))` })
      .where('shipment_id', '=', target.shipment_id)
      .execute();
    await runToTheEnd(t.db, await rescreenAll('bring every shipment up to date'));
    const added = await classicCall(t.app, admin, 'POST', '/sanctionlist', {
      listSource: 'INTERNAL',
      reference: 'INT-7302',
      matchingValue: 'QUORVAL ZENITH TRADERS',
      matchingMethod: 'Exact',
      partyType: 'Entity',
    });
    expect(added.statusCode).toBe(200);
    const run = await t.db.selectFrom('rescreen_runs').select('run_id').orderBy('run_id', 'desc').executeTakeFirstOrThrow();
    const outcome = await t.db.connection().execute(async (connection) => {
      // A newer list change is committing: it holds the run's row to supersede it.
      await sql`BEGIN`.execute(connection);
      await sql`SELECT 1 FROM rescreen_runs WHERE run_id = ${run.run_id} FOR UPDATE`.execute(connection);
      const chunk = rescreenChunk({ db: t.db, autoAcceptDelaySeconds: 60, chunkSize: 500 }, String(run.run_id));
      for (let tries = 0; tries < 600; tries++) {
        const { rows } = await sql<{ n: string }>`
          SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`.execute(t.db);
        if (Number(rows[0].n) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await sql`UPDATE rescreen_runs SET state = 'SUPERSEDED', finished_at = now() WHERE run_id = ${run.run_id}`.execute(connection);
      await sql`COMMIT`.execute(connection);
      return chunk;
    });
    expect(outcome).toBe('gone');
    const shipment = await t.db.selectFrom('shipments').select('sanction_hits').where('shipment_id', '=', target.shipment_id).executeTakeFirstOrThrow();
    expect(shipment.sanction_hits).toEqual([]);
  });
});

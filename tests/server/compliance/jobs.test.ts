import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AirWaybill } from '../../../src/domain/cargoMessages';
import { QUEUES, startJobQueue } from '../../../src/server/jobs/jobQueue';
import { startWorkers } from '../../../src/server/jobs/workers';
import type { Mailer } from '../../../src/server/mail/mailer';
import { classicCall } from '../classicCall';
import { bearer, buildTestApp, signIn, type TestApp } from '../testApp';
import { awbOf, demoFwb, postMessage } from './messages';

/**
 * The compliance engine's background work on a real job queue (pg-boss): automatic acceptance,
 * re-screening after a list change (resuming after a restart), and outbound messages delivered,
 * acknowledged (FMA), refused (FNA), resent and cancelled.
 */

const silent = pino({ level: 'silent' });
let t: TestApp;
let admin: string;

/** A general-cargo shipment from HKG, which DEMOAIR's acceptance control accepts automatically. */
function hongKongGarments(waybill: AirWaybill) {
  waybill.consignment.origin = 'HKG';
  waybill.shipper = { ...waybill.shipper, place: 'HONG KONG', stateProvince: undefined, countryCode: 'HK' };
  waybill.agent = { iataCode: '3347001', name: 'DEMO FREIGHT FORWARDING LTD', place: 'HONG KONG' };
  waybill.specialHandlingCodes = [];
  waybill.rateLines = [{ ...waybill.rateLines[0], goods: [{ kind: 'NG', text: 'GARMENTS' }] }];
  waybill.chargeDeclarations = { ...waybill.chargeDeclarations, currency: 'HKD' };
}

/** A mailer whose server refuses mail to refuse@ addresses, as a mail server that is down would. */
function refusingMailer(inner: Mailer): Mailer {
  return { send: async (mail) => (mail.to.startsWith('refuse@') ? { mailId: '0', outcome: 'failed' } : inner.send(mail)) };
}

beforeAll(async () => {
  t = await buildTestApp({ AUTO_ACCEPT_DELAY_SECONDS: '1', OUTBOUND_ADDRESSES: 'CSS=refuse@css.example' }, { jobs: 'workers', wrapMailer: refusingMailer });
  admin = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
});
afterAll(() => t.close());

const statusOf = async (shipmentId: string) =>
  (await t.db.selectFrom('shipments').select('status').where('shipment_id', '=', shipmentId).executeTakeFirstOrThrow()).status;

describe('the job queue', () => {
  it('starts in several app processes at once on a fresh database (npm start forks two): none dies of a deadlock', async () => {
    // pg-boss's start and queue creation deadlocked when two processes ran them at once on a new schema.
    const schema = `${t.jobSchema}_together`;
    const started = await Promise.allSettled([0, 1, 2].map(() => startJobQueue(t.url, { schema, log: silent })));
    await Promise.all(started.map((each) => (each.status === 'fulfilled' ? each.value.stop() : undefined)));
    expect(started.map((each) => (each.status === 'rejected' ? String(each.reason) : 'started'))).toEqual(['started', 'started', 'started']);
  });

  it('works through a backlog one job after another, not one job per polling interval', async () => {
    // pg-boss's worker waits out its polling interval after every batch, even with more jobs queued: with one job a
    // batch, a backlog of 1,000 messages took 17 minutes. Here the interval is a minute: all six are done well before it.
    const queue = await startJobQueue(t.url, { schema: `${t.jobSchema}_backlog`, log: silent, pollingIntervalSeconds: 60 });
    try {
      for (let job = 1; job <= 6; job++) await queue.send(QUEUES.retention, { job });
      const done: number[] = [];
      await queue.work<{ job: number }>(QUEUES.retention, async ({ job }) => {
        done.push(job);
      });
      await expect.poll(() => done.length, { timeout: 30_000, interval: 100 }).toBe(6);
      expect([...done].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    } finally {
      await queue.stop();
    }
  });
});

describe('automatic acceptance', () => {
  it('accepts a shipment nothing stops once its time comes, and says so in its history', async () => {
    const created = (await postMessage(t.app, admin, demoFwb(9_300_001, hongKongGarments))).json().data;
    expect(created.Status).toBe('Processing');
    await expect.poll(() => statusOf(created.ShipmentId), { timeout: 15_000, interval: 250 }).toBe('Accept');
    const events = await t.db
      .selectFrom('shipment_events')
      .select(['kind', 'user_id'])
      .where('shipment_id', '=', created.ShipmentId)
      .where('kind', '=', 'ACCEPT')
      .execute();
    expect(events).toEqual([{ kind: 'ACCEPT', user_id: 'system' }]);
  });
});

describe('re-screening after a list change', () => {
  it('re-evaluates the open shipments in the background and reports its progress', async () => {
    const created = (
      await postMessage(
        t.app,
        admin,
        demoFwb(9_300_002, (waybill) => (waybill.consignee.name = 'NORTHWIND OPTICS TRADING')),
      )
    ).json().data;
    expect(created.Status).not.toBe('Eyeball');
    const added = await classicCall(t.app, admin, 'POST', '/sanctionlist', {
      listSource: 'INTERNAL',
      reference: 'INT-9001',
      matchingValue: 'NORTHWIND OPTICS',
      matchingMethod: 'Keyword',
      partyType: 'Entity',
    });
    expect(added.statusCode).toBe(200);
    await expect
      .poll(async () => (await classicCall(t.app, admin, 'GET', '/rescreenruns')).json().data[0]?.State, { timeout: 30_000, interval: 500 })
      .toBe('DONE');
    const run = (await classicCall(t.app, admin, 'GET', '/rescreenruns')).json().data[0];
    expect(run).toMatchObject({ ListName: 'sanctionlist', RequestedBy: 'admin' });
    expect(run.Done).toBe(run.Total);
    expect(run.Changed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(created.ShipmentId)).toBe('Eyeball');
    const history = await t.db
      .selectFrom('shipment_events')
      .select('description')
      .where('shipment_id', '=', created.ShipmentId)
      .where('kind', '=', 'RESCREEN')
      .execute();
    expect(history[0].description).toMatch(/^Re-evaluated after a change of sanctionlist: \w+ -> Eyeball\.$/);
  });

  it('survives a restart: a run queued by a server that stopped is finished by the next one', async () => {
    // A second app on the same database whose queue has no workers: it queues, then stops. Its queue is
    // one of its own, so this app's workers cannot take the run before the stopping server's chunk
    // (they did now and then, and the chunk found the run gone).
    const schema = `${t.jobSchema}_restart`;
    const queueOnly = await startJobQueue(t.url, { schema, log: silent });
    const { requestRescreen } = await import('../../../src/server/compliance/rescreen');
    const runId = await requestRescreen(t.db, queueOnly, { companyId: 'SKYAIR', listName: 'countryrules', reason: 'test restart', requestedBy: 'admin' });
    const { total } = await t.db.selectFrom('rescreen_runs').select('total').where('run_id', '=', runId).executeTakeFirstOrThrow();
    expect(total).toBeGreaterThan(2);
    // The stopping server got one chunk of two shipments done before it went.
    const { rescreenChunk } = await import('../../../src/server/compliance/rescreen');
    expect(await rescreenChunk({ db: t.db, autoAcceptDelaySeconds: 1, chunkSize: 2 }, runId)).toBe('more');
    const halfway = await t.db.selectFrom('rescreen_runs').select(['state', 'done', 'last_shipment_id']).where('run_id', '=', runId).executeTakeFirstOrThrow();
    expect(halfway).toMatchObject({ state: 'RUNNING', done: 2 });
    expect(Number(halfway.last_shipment_id)).toBeGreaterThan(0);
    await queueOnly.stop();
    // The next server on that queue, with its workers.
    const next = await startJobQueue(t.url, { schema, log: silent, pollingIntervalSeconds: 0.5 });
    let workers: { stop(): void } | undefined;
    try {
      workers = await startWorkers({ ...t.ctx, jobs: next }, silent);
      await expect
        .poll(async () => (await t.db.selectFrom('rescreen_runs').select('state').where('run_id', '=', runId).executeTakeFirstOrThrow()).state, {
          timeout: 30_000,
          interval: 500,
        })
        .toBe('DONE');
    } finally {
      workers?.stop();
      await next.stop();
    }
    // The next server went on after the last shipment done, not from the start: each shipment counted once.
    const finished = await t.db.selectFrom('rescreen_runs').select(['done', 'total']).where('run_id', '=', runId).executeTakeFirstOrThrow();
    expect(finished.done).toBe(total);
    expect(finished.total).toBe(total);
  });
});

describe('outbound messages', () => {
  /** Dallas to Frankfurt through New York (JFK, a US airport of DEMOAIR's Location Code List): ACAS takes it, ACI does not. */
  async function acceptedShipment(serial: number) {
    const viaNewYork = (waybill: AirWaybill) => {
      waybill.routing = [
        { airport: 'JFK', carrier: 'DL' },
        { airport: 'FRA', carrier: 'DL' },
      ];
    };
    const created = (await postMessage(t.app, admin, demoFwb(serial, viaNewYork))).json().data;
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/awbapi/awbapprove',
      headers: bearer(admin),
      payload: { ShipmentId: created.ShipmentId, ApproveType: 'NORMAL', ApproveReason: '', UpdateDT: created.UpdateDT, PendingUpdate: false },
    });
    expect(accepted.statusCode).toBe(200);
    // A refusal is HTTP 200 too: the body's status says it was done.
    expect(accepted.json().status, JSON.stringify(accepted.json())).toBe(1);
    return { shipmentId: created.ShipmentId as string, updateDt: accepted.json().data.UpdateDT as string };
  }

  async function send(shipmentId: string, updateDt: string, target: string) {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/awbapi/awbsend',
      headers: bearer(admin),
      payload: { ShipmentId: shipmentId, Target: target, UpdateDT: updateDt },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().status, JSON.stringify(answer.json())).toBe(1);
    return answer.json().data.UpdateDT as string;
  }

  async function messagesOf(shipmentId: string) {
    return t.db
      .selectFrom('outbound_messages')
      .select(['message_id', 'target', 'state', 'recipient', 'payload', 'last_error', 'acknowledgement'])
      .where('shipment_id', '=', shipmentId)
      .orderBy('message_id')
      .execute();
  }

  it('delivers a queued ACAS message, and the receiver acknowledges it (FMA) or refuses it (FNA)', async () => {
    const { shipmentId, updateDt } = await acceptedShipment(9_300_003);
    const next = await send(shipmentId, updateDt, 'ACAS');
    await expect.poll(async () => (await messagesOf(shipmentId))[0]?.state, { timeout: 15_000, interval: 250 }).toBe('SENT');
    const [message] = await messagesOf(shipmentId);
    expect(message.payload).toMatch(/^QK WASCBXH\n\.DFWFMDL \d{6}\nFWB\/16\n160-\d{8}DFWFRA\//);
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject'])
      .where('subject', '=', `ACAS ${awbOf(9_300_003)}`)
      .executeTakeFirstOrThrow();
    expect(mail.recipient).toBe('acas.filing@cbp-gateway.example');
    const fma = await postMessage(t.app, admin, `FMA\nACK/ACCEPTED BY CBP\nFWB/16\n${awbOf(9_300_003)}DFWFRA/T4K245\n`);
    expect(fma.json().data).toMatchObject({ Kind: 'FMA', OutboundState: 'ACKNOWLEDGED' });
    expect((await messagesOf(shipmentId))[0]).toMatchObject({ state: 'ACKNOWLEDGED', acknowledgement: 'ACCEPTED BY CBP' });

    // ACI is Canada's: this shipment lands in the United States and Germany only (issue 18, item 8).
    const aci = await t.app.inject({
      method: 'POST',
      url: '/awbapi/awbsend',
      headers: bearer(admin),
      payload: { ShipmentId: shipmentId, Target: 'ACI', UpdateDT: next },
    });
    expect(aci.json()).toMatchObject({ status: -1, data: { reason: 'notOnRoute' } });
    await send(shipmentId, next, 'TERMINAL');
    await expect.poll(async () => (await messagesOf(shipmentId))[1]?.state, { timeout: 15_000, interval: 250 }).toBe('SENT');
    const fna = await postMessage(t.app, admin, `FNA/1\nACK/INVALID CONSIGNEE ADDRESS\nFWB/16\n${awbOf(9_300_003)}DFWFRA/T4K245\n`);
    expect(fna.json().data).toMatchObject({ Kind: 'FNA', OutboundState: 'FAILED' });
    expect((await messagesOf(shipmentId))[1]).toMatchObject({ state: 'FAILED', last_error: 'Refused by the receiver: INVALID CONSIGNEE ADDRESS' });

    // Resend from the grid: the failed message goes out again.
    const resend = await classicCall(t.app, admin, 'POST', '/outboundmessages/resend', { ids: [String((await messagesOf(shipmentId))[1].message_id)] });
    expect(resend.json().data.Done).toHaveLength(1);
    await expect.poll(async () => (await messagesOf(shipmentId))[1]?.state, { timeout: 15_000, interval: 250 }).toBe('SENT');
    const list = await classicCall(t.app, admin, 'GET', `/outboundmessages?filter=${encodeURIComponent(JSON.stringify({ q: awbOf(9_300_003) }))}`);
    expect(list.json()).toMatchObject({ total: 2 });
    expect(list.headers['content-range']).toBe('outboundmessages 0-1/2');
  });

  it('keeps a message the mail server refuses queued for retries; Cancel stops it; nothing to acknowledge is refused', async () => {
    const { shipmentId, updateDt } = await acceptedShipment(9_300_004);
    await send(shipmentId, updateDt, 'CSS');
    await expect
      .poll(async () => (await messagesOf(shipmentId))[0]?.last_error, { timeout: 15_000, interval: 250 })
      .toBe('The mail server did not take the message; it will be tried again.');
    const [message] = await messagesOf(shipmentId);
    expect(message.state).toBe('QUEUED');
    const cancel = await classicCall(t.app, admin, 'POST', '/outboundmessages/cancel', { ids: [String(message.message_id), '999999'] });
    expect(cancel.json().data).toEqual({ Done: [String(message.message_id)], Skipped: ['999999'] });
    expect((await messagesOf(shipmentId))[0].state).toBe('CANCELLED');
    const nothing = await postMessage(t.app, admin, `FMA\nACK/OK\nFWB/16\n${awbOf(9_300_099)}DFWFRA/T4K245\n`);
    expect(nothing.statusCode).toBe(403);
    expect(nothing.json().message).toBe(`No message of your company for AWB ${awbOf(9_300_099)} is waiting for an acknowledgement.`);
    const malformed = await postMessage(t.app, admin, 'FNA/1\nFWB/16\n');
    expect(malformed.statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { awbApiRoutes } from '../../../src/server/shipments/routes';
import { actionLoggingRoutes } from '../../../src/server/logs/actionLoggingRoutes';
import { shipmentLogRoutes } from '../../../src/server/logs/shipmentLogRoutes';
import { buildShipmentTestApp, shipmentWhere, type ShipmentTestApp, type UserKey } from './support';
import { liveEventRoutes } from '../../../src/server/live/routes';
import { SHIPMENT_ROUTE_CASES, sendShipmentRequest, type Target } from '../proof/shipmentRouteCases';
import { ShipmentMessages } from '../../../src/domain/shipmentMessages';

/**
 * No company can read or act on another company's shipment through any awbapi or logapi call.
 * The cases come from the route list itself: a route without a case fails the test.
 */

let t: ShipmentTestApp;
beforeAll(async () => {
  t = await buildShipmentTestApp();
});
afterAll(() => t.close());

async function routeList(): Promise<string[]> {
  const routes: string[] = [];
  const probe = Fastify();
  probe.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  await probe.register(awbApiRoutes, { prefix: '/awbapi', ctx: t.ctx });
  await probe.register(liveEventRoutes, { prefix: '/awbapi', ctx: t.ctx });
  await probe.register(actionLoggingRoutes, { prefix: '/logapi', ctx: t.ctx });
  await probe.register(shipmentLogRoutes, { prefix: '/classicapi', ctx: t.ctx });
  await probe.ready();
  await probe.close();
  return [...new Set(routes)].sort();
}

/** Everything a call could change about a shipment. */
async function footprint(shipmentId: string) {
  await t.ctx.logs.flush(); // the batched user-log lines count too
  const [shipment, documents, events, handling, logs, outbound, mail, lendings] = await Promise.all([
    t.db.selectFrom('shipments').selectAll().where('shipment_id', '=', shipmentId).executeTakeFirstOrThrow(),
    t.db
      .selectFrom('shipment_documents')
      .select(['document_id', 'remarks', 'awaiting_acceptance', 'size_bytes'])
      .where('shipment_id', '=', shipmentId)
      .orderBy('document_id')
      .execute(),
    t.db.selectFrom('shipment_events').select(sql<string>`count(*)`.as('n')).where('shipment_id', '=', shipmentId).executeTakeFirstOrThrow(),
    t.db.selectFrom('shipment_handling').selectAll().where('shipment_id', '=', shipmentId).execute(),
    // A search that finds a lent row is the borrower's own log; anything else about the shipment counts.
    t.db
      .selectFrom('action_log')
      .select(sql<string>`count(*)`.as('n'))
      .where('shipment_id', '=', shipmentId)
      .where('act_type', '<>', 'Search')
      .executeTakeFirstOrThrow(),
    t.db.selectFrom('outbound_messages').select(sql<string>`count(*)`.as('n')).where('shipment_id', '=', shipmentId).executeTakeFirstOrThrow(),
    t.db.selectFrom('mail_outbox').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    t.db.selectFrom('shipment_lendings').selectAll().where('shipment_id', '=', shipmentId).orderBy('company_id').execute(),
  ]);
  return { shipment, documents, events, handling, logs, outbound, mail, lendings };
}

const ATTACKERS: { user: UserKey; victim: ReturnType<typeof sql> }[] = [
  // Another airline: DEMOAIR's shipment, nothing that makes it visible to SKYAIR.
  { user: 'skyAdmin', victim: sql`s.awb_prefix = '160'` },
  // A forwarder: a shipment of another agent.
  { user: 'forwarder', victim: sql`s.awb_prefix = '297' AND s.agent_company_id IS DISTINCT FROM 'DEMOFWD'` },
  // A ground handler: a shipment that touches none of its stations.
  { user: 'groundHandler', victim: sql`s.awb_prefix = '160' AND s.origin NOT IN ('HKG', 'SIN') AND s.destination NOT IN ('HKG', 'SIN')` },
  // An airline with a LENT shipment: seen in the summary, nothing else.
  { user: 'airlineOperator', victim: sql`s.shipment_id IN (SELECT shipment_id FROM shipment_lendings WHERE company_id = 'DEMOAIR')` },
];

describe('company scope of every awbapi and logapi call', () => {
  it('has a case for every route', async () => {
    expect(await routeList()).toEqual(Object.keys(SHIPMENT_ROUTE_CASES).sort());
  });

  for (const { user, victim } of ATTACKERS) {
    it(`refuses ${user} every call on a shipment it may not act on, and changes nothing`, async () => {
      const shipment = await shipmentWhere(t, sql`${victim} AND s.status = 'Accept'`);
      // A document waiting for acceptance, so that even that call has something to steal.
      const document = await t.db
        .insertInto('shipment_documents')
        .values({
          shipment_id: shipment.shipment_id,
          doc_type: 'Pouch',
          pouch_kind: 'airline',
          file_name: 'secret.pdf',
          company_id: 'DEMOAIR',
          user_id: 'operator',
          awaiting_acceptance: true,
          content: Buffer.from('%PDF-1.4 secret'),
        })
        .returning('document_id')
        .executeTakeFirstOrThrow();
      const current = await t.db.selectFrom('shipments').select('update_dt').where('shipment_id', '=', shipment.shipment_id).executeTakeFirstOrThrow();
      const rejectCode = (await t.get(user, '/awbapi/util/getlookupcode/1')).json().data[0].Code;
      const target: Target = { shipment, updateDt: current.update_dt.toISOString(), documentId: String(document.document_id), rejectCode };
      const lent = user === 'airlineOperator';
      // The owner works on it first, so that its log has entries to keep from others.
      const owner: UserKey = shipment.awb_prefix === '160' || shipment.awb_prefix === '297' ? 'airlineAdmin' : 'skyAdmin';
      expect((await t.get(owner, `/awbapi/awbdetail/${shipment.shipment_id}`)).statusCode).toBe(200);
      const before = await footprint(shipment.shipment_id);
      for (const [route, testCase] of Object.entries(SHIPMENT_ROUTE_CASES)) {
        if (testCase.check.kind === 'noShipment') continue;
        const response = await sendShipmentRequest(t.app, t.tokens[user], testCase.request(target));
        if (testCase.check.kind === 'hidden') {
          if (lent && route === 'POST /awbapi/awbsummary') {
            // The lent row is shown in the summary (flagged), as the contract says; its details are not.
            expect(response.json().data.rows[0]).toMatchObject({ ShipmentId: shipment.shipment_id, IsLent: true });
            continue;
          }
          if (lent && route === 'POST /awbapi/sendtargets') {
            // The borrower sees the row, so the AWB is named; nothing may be sent for it.
            expect(response.json().data[0]).toMatchObject({
              AWBNumber: `${shipment.awb_prefix}-${shipment.awb_suffix}`,
              Refused: { ACAS: ShipmentMessages.awbLent },
            });
            continue;
          }
          testCase.check.verify(response.body, () => response.json());
          continue;
        }
        const body = response.json();
        if (route === 'GET /awbapi/searchnext' && lent) {
          expect(body.status, route).toBe(1); // moving through the summary passes lent rows; opening them is refused
          continue;
        }
        // Refused as not accessible (403) or as not found (404), each with its code and message.
        expect(
          [
            [403, -10000],
            [404, -100001],
          ],
          `${user} ${route}: ${response.body}`,
        ).toContainEqual([response.statusCode, body.status]);
        if (body.status === -10000)
          expect(body.message).toBe(
            lent ? 'This air waybill is lent, and you do not have access right to the details.' : 'This air waybill is not accessible.',
          );
        else
          expect([`There is no shipment found in AWB #${shipment.awb_prefix}-${shipment.awb_suffix}.`, 'Record Not Found!'], `${user} ${route}`).toContain(
            body.message,
          );
        expect(response.body, route).not.toContain('secret');
      }
      expect(await footprint(shipment.shipment_id)).toEqual(before);
    });
  }
});

describe('IP restriction and the shipment function', () => {
  it('answers IP_RESTRICTION (-100002) outside the company ranges, on awbapi and logapi alike', async () => {
    const own = await shipmentWhere(t, sql`s.awb_prefix = '160'`);
    await t.db.insertInto('company_ip_ranges').values({ company_id: 'DEMOAIR', cidr: '203.0.113.0/24', created_by: 'admin' }).execute();
    await t.ctx.changes.sync(); // the app has heard of the change (the access cache keeps the ranges)
    try {
      const calls = [
        { method: 'GET' as const, url: `/awbapi/awbdetail/${own.shipment_id}` },
        { method: 'POST' as const, url: '/awbapi/awbsummary', payload: { fieldSearch: [], dbOptions: { CurrentPage: 1, PageSize: 10 } } },
        { method: 'POST' as const, url: '/logapi/actionlogging', payload: { ActType: 'Display' } },
        { method: 'GET' as const, url: '/classicapi/shipmentlog' },
      ];
      for (const call of calls) {
        const outside = await t.app.inject({ ...call, headers: { authorization: `Bearer ${t.tokens.airlineOperator}` }, remoteAddress: '198.51.100.7' });
        expect(outside.statusCode, call.url).toBe(403);
        expect(outside.json(), call.url).toEqual({ status: -100002, message: 'Shipment cannot be access due to IP Restriction' });
        const inside = await t.app.inject({ ...call, headers: { authorization: `Bearer ${t.tokens.airlineOperator}` }, remoteAddress: '203.0.113.9' });
        expect(inside.statusCode, call.url).toBe(200);
      }
    } finally {
      await t.db.deleteFrom('company_ip_ranges').where('company_id', '=', 'DEMOAIR').execute();
      await t.ctx.changes.sync();
    }
  });

  it('needs the shipment function (81) for every awbapi call', async () => {
    await t.db.deleteFrom('role_functions').where('role_id', '=', 'OPERATOR').where('function_id', '=', 81).execute();
    await t.ctx.changes.sync();
    try {
      for (const url of ['/awbapi/overview', '/awbapi/util/getlookupcode/1']) {
        const response = await t.get('forwarder', url);
        expect(response.statusCode).toBe(403);
        expect(response.json().status).toBe(-10000);
      }
    } finally {
      await t.db.insertInto('role_functions').values({ role_id: 'OPERATOR', function_id: 81 }).execute();
      await t.ctx.changes.sync();
    }
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/awbapi/overview' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/awbapi/print/1/laser' })).statusCode).toBe(401);
  });
});

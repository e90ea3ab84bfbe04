import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFwb, postMessage } from '../compliance/messages';
import { bearer, buildTestApp, signIn, type TestApp } from '../testApp';

/**
 * The notifier at the FWB's limit (issue 37, 1): a type subscription to cargo:Piece and an FWB of 9,999 pieces make
 * 9,999 notifications in one dispatch. For an organisation hosted here they are filed in batches (one statement each
 * took about a minute on this machine; batches take a few seconds), every one once.
 */

let t: TestApp;
let admin: string;
const BASE = 'http://localhost:3000/onerecord';

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' }, { jobs: 'workers' });
  admin = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
});
afterAll(() => t.close());

/** A type subscription of `company` (signed in with `token`) to the cargo class `topic`, for `eventType`. */
async function subscribe(token: string, company: string, topic: string, eventType: string) {
  const subscribed = await t.app.inject({
    method: 'POST',
    url: '/onerecord/subscriptions',
    headers: { ...bearer(token), accept: 'application/ld+json', 'content-type': 'application/ld+json' },
    payload: JSON.stringify({
      '@context': { api: 'https://onerecord.iata.org/ns/api#' },
      '@type': 'api:Subscription',
      'api:hasSubscriber': { '@id': `${BASE}/logistics-objects/company-${company}` },
      'api:hasTopicType': { '@id': 'api:LOGISTICS_OBJECT_TYPE' },
      'api:hasTopic': `https://onerecord.iata.org/ns/cargo#${topic}`,
      'api:includeSubscriptionEventType': [{ '@id': `api:${eventType}` }],
    }),
  });
  expect(subscribed.statusCode, `${company} ${topic}: ${subscribed.body}`).toBe(201);
}

describe('a type subscription and an FWB of 9,999 pieces', () => {
  it('files one notification for each piece, each once', async () => {
    await subscribe(admin, 'DEMOAIR', 'Piece', 'LOGISTICS_OBJECT_CREATED');
    const posted = await postMessage(
      t.app,
      admin,
      demoFwb(9_370_901, (waybill) => {
        waybill.consignment.pieces = 9999;
        waybill.rateLines[0].pieces = 9999;
      }),
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const shipmentId = posted.json().data.ShipmentId as string;
    const filed = async () =>
      (
        await sql<{ n: string; distinct: string }>`
          SELECT count(*) AS n, count(DISTINCT logistics_object) AS distinct FROM onerecord_notifications
           WHERE recipient_company_id = 'DEMOAIR' AND logistics_object LIKE ${`${BASE}/logistics-objects/${shipmentId}-piece-%`}`.execute(t.db)
      ).rows[0];
    await expect.poll(async () => Number((await filed()).n), { timeout: 120_000, interval: 250 }).toBe(9999);
    expect(Number((await filed()).distinct)).toBe(9999);
    const left = await t.db.selectFrom('onerecord_deliveries').select('delivery_id').where('delivered_at', 'is', null).where('failed_at', 'is', null).execute();
    expect(left).toEqual([]);
  }, 180_000);

  it("makes the notifications of three type subscriptions to an update of it, one a borrower's, every one once", async () => {
    // About 30,000 notifications from one outbox row: written in one statement, they were more parameters than
    // PostgreSQL takes, and neither they nor any notification after them were ever sent.
    const skyair = (await signIn(t.app, 'SKYAIR', 'admin', 'Admin#12345')).access_token;
    const fwb = (weight: number) =>
      demoFwb(9_370_902, (waybill) => {
        waybill.consignment.pieces = 9999;
        waybill.rateLines[0].pieces = 9999;
        waybill.consignment.weight = { ...waybill.consignment.weight, value: weight };
      });
    const posted = await postMessage(t.app, admin, fwb(5000));
    expect(posted.statusCode, posted.body).toBe(201);
    const shipmentId = posted.json().data.ShipmentId as string;
    const updateDt = (await t.app.inject({ method: 'GET', url: `/awbapi/awbdetail/${shipmentId}`, headers: bearer(admin) })).json().data.UpdateDT;
    const lent = await t.app.inject({
      method: 'POST',
      url: '/awbapi/awblend',
      headers: bearer(admin),
      payload: { ShipmentId: shipmentId, CompanyId: 'SKYAIR', UpdateDT: updateDt },
    });
    expect(lent.json().status, lent.body).toBe(1);
    for (const [token, company, topic] of [
      [skyair, 'SKYAIR', 'Piece'],
      [skyair, 'SKYAIR', 'LogisticsObject'],
      [admin, 'DEMOAIR', 'LogisticsObject'],
    ] as const)
      await subscribe(token, company, topic, 'LOGISTICS_OBJECT_UPDATED');
    const updated = await postMessage(t.app, admin, fwb(5100));
    expect(updated.statusCode, updated.body).toBeLessThan(300);
    const filed = async (company: string) =>
      (
        await sql<{ n: string; distinct: string }>`
          SELECT count(*) AS n, count(DISTINCT (logistics_object, body->>'api:isTriggeredBy')) AS distinct FROM onerecord_notifications
           WHERE recipient_company_id = ${company} AND body->>'api:hasEventType' LIKE '%LOGISTICS_OBJECT_UPDATED%'
             AND logistics_object LIKE ${`${BASE}/logistics-objects/${shipmentId}-piece-%`}`.execute(t.db)
      ).rows[0];
    await expect.poll(async () => Number((await filed('SKYAIR')).n), { timeout: 150_000, interval: 500 }).toBe(2 * 9999);
    await expect.poll(async () => Number((await filed('DEMOAIR')).n), { timeout: 30_000, interval: 500 }).toBe(9999);
    expect(Number((await filed('SKYAIR')).distinct)).toBe(2 * 9999);
    expect(Number((await filed('DEMOAIR')).distinct)).toBe(9999);
    const left = await t.db.selectFrom('onerecord_deliveries').select('delivery_id').where('delivered_at', 'is', null).where('failed_at', 'is', null).execute();
    expect(left).toEqual([]);
  }, 240_000);
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classicCall } from '../classicCall';
import { setShipment, shipmentWhere } from '../shipments/support';
import { bearer, buildTestApp, requestToken, signIn, type TestApp } from '../testApp';
import { ontologyProblems } from '../../domain/oneRecord/ontology';
import { CARGO, change, operation, XSD } from './changeBodies';
import { startPartnerServer, type PartnerServer } from './partnerServer';
import { demoFwb, postMessage } from '../compliance/messages';

/**
 * Publish and subscribe (issue 37, 1): a partner subscribes to a shipment's object or to a class of objects, for its
 * own organisation; the portal's decisions, partners' events and objects then reach the partner's server as
 * api:Notification, in order, from the job queue; one that the partner's server does not take is tried again and
 * arrives, after those before it, once the server is back. Nobody is notified of what its company may not see, and a
 * revoked subscription notifies no more.
 */

let t: TestApp;
let admin: string;
let skyair: string;
let client: string;
let partner: PartnerServer;
let partnerUrl: string;
/** What the partner's server received. */
let received: PartnerServer['received'] = [];

const BASE = 'http://localhost:3000/onerecord';
const LD = 'application/ld+json; version=2.3.0';
const API = 'https://onerecord.iata.org/ns/api#';

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, body?: unknown) =>
  t.app.inject({
    method,
    url: `/onerecord${url}`,
    headers: { ...bearer(token), accept: LD, ...(body !== undefined ? { 'content-type': LD } : {}) },
    ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });

const subscription = (
  subscriber: string,
  topicType: 'LOGISTICS_OBJECT_IDENTIFIER' | 'LOGISTICS_OBJECT_TYPE',
  topic: string,
  events = ['LOGISTICS_EVENT_RECEIVED'],
) => ({
  '@context': { api: 'https://onerecord.iata.org/ns/api#' },
  '@type': 'api:Subscription',
  'api:hasContentType': 'application/ld+json',
  'api:hasSubscriber': { '@id': subscriber },
  'api:hasTopicType': { '@id': `api:${topicType}` },
  'api:includeSubscriptionEventType': events.map((type) => ({ '@id': `api:${type}` })),
  'api:hasTopic': { '@type': 'http://www.w3.org/2001/XMLSchema#anyURI', '@value': topic },
});

const event = (code: string) => ({
  '@context': { cargo: 'https://onerecord.iata.org/ns/cargo#' },
  '@type': 'cargo:LogisticsEvent',
  'cargo:eventDate': { '@type': 'http://www.w3.org/2001/XMLSchema#dateTime', '@value': '2026-11-30T06:15:00Z' },
  'cargo:eventCode': { '@id': `https://onerecord.iata.org/ns/code-lists/StatusCode#${code}` },
});

async function subscribe(token: string, body: unknown) {
  const response = await call('POST', '/subscriptions', token, body);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.headers.type).toBe(`${API}SubscriptionRequest`);
  return String(response.headers.location);
}

/** A DEMOAIR shipment that nobody holds, opened again for a decision. */
let pick = 0;
async function openShipment(): Promise<{ id: string; updateDt: string }> {
  const row = await shipmentWhere(t, sql`s.awb_prefix = '160' AND NOT EXISTS (SELECT 1 FROM shipment_handling h WHERE h.shipment_id = s.shipment_id)`, pick++);
  const updateDt = await setShipment(t, row.shipment_id, {
    status: 'New',
    acceptance_block: null,
    acceptance_block_reason: null,
    acceptance_block_companies: [],
    eyeball_check: null,
  });
  return { id: row.shipment_id, updateDt };
}

/** DEMOAIR's admin accepts the shipment. */
async function accept(shipment: { id: string; updateDt: string }) {
  const accepted = await t.app.inject({
    method: 'POST',
    url: '/awbapi/awbapprove',
    headers: bearer(admin),
    payload: { ShipmentId: shipment.id, ApproveType: 'NORMAL', ApproveReason: '', UpdateDT: shipment.updateDt, PendingUpdate: false },
  });
  expect(accepted.json().data).toMatchObject({ Status: 'Accept' });
}

const notificationsFor = (objectIri: string) =>
  received.filter((each) => (each.body['api:hasLogisticsObject'] as { '@id': string } | undefined)?.['@id'] === objectIri).map((each) => each.body);

beforeAll(async () => {
  partner = await startPartnerServer();
  partnerUrl = partner.url;
  received = partner.received;
  t = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' }, { jobs: 'workers' });
  admin = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
  skyair = (await signIn(t.app, 'SKYAIR', 'admin', 'Admin#12345')).access_token;
  const registered = (
    await classicCall(t.app, admin, 'POST', '/onerecordclients', { name: 'Partner', organisation_iri: `${partnerUrl}/partner/logistics-objects/acme` })
  ).json().data;
  client = (await requestToken(t.app, { GrantType: 'client_credentials', ClientId: registered.id, ClientSecret: registered.secret })).json().access_token;
});
afterAll(async () => {
  await t.close();
  await partner.close();
});

describe('POST /onerecord/subscriptions', () => {
  it('subscribes a registered client to a shipment’s object (201, an accepted SubscriptionRequest) and refuses what it may not', async () => {
    const shipment = await openShipment();
    const topic = `${BASE}/logistics-objects/${shipment.id}-shipment`;
    const organisation = `${partnerUrl}/partner/logistics-objects/acme`;
    const location = await subscribe(client, subscription(organisation, 'LOGISTICS_OBJECT_IDENTIFIER', topic));
    const request = await call('GET', `/action-requests/${location.split('/').pop()}`, client);
    expect(request.statusCode).toBe(200);
    expect(request.json()).toMatchObject({
      '@type': 'api:SubscriptionRequest',
      'api:hasRequestStatus': { '@id': 'api:REQUEST_ACCEPTED' },
      'api:isRequestedBy': { '@id': organisation },
      'api:hasSubscription': { 'api:hasSubscriber': { '@id': organisation }, 'api:hasTopic': topic },
    });
    expect(await ontologyProblems(request.json())).toEqual([]);

    const refusals: [string, unknown, number][] = [
      [client, subscription(organisation, 'LOGISTICS_OBJECT_IDENTIFIER', topic), 422],
      [client, subscription('https://third.example/logistics-objects/party', 'LOGISTICS_OBJECT_IDENTIFIER', topic), 403],
      [skyair, subscription(`${BASE}/logistics-objects/company-SKYAIR`, 'LOGISTICS_OBJECT_IDENTIFIER', topic), 403],
      [client, subscription(organisation, 'LOGISTICS_OBJECT_IDENTIFIER', 'https://elsewhere.example/logistics-objects/1'), 422],
      [client, subscription(organisation, 'LOGISTICS_OBJECT_TYPE', 'https://onerecord.iata.org/ns/cargo#Value'), 400],
      [
        client,
        { ...subscription(organisation, 'LOGISTICS_OBJECT_TYPE', 'https://onerecord.iata.org/ns/cargo#Piece'), 'api:includeSubscriptionEventType': [] },
        400,
      ],
      [
        client,
        { ...subscription(organisation, 'LOGISTICS_OBJECT_TYPE', 'https://onerecord.iata.org/ns/cargo#Piece'), 'api:expiresAt': '2020-01-01T00:00:00Z' },
        400,
      ],
    ];
    for (const [token, body, status] of refusals) expect((await call('POST', '/subscriptions', token, body)).statusCode, JSON.stringify(body)).toBe(status);
  });

  it('answers the portal’s own subscription to a publisher’s topic, and refuses a topic that is no logistics object', async () => {
    const own = await call(
      'GET',
      `/subscriptions?topicType=${encodeURIComponent(`${API}LOGISTICS_OBJECT_TYPE`)}&topic=${encodeURIComponent('https://onerecord.iata.org/ns/cargo#Shipment')}`,
      admin,
    );
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ '@type': 'api:Subscription', 'api:hasSubscriber': { '@id': `${BASE}/logistics-objects/data-holder` } });
    expect(await ontologyProblems(own.json())).toEqual([]);
    expect((await call('GET', `/subscriptions?topicType=${encodeURIComponent(`${API}LOGISTICS_OBJECT_TYPE`)}`, admin)).statusCode).toBe(400);
  });
});

describe('notifications to a subscriber', () => {
  it('sends the portal’s decision and a partner’s event to the subscriber’s server, as api:Notification', async () => {
    const shipment = await openShipment();
    const objectIri = `${BASE}/logistics-objects/${shipment.id}-shipment`;
    const location = await subscribe(client, subscription(`${partnerUrl}/partner/logistics-objects/acme`, 'LOGISTICS_OBJECT_IDENTIFIER', objectIri));
    await accept(shipment);
    await expect.poll(() => notificationsFor(objectIri).length, { timeout: 10_000, interval: 100 }).toBe(1);
    const [decision] = notificationsFor(objectIri);
    expect(received.find((each) => each.body === decision)?.path).toBe('/partner/notifications');
    expect(decision).toMatchObject({
      '@type': 'api:Notification',
      'api:hasEventType': { '@id': 'api:LOGISTICS_EVENT_RECEIVED' },
      'api:hasLogisticsObjectType': 'https://onerecord.iata.org/ns/cargo#Shipment',
      'api:isTriggeredBy': { '@id': location },
    });
    expect(await ontologyProblems(decision)).toEqual([]);
    // The event it names is the decision, readable by the subscriber.
    const eventIri = (decision['api:hasLogisticsEvent'] as { '@id': string }[])[0]['@id'];
    const read = await call('GET', eventIri.replace(BASE, ''), client);
    expect(read.json()['cargo:eventCode']['@id']).toMatch(/ScreeningStatus#ACCEPTED$/);

    expect((await call('POST', `/logistics-objects/${shipment.id}-shipment/logistics-events`, client, event('DEP'))).statusCode).toBe(201);
    await expect.poll(() => notificationsFor(objectIri).length, { timeout: 10_000, interval: 100 }).toBe(2);
  });

  it('keeps what a subscriber’s server refused and sends it, before what came after, once the server is back; a revoked subscription notifies no more', async () => {
    const shipment = await openShipment();
    const objectId = `${shipment.id}-shipment`;
    const objectIri = `${BASE}/logistics-objects/${objectId}`;
    const location = await subscribe(client, subscription(`${partnerUrl}/partner/logistics-objects/acme`, 'LOGISTICS_OBJECT_IDENTIFIER', objectIri));
    partner.up = false;
    const first = await call('POST', `/logistics-objects/${objectId}/logistics-events`, client, event('RCS'));
    await expect
      .poll(
        async () =>
          (
            await t.db
              .selectFrom('onerecord_deliveries')
              .select(['attempts', 'delivered_at'])
              .where('request_id', '=', location.split('/').pop() as string)
              .execute()
          )[0]?.attempts ?? 0,
        {
          timeout: 10_000,
          interval: 100,
        },
      )
      .toBeGreaterThan(0);
    expect(notificationsFor(objectIri)).toHaveLength(0);
    // The job queue has the target to try again: one job, however many notifications wait (migration 0036).
    const target = `${partnerUrl}/partner/notifications`;
    const waiting = async () =>
      Number(
        (
          await sql<{ n: string }>`
            SELECT count(*) AS n FROM pgboss.job
             WHERE name = 'onerecord-notify' AND data->>'target' = ${target} AND state IN ('created', 'retry', 'active')`.execute(t.db)
        ).rows[0].n,
      );
    // (A job of an earlier notification, delivered at once, may still be queued: it ends when it sees its target forgotten.)
    await expect.poll(waiting, { timeout: 10_000, interval: 100 }).toBe(1);
    const more = [];
    for (const code of ['FOH', 'RCF']) more.push(await call('POST', `/logistics-objects/${objectId}/logistics-events`, client, event(code)));
    await expect
      .poll(
        async () =>
          Number(
            (
              await t.db
                .selectFrom('onerecord_deliveries')
                .select((eb) => eb.fn.countAll<string>().as('n'))
                .where('request_id', '=', location.split('/').pop() as string)
                .where('attempts', '>', 0)
                .executeTakeFirstOrThrow()
            ).n,
          ),
        { timeout: 10_000, interval: 100 },
      )
      .toBeGreaterThan(0);
    await expect.poll(waiting, { timeout: 10_000, interval: 100 }).toBe(1);

    partner.up = true;
    const second = await call('POST', `/logistics-objects/${objectId}/logistics-events`, client, event('DEP'));
    await expect.poll(() => notificationsFor(objectIri).length, { timeout: 10_000, interval: 100 }).toBe(4);
    const events = notificationsFor(objectIri).map((each) => (each['api:hasLogisticsEvent'] as { '@id': string }[])[0]['@id']);
    expect(events).toEqual([first.headers.location, ...more.map((each) => each.headers.location), second.headers.location]);
    // Nothing is left due: the target is forgotten (its job, waiting for its next try, will find so and end).
    await expect
      .poll(async () => (await t.db.selectFrom('onerecord_retry_targets').select('target').where('target', '=', target).execute()).length, {
        timeout: 10_000,
        interval: 100,
      })
      .toBe(0);
    expect(await waiting()).toBeLessThanOrEqual(1);

    expect((await call('DELETE', `/action-requests/${location.split('/').pop()}`, client)).statusCode).toBe(204);
    const revoked = await call('GET', `/action-requests/${location.split('/').pop()}`, client);
    expect(revoked.json()).toMatchObject({
      'api:hasRequestStatus': { '@id': 'api:REQUEST_REVOKED' },
      'api:isRevokedBy': { '@id': `${partnerUrl}/partner/logistics-objects/acme` },
    });
    expect((await call('DELETE', `/action-requests/${location.split('/').pop()}`, client)).statusCode).toBe(422);
    await call('POST', `/logistics-objects/${objectId}/logistics-events`, client, event('ARR'));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(notificationsFor(objectIri)).toHaveLength(4);
  });

  it('files notifications for an organisation hosted on this server, of the objects of a type its company may see only', async () => {
    await subscribe(
      admin,
      subscription(`${BASE}/logistics-objects/company-DEMOAIR`, 'LOGISTICS_OBJECT_TYPE', 'https://onerecord.iata.org/ns/cargo#Piece', [
        'LOGISTICS_OBJECT_CREATED',
        'LOGISTICS_OBJECT_UPDATED',
      ]),
    );
    const piece = { '@context': { cargo: 'https://onerecord.iata.org/ns/cargo#' }, '@type': 'cargo:Piece', 'cargo:goodsDescription': 'notified' };
    const own = String((await call('POST', '/logistics-objects', admin, piece)).headers.location);
    const foreign = String((await call('POST', '/logistics-objects', skyair, piece)).headers.location);
    const filed = async (object: string) =>
      await t.db.selectFrom('onerecord_notifications').select(['recipient_company_id', 'event_type']).where('logistics_object', '=', object).execute();
    await expect.poll(async () => (await filed(own)).length, { timeout: 10_000, interval: 100 }).toBe(1);
    expect(await filed(own)).toEqual([{ recipient_company_id: 'DEMOAIR', event_type: 'LOGISTICS_OBJECT_CREATED' }]);
    expect(await filed(foreign)).toEqual([]);
  });
});

describe('request-status notifications (notifyRequestStatusChange)', () => {
  it('tells a requester that asked when its change request and its subscription move on, and no other', async () => {
    const shipment = await openShipment();
    const objectIri = `${BASE}/logistics-objects/${shipment.id}-shipment`;
    const weight = (await call('GET', `/logistics-objects/${shipment.id}-shipment`, client)).json()['cargo:totalGrossWeight'];
    const weightChange = (to: string) =>
      change(objectIri, 1, [
        operation('DELETE', weight['@id'], `${CARGO}numericalValue`, `${XSD}double`, String(weight['cargo:numericalValue'])),
        operation('ADD', weight['@id'], `${CARGO}numericalValue`, `${XSD}double`, to),
      ]);
    const ask = async (body: object) => {
      const response = await call('PATCH', `/logistics-objects/${shipment.id}-shipment`, client, body);
      expect(response.statusCode, response.body).toBe(201);
      return String(response.headers.location);
    };
    const silent = await ask(weightChange('101'));
    const told = await ask({ ...weightChange('102'), 'api:notifyRequestStatusChange': true });
    const about = (request: string) => received.filter((each) => (each.body['api:isTriggeredBy'] as { '@id': string } | undefined)?.['@id'] === request);
    // The operator rejects both on the AWB detail page.
    for (const request of [silent, told]) {
      const detail = (await t.app.inject({ method: 'GET', url: `/awbapi/awbdetail/${shipment.id}`, headers: bearer(admin) })).json().data;
      const decided = await t.app.inject({
        method: 'POST',
        url: '/awbapi/onerecordchange',
        headers: bearer(admin),
        payload: { ShipmentId: shipment.id, UpdateDT: detail.UpdateDT, RequestId: request.split('/').pop(), Decision: 'reject' },
      });
      expect(decided.json().status, decided.body).toBe(1);
    }
    await expect.poll(() => about(told).length, { timeout: 10_000, interval: 100 }).toBe(1);
    const [notification] = about(told);
    expect(notification.path).toBe('/partner/notifications');
    expect(notification.body).toMatchObject({
      '@type': 'api:Notification',
      'api:hasEventType': { '@id': 'api:CHANGE_REQUEST_REJECTED' },
      'api:hasLogisticsObject': { '@id': objectIri },
      'api:isTriggeredBy': { '@id': told },
    });
    expect(await ontologyProblems(notification.body)).toEqual([]);
    // Delivered in order to the same target: the first, not asked for, would have come before it.
    expect(about(silent)).toEqual([]);
    // The operator saw the requester by its registered client's name and company.
    const listed = (await t.app.inject({ method: 'GET', url: `/awbapi/onerecordchanges/${shipment.id}`, headers: bearer(admin) })).json().data;
    expect(listed.find((each: { RequestIri: string }) => each.RequestIri === told)).toMatchObject({
      RequestedBy: `${partnerUrl}/partner/logistics-objects/acme`,
      RequestedByName: 'Partner (Demo Airlines)',
      Status: 'REJECTED',
    });

    const subscribed = await subscribe(client, {
      ...subscription(`${partnerUrl}/partner/logistics-objects/acme`, 'LOGISTICS_OBJECT_IDENTIFIER', objectIri),
      'api:notifyRequestStatusChange': true,
    });
    expect((await call('DELETE', `/action-requests/${subscribed.split('/').pop()}`, client)).statusCode).toBe(204);
    await expect.poll(() => about(subscribed).length, { timeout: 10_000, interval: 100 }).toBe(1);
    expect(about(subscribed)[0].body).toMatchObject({ 'api:hasEventType': { '@id': 'api:SUBSCRIPTION_REQUEST_REVOKED' } });
    expect(about(subscribed)[0].body).not.toHaveProperty('api:hasLogisticsObject');
  });
});

describe('POST /onerecord/notifications', () => {
  it('receives a partner’s notification (204) and keeps it with who sent it; refuses what is no notification', async () => {
    const notification = {
      '@context': { api: 'https://onerecord.iata.org/ns/api#' },
      '@type': 'api:Notification',
      'api:hasEventType': { '@id': 'api:LOGISTICS_OBJECT_UPDATED' },
      'api:hasLogisticsObject': { '@id': 'https://partner.example/logistics-objects/77' },
    };
    expect((await call('POST', '/notifications', client, notification)).statusCode).toBe(204);
    const kept = await t.db
      .selectFrom('onerecord_notifications')
      .select(['sender_company_id', 'event_type'])
      .where('logistics_object', '=', 'https://partner.example/logistics-objects/77')
      .execute();
    expect(kept).toEqual([{ sender_company_id: 'DEMOAIR', event_type: 'LOGISTICS_OBJECT_UPDATED' }]);
    expect((await call('POST', '/notifications', client, { ...notification, 'api:hasEventType': { '@id': 'api:SOMETHING' } })).statusCode).toBe(400);
    expect((await call('POST', '/notifications', client, { ...notification, '@type': 'api:Subscription' })).statusCode).toBe(400);
  });
});

// Last: it takes a shipment of its own (openShipment), which the tests above count on not being taken.
describe('the Checks of decisions', () => {
  it('tells a subscriber to the type cargo:Check of each decision’s Check, and no company that cannot see the shipment', async () => {
    const checkType = 'https://onerecord.iata.org/ns/cargo#Check';
    const subscriptions = [
      await subscribe(client, subscription(`${partnerUrl}/partner/logistics-objects/acme`, 'LOGISTICS_OBJECT_TYPE', checkType, ['LOGISTICS_OBJECT_CREATED'])),
      await subscribe(skyair, subscription(`${BASE}/logistics-objects/company-SKYAIR`, 'LOGISTICS_OBJECT_TYPE', checkType, ['LOGISTICS_OBJECT_CREATED'])),
    ];
    const shipment = await openShipment();
    await accept(shipment);
    const eventId = String(
      (
        await t.db
          .selectFrom('shipment_events')
          .select('event_id')
          .where('shipment_id', '=', shipment.id)
          .where('kind', '=', 'ACCEPT')
          .executeTakeFirstOrThrow()
      ).event_id,
    );
    const checkIri = `${BASE}/logistics-objects/${shipment.id}-check-${eventId}`;
    await expect.poll(() => notificationsFor(checkIri).length, { timeout: 10_000, interval: 100 }).toBe(1);
    const [created] = notificationsFor(checkIri);
    expect(created).toMatchObject({ 'api:hasEventType': { '@id': 'api:LOGISTICS_OBJECT_CREATED' }, 'api:hasLogisticsObjectType': checkType });
    expect(await ontologyProblems(created)).toEqual([]);
    expect((await call('GET', checkIri.replace(BASE, ''), client)).json()['cargo:checkTotalResult']['cargo:passed']).toBe(true);
    const filed = await t.db.selectFrom('onerecord_notifications').select('recipient_company_id').where('logistics_object', '=', checkIri).execute();
    expect(filed).toEqual([]);
    const [ofPartner, ofSkyair] = subscriptions;
    expect((await call('DELETE', `/action-requests/${ofPartner.split('/').pop()}`, client)).statusCode).toBe(204);
    expect((await call('DELETE', `/action-requests/${ofSkyair.split('/').pop()}`, skyair)).statusCode).toBe(204);
  });
});

describe('a company a shipment is lent to', () => {
  it('subscribes to what a borrower sees, and is told of the decisions with what a borrower sees; of nothing once it is taken back', async () => {
    const sky = (
      await classicCall(t.app, skyair, 'POST', '/onerecordclients', {
        name: 'Borrowing partner',
        organisation_iri: `${partnerUrl}/lent/logistics-objects/skyair`,
      })
    ).json().data;
    const skyClient = (await requestToken(t.app, { GrantType: 'client_credentials', ClientId: sky.id, ClientSecret: sky.secret })).json().access_token;
    const shipment = await openShipment();
    const objects = `${BASE}/logistics-objects/${shipment.id}`;
    const lend = async (url: '/awbapi/awblend' | '/awbapi/awbtakeback', updateDt: string) => {
      const answer = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(admin),
        payload: { ShipmentId: shipment.id, CompanyId: 'SKYAIR', UpdateDT: updateDt },
      });
      expect(answer.json().status, answer.body).toBe(1);
      return (await t.app.inject({ method: 'GET', url: `/awbapi/awbdetail/${shipment.id}`, headers: bearer(admin) })).json().data.UpdateDT as string;
    };
    const organisation = `${partnerUrl}/lent/logistics-objects/skyair`;
    const withBody = (topic: string) => ({ ...subscription(organisation, 'LOGISTICS_OBJECT_IDENTIFIER', topic), 'api:sendLogisticsObjectBody': true });
    // Before it is lent: not SKYAIR's to follow.
    expect((await call('POST', '/subscriptions', skyClient, withBody(`${objects}-shipment`))).statusCode).toBe(403);
    const lentAt = await lend('/awbapi/awblend', shipment.updateDt);

    const location = await subscribe(skyClient, withBody(`${objects}-shipment`));
    // The owner's partner follows the Shipment too: what it is told shows when each notification was made.
    const owners = await subscribe(client, subscription(`${partnerUrl}/partner/logistics-objects/acme`, 'LOGISTICS_OBJECT_IDENTIFIER', `${objects}-shipment`));
    const toOwner = () => received.filter((each) => each.path === '/partner/notifications' && notificationsFor(`${objects}-shipment`).includes(each.body));
    // What its summary does not show stays out of reach.
    for (const hidden of ['-shipper', '-booking']) {
      const refused = await call('POST', '/subscriptions', skyClient, withBody(`${objects}${hidden}`));
      expect(refused.statusCode, hidden).toBe(403);
      expect(refused.json()['api:hasErrorDetail'][0]['api:hasMessage'], hidden).toMatch(/lent to your company/);
    }

    // The owner's own event on the Shipment is no summary's; the decision is.
    expect((await call('POST', `/logistics-objects/${shipment.id}-shipment/logistics-events`, admin, event('FOH'))).statusCode).toBe(201);
    await accept({ id: shipment.id, updateDt: lentAt });
    const toBorrower = () => received.filter((each) => each.path === '/lent/notifications' && notificationsFor(`${objects}-shipment`).includes(each.body));
    await expect.poll(() => toBorrower().length, { timeout: 10_000, interval: 100 }).toBe(1);
    const [decision] = toBorrower().map((each) => each.body);
    expect(decision).toMatchObject({ 'api:hasEventType': { '@id': 'api:LOGISTICS_EVENT_RECEIVED' }, 'api:isTriggeredBy': { '@id': location } });
    const seen = decision['api:hasLogisticsObject'] as Record<string, unknown>;
    const summary = ['@id', '@type', 'cargo:pieces', 'cargo:totalGrossWeight', 'cargo:waybill'];
    expect(Object.keys(seen).filter((key) => !summary.includes(key))).toEqual([]);
    expect(seen).toMatchObject({ '@type': 'cargo:Shipment', 'cargo:totalGrossWeight': expect.any(Object) });
    expect(seen).not.toHaveProperty('cargo:involvedParties');
    expect(seen).not.toHaveProperty('cargo:goodsDescription');
    expect(await ontologyProblems(decision)).toEqual([]);
    // The event it names is the decision, readable by the borrower.
    const eventIri = (decision['api:hasLogisticsEvent'] as { '@id': string }[])[0]['@id'];
    expect((await call('GET', eventIri.replace(BASE, ''), skyClient)).json()['cargo:eventCode']['@id']).toMatch(/ScreeningStatus#ACCEPTED$/);

    // Taken back: the owner's next decision reaches the subscription no more.
    const accepted = (await t.app.inject({ method: 'GET', url: `/awbapi/awbdetail/${shipment.id}`, headers: bearer(admin) })).json().data.UpdateDT as string;
    await lend('/awbapi/awbtakeback', accepted);
    const reopened = await setShipment(t, shipment.id, { status: 'New' });
    await accept({ id: shipment.id, updateDt: reopened });
    // The owner's partner has its event and both decisions; the borrower, the first decision only, and nothing waits for it.
    await expect.poll(() => toOwner().length, { timeout: 10_000, interval: 100 }).toBe(3);
    expect(toBorrower()).toHaveLength(1);
    const waiting = await t.db
      .selectFrom('onerecord_deliveries')
      .select('delivery_id')
      .where('target', '=', `${partnerUrl}/lent/notifications`)
      .where('delivered_at', 'is', null)
      .execute();
    expect(waiting).toEqual([]);
    expect((await call('DELETE', `/action-requests/${owners.split('/').pop()}`, client)).statusCode).toBe(204);
    expect((await call('DELETE', `/action-requests/${location.split('/').pop()}`, skyClient)).statusCode).toBe(204);
  });
});

describe('announcements to the registered clients’ organisations', () => {
  it('tells them of a new shipment they may see (LOGISTICS_OBJECT_AVAILABLE) and of one lent to their company (LOGISTICS_OBJECT_ACCESS_GRANTED)', async () => {
    const sky = (
      await classicCall(t.app, skyair, 'POST', '/onerecordclients', { name: 'Sky partner', organisation_iri: `${partnerUrl}/sky/logistics-objects/skyair` })
    ).json().data;
    const skyClient = (await requestToken(t.app, { GrantType: 'client_credentials', ClientId: sky.id, ClientSecret: sky.secret })).json().access_token;
    const posted = await postMessage(t.app, admin, demoFwb(9_370_701));
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json().data.ShipmentId;
    const waybill = `${BASE}/logistics-objects/${id}-waybill`;
    const told = (path: string) => received.filter((each) => each.path === path && notificationsFor(waybill).includes(each.body)).map((each) => each.body);

    await expect.poll(() => told('/partner/notifications').length, { timeout: 10_000, interval: 100 }).toBe(1);
    const [available] = told('/partner/notifications');
    expect(available).toMatchObject({
      '@type': 'api:Notification',
      'api:hasEventType': { '@id': 'api:LOGISTICS_OBJECT_AVAILABLE' },
      'api:hasLogisticsObjectType': 'https://onerecord.iata.org/ns/cargo#Waybill',
    });
    expect(await ontologyProblems(available)).toEqual([]);
    // SKYAIR does not see DEMOAIR's shipment: its organisation is told nothing of it.
    expect(told('/sky/notifications')).toEqual([]);
    expect((await call('GET', `/logistics-objects/${id}-waybill`, skyClient)).statusCode).toBe(403);

    const detail = (await t.app.inject({ method: 'GET', url: `/awbapi/awbdetail/${id}`, headers: bearer(admin) })).json().data;
    const lent = await t.app.inject({
      method: 'POST',
      url: '/awbapi/awblend',
      headers: bearer(admin),
      payload: { ShipmentId: id, CompanyId: 'SKYAIR', UpdateDT: detail.UpdateDT },
    });
    expect(lent.json().status, lent.body).toBe(1);
    await expect.poll(() => told('/sky/notifications').length, { timeout: 10_000, interval: 100 }).toBe(1);
    expect(told('/sky/notifications')[0]).toMatchObject({ 'api:hasEventType': { '@id': 'api:LOGISTICS_OBJECT_ACCESS_GRANTED' } });
    expect(told('/partner/notifications')).toHaveLength(1);
    // The IRI it was told answers it what a borrower sees.
    expect((await call('GET', `/logistics-objects/${id}-waybill`, skyClient)).statusCode).toBe(200);
  });
});

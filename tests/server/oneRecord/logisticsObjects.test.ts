import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signIn, type TestApp } from '../testApp';
import { demoFwb, postMessage } from '../compliance/messages';
import { ontologyProblems } from '../../domain/oneRecord/ontology';
import { CARGO, change, operation, XSD } from './changeBodies';

/**
 * The portal as a ONE Record server (issue 37): server information, and the logistics objects of a shipment
 * read from its FWB, with the headers, revisions, embedding and refusals API 2.3.0 asks for. Every answer body
 * is checked against the pinned ontologies (jsonld expansion in safe mode, then each class, property, code and
 * datatype).
 */

let t: TestApp;
let airline: string;
let otherAirline: string;
let shipmentId: string;
const BASE = 'http://localhost:3000/onerecord';
const ACCEPT = { accept: 'application/ld+json; version=2.3.0' };

const get = (url: string, token: string | undefined, headers: Record<string, string> = ACCEPT) =>
  t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } });

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  airline = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
  otherAirline = (await signIn(t.app, 'SKYAIR', 'admin', 'Admin#12345')).access_token;
  const posted = await postMessage(t.app, airline, demoFwb(9_370_001));
  expect(posted.statusCode).toBe(201);
  shipmentId = posted.json().data.ShipmentId;
});
afterAll(() => t.close());

describe('GET /onerecord/', () => {
  it('answers the server information: data holder, versions, content type, language and ontologies', async () => {
    const response = await get('/onerecord/', airline);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/ld+json; version=2.3.0');
    expect(response.headers['content-language']).toBe('en-US');
    expect(response.headers['last-modified']).toBeTruthy();
    const body = response.json();
    expect(body).toMatchObject({
      '@type': 'api:ServerInformation',
      'api:hasSupportedApiVersion': ['2.3.0'],
      'api:hasSupportedOntologyVersion': expect.arrayContaining(['https://onerecord.iata.org/ns/cargo/3.3']),
    });
    expect(await ontologyProblems(body)).toEqual([]);
    const holder = await get(body['api:hasDataHolder']['@id'].replace('http://localhost:3000', ''), airline);
    expect(holder.statusCode).toBe(200);
    expect(holder.json()['@type']).toBe('cargo:Company');
  });

  it('refuses a call without a valid token with a 401 api:Error, and an Accept it cannot answer with 415', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const response = await get('/onerecord/', token);
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toBe('application/ld+json; version=2.3.0');
      const body = response.json();
      expect(body).toMatchObject({ '@type': 'api:Error', 'api:hasTitle': 'Not authenticated', 'api:hasErrorDetail': [{ 'api:hasCode': '401' }] });
      expect(await ontologyProblems(body)).toEqual([]);
    }
    expect((await get('/onerecord/', airline, { accept: 'text/html' })).statusCode).toBe(415);
    // A version it does not know is answered in its own (clients such as IATA's test suite send 2.0.0-dev).
    expect((await get('/onerecord/', airline, { accept: 'application/ld+json; version=2.0.0-dev' })).statusCode).toBe(200);
  });
});

describe('GET /onerecord/logistics-objects/{id}', () => {
  it('answers the master Waybill of an FWB with Type, Revision, Latest-Revision and Last-Modified, as the ontologies define it', async () => {
    const response = await get(`/onerecord/logistics-objects/${shipmentId}-waybill`, airline);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'application/ld+json; version=2.3.0',
      'content-language': 'en-US',
      type: 'https://onerecord.iata.org/ns/cargo#Waybill',
      revision: '1',
      'latest-revision': '1',
      location: `${BASE}/logistics-objects/${shipmentId}-waybill`,
    });
    expect(response.headers['last-modified']).toMatch(/GMT$/);
    const body = response.json();
    expect(body).toMatchObject({
      '@id': `${BASE}/logistics-objects/${shipmentId}-waybill`,
      '@type': 'cargo:Waybill',
      'cargo:waybillPrefix': '160',
      'cargo:shipment': { '@id': `${BASE}/logistics-objects/${shipmentId}-shipment` },
      'api:hasRevision': 1,
      'api:hasLatestRevision': 1,
    });
    expect(await ontologyProblems(body)).toEqual([]);
  });

  it('is named by the AWB detail (OneRecordWaybill)', async () => {
    const detail = await t.app.inject({ method: 'GET', url: `/awbapi/awbdetail/${shipmentId}`, headers: bearer(airline) });
    expect(detail.json().data.OneRecordWaybill).toBe(`${BASE}/logistics-objects/${shipmentId}-waybill`);
  });

  it('puts the linked objects of the shipment in place of their links with embedded=true, each with its revision', async () => {
    const response = await get(`/onerecord/logistics-objects/${shipmentId}-waybill?embedded=true`, airline);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const shipment = body['cargo:shipment'];
    expect(shipment).toMatchObject({ '@type': 'cargo:Shipment', 'api:hasRevision': 1 });
    expect(shipment['cargo:pieces']).toHaveLength(4);
    expect(shipment['cargo:pieces'][0]).toMatchObject({ '@type': 'cargo:Piece', 'api:hasLatestRevision': 1 });
    // The piece's link back to its shipment stays a link (no cycles).
    expect(shipment['cargo:pieces'][0]['cargo:ofShipment']).toEqual({ '@id': `${BASE}/logistics-objects/${shipmentId}-shipment` });
    // Each object once: linked from two places (the shipment's customs information from the waybill and the shipment), it is embedded at the first.
    const placed = new Map<string, number>();
    const count = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(count);
      else if (value && typeof value === 'object') {
        const record = value as Record<string, unknown>;
        if (typeof record['@id'] === 'string' && record['@type'] !== undefined) placed.set(record['@id'], (placed.get(record['@id']) ?? 0) + 1);
        Object.values(record).forEach(count);
      }
    };
    count(body);
    expect([...placed].filter(([, times]) => times > 1)).toEqual([]);
    expect(await ontologyProblems(body)).toEqual([]);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const response = await t.app.inject({
      method: 'HEAD',
      url: `/onerecord/logistics-objects/${shipmentId}-shipment`,
      headers: { ...bearer(airline), ...ACCEPT },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({ type: 'https://onerecord.iata.org/ns/cargo#Shipment', revision: '1' });
    expect(response.body).toBe('');
  });

  it('counts each newer FWB as a revision, and answers an earlier one with at=', async () => {
    const posted = await postMessage(
      t.app,
      airline,
      demoFwb(9_370_002, (waybill) => {
        waybill.consignment.weight.value = 245;
      }),
    );
    const id = posted.json().data.ShipmentId;
    // The first message came an hour ago; then a newer FWB with another weight.
    await t.db
      .updateTable('cargo_messages')
      .set({ received_at: new Date(Date.now() - 3_600_000) })
      .where('shipment_id', '=', id)
      .execute();
    const newer = await postMessage(
      t.app,
      airline,
      demoFwb(9_370_002, (waybill) => {
        waybill.consignment.weight.value = 300;
        waybill.rateLines[0].grossWeight = { unit: 'K', value: 300 };
      }),
    );
    expect(newer.json().data.Outcome).toBe('updated');
    const now = await get(`/onerecord/logistics-objects/${id}-shipment`, airline);
    expect(now.headers).toMatchObject({ revision: '2', 'latest-revision': '2' });
    expect(now.json()['cargo:totalGrossWeight']['cargo:numericalValue']).toBe(300);

    const stamp = (date: Date) =>
      date
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z');
    const halfAnHourAgo = stamp(new Date(Date.now() - 1_800_000));
    const then = await get(`/onerecord/logistics-objects/${id}-shipment?at=${halfAnHourAgo}`, airline);
    expect(then.statusCode).toBe(200);
    expect(then.headers).toMatchObject({ revision: '1', 'latest-revision': '2', location: `${BASE}/logistics-objects/${id}-shipment?at=${halfAnHourAgo}` });
    const body = then.json();
    expect(body['cargo:totalGrossWeight']['cargo:numericalValue']).toBe(245);
    expect(body['cargo:waybill']).toEqual({ '@id': `${BASE}/logistics-objects/${id}-waybill?at=${halfAnHourAgo}` });
    expect(await ontologyProblems(body)).toEqual([]);

    const before = await get(`/onerecord/logistics-objects/${id}-shipment?at=${stamp(new Date(Date.now() - 7_200_000))}`, airline);
    expect(before.statusCode).toBe(404);
    const future = await get(`/onerecord/logistics-objects/${id}-shipment?at=${stamp(new Date(Date.now() + 3_600_000))}`, airline);
    expect(future.statusCode).toBe(400);
  });

  it('refuses another company with 403, an unknown or malformed id with 404 and a malformed parameter with 400, each an api:Error', async () => {
    const refused = await get(`/onerecord/logistics-objects/${shipmentId}-waybill`, otherAirline);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ '@type': 'api:Error', 'api:hasTitle': 'Not authorized' });
    expect(await ontologyProblems(refused.json())).toEqual([]);
    for (const id of ['999999999-waybill', `${shipmentId}-nothing`, `${shipmentId}-piece-99`, 'waybill', `${shipmentId}-WAYBILL`]) {
      const response = await get(`/onerecord/logistics-objects/${id}`, airline);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()['api:hasTitle']).toBe('Logistics Object not found');
    }
    // Ids no id of the server can be (the API fuzzer's finds: a NUL went on to PostgreSQL, which answered 500), and a
    // company id with a broken escape: 404, each saying what it looked for.
    for (const [path, message] of [
      ['/onerecord/logistics-objects/a%00b?a[b][c]=1&a=2', 'No logistics object has this id.'],
      ['/onerecord/logistics-objects/%00', 'No logistics object has this id.'],
      ['/onerecord/logistics-objects/company-%25E0%25A4%25A', 'No logistics object has this id.'],
      ['/onerecord/logistics-objects/%00/logistics-events?q=%F2%92%AB%84', 'No logistics object has this id.'],
      ['/onerecord/logistics-objects/%00/logistics-events/', 'No logistics object has this id.'],
      [`/onerecord/logistics-objects/${shipmentId}-shipment/logistics-events/%00`, 'No logistics event has this id.'],
      ['/onerecord/logistics-objects/%00/audit-trail', 'No logistics object has this id.'],
      ['/onerecord/action-requests/a%00b', 'No action request has this id.'],
    ]) {
      const response = await get(path, airline);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()['api:hasErrorDetail'][0]['api:hasMessage'], path).toBe(message);
    }
    for (const query of ['embedded=maybe', 'at=2026-01-01', 'at=20261399T000000Z']) {
      const response = await get(`/onerecord/logistics-objects/${shipmentId}-waybill?${query}`, airline);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()['api:hasTitle']).toBe('Invalid request');
    }
  });
});

describe('the decisions as logistics events of the Shipment', () => {
  it('answers a reject as a REJECTED event of the shipment, coded in the published ScreeningStatus list, without its reasons', async () => {
    const posted = await postMessage(t.app, airline, demoFwb(9_370_003));
    const id = posted.json().data.ShipmentId;
    const events = `/onerecord/logistics-objects/${id}-shipment/logistics-events`;
    const none = await get(events, airline);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ '@type': 'api:Collection', 'api:hasTotalItems': 0, 'api:hasItem': [] });

    const detail = (await t.app.inject({ method: 'GET', url: `/awbapi/awbdetail/${id}`, headers: bearer(airline) })).json().data;
    const code = (await t.app.inject({ method: 'GET', url: '/awbapi/util/getlookupcode/1', headers: bearer(airline) })).json().data[0].Code;
    const rejected = await t.app.inject({
      method: 'POST',
      url: '/awbapi/awbreject',
      headers: bearer(airline),
      payload: {
        ShipmentId: id,
        RejectReasons: [{ Code: code, Remarks: 'a remark that stays in the portal' }],
        UpdateDT: detail.UpdateDT,
        PendingUpdate: false,
      },
    });
    expect(rejected.json().status, rejected.body).toBe(1);

    const listed = await get(events, airline);
    const body = listed.json();
    expect(body['api:hasTotalItems']).toBe(1);
    const [event] = body['api:hasItem'];
    expect(event).toMatchObject({
      '@type': 'cargo:LogisticsEvent',
      'cargo:eventFor': { '@id': `${BASE}/logistics-objects/${id}-shipment` },
      'cargo:eventCode': { '@id': `${BASE}/code-lists/ScreeningStatus#REJECTED` },
      'cargo:eventTimeType': { '@id': 'cargo:ACTUAL' },
    });
    expect(listed.body).not.toContain('a remark that stays in the portal');
    expect(await ontologyProblems(body)).toEqual([]);

    // The event links to its Check: the decision's own object, seen by whoever sees the shipment.
    const checkIri = `${BASE}/logistics-objects/${id}-check-${event['@id'].split('/').pop()}`;
    expect(event['cargo:externalReferences']).toMatchObject({ '@type': 'cargo:ExternalReference', 'cargo:documentLink': checkIri });
    const check = await get(new URL(checkIri).pathname, airline);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.headers).toMatchObject({ type: 'https://onerecord.iata.org/ns/cargo#Check', revision: '1', 'latest-revision': '1' });
    expect(check.json()).toMatchObject({
      '@id': checkIri,
      '@type': 'cargo:Check',
      'cargo:checkedObject': { '@id': `${BASE}/logistics-objects/${id}-shipment` },
      'cargo:usedTemplate': { '@id': `${BASE}/logistics-objects/check-template-acceptance` },
      'cargo:checkTotalResult': { '@type': 'cargo:CheckTotalResult', 'cargo:passed': false },
      'api:hasRevision': 1,
    });
    expect(check.body).not.toContain('a remark that stays in the portal');
    expect(await ontologyProblems(check.json())).toEqual([]);
    const embedded = await get(`${new URL(checkIri).pathname}?embedded=true`, airline);
    expect(embedded.json()['cargo:checkedObject']).toMatchObject({ '@type': 'cargo:Shipment', 'api:hasRevision': 1 });
    expect(await ontologyProblems(embedded.json())).toEqual([]);
    expect((await get(`${new URL(checkIri).pathname}?at=20200101T000000Z`, airline)).statusCode).toBe(404);
    expect((await get(new URL(checkIri).pathname, otherAirline)).statusCode).toBe(403);
    expect((await get(`/onerecord/logistics-objects/${id}-check-999999999`, airline)).statusCode).toBe(404);
    const template = await get('/onerecord/logistics-objects/check-template-acceptance', otherAirline);
    expect(template.statusCode).toBe(200);
    expect(template.json()).toMatchObject({ '@type': 'cargo:CheckTemplate', 'cargo:name': 'Acceptance for carriage' });
    expect(await ontologyProblems(template.json())).toEqual([]);
    // A Check never changes: a change request is refused, nothing kept.
    const patched = await t.app.inject({
      method: 'PATCH',
      url: new URL(checkIri).pathname,
      headers: { ...bearer(airline), 'content-type': 'application/ld+json' },
      payload: JSON.stringify(
        change(checkIri, 1, [operation('ADD', `${checkIri}#checkTotalResult`, `${CARGO}checkRemark`, `${XSD}string`, 'fine')], 'passed after all'),
      ),
    });
    expect(patched.statusCode, patched.body).toBe(422);
    expect(patched.body).toMatch(/Check records a decision/);

    const one = await get(new URL(event['@id']).pathname, airline);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ '@id': event['@id'], 'cargo:eventName': expect.stringMatching(/^Rejected/) });
    expect((await get(`${events}?event-code=ACCEPTED`, airline)).json()['api:hasTotalItems']).toBe(0);
    expect((await get(`${events}?event-code=REJECTED&limit=1&skip=1`, airline)).json()).toMatchObject({ 'api:hasTotalItems': 1, 'api:hasItem': [] });

    // The code resolves: the list names it.
    const list = await get('/onerecord/code-lists/ScreeningStatus', airline);
    expect(list.statusCode).toBe(200);
    const codes = list.json()['@graph'];
    expect(codes.map((element: { '@id': string }) => element['@id'])).toContain(`${BASE}/code-lists/ScreeningStatus#REJECTED`);
    expect(await ontologyProblems(list.json())).toEqual([]);
  });

  it('tells a sanction hold and its release as ON_HOLD and RELEASED events, in order, without the hit', async () => {
    const posted = await postMessage(
      t.app,
      airline,
      demoFwb(9_370_004, (waybill) => (waybill.consignee.name = 'GLOBAL STAR GENERAL TRADING LLC')),
    );
    const id = posted.json().data.ShipmentId;
    const events = `/onerecord/logistics-objects/${id}-shipment/logistics-events`;
    const codesOf = async () =>
      ((await get(events, airline)).json()['api:hasItem'] as { 'cargo:eventCode': { '@id': string } }[]).map(
        (event) => event['cargo:eventCode']['@id'].split('#')[1],
      );
    expect(await codesOf()).toEqual(['ON_HOLD']);

    // A reviewer clears the hit: the shipment is released, in the same transaction as the decision.
    const sanction = (await t.app.inject({ method: 'GET', url: `/awbapi/sanction/detail/${id}`, headers: bearer(airline) })).json().data;
    const [prefix, suffix] = posted.json().data.AWBNumber.split('-');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/awbapi/sanction/save',
      headers: bearer(airline),
      payload: {
        ShipmentId: id,
        AWBPrefix: prefix,
        AWBSuffix: suffix,
        UpdateDT: sanction.UpdateDT,
        PendingUpdate: false,
        decisions: sanction.SanctionHits.map((hit: { hitId: string }) => ({ HitId: hit.hitId, Decision: 'CLEAR', Remark: 'A different company, checked.' })),
      },
    });
    expect(saved.json().status, saved.body).toBe(1);
    expect(await codesOf()).toEqual(['ON_HOLD', 'RELEASED']);
    const listed = await get(events, airline);
    expect(listed.body).not.toMatch(/GLOBAL STAR|A different company/);
    expect(await ontologyProblems(listed.json())).toEqual([]);
    // Each is a Check of the sanctions screening: failed while held, passed when released; no hit in either.
    const checks = await Promise.all(
      listed
        .json()
        ['api:hasItem'].map(async (event: { 'cargo:externalReferences': { 'cargo:documentLink': string } }) =>
          get(new URL(event['cargo:externalReferences']['cargo:documentLink']).pathname, airline),
        ),
    );
    expect(checks.map((check) => check.json()['cargo:checkTotalResult']['cargo:passed'])).toEqual([false, true]);
    for (const check of checks) {
      expect(check.json()['cargo:usedTemplate']).toEqual({ '@id': `${BASE}/logistics-objects/check-template-sanctions` });
      expect(check.body).not.toMatch(/GLOBAL STAR|A different company/);
      expect(await ontologyProblems(check.json())).toEqual([]);
    }
    // The shipment's history says so too.
    const history = await t.db.selectFrom('shipment_events').select(['kind', 'description']).where('shipment_id', '=', id).orderBy('event_id').execute();
    expect(history.filter((line) => line.kind === 'HOLD' || line.kind === 'RELEASE')).toEqual([
      { kind: 'HOLD', description: 'Held for sanction review: 1 open sanction hit(s).' },
      { kind: 'RELEASE', description: 'Released from sanction hold: no open sanction hit.' },
    ]);
    // The code list names both.
    const codes = (await get('/onerecord/code-lists/ScreeningStatus', airline))
      .json()
      ['@graph'].map((element: { 'cargo:code': string }) => element['cargo:code']);
    expect(codes).toEqual(expect.arrayContaining(['ON_HOLD', 'RELEASED']));
  });

  it('has no events for the other objects, refuses another company and malformed paging, and finds no unknown event', async () => {
    expect((await get(`/onerecord/logistics-objects/${shipmentId}-waybill/logistics-events`, airline)).json()['api:hasTotalItems']).toBe(0);
    expect((await get(`/onerecord/logistics-objects/${shipmentId}-shipment/logistics-events`, otherAirline)).statusCode).toBe(403);
    expect((await get(`/onerecord/logistics-objects/${shipmentId}-nothing/logistics-events`, airline)).statusCode).toBe(404);
    for (const query of ['limit=0', 'limit=1001', 'limit=x', 'skip=-1'])
      expect((await get(`/onerecord/logistics-objects/${shipmentId}-shipment/logistics-events?${query}`, airline)).statusCode, query).toBe(400);
    expect((await get(`/onerecord/logistics-objects/${shipmentId}-shipment/logistics-events/999999999`, airline)).statusCode).toBe(404);
  });
});

describe('a company the shipment is lent to', () => {
  it('sees what its summary shows: the Waybill’s number and airports, the Shipment’s weight and pieces, the decisions; nothing else', async () => {
    const posted = await postMessage(
      t.app,
      airline,
      demoFwb(9_370_005, (waybill) => (waybill.shipper.name = 'LENT SHIPPER GMBH')),
    );
    const id = posted.json().data.ShipmentId;
    const detail = (await t.app.inject({ method: 'GET', url: `/awbapi/awbdetail/${id}`, headers: bearer(airline) })).json().data;
    const lent = await t.app.inject({
      method: 'POST',
      url: '/awbapi/awblend',
      headers: bearer(airline),
      payload: { ShipmentId: id, CompanyId: 'SKYAIR', UpdateDT: detail.UpdateDT },
    });
    expect(lent.json().status, lent.body).toBe(1);
    const objects = `/onerecord/logistics-objects/${id}`;
    // The owner posts an event of its own on the Shipment: a partner's event is no summary's.
    const event = JSON.stringify({
      '@context': { cargo: CARGO },
      '@type': 'cargo:LogisticsEvent',
      'cargo:eventDate': { '@type': `${XSD}dateTime`, '@value': '2026-11-30T06:15:00Z' },
      'cargo:eventCode': { '@id': 'https://onerecord.iata.org/ns/code-lists/StatusCode#FOH' },
    });
    const postEvent = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `${objects}-shipment/logistics-events`,
        headers: { ...bearer(token), 'content-type': 'application/ld+json' },
        payload: event,
      });
    const own = await postEvent(airline);
    expect(own.statusCode, own.body).toBe(201);

    const waybill = await get(`${objects}-waybill?embedded=true`, otherAirline);
    expect(waybill.statusCode, waybill.body).toBe(200);
    const body = waybill.json();
    expect(body).toMatchObject({
      '@type': 'cargo:Waybill',
      'cargo:waybillNumber': expect.any(String),
      'cargo:departureLocation': { '@type': 'cargo:Location' },
      'cargo:shipment': { '@type': 'cargo:Shipment', 'cargo:totalGrossWeight': { 'cargo:numericalValue': expect.any(Number) } },
    });
    expect(Object.keys(body)).not.toEqual(expect.arrayContaining(['cargo:waybillLineItems']));
    expect(Object.keys(body['cargo:shipment'])).not.toContain('cargo:involvedParties');
    expect(Object.keys(body['cargo:shipment'])).not.toContain('cargo:goodsDescription');
    expect(waybill.body).not.toContain('LENT SHIPPER');
    expect(await ontologyProblems(body)).toEqual([]);
    // The owner sees it whole.
    expect((await get(`${objects}-waybill?embedded=true`, airline)).body).toContain('LENT SHIPPER');

    for (const hidden of ['-shipper', '-booking', '-waybill/logistics-events'])
      expect((await get(`${objects}${hidden}`, otherAirline)).json()['api:hasErrorDetail'][0]['api:hasMessage'], hidden).toMatch(/lent to your company/);
    expect((await get(`${objects}-nothing`, otherAirline)).statusCode).toBe(404);

    // The decisions are the status its summary shows: read, without the owner's own event; posting is the owner's.
    const events = await get(`${objects}-shipment/logistics-events`, otherAirline);
    expect(events.statusCode).toBe(200);
    expect(events.json()['api:hasTotalItems']).toBe(0);
    expect((await get(`${objects}-shipment/logistics-events`, airline)).json()['api:hasTotalItems']).toBe(1);
    expect((await postEvent(otherAirline)).statusCode).toBe(403);

    // Taken back, nothing.
    const took = await t.app.inject({
      method: 'POST',
      url: '/awbapi/awbtakeback',
      headers: bearer(airline),
      payload: { ShipmentId: id, CompanyId: 'SKYAIR', UpdateDT: lent.json().data.UpdateDT ?? detail.UpdateDT },
    });
    expect(took.json().status, took.body).toBe(1);
    expect((await get(`${objects}-waybill`, otherAirline)).statusCode).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, requestToken, signIn, type TestApp } from '../testApp';
import { classicCall } from '../classicCall';
import { demoFwb, postMessage } from '../compliance/messages';
import { ontologyProblems } from '../../domain/oneRecord/ontology';

/**
 * Logistics events partners post (issue 37, 4; API 2.3.0 "Create a Logistics Event"): a registered client or a
 * signed-in user records a cargo:LogisticsEvent on an object it may see; the server gives it its IRI, creationDate
 * and the client's organisation; the object's events then hold it beside the portal's decisions. A body that is
 * no event, or one this server cannot keep whole, is refused with why, and nothing is stored.
 */

let t: TestApp;
let admin: string;
let client: string;
let shipmentId: string;
const BASE = 'http://localhost:3000/onerecord';
const ORG = 'https://forwarder.example/logistics-objects/acme';
const LD = 'application/ld+json; version=2.3.0';

const departed = (objectIri: string) => ({
  '@context': { cargo: 'https://onerecord.iata.org/ns/cargo#' },
  '@type': 'cargo:LogisticsEvent',
  'cargo:creationDate': { '@type': 'http://www.w3.org/2001/XMLSchema#dateTime', '@value': '2023-04-01T10:38:01.000Z' },
  'cargo:eventDate': { '@type': 'http://www.w3.org/2001/XMLSchema#dateTime', '@value': '2026-11-30T06:15:00.000Z' },
  'cargo:eventCode': { '@id': 'https://onerecord.iata.org/ns/code-lists/StatusCode#DEP' },
  'cargo:eventName': 'Consignment departed on a specific flight',
  'cargo:eventTimeType': { '@id': 'cargo:ACTUAL', '@type': 'cargo:EventTimeType' },
  'cargo:partialEventIndicator': false,
  'cargo:eventFor': { '@type': 'cargo:Shipment', '@id': objectIri },
  'cargo:recordingOrganization': { '@type': 'cargo:Company', '@id': ORG },
});

const post = (id: string, body: unknown, token = client, contentType = LD) =>
  t.app.inject({
    method: 'POST',
    url: `/onerecord/logistics-objects/${id}/logistics-events`,
    headers: { ...bearer(token), accept: LD, 'content-type': contentType },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const events = (id: string, token = client, query = '') =>
  t.app.inject({ method: 'GET', url: `/onerecord/logistics-objects/${id}/logistics-events${query}`, headers: { ...bearer(token), accept: LD } });

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  admin = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
  const posted = await postMessage(t.app, admin, demoFwb(9_370_201));
  expect(posted.statusCode).toBe(201);
  shipmentId = posted.json().data.ShipmentId;
  const registered = (await classicCall(t.app, admin, 'POST', '/onerecordclients', { name: 'Acme', organisation_iri: ORG })).json().data;
  client = (await requestToken(t.app, { GrantType: 'client_credentials', ClientId: registered.id, ClientSecret: registered.secret })).json().access_token;
});
afterAll(() => t.close());

describe('POST /onerecord/logistics-objects/{id}/logistics-events', () => {
  it('records the event (201, Location, Type) and lists it among the object’s events, as the ontologies define it', async () => {
    const objectId = `${shipmentId}-shipment`;
    const objectIri = `${BASE}/logistics-objects/${objectId}`;
    const response = await post(objectId, departed(objectIri));
    expect(response.statusCode).toBe(201);
    expect(response.body).toBe('');
    expect(response.headers.type).toBe('https://onerecord.iata.org/ns/cargo#LogisticsEvent');
    const location = String(response.headers.location);
    expect(location).toMatch(new RegExp(`^${objectIri}/logistics-events/[0-9a-f-]{36}$`));
    const list = await events(objectId);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    const recorded = body['api:hasItem'].find((event: { '@id': string }) => event['@id'] === location);
    expect(recorded).toMatchObject({
      '@type': 'cargo:LogisticsEvent',
      'cargo:eventFor': { '@id': objectIri },
      'cargo:eventDate': '2026-11-30T06:15:00Z',
      'cargo:eventCode': { '@id': 'https://onerecord.iata.org/ns/code-lists/StatusCode#DEP' },
      'cargo:eventTimeType': { '@id': 'cargo:ACTUAL' },
      'cargo:recordingOrganization': { '@id': ORG },
    });
    // The server's creationDate, not the body's.
    expect(recorded['cargo:creationDate']).not.toBe('2023-04-01T10:38:01.000Z');
    expect(await ontologyProblems(body)).toEqual([]);
    const one = await t.app.inject({ method: 'GET', url: location.replace('http://localhost:3000', ''), headers: { ...bearer(client), accept: LD } });
    expect(one.statusCode).toBe(200);
    expect(one.json()['@id']).toBe(location);
    expect((await events(objectId, client, '?event-code=DEP,FOH')).json()['api:hasTotalItems']).toBe(1);
    expect((await events(objectId, client, '?event-code=RCS')).json()['api:hasTotalItems']).toBe(0);
  });

  it('takes an event on any object of the shipment from a signed-in user too, without an organisation', async () => {
    const objectId = `${shipmentId}-waybill`;
    const { 'cargo:recordingOrganization': _left, ...event } = departed(`${BASE}/logistics-objects/${objectId}`);
    const response = await post(objectId, event, admin);
    expect(response.statusCode).toBe(201);
    const listed = (await events(objectId, admin)).json()['api:hasItem'];
    expect(listed).toHaveLength(1);
    expect(listed[0]['cargo:recordingOrganization']).toBeUndefined();
  });

  it('refuses what is no event, or one it cannot keep whole, saying why, and stores nothing', async () => {
    const objectId = `${shipmentId}-pieces-1`;
    const objectIri = `${BASE}/logistics-objects/${shipmentId}-shipment`;
    const valid = departed(objectIri);
    const cases: [unknown, RegExp][] = [
      ['{"@type": ', /not JSON/],
      [[valid], /one JSON-LD object/],
      [{ ...valid, '@type': 'cargo:Shipment' }, /@type must be cargo:LogisticsEvent/],
      [{ ...valid, 'cargo:eventDate': undefined }, /eventDate is required/],
      [{ ...valid, 'cargo:eventDate': { '@value': 'yesterday' } }, /eventDate must be a date and time/],
      [{ ...valid, 'cargo:eventTimeType': { '@id': 'cargo:SOMETIME' } }, /eventTimeType must be one of/],
      [{ ...valid, 'cargo:recordingActor': { '@id': 'https://x.example/a' } }, /keeps no .*recordingActor/],
      [{ ...valid, '@context': 'https://evil.example/context.jsonld' }, /not fetched/],
      [{ ...valid, 'cargo:eventFor': { '@id': `${BASE}/logistics-objects/someone-else` } }, /eventFor, when given, must be the logistics object posted to/],
      [{ ...valid, 'cargo:recordingOrganization': { '@id': 'https://other.example/org' } }, /must be your organisation/],
    ];
    for (const [body, message] of cases) {
      const response = await post(`${shipmentId}-shipment`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()['@type']).toBe('api:Error');
      expect(response.json()['api:hasErrorDetail'][0]['api:hasMessage']).toMatch(message);
    }
    expect((await post(`${shipmentId}-shipment`, valid, client, 'application/json')).statusCode).toBe(415);
    expect((await post('999999999-shipment', valid)).statusCode).toBe(404);
    expect((await post(objectId, valid)).statusCode).toBe(404);
    const listed = (await events(`${shipmentId}-shipment`)).json()['api:hasItem'];
    expect(listed.filter((event: { 'cargo:recordingOrganization'?: unknown }) => event['cargo:recordingOrganization'])).toHaveLength(1);
  });

  it('pages the events in the database, oldest first, the total counting all that match', async () => {
    const objectId = `${shipmentId}-booking`;
    const objectIri = `${BASE}/logistics-objects/${objectId}`;
    const { 'cargo:recordingOrganization': _left, ...event } = departed(objectIri);
    const locations: string[] = [];
    for (const code of ['DEP', 'ARR', 'DEP', 'RCF', 'DEP']) {
      const response = await post(objectId, { ...event, 'cargo:eventCode': { '@id': `https://onerecord.iata.org/ns/code-lists/StatusCode#${code}` } }, admin);
      expect(response.statusCode).toBe(201);
      locations.push(String(response.headers.location));
    }
    const page = (await events(objectId, admin, '?limit=2&skip=1')).json();
    expect(page['api:hasTotalItems']).toBe(5);
    expect(page['api:hasItem'].map((item: { '@id': string }) => item['@id'])).toEqual(locations.slice(1, 3));
    const departures = (await events(objectId, admin, '?event-code=DEP&skip=1')).json();
    expect(departures['api:hasTotalItems']).toBe(3);
    expect(departures['api:hasItem'].map((item: { '@id': string }) => item['@id'])).toEqual([locations[2], locations[4]]);
    const past = (await events(objectId, admin, '?skip=50')).json();
    expect(past).toMatchObject({ 'api:hasTotalItems': 5, 'api:hasItem': [] });
    // A code holding LIKE's own characters matches them as written.
    expect((await events(objectId, admin, '?event-code=%25')).json()['api:hasTotalItems']).toBe(0);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/onerecord/logistics-objects/${objectId}/logistics-events/not-an-id`,
      headers: { ...bearer(admin), accept: LD },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a caller that may not see the object', async () => {
    const sky = (await signIn(t.app, 'SKYAIR', 'admin', 'Admin#12345')).access_token;
    const response = await post(`${shipmentId}-shipment`, departed(`${BASE}/logistics-objects/${shipmentId}-shipment`), sky);
    expect(response.statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/onerecord/logistics-objects/${shipmentId}-shipment/logistics-events`,
          headers: { 'content-type': LD },
          payload: '{}',
        })
      ).statusCode,
    ).toBe(401);
  });
});

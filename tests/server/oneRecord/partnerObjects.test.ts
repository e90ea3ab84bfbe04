import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { bearer, buildTestApp, signIn, type TestApp } from '../testApp';
import { API, CARGO, change, CONTEXT, operation, XSD } from './changeBodies';
import { demoFwb, postMessage } from '../compliance/messages';
import { ontologyProblems } from '../../domain/oneRecord/ontology';
import { isReservedId, newPartnerObjectId } from '../../../src/server/oneRecord/partnerRoutes';

/**
 * Partners' own logistics objects (issue 37, 4; API 2.3.0 "Create", "Get", "Update a Logistics Object", action
 * requests and the audit trail): created from JSON-LD checked against the ontologies, read back (now, embedded, at a
 * time), changed by an api:Change that the holder's company makes and that is applied at once, atomically, as a
 * new revision. Nobody else sees them. A body the data model does not take is refused with why, and nothing is kept.
 */

let t: TestApp;
let holder: string;
let other: string;
let shipmentId: string;
const BASE = 'http://localhost:3000/onerecord';
const LD = 'application/ld+json; version=2.3.0';

const piece = () => ({
  '@context': CONTEXT,
  '@type': 'cargo:Piece',
  'cargo:coload': { '@type': `${XSD}boolean`, '@value': 'false' },
  'cargo:goodsDescription': 'Important piece',
  'cargo:specialHandlingCodes': [{ '@id': 'https://onerecord.iata.org/ns/code-lists/SpecialHandlingCode#VAL' }],
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'HEAD', url: string, token: string, body?: unknown, contentType = LD) =>
  t.app.inject({
    method,
    url: `/onerecord${url}`,
    headers: { ...bearer(token), accept: LD, ...(body !== undefined ? { 'content-type': contentType } : {}) },
    ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });

async function create(body: unknown, token = holder) {
  const response = await call('POST', '/logistics-objects', token, body);
  expect(response.statusCode, response.body).toBe(201);
  return String(response.headers.location);
}
const idOf = (iri: string) => iri.split('/').pop() as string;
const objectCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM onerecord_objects`.execute(t.db)).rows[0].n);

const addWeight = (objectIri: string, revision: number, value: string) =>
  change(objectIri, revision, [
    operation('ADD', '_:b0', `${CARGO}numericalValue`, `${XSD}double`, value),
    operation(
      'ADD',
      '_:b0',
      `${CARGO}unit`,
      'https://onerecord.iata.org/ns/code-lists/MeasurementUnitCode',
      'https://onerecord.iata.org/ns/code-lists/MeasurementUnitCode#KGM',
    ),
    operation('ADD', objectIri, `${CARGO}grossWeight`, `${CARGO}Value`, '_:b0'),
  ]);

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  holder = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
  other = (await signIn(t.app, 'SKYAIR', 'admin', 'Admin#12345')).access_token;
  const posted = await postMessage(t.app, holder, demoFwb(9_370_301));
  expect(posted.statusCode).toBe(201);
  shipmentId = posted.json().data.ShipmentId;
});
afterAll(() => t.close());

describe('POST /onerecord/logistics-objects', () => {
  it('creates the object (201, Location, Type) and answers it back as the ontologies define it, at revision 1', async () => {
    const iri = await create(piece());
    expect(iri).toMatch(new RegExp(`^${BASE}/logistics-objects/[0-9a-f-]{36}$`));
    const response = await call('GET', `/logistics-objects/${idOf(iri)}`, holder);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({ type: `${CARGO}Piece`, revision: '1', 'latest-revision': '1', 'content-language': 'en-US' });
    const body = response.json();
    expect(body).toMatchObject({
      '@id': iri,
      '@type': 'cargo:Piece',
      'cargo:coload': { '@value': 'false', '@type': 'xsd:boolean' },
      'cargo:goodsDescription': 'Important piece',
      'cargo:specialHandlingCodes': { '@id': 'https://onerecord.iata.org/ns/code-lists/SpecialHandlingCode#VAL' },
      'api:hasRevision': 1,
      'api:hasLatestRevision': 1,
    });
    expect(await ontologyProblems(body)).toEqual([]);
    const head = await call('HEAD', `/logistics-objects/${idOf(iri)}`, holder);
    expect(head.statusCode).toBe(200);
    expect(head.headers.revision).toBe('1');
  });

  it('keeps the objects written inside it, with ids of its own, and names the most specific class; embeds a linked object of the holder', async () => {
    const company = await create({
      '@context': CONTEXT,
      '@type': ['cargo:Company', 'cargo:Organization', 'cargo:LogisticsAgent', 'cargo:LogisticsObject'],
      'cargo:name': 'Acme Corporation',
      'cargo:contactPersons': [
        { '@type': ['cargo:Person', 'cargo:Actor', 'cargo:LogisticsAgent', 'cargo:LogisticsObject'], 'cargo:firstName': 'Jane', 'cargo:lastName': 'Doe' },
      ],
    });
    const read = await call('GET', `/logistics-objects/${idOf(company)}`, holder);
    expect(read.headers.type).toBe(`${CARGO}Company`);
    expect(read.json()['cargo:contactPersons']).toMatchObject({ '@id': `${company}#1`, 'cargo:firstName': 'Jane' });
    expect(await ontologyProblems(read.json())).toEqual([]);

    const pieceIri = await create(piece());
    const shipment = await create({
      '@context': CONTEXT,
      '@type': 'cargo:Shipment',
      'cargo:goodsDescription': 'Materials',
      'cargo:pieces': [{ '@id': pieceIri }],
    });
    const plain = (await call('GET', `/logistics-objects/${idOf(shipment)}`, holder)).json();
    expect(plain['cargo:pieces']).toEqual({ '@id': pieceIri });
    const embedded = (await call('GET', `/logistics-objects/${idOf(shipment)}?embedded=true`, holder)).json();
    expect(embedded['cargo:pieces']).toMatchObject({
      '@id': pieceIri,
      '@type': 'cargo:Piece',
      'cargo:goodsDescription': 'Important piece',
      'api:hasRevision': 1,
    });
    expect(await ontologyProblems(embedded)).toEqual([]);
  });

  it('gives ids that are never the portal’s own (a UUID of digits first reads as a shipment’s object id)', () => {
    expect(isReservedId('42362684-8c09-45b7-bcf2-862d1479b97b')).toBe(true);
    // Every company-… id is the portal's, whether or not a company of that id exists or could.
    for (const id of ['company-DEMOAIR', 'company-NOSUCH', 'company-', 'company-%E0%A4%A', 'company-a~b']) expect(isReservedId(id), id).toBe(true);
    for (let index = 0; index < 5000; index++) expect(isReservedId(newPartnerObjectId())).toBe(false);
  });

  it('embeds every linked object of a shipment of many pieces, each once, read a level at a time', async () => {
    const pieces: string[] = [];
    for (let index = 0; index < 300; index++) pieces.push(await create(piece()));
    const shipment = await create({ '@context': CONTEXT, '@type': 'cargo:Shipment', 'cargo:pieces': [...pieces, pieces[0]].map((iri) => ({ '@id': iri })) });
    const embedded = await call('GET', `/logistics-objects/${idOf(shipment)}?embedded=true`, holder);
    expect(embedded.statusCode).toBe(200);
    const items = embedded.json()['cargo:pieces'] as { '@id': string; '@type'?: string }[];
    expect(items.filter((item) => item['@type'] === 'cargo:Piece')).toHaveLength(300);
    // The piece linked twice is embedded once; its second link stays a link.
    expect(items.filter((item) => item['@id'] === pieces[0])).toEqual([expect.objectContaining({ '@type': 'cargo:Piece' }), { '@id': pieces[0] }]);
  });

  it('takes the id the body gives under this server, once (409 the second time)', async () => {
    const iri = `${BASE}/logistics-objects/acme-piece-1`;
    expect(await create({ ...piece(), '@id': iri })).toBe(iri);
    const again = await call('POST', '/logistics-objects', holder, { ...piece(), '@id': iri });
    expect(again.statusCode).toBe(409);
    expect(again.json()['@type']).toBe('api:Error');
  });

  it('refuses what the data model does not take, saying why, and keeps nothing', async () => {
    const before = await objectCount();
    const refused: [unknown, string][] = [
      [{ ...piece(), 'cargo:colour': 'red' }, 'cargo:colour is not a property'],
      [{ ...piece(), '@type': 'cargo:Parcel' }, 'cargo:Parcel is not a class'],
      [{ '@context': CONTEXT, '@type': 'cargo:Value', 'cargo:numericalValue': 2 }, 'inherits from cargo:LogisticsObject'],
      [{ ...piece(), 'cargo:coload': 'maybe' }, 'cargo:coload takes true or false'],
      [{ ...piece(), 'cargo:coload': true, 'cargo:slac': 'many' }, 'cargo:slac takes a whole number'],
      [{ ...piece(), 'cargo:goodsDescription': ['one', 'two'] }, 'cargo:goodsDescription takes one value'],
      [
        { ...piece(), 'cargo:specialHandlingCodes': { '@id': 'https://onerecord.iata.org/ns/code-lists/SpecialHandlingCode#NOPE' } },
        'no code of its code list',
      ],
      [{ ...piece(), 'cargo:events': { '@id': 'https://example.com/e/1' } }, 'cargo:events is not written'],
      [{ ...piece(), 'api:hasRevision': 3 }, 'api:hasRevision is set by the server'],
      [{ ...piece(), 'cargo:grossWeight': { '@id': 'https://elsewhere.example/v/1', 'cargo:numericalValue': 2 } }, 'gets its id from the server'],
      [{ '@context': CONTEXT, '@graph': [piece()] }, 'without @graph'],
      [{ ...piece(), '@context': 'https://example.com/context.jsonld' }, 'is not fetched'],
      [{ ...piece(), '@id': 'https://elsewhere.example/logistics-objects/1' }, 'The @id, when given'],
      [{ ...piece(), '@id': `${BASE}/logistics-objects/${shipmentId}-piece-1` }, 'The @id, when given'],
      ['{"@type": ', 'The body is not JSON.'],
      [{ ...piece(), 'cargo:goodsDescription': 'Important\u0000piece' }, 'NUL'],
      [{ ...piece(), 'cargo:goods\u0000Description': 'Important piece' }, 'NUL'],
      [{ ...piece(), 'cargo:goodsDescription': 'Important \uD800piece' }, 'half a surrogate pair'],
      [{ ...piece(), 'cargo:goodsDescription': 'Important piece\uDFFF' }, 'half a surrogate pair'],
    ];
    for (const [body, message] of refused) {
      const response = await call('POST', '/logistics-objects', holder, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()['api:hasErrorDetail'][0]['api:hasMessage']).toContain(message);
    }
    expect((await call('POST', '/logistics-objects', holder, JSON.stringify(piece()), 'application/json')).statusCode).toBe(415);
    expect(await objectCount()).toBe(before);
  });
});

describe('PATCH /onerecord/logistics-objects/{id}: the holder’s change', () => {
  it('applies the change at once as revision 2 (an object written inside it gets its id), recorded as an accepted ChangeRequest in the audit trail; at a time before, revision 1', async () => {
    const iri = await create(piece());
    const id = idOf(iri);
    // `at` names a whole second (up to its end): one after the object was made and before the change.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const beforeChange = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
    const patched = await call('PATCH', `/logistics-objects/${id}`, holder, addWeight(iri, 1, '20.0'));
    expect(patched.statusCode, patched.body).toBe(201);
    expect(patched.headers.type).toBe(`${API}ChangeRequest`);
    const requestIri = String(patched.headers.location);
    expect(requestIri).toMatch(new RegExp(`^${BASE}/action-requests/[0-9a-f-]{36}$`));

    const now = await call('GET', `/logistics-objects/${id}`, holder);
    expect(now.headers).toMatchObject({ revision: '2', 'latest-revision': '2' });
    expect(now.json()['cargo:grossWeight']).toEqual({
      '@id': `${iri}#1`,
      '@type': 'cargo:Value',
      'cargo:numericalValue': 20,
      'cargo:unit': { '@id': 'https://onerecord.iata.org/ns/code-lists/MeasurementUnitCode#KGM' },
    });
    expect(await ontologyProblems(now.json())).toEqual([]);

    const at = beforeChange
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    const then = await call('GET', `/logistics-objects/${id}?at=${at}`, holder);
    expect(then.statusCode).toBe(200);
    expect(then.headers).toMatchObject({ revision: '1', 'latest-revision': '2' });
    expect(then.json()['cargo:grossWeight']).toBeUndefined();
    expect((await call('GET', `/logistics-objects/${id}?at=20190926T075830Z`, holder)).statusCode).toBe(404);

    const request = await call('GET', `/action-requests/${idOf(requestIri)}`, holder);
    expect(request.statusCode).toBe(200);
    expect(request.headers.type).toBe(`${API}ChangeRequest`);
    const requestBody = request.json();
    expect(requestBody).toMatchObject({
      '@id': requestIri,
      '@type': 'api:ChangeRequest',
      'api:hasRequestStatus': { '@id': 'api:REQUEST_ACCEPTED' },
      'api:isRequestedBy': { '@id': `${BASE}/logistics-objects/company-DEMOAIR` },
      'api:hasRequestStatusHistory': [{ 'api:hasRequestStatus': { '@id': 'api:REQUEST_PENDING' } }],
    });
    expect(requestBody['api:hasChange']['api:hasOperation']).toHaveLength(3);
    expect(await ontologyProblems(requestBody)).toEqual([]);

    const trail = await call('GET', `/logistics-objects/${id}/audit-trail`, holder);
    expect(trail.statusCode).toBe(200);
    expect(trail.json()).toMatchObject({ '@type': 'api:AuditTrail', 'api:hasLatestRevision': 2, 'api:hasActionRequest': [{ '@id': requestIri }] });
    expect(await ontologyProblems(trail.json())).toEqual([]);
    expect((await call('GET', `/logistics-objects/${id}/audit-trail?status=REQUEST_REJECTED`, holder)).json()['api:hasActionRequest']).toBeUndefined();
    expect((await call('GET', `/logistics-objects/${id}/audit-trail?status=REQUEST_SOMETIMES`, holder)).statusCode).toBe(400);

    // The organisation that asked: a portal company, readable.
    const company = await call('GET', '/logistics-objects/company-DEMOAIR', holder);
    expect(company.json()).toMatchObject({ '@type': 'cargo:Company', 'cargo:name': expect.any(String) });

    // Deleting then adding replaces a value; deleting the link takes the object inside with it.
    const replaced = await call(
      'PATCH',
      `/logistics-objects/${id}`,
      holder,
      change(iri, 2, [
        operation('DELETE', `${iri}#1`, `${CARGO}numericalValue`, `${XSD}double`, '20.0'),
        operation('ADD', `${iri}#1`, `${CARGO}numericalValue`, `${XSD}double`, '25.0'),
      ]),
    );
    expect(replaced.statusCode, replaced.body).toBe(201);
    const removed = await call(
      'PATCH',
      `/logistics-objects/${id}`,
      holder,
      change(iri, 3, [operation('DELETE', iri, `${CARGO}grossWeight`, `${CARGO}Value`, `${iri}#1`)]),
    );
    expect(removed.statusCode, removed.body).toBe(201);
    const last = (await call('GET', `/logistics-objects/${id}`, holder)).json();
    expect(last['cargo:grossWeight']).toBeUndefined();
    expect(last['api:hasLatestRevision']).toBe(4);
  });

  it('refuses a change that cannot be applied whole (422) or is malformed (400), and the object stays as it was', async () => {
    const iri = await create(piece());
    const id = idOf(iri);
    const refusals: [unknown, number, string][] = [
      [addWeight(iri, 2, '20'), 422, 'the logistics object is at revision 1'],
      [change(iri, 1, [operation('DELETE', iri, `${CARGO}goodsDescription`, `${XSD}string`, 'Another piece')]), 422, 'holds no Another piece to delete'],
      [change(iri, 1, [operation('ADD', iri, `${CARGO}goodsDescription`, `${XSD}string`, 'Second')]), 422, 'takes one value'],
      [change(iri, 1, [operation('ADD', `${iri}#9`, `${CARGO}name`, `${XSD}string`, 'x')]), 422, 'neither the logistics object nor an object inside it'],
      [change(iri, 1, [operation('ADD', '_:b1', `${CARGO}numericalValue`, `${XSD}double`, '1')]), 422, 'never linked'],
      [change(iri, 1, [operation('ADD', iri, `${CARGO}slac`, `${XSD}integer`, 'lots')]), 422, 'cargo:slac takes a whole number'],
      [
        change(`${BASE}/logistics-objects/another`, 1, [operation('ADD', iri, `${CARGO}slac`, `${XSD}integer`, '2')]),
        400,
        'must be the logistics object patched',
      ],
      [change(iri, 1, [operation('ADD', iri, `${CARGO}events`, `${CARGO}LogisticsEvent`, `${iri}/logistics-events/1`)]), 400, 'cargo:events is never changed'],
      [{ ...change(iri, 1, []), 'api:hasOperation': [] }, 400, 'at least one api:Operation'],
      [{ ...change(iri, 1, [operation('ADD', iri, `${CARGO}slac`, `${XSD}integer`, '2')]), 'api:hasRevision': undefined }, 400, 'api:hasRevision is required'],
      ['//Wrong construction of the JSON payload\n{}', 400, 'The body is not JSON.'],
      [change(iri, 1, [operation('ADD', iri, `${CARGO}goodsDescription`, `${XSD}string`, 'a\u0000b')]), 400, 'NUL'],
    ];
    for (const [body, status, message] of refusals) {
      const response = await call('PATCH', `/logistics-objects/${id}`, holder, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()['api:hasErrorDetail'][0]['api:hasMessage']).toContain(message);
    }
    const after = await call('GET', `/logistics-objects/${id}`, holder);
    expect(after.headers.revision).toBe('1');
    expect(after.json()['cargo:goodsDescription']).toBe('Important piece');
    expect((await call('GET', `/logistics-objects/${id}/audit-trail`, holder)).json()['api:hasActionRequest']).toBeUndefined();
  });

  it('answers the decision on an accepted request: the same status 204, another 422, revoking 422; the portal’s own objects take no change request (422)', async () => {
    const iri = await create(piece());
    const patched = await call('PATCH', `/logistics-objects/${idOf(iri)}`, holder, addWeight(iri, 1, '3'));
    const requestId = idOf(String(patched.headers.location));
    expect((await call('PATCH', `/action-requests/${requestId}?status=REQUEST_ACCEPTED`, holder, {})).statusCode).toBe(204);
    expect((await call('PATCH', `/action-requests/${requestId}?status=${encodeURIComponent(`${API}REQUEST_ACCEPTED`)}`, holder)).statusCode).toBe(204);
    expect((await call('PATCH', `/action-requests/${requestId}?status=REQUEST_REJECTED`, holder)).statusCode).toBe(422);
    expect((await call('PATCH', `/action-requests/${requestId}?status=MAYBE`, holder)).statusCode).toBe(400);
    // A status given twice is no status (it once reached the handler as an array: 500).
    expect((await call('PATCH', `/action-requests/${requestId}?status=REQUEST_ACCEPTED&status=REQUEST_REJECTED`, holder)).statusCode).toBe(400);
    expect((await call('DELETE', `/action-requests/${requestId}`, holder)).statusCode).toBe(422);
    expect((await call('GET', '/action-requests/00000000-0000-4000-8000-000000000000', holder)).statusCode).toBe(404);
    expect((await call('GET', '/action-requests/not-an-id', holder)).statusCode).toBe(404);

    const derived = `${BASE}/logistics-objects/${shipmentId}-shipment`;
    const refused = await call(
      'PATCH',
      `/logistics-objects/${shipmentId}-shipment`,
      holder,
      change(derived, 1, [operation('ADD', derived, `${CARGO}goodsDescription`, `${XSD}string`, 'x')]),
    );
    expect(refused.statusCode).toBe(422);
  });
});

describe('who sees a partner’s object', () => {
  it('is its holder’s company only: another company is refused (403) the object, its change, its trail, its requests and its events', async () => {
    const iri = await create(piece());
    const id = idOf(iri);
    const patched = await call('PATCH', `/logistics-objects/${id}`, holder, addWeight(iri, 1, '3'));
    const requestId = idOf(String(patched.headers.location));
    expect((await call('GET', `/logistics-objects/${id}`, other)).statusCode).toBe(403);
    expect((await call('GET', `/logistics-objects/${id}?embedded=true`, other)).statusCode).toBe(403);
    expect((await call('PATCH', `/logistics-objects/${id}`, other, addWeight(iri, 2, '4'))).statusCode).toBe(403);
    expect((await call('GET', `/logistics-objects/${id}/audit-trail`, other)).statusCode).toBe(403);
    expect((await call('GET', `/action-requests/${requestId}`, other)).statusCode).toBe(403);
    expect((await call('PATCH', `/action-requests/${requestId}?status=REQUEST_ACCEPTED`, other)).statusCode).toBe(403);
    expect((await call('GET', `/logistics-objects/${id}/logistics-events`, other)).statusCode).toBe(403);
    expect((await call('GET', '/logistics-objects/no-such-object', holder)).statusCode).toBe(404);
  });

  it('takes events on a partner’s object from its holder and lists them', async () => {
    const iri = await create(piece());
    const id = idOf(iri);
    const event = {
      '@context': CONTEXT,
      '@type': 'cargo:LogisticsEvent',
      'cargo:eventDate': { '@type': `${XSD}dateTime`, '@value': '2026-11-30T06:15:00Z' },
      'cargo:eventCode': { '@id': 'https://onerecord.iata.org/ns/code-lists/StatusCode#DEP' },
    };
    const posted = await call('POST', `/logistics-objects/${id}/logistics-events`, holder, event);
    expect(posted.statusCode, posted.body).toBe(201);
    expect((await call('POST', `/logistics-objects/${id}/logistics-events`, other, event)).statusCode).toBe(403);
    const list = await call('GET', `/logistics-objects/${id}/logistics-events?event-code=DEP`, holder);
    expect(list.json()['api:hasTotalItems']).toBe(1);
    expect(list.json()['api:hasItem'][0]['@id']).toBe(posted.headers.location);
    const single = await call('GET', `/logistics-objects/${id}/logistics-events/${idOf(String(posted.headers.location))}`, holder);
    expect(single.statusCode).toBe(200);
  });
});

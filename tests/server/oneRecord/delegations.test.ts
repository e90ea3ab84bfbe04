import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signIn, type TestApp } from '../testApp';
import { demoFwb, postMessage } from '../compliance/messages';
import { ontologyProblems } from '../../domain/oneRecord/ontology';

/**
 * Access delegations (issue 37, 4; API 2.3.0 "Access Delegation"): the holder of a partner's object lets another
 * company read it (and its events, post events, ask for changes) as it permits; a change a delegate asks for waits for
 * the holder, who accepts (applied as a new revision; the other pending changes of that revision rejected) or
 * rejects it; a delegate's own delegation to a third company waits for the holder too; revoking a delegation revokes
 * what it carried (the trust chain). Deny by default throughout.
 */

let t: TestApp;
let holder: string;
let skyair: string;
let forwarder: string;
let shipmentId: string;
const BASE = 'http://localhost:3000/onerecord';
const LD = 'application/ld+json; version=2.3.0';
const CARGO = 'https://onerecord.iata.org/ns/cargo#';
const XSD = 'http://www.w3.org/2001/XMLSchema#';

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, body?: unknown) =>
  t.app.inject({
    method,
    url: `/onerecord${url}`,
    headers: { ...bearer(token), accept: LD, ...(body !== undefined ? { 'content-type': LD } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
const idOf = (iri: string) => iri.split('/').pop() as string;

async function newPiece(): Promise<string> {
  const response = await call('POST', '/logistics-objects', holder, {
    '@context': { cargo: CARGO },
    '@type': 'cargo:Piece',
    'cargo:goodsDescription': 'Delegated piece',
  });
  expect(response.statusCode).toBe(201);
  return String(response.headers.location);
}

const delegation = (objects: string[], forCompany: string, permissions: string[]) => ({
  '@context': { api: 'https://onerecord.iata.org/ns/api#' },
  '@type': 'api:AccessDelegation',
  'api:hasDescription': 'The handler reads the piece',
  'api:hasPermission': permissions.map((permission) => ({ '@id': `api:${permission}` })),
  'api:isRequestedFor': [{ '@id': `${BASE}/logistics-objects/company-${forCompany}` }],
  'api:hasLogisticsObject': objects.map((iri) => ({ '@id': iri })),
  'api:notifyRequestStatusChange': false,
});

async function delegate(token: string, body: unknown): Promise<string> {
  const response = await call('POST', '/access-delegations', token, body);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.headers.type).toBe('https://onerecord.iata.org/ns/api#AccessDelegationRequest');
  return idOf(String(response.headers.location));
}

const change = (iri: string, revision: number, value: string) => ({
  '@context': { api: 'https://onerecord.iata.org/ns/api#' },
  '@type': 'api:Change',
  'api:hasLogisticsObject': { '@id': iri },
  'api:hasRevision': revision,
  'api:hasOperation': [
    {
      '@type': 'api:Operation',
      'api:op': { '@id': 'api:ADD' },
      'api:s': iri,
      'api:p': `${CARGO}upid`,
      'api:o': [{ '@type': 'api:OperationObject', 'api:hasDatatype': `${XSD}string`, 'api:hasValue': value }],
    },
  ],
});

const statusOf = async (requestId: string, token = holder) => (await call('GET', `/action-requests/${requestId}`, token)).json()['api:hasRequestStatus']['@id'];

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  holder = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
  skyair = (await signIn(t.app, 'SKYAIR', 'admin', 'Admin#12345')).access_token;
  forwarder = (await signIn(t.app, 'DEMOFWD', 'operator', 'Operator#12345')).access_token;
  const posted = await postMessage(t.app, holder, demoFwb(9_370_401));
  shipmentId = posted.json().data.ShipmentId;
});
afterAll(() => t.close());

describe('POST /onerecord/access-delegations', () => {
  it('lets the company delegated to read the object, as permitted only, until the delegation is revoked', async () => {
    const piece = await newPiece();
    expect((await call('GET', `/logistics-objects/${idOf(piece)}`, skyair)).statusCode).toBe(403);
    const requestId = await delegate(holder, delegation([piece], 'SKYAIR', ['GET_LOGISTICS_OBJECT']));
    const request = await call('GET', `/action-requests/${requestId}`, skyair);
    expect(request.json()).toMatchObject({
      '@type': 'api:AccessDelegationRequest',
      'api:hasRequestStatus': { '@id': 'api:REQUEST_ACCEPTED' },
      'api:hasAccessDelegation': { 'api:isRequestedFor': { '@id': `${BASE}/logistics-objects/company-SKYAIR` } },
    });
    expect(await ontologyProblems(request.json())).toEqual([]);
    expect((await call('GET', `/logistics-objects/${idOf(piece)}`, skyair)).statusCode).toBe(200);
    // Not its events, nor a change: not permitted.
    expect((await call('GET', `/logistics-objects/${idOf(piece)}/logistics-events`, skyair)).statusCode).toBe(403);
    expect((await call('PATCH', `/logistics-objects/${idOf(piece)}`, skyair, change(piece, 1, 'x'))).statusCode).toBe(403);
    // Another company still sees nothing; the grantee may not revoke it, the holder may.
    expect((await call('GET', `/logistics-objects/${idOf(piece)}`, forwarder)).statusCode).toBe(403);
    expect((await call('DELETE', `/action-requests/${requestId}`, skyair)).statusCode).toBe(403);
    expect((await call('DELETE', `/action-requests/${requestId}`, holder)).statusCode).toBe(204);
    expect((await call('GET', `/logistics-objects/${idOf(piece)}`, skyair)).statusCode).toBe(403);
  });

  it('refuses what it cannot delegate, saying why', async () => {
    const piece = await newPiece();
    const shipmentObject = `${BASE}/logistics-objects/${shipmentId}-shipment`;
    const refusals: [string, unknown, number, string][] = [
      [
        holder,
        { ...delegation([piece], 'SKYAIR', ['GET_LOGISTICS_OBJECT']), 'api:isRequestedFor': { '@id': 'https://unknown.example/org' } },
        422,
        'knows no company',
      ],
      // Organisations no company id can name: a broken escape, an escaped NUL, an encoded id (company ids are never encoded).
      ...['company-%E0%A4%A', 'company-%00', 'company-SKY%41IR', 'company-', 'company-SKY/AIR'].map((id): [string, unknown, number, string] => [
        holder,
        { ...delegation([piece], 'SKYAIR', ['GET_LOGISTICS_OBJECT']), 'api:isRequestedFor': { '@id': `${BASE}/logistics-objects/${id}` } },
        422,
        'knows no company',
      ]),
      // NUL, which PostgreSQL stores in no text, in an organisation and in an object.
      ...['company-SKY\u0000AIR', 'org\u0000'].map((id): [string, unknown, number, string] => [
        holder,
        { ...delegation([piece], 'SKYAIR', ['GET_LOGISTICS_OBJECT']), 'api:isRequestedFor': { '@id': `${BASE}/logistics-objects/${id}` } },
        400,
        'NUL',
      ]),
      [holder, delegation([`${piece}\u0000`], 'SKYAIR', ['GET_LOGISTICS_OBJECT']), 400, 'NUL'],
      [holder, delegation([shipmentObject], 'SKYAIR', ['GET_LOGISTICS_OBJECT']), 422, 'lending'],
      [holder, delegation([`${BASE}/logistics-objects/no-such-piece`], 'SKYAIR', ['GET_LOGISTICS_OBJECT']), 422, 'no logistics object'],
      [holder, delegation([piece], 'SKYAIR', ['DELETE_EVERYTHING']), 400, 'api:hasPermission takes'],
      [
        holder,
        {
          ...delegation([piece], 'SKYAIR', ['GET_LOGISTICS_OBJECT']),
          'api:isRequestedFor': [{ '@id': `${BASE}/logistics-objects/company-SKYAIR` }, { '@id': `${BASE}/logistics-objects/company-DEMOFWD` }],
        },
        400,
        'one organisation',
      ],
      [skyair, delegation([piece], 'SKYAIR', ['GET_LOGISTICS_OBJECT']), 403, 'not shared'],
    ];
    for (const [token, body, status, message] of refusals) {
      const response = await call('POST', '/access-delegations', token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()['api:hasErrorDetail'][0]['api:hasMessage']).toContain(message);
    }
  });
});

describe('what waits for the holder', () => {
  it('applies a delegate’s change once the holder accepts it, and rejects the other pending changes of that revision', async () => {
    const piece = await newPiece();
    await delegate(holder, delegation([piece], 'SKYAIR', ['GET_LOGISTICS_OBJECT', 'PATCH_LOGISTICS_OBJECT']));
    const first = await call('PATCH', `/logistics-objects/${idOf(piece)}`, skyair, change(piece, 1, 'first'));
    const second = await call('PATCH', `/logistics-objects/${idOf(piece)}`, skyair, change(piece, 1, 'second'));
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    const [firstId, secondId] = [idOf(String(first.headers.location)), idOf(String(second.headers.location))];
    expect(await statusOf(firstId, skyair)).toBe('api:REQUEST_PENDING');
    // Not applied while pending; the delegate may not decide.
    expect((await call('GET', `/logistics-objects/${idOf(piece)}`, holder)).headers.revision).toBe('1');
    expect((await call('PATCH', `/action-requests/${firstId}?status=REQUEST_ACCEPTED`, skyair)).statusCode).toBe(403);
    expect((await call('PATCH', `/action-requests/${firstId}?status=REQUEST_ACCEPTED`, holder)).statusCode).toBe(204);
    const after = await call('GET', `/logistics-objects/${idOf(piece)}`, holder);
    expect(after.headers.revision).toBe('2');
    expect(after.json()['cargo:upid']).toBe('first');
    expect(await statusOf(firstId)).toBe('api:REQUEST_ACCEPTED');
    expect(await statusOf(secondId)).toBe('api:REQUEST_REJECTED');
    // A pending one of the new revision is revoked by its requester.
    const third = await call('PATCH', `/logistics-objects/${idOf(piece)}`, skyair, { ...change(piece, 2, 'third'), 'api:hasOperation': [] });
    expect(third.statusCode).toBe(400);
    const fourth = idOf(
      String(
        (
          await call('PATCH', `/logistics-objects/${idOf(piece)}`, skyair, {
            ...change(piece, 2, 'fourth'),
            'api:hasOperation': [
              {
                '@type': 'api:Operation',
                'api:op': { '@id': 'api:DELETE' },
                'api:s': piece,
                'api:p': `${CARGO}upid`,
                'api:o': [{ '@type': 'api:OperationObject', 'api:hasDatatype': `${XSD}string`, 'api:hasValue': 'first' }],
              },
            ],
          })
        ).headers.location,
      ),
    );
    expect((await call('DELETE', `/action-requests/${fourth}`, skyair)).statusCode).toBe(204);
    expect(await statusOf(fourth)).toBe('api:REQUEST_REVOKED');
    expect((await call('PATCH', `/action-requests/${fourth}?status=REQUEST_ACCEPTED`, holder)).statusCode).toBe(422);
  });

  it('lets a delegate ask for a third company, granted once the holder accepts, and revokes it with the delegate’s own (the trust chain)', async () => {
    const piece = await newPiece();
    const own = await delegate(holder, delegation([piece], 'SKYAIR', ['GET_LOGISTICS_OBJECT']));
    const onward = await delegate(skyair, delegation([piece], 'DEMOFWD', ['GET_LOGISTICS_OBJECT']));
    expect(await statusOf(onward)).toBe('api:REQUEST_PENDING');
    expect((await call('GET', `/logistics-objects/${idOf(piece)}`, forwarder)).statusCode).toBe(403);
    expect((await call('PATCH', `/action-requests/${onward}?status=REQUEST_ACCEPTED`, holder)).statusCode).toBe(204);
    expect((await call('GET', `/logistics-objects/${idOf(piece)}`, forwarder)).statusCode).toBe(200);
    expect((await call('DELETE', `/action-requests/${own}`, holder)).statusCode).toBe(204);
    expect(await statusOf(onward)).toBe('api:REQUEST_REVOKED');
    expect((await call('GET', `/logistics-objects/${idOf(piece)}`, forwarder)).statusCode).toBe(403);
    expect((await call('GET', `/logistics-objects/${idOf(piece)}`, skyair)).statusCode).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { bearer, buildTestApp, signIn, type TestApp } from '../testApp';
import { API, CARGO, change, operation, XSD } from './changeBodies';
import { demoFwb, postMessage } from '../compliance/messages';
import { ontologyProblems } from '../../domain/oneRecord/ontology';
import type { OneRecordChangeRequest } from '../../../src/domain/shipmentWire';

/**
 * Partners' change requests to the objects the portal derives from a shipment (issue 37, 4): a company that sees the
 * shipment asks; the request waits (pending) for an operator on the AWB detail page; accepted, it makes a newer FWB,
 * taken in as one (a new revision, screened again, history lines); rejected, nothing changes. What the FWB cannot
 * take, or a request for an older revision, is refused when made (422) and nothing is kept.
 */

let t: TestApp;
let airline: string;
let other: string;
let shipmentId: string;
const BASE = 'http://localhost:3000/onerecord';
const LD = 'application/ld+json; version=2.3.0';

const call = (method: 'GET' | 'PATCH', url: string, token: string, body?: unknown) =>
  t.app.inject({
    method,
    url: `/onerecord${url}`,
    headers: { ...bearer(token), accept: LD, ...(body !== undefined ? { 'content-type': LD } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
const portal = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/awbapi${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

const objectIri = (part: string) => `${BASE}/logistics-objects/${shipmentId}-${part}`;
const weightChange = (revision: number, from: string, to: string) =>
  change(objectIri('shipment'), revision, [
    operation('DELETE', `${objectIri('shipment')}#totalGrossWeight`, `${CARGO}numericalValue`, `${XSD}double`, from),
    operation('ADD', `${objectIri('shipment')}#totalGrossWeight`, `${CARGO}numericalValue`, `${XSD}double`, to),
  ]);
const nameChange = (revision: number, from: string, to: string) =>
  change(objectIri('shipper'), revision, [
    operation('DELETE', objectIri('shipper'), `${CARGO}name`, `${XSD}string`, from),
    operation('ADD', objectIri('shipper'), `${CARGO}name`, `${XSD}string`, to),
  ]);

async function ask(body: object, token = airline) {
  const response = await call(
    'PATCH',
    `/logistics-objects/${(body as { 'api:hasLogisticsObject': { '@id': string } })['api:hasLogisticsObject']['@id'].split('/').pop()}`,
    token,
    body,
  );
  expect(response.statusCode, response.body).toBe(201);
  expect(response.headers.type).toBe(`${API}ChangeRequest`);
  return String(response.headers.location).split('/').pop() as string;
}
const requestCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM onerecord_action_requests`.execute(t.db)).rows[0].n);
const updateDt = async () => (await portal('GET', `/awbdetail/${shipmentId}`, airline)).json().data.UpdateDT as string;
const decide = async (RequestId: string, Decision: 'accept' | 'reject') =>
  portal('POST', '/onerecordchange', airline, { ShipmentId: shipmentId, UpdateDT: await updateDt(), RequestId, Decision });
const listed = async () => (await portal('GET', `/onerecordchanges/${shipmentId}`, airline)).json().data as OneRecordChangeRequest[];

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  airline = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
  other = (await signIn(t.app, 'SKYAIR', 'admin', 'Admin#12345')).access_token;
  const posted = await postMessage(t.app, airline, demoFwb(9_370_401));
  expect(posted.statusCode).toBe(201);
  shipmentId = posted.json().data.ShipmentId;
});
afterAll(() => t.close());

describe("a change request to a portal's shipment", () => {
  it('names each embedded object by a stable id, so a change can name it', async () => {
    const shipment = (await call('GET', `/logistics-objects/${shipmentId}-shipment`, airline)).json();
    expect(shipment['cargo:totalGrossWeight']).toMatchObject({ '@id': `${objectIri('shipment')}#totalGrossWeight`, 'cargo:numericalValue': 245 });
    expect(await ontologyProblems(shipment)).toEqual([]);
  });

  it('refuses what the FWB cannot take, a stale revision, and a company that does not see the shipment; nothing is kept', async () => {
    const before = await requestCount();
    const goods = (await call('GET', `/logistics-objects/${shipmentId}-shipment`, airline)).json()['cargo:goodsDescription'];
    const refusals: [object, number, string, string?][] = [
      [weightChange(2, '245', '250'), 422, 'at revision 1'],
      [weightChange(1, '999', '250'), 422, 'holds no 999'],
      [weightChange(1, '245', '-5'), 422, 'above 0'],
      [
        change(objectIri('shipment'), 1, [operation('ADD', objectIri('shipment'), `${CARGO}textualHandlingInstructions`, `${XSD}string`, 'KEEP DRY')]),
        422,
        'is not changed by a request',
      ],
      [
        change(objectIri('shipment'), 1, [
          operation('DELETE', objectIri('shipment'), `${CARGO}goodsDescription`, `${XSD}string`, goods),
          operation('ADD', objectIri('shipment'), `${CARGO}goodsDescription`, `${XSD}string`, 'A DESCRIPTION FAR TOO LONG FOR AN FWB'),
        ]),
        422,
        '1 to 20 characters',
      ],
      [
        change(objectIri('shipment'), 1, [operation('DELETE', objectIri('shipment'), `${CARGO}pieces`, `${CARGO}Piece`, objectIri('piece-2'))]),
        422,
        `delete ${objectIri('piece-4')}`,
      ],
      [nameChange(1, 'SEKO WORLDWIDE LLC - DALLAS', 'A NAME OF FAR MORE THAN THIRTY-FIVE LETTERS'), 422, 'FWB this change would make is not valid'],
      [weightChange(1, '245', '245.0'), 422, 'The change changes nothing.'],
      [nameChange(1, 'SEKO WORLDWIDE LLC - DALLAS', 'Seko Worldwide LLC - Dallas'), 422, 'changes nothing the FWB says'],
      [weightChange(1, '245', '250'), 403, 'not shared with your company', 'other'],
    ];
    for (const [body, status, message, who] of refusals) {
      const response = await call(
        'PATCH',
        `/logistics-objects/${(body as { 'api:hasLogisticsObject': { '@id': string } })['api:hasLogisticsObject']['@id'].split('/').pop()}`,
        who ? other : airline,
        body,
      );
      expect(response.statusCode, response.body).toBe(status);
      expect(response.body).toContain(message);
    }
    expect((await call('PATCH', '/logistics-objects/99999999-shipment', airline, weightChange(1, '245', '250'))).statusCode).toBe(404);
    expect(await requestCount()).toBe(before);
  });

  it('waits for an operator; accepted, it is taken in as a newer FWB: a new revision, screened again, with history lines', async () => {
    const weight = await ask(weightChange(1, '245', '250.5'));
    const pieces = await ask(
      change(objectIri('shipment'), 1, [operation('ADD', objectIri('shipment'), `${CARGO}pieces`, `${CARGO}Piece`, objectIri('piece-5'))]),
    );
    const request = await call('GET', `/action-requests/${weight}`, airline);
    expect(request.json()['api:hasRequestStatus']).toEqual({ '@id': 'api:REQUEST_PENDING' });
    expect(await ontologyProblems(request.json())).toEqual([]);
    // The holder's company does not decide over the ONE Record API: an operator does, on the AWB detail page.
    const viaApi = await call('PATCH', `/action-requests/${weight}?status=REQUEST_ACCEPTED`, airline);
    expect(viaApi.statusCode).toBe(422);
    expect(viaApi.body).toContain('AWB detail page');
    const audit = (await call('GET', `/logistics-objects/${shipmentId}-shipment/audit-trail`, airline)).json();
    expect(audit['api:hasLatestRevision']).toBe(1);
    expect(audit['api:hasActionRequest']).toHaveLength(2);
    // Another company sees none of it.
    expect((await portal('GET', `/onerecordchanges/${shipmentId}`, other)).statusCode).toBe(403);

    const shown = await listed();
    expect(shown.find((each) => each.RequestId === weight)).toMatchObject({
      RequestedBy: `${BASE}/logistics-objects/company-DEMOAIR`,
      RequestedByName: 'Demo Airlines',
      Status: 'PENDING',
      Current: true,
      Changes: [{ What: 'Total gross weight', From: '245 kg', To: '250.5 kg' }],
      Problem: null,
    });

    const accepted = await decide(weight, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = (await call('GET', `/logistics-objects/${shipmentId}-shipment`, airline)).json();
    expect(after['cargo:totalGrossWeight']['cargo:numericalValue']).toBe(250.5);
    expect(after['api:hasRevision']).toBe(2);
    const messages = await sql<{ outcome: string; body: string; company_id: string }>`
      SELECT outcome, body, company_id FROM cargo_messages WHERE shipment_id = ${shipmentId} ORDER BY message_id`.execute(t.db);
    expect(messages.rows.map((row) => row.outcome)).toEqual(['created', 'updated']);
    expect(messages.rows[1].body).toMatch(/\/T4K250\.5/);
    const history = await sql<{ kind: string; description: string }>`
      SELECT kind, description FROM shipment_events WHERE shipment_id = ${shipmentId} ORDER BY event_id`.execute(t.db);
    const lines = history.rows.map((row) => `${row.kind} ${row.description}`);
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^FWB FWB made from ONE Record change request ${weight} of .+, accepted by DEMOAIR/admin$`)));
    expect(lines).toContainEqual(expect.stringMatching(/^STATUS Rules evaluated/));
    expect(lines).toContainEqual(
      `ONE_RECORD ONE Record change request ${weight} of ${BASE}/logistics-objects/company-DEMOAIR accepted: Total gross weight: 245 kg -> 250.5 kg`,
    );
    expect((await call('GET', `/action-requests/${weight}`, airline)).json()['api:hasRequestStatus']).toEqual({ '@id': 'api:REQUEST_ACCEPTED' });
    // The other request was made for the revision this one replaced.
    expect((await call('GET', `/action-requests/${pieces}`, airline)).json()['api:hasRequestStatus']).toEqual({ '@id': 'api:REQUEST_REJECTED' });
    // Decided once.
    const again = (await decide(weight, 'accept')).json();
    expect(again).toMatchObject({ message: 'This change request is accepted already.', data: { reason: 'changeRequestDecided' } });
  });

  it('rejected, nothing changes but the history; one made before a newer FWB fails when accepted, with why', async () => {
    const rejected = await ask(nameChange(2, 'SEKO WORLDWIDE LLC - DALLAS', 'SEKO LOGISTICS DALLAS'));
    expect((await listed()).find((each) => each.RequestId === rejected)?.Changes).toEqual([
      { What: 'Shipper name', From: 'SEKO WORLDWIDE LLC - DALLAS', To: 'SEKO LOGISTICS DALLAS' },
    ]);
    expect((await decide(rejected, 'reject')).statusCode).toBe(200);
    // An open detail page is told it came and that it was rejected (migration 0035's live events).
    const told = await t.db
      .selectFrom('live_events')
      .select(['shipment_id', sql<string>`detail->>'status'`.as('status')])
      .where('kind', '=', 'oneRecordChange')
      .where(sql`detail->>'request'`, '=', rejected)
      .orderBy('event_id')
      .execute();
    expect(told).toEqual([
      { shipment_id: shipmentId, status: 'REQUEST_PENDING' },
      { shipment_id: shipmentId, status: 'REQUEST_REJECTED' },
    ]);
    const shipper = (await call('GET', `/logistics-objects/${shipmentId}-shipper`, airline)).json();
    expect(shipper['cargo:name']).toBe('SEKO WORLDWIDE LLC - DALLAS');
    expect(shipper['api:hasRevision']).toBe(2);

    const outdated = await ask(nameChange(2, 'SEKO WORLDWIDE LLC - DALLAS', 'SEKO LOGISTICS DALLAS'));
    expect(
      (
        await postMessage(
          t.app,
          airline,
          demoFwb(9_370_401, (waybill) => (waybill.consignment.pieces = 5)),
        )
      ).statusCode,
    ).toBe(200);
    expect((await listed()).find((each) => each.RequestId === outdated)).toMatchObject({ Current: false, Problem: expect.stringContaining('newer FWB') });
    expect((await decide(outdated, 'accept')).statusCode).toBe(200);
    const failed = (await call('GET', `/action-requests/${outdated}`, airline)).json();
    expect(failed['api:hasRequestStatus']).toEqual({ '@id': 'api:REQUEST_FAILED' });
    expect(JSON.stringify(failed['api:hasError'])).toContain('the shipment is at revision 3');
    expect((await call('GET', `/logistics-objects/${shipmentId}-shipper`, airline)).json()['cargo:name']).toBe('SEKO WORLDWIDE LLC - DALLAS');
  });

  it('of two accepted at once for the same revision, one is taken in and the other refused as stale; one revision more', async () => {
    const revision = (await call('GET', `/logistics-objects/${shipmentId}-shipment`, airline)).json()['api:hasRevision'] as number;
    const weight = (await call('GET', `/logistics-objects/${shipmentId}-shipment`, airline)).json()['cargo:totalGrossWeight']['cargo:numericalValue'];
    const first = await ask(weightChange(revision, String(weight), '300'));
    const second = await ask(weightChange(revision, String(weight), '310'));
    const UpdateDT = await updateDt();
    const answers = await Promise.all(
      [first, second].map((RequestId) =>
        portal('POST', '/onerecordchange', airline, { ShipmentId: shipmentId, UpdateDT, RequestId, Decision: 'accept' }).then((response) => response.json()),
      ),
    );
    expect(answers.filter((answer) => answer.status === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.data?.reason === 'stale')).toHaveLength(1);
    const after = (await call('GET', `/logistics-objects/${shipmentId}-shipment`, airline)).json();
    expect(after['api:hasRevision']).toBe(revision + 1);
    const statuses = await Promise.all(
      [first, second].map(async (id) => (await call('GET', `/action-requests/${id}`, airline)).json()['api:hasRequestStatus']['@id']),
    );
    expect(statuses.sort()).toEqual(['api:REQUEST_ACCEPTED', 'api:REQUEST_REJECTED']);
  });

  it('refuses a malformed decision (400) and an unknown request', async () => {
    const bad = await portal('POST', '/onerecordchange', airline, {
      ShipmentId: shipmentId,
      UpdateDT: await updateDt(),
      RequestId: 'nope',
      Decision: 'accept',
    });
    expect(bad.statusCode).toBe(400);
    const unknown = (await decide('00000000-0000-4000-8000-000000000000', 'reject')).json();
    expect(unknown).toMatchObject({ message: 'This shipment has no such ONE Record change request.', data: { reason: 'changeRequestNotFound' } });
  });
});

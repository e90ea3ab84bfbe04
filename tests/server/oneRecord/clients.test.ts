import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, requestToken, signIn, type TestApp } from '../testApp';
import { classicCall } from '../classicCall';
import { demoFwb, postMessage } from '../compliance/messages';
import { ontologyProblems } from '../../domain/oneRecord/ontology';
import { ClientProblemMessages } from '../../../src/domain/oneRecord/clients';
import { ONE_RECORD_CLIENT_REFUSED } from '../../../src/server/auth/routes';
import { StatusCode } from '../../../src/domain/statusCodes';

/**
 * ONE Record clients (issue 37, 4): an admin registers a client for the company (its secret answered once), the
 * client signs in at /auth/token with client credentials and reads what its company may see, as the company; a
 * revoked client's token stops at once; the token reaches /onerecord only.
 */

let t: TestApp;
let admin: string;
let operator: string;
let shipmentId: string;
const ACCEPT = { accept: 'application/ld+json; version=2.3.0' };
const ORG = 'https://forwarder.example/logistics-objects/acme';

const clientToken = (clientId: string, secret: string, ip = '127.0.0.1') =>
  requestToken(t.app, { GrantType: 'client_credentials', ClientId: clientId, ClientSecret: secret }, ip);
const oneRecord = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...ACCEPT } });

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  admin = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
  operator = (await signIn(t.app, 'DEMOAIR', 'operator', 'Operator#12345')).access_token;
  const posted = await postMessage(t.app, admin, demoFwb(9_370_101));
  expect(posted.statusCode).toBe(201);
  shipmentId = posted.json().data.ShipmentId;
});
afterAll(() => t.close());

async function register(name: string, organisationIri = ORG) {
  const response = await classicCall(t.app, admin, 'POST', '/onerecordclients', { name, organisation_iri: organisationIri });
  expect(response.statusCode).toBe(200);
  return response.json().data as { id: string; secret: string; name: string; organisation_iri: string };
}

describe('registering a ONE Record client', () => {
  it('answers the client id and its secret once; the list never holds the secret; both are in the change history', async () => {
    const client = await register('  Acme forwarding system ');
    expect(client.id).toMatch(/^orc_[a-z0-9]{24}$/);
    expect(client.secret.length).toBeGreaterThanOrEqual(40);
    expect(client).toMatchObject({ name: 'Acme forwarding system', organisation_iri: ORG, revoked_at: null, last_used_at: null });
    const list = await classicCall(t.app, admin, 'GET', '/onerecordclients');
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((each: { id: string }) => each.id === client.id);
    expect(listed).toMatchObject({ name: 'Acme forwarding system', created_by: 'admin' });
    expect(JSON.stringify(list.json())).not.toContain(client.secret);
    const audit = await classicCall(t.app, admin, 'GET', '/useraudit');
    expect(audit.json().data.some((entry: { action: string; entity_key: string }) => entry.action === 'onerecord-client-add')).toBe(true);
  });

  it('refuses a missing name or an IRI that is no http(s) address with the field at fault, and changes nothing', async () => {
    const before = (await classicCall(t.app, admin, 'GET', '/onerecordclients')).json().total;
    for (const [body, field, kind] of [
      [{ name: ' ', organisation_iri: ORG }, 'name', 'nameRequired'],
      [{ name: 'x', organisation_iri: 'forwarder.example/org' }, 'organisation_iri', 'iriInvalid'],
      [{ name: 'x', organisation_iri: 'ftp://forwarder.example/org' }, 'organisation_iri', 'iriInvalid'],
      [{ name: 'x', organisation_iri: '' }, 'organisation_iri', 'iriRequired'],
    ] as const) {
      const response = await classicCall(t.app, admin, 'POST', '/onerecordclients', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: StatusCode.VALIDATION_FAIL, errors: { [field]: ClientProblemMessages[kind] } });
    }
    const malformed = await classicCall(t.app, admin, 'POST', '/onerecordclients', { name: 'x' });
    expect(malformed.statusCode).toBe(400);
    expect((await classicCall(t.app, admin, 'GET', '/onerecordclients')).json().total).toBe(before);
  });

  it('is for admins: an operator (no user management) is refused', async () => {
    const response = await classicCall(t.app, operator, 'GET', '/onerecordclients');
    expect(response.statusCode).toBe(403);
  });
});

describe('a ONE Record client signing in and reading', () => {
  it('gets an access token without a refresh token and reads its company’s logistics objects as the company', async () => {
    const client = await register('Reader');
    const signedIn = await clientToken(client.id, client.secret);
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json();
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(token.refresh_token).toBeUndefined();
    const claims = JSON.parse(Buffer.from(token.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({
      sub: client.id,
      cid: 'DEMOAIR',
      logistics_agent_uri: ORG,
      iss: 'http://localhost:3000',
      aud: 'http://localhost:3000/onerecord',
    });
    const waybill = await oneRecord(`/onerecord/logistics-objects/${shipmentId}-waybill`, token.access_token);
    expect(waybill.statusCode).toBe(200);
    expect(await ontologyProblems(waybill.json())).toEqual([]);
    // The company's scope, not more: another airline's client is refused the same object.
    const listed = (await classicCall(t.app, admin, 'GET', '/onerecordclients')).json().data.find((each: { id: string }) => each.id === client.id);
    expect(listed.last_used_at).not.toBeNull();
  });

  it('sees only what its company sees', async () => {
    const skyAdmin = (await signIn(t.app, 'SKYAIR', 'admin', 'Admin#12345')).access_token;
    const response = await classicCall(t.app, skyAdmin, 'POST', '/onerecordclients', { name: 'Sky system', organisation_iri: ORG });
    const client = response.json().data;
    const token = (await clientToken(client.id, client.secret)).json().access_token;
    const refused = await oneRecord(`/onerecord/logistics-objects/${shipmentId}-waybill`, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()['@type']).toBe('api:Error');
  });

  it('is refused with a wrong secret, an unknown id or no secret, saying nothing of which', async () => {
    const client = await register('Guarded');
    for (const [id, secret] of [
      [client.id, `${client.secret}x`],
      ['orc_aaaaaaaaaaaaaaaaaaaaaaaa', client.secret],
    ]) {
      const response = await clientToken(id, secret);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'invalid_client', error_description: ONE_RECORD_CLIENT_REFUSED });
    }
    const missing = await requestToken(t.app, { GrantType: 'client_credentials', ClientId: client.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('invalid_request');
  });

  it('reaches /onerecord only: the portal’s API refuses its token', async () => {
    const client = await register('Narrow');
    const token = (await clientToken(client.id, client.secret)).json().access_token;
    expect((await t.app.inject({ method: 'GET', url: '/userapi/permission', headers: bearer(token) })).statusCode).toBe(401);
    expect((await classicCall(t.app, token, 'GET', '/users')).statusCode).toBe(401);
  });

  it('stops at once when an admin revokes it: its token is refused and it cannot sign in again', async () => {
    const client = await register('Short-lived');
    const token = (await clientToken(client.id, client.secret)).json().access_token;
    expect((await oneRecord('/onerecord/', token)).statusCode).toBe(200);
    const revoked = await classicCall(t.app, admin, 'DELETE', `/onerecordclients/${client.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data).toMatchObject({ id: client.id, revoked_by: 'admin' });
    const after = await oneRecord('/onerecord/', token);
    expect(after.statusCode).toBe(401);
    expect(after.json()['api:hasErrorDetail'][0]['api:hasMessage']).toBe('The token is no longer valid.');
    expect((await clientToken(client.id, client.secret)).statusCode).toBe(401);
    const again = await classicCall(t.app, admin, 'DELETE', `/onerecordclients/${client.id}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ClientProblemMessages.revoked);
    expect((await classicCall(t.app, admin, 'DELETE', '/onerecordclients/orc_bbbbbbbbbbbbbbbbbbbbbbbb')).statusCode).toBe(404);
    expect((await classicCall(t.app, admin, 'DELETE', '/onerecordclients/not-an-id')).statusCode).toBe(400);
  });
});

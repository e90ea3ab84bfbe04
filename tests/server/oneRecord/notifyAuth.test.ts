import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classicCall } from '../classicCall';
import { sealTextSecrets } from '../../../src/server/oneRecord/clients';
import { createNotifyAuth } from '../../../src/server/oneRecord/notifyAuth';
import { NOTIFY_SECRET, sealerFor } from '../../../src/server/sealedSecrets';
import { bearer, buildTestApp, requestToken, signIn, type TestApp } from '../testApp';
import { startPartnerServer, type PartnerServer } from './partnerServer';

/**
 * The portal signs in when it notifies (migration 0038; API 2.3.0 "Security": POST /notifications needs an
 * authenticated caller). An admin gives a registered client the OAuth 2.0 client credentials that the identity
 * provider of its organisation gave the portal; the notifier then asks that provider for a token and sends it as a
 * bearer token, keeps it while it lasts, and asks again when the subscriber's server no longer takes it. The secret is
 * never answered, nor audited.
 */

let t: TestApp;
let partner: PartnerServer;
let admin: string;
let clientId: string;
let postEvent: () => Promise<number>;
const LD = 'application/ld+json; version=2.3.0';

const notifyAuth = (overrides: Record<string, string> = {}) => ({
  notify_token_url: `${partner.url}/idp/token`,
  notify_client_id: 'cargo-portal',
  notify_client_secret: 'idp-secret-kept-by-the-portal',
  notify_scope: 'onerecord.notify',
  ...overrides,
});

beforeAll(async () => {
  partner = await startPartnerServer();
  partner.idp = { clientId: 'cargo-portal', secret: 'idp-secret-kept-by-the-portal', scope: 'onerecord.notify', token: 'first-token', asked: 0 };
  // An HTTP Basic header unless told otherwise (RFC 6749, 2.3.1): the provider here takes no other way.
  partner.requireToken = true;
  t = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' }, { jobs: 'workers' });
  admin = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
  const organisation = `${partner.url}/partner/logistics-objects/acme`;
  const registered = await classicCall(t.app, admin, 'POST', '/onerecordclients', { name: 'Signed partner', organisation_iri: organisation, ...notifyAuth() });
  expect(registered.json().status, registered.body).toBe(1);
  clientId = registered.json().data.id;
  const client = (await requestToken(t.app, { GrantType: 'client_credentials', ClientId: clientId, ClientSecret: registered.json().data.secret })).json()
    .access_token;
  const headers = { ...bearer(client), 'content-type': LD, accept: LD };
  const created = await t.app.inject({
    method: 'POST',
    url: '/onerecord/logistics-objects',
    headers,
    payload: JSON.stringify({ '@context': { cargo: 'https://onerecord.iata.org/ns/cargo#' }, '@type': 'cargo:Piece', 'cargo:goodsDescription': 'followed' }),
  });
  const object = String(created.headers.location);
  const subscribed = await t.app.inject({
    method: 'POST',
    url: '/onerecord/subscriptions',
    headers,
    payload: JSON.stringify({
      '@context': { api: 'https://onerecord.iata.org/ns/api#' },
      '@type': 'api:Subscription',
      'api:hasContentType': 'application/ld+json',
      'api:hasSubscriber': { '@id': organisation },
      'api:hasTopicType': { '@id': 'api:LOGISTICS_OBJECT_IDENTIFIER' },
      'api:includeSubscriptionEventType': [{ '@id': 'api:LOGISTICS_EVENT_RECEIVED' }],
      'api:hasTopic': { '@type': 'http://www.w3.org/2001/XMLSchema#anyURI', '@value': object },
    }),
  });
  expect(subscribed.statusCode, subscribed.body).toBe(201);
  postEvent = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: `${new URL(object).pathname}/logistics-events`,
        headers,
        payload: JSON.stringify({
          '@context': { cargo: 'https://onerecord.iata.org/ns/cargo#' },
          '@type': 'cargo:LogisticsEvent',
          'cargo:eventDate': { '@type': 'http://www.w3.org/2001/XMLSchema#dateTime', '@value': '2026-11-30T06:15:00Z' },
        }),
      })
    ).statusCode;
});
afterAll(async () => {
  await t?.close();
  await partner?.close();
});

describe('notifications to a server that needs a token', () => {
  it('sign in with a token from the identity provider, kept while it lasts and asked again when refused', async () => {
    expect(await postEvent()).toBe(201);
    await expect.poll(() => partner.received.length, { timeout: 10_000, interval: 100 }).toBe(1);
    expect(partner.received[0].authorization).toBe('Bearer first-token');
    expect(await postEvent()).toBe(201);
    await expect.poll(() => partner.received.length, { timeout: 10_000, interval: 100 }).toBe(2);
    expect(partner.idp?.asked).toBe(1);

    // The provider has a new token, and the server takes only that one: asked again at once, and delivered.
    (partner.idp as { token: string }).token = 'second-token';
    expect(await postEvent()).toBe(201);
    await expect.poll(() => partner.received.length, { timeout: 10_000, interval: 100 }).toBe(3);
    expect(partner.received[2].authorization).toBe('Bearer second-token');
    expect(partner.idp?.asked).toBe(2);
  });

  it('sends the credentials in the form body to a provider that asks for that, and says so', async () => {
    const listed = (await classicCall(t.app, admin, 'GET', '/onerecordclients')).json().data.find((each: { id: string }) => each.id === clientId);
    expect(listed.notify_auth_method).toBe('client_secret_basic');
    // A secret with characters the Basic header form-encodes, at a provider that takes only the form body.
    Object.assign(partner.idp as object, { method: 'client_secret_post', secret: 'p@ss:w0rd+/ü', token: 'posted-token' });
    const changed = await classicCall(
      t.app,
      admin,
      'PUT',
      `/onerecordclients/${clientId}`,
      notifyAuth({ notify_client_secret: 'p@ss:w0rd+/ü', notify_auth_method: 'client_secret_post' }),
    );
    expect(changed.json().data.notify_auth_method, changed.body).toBe('client_secret_post');
    const before = partner.received.length;
    expect(await postEvent()).toBe(201);
    await expect.poll(() => partner.received.length, { timeout: 10_000, interval: 100 }).toBe(before + 1);
    expect(partner.received.at(-1)?.authorization).toBe('Bearer posted-token');

    // The same secret in a Basic header, form-encoded first, where the provider takes only that.
    Object.assign(partner.idp as object, { method: 'client_secret_basic', token: 'basic-token' });
    const basic = await classicCall(t.app, admin, 'PUT', `/onerecordclients/${clientId}`, notifyAuth({ notify_client_secret: 'p@ss:w0rd+/ü' }));
    expect(basic.json().data.notify_auth_method, basic.body).toBe('client_secret_basic');
    expect(await postEvent()).toBe(201);
    await expect.poll(() => partner.received.length, { timeout: 10_000, interval: 100 }).toBe(before + 2);
    expect(partner.received.at(-1)?.authorization).toBe('Bearer basic-token');
    Object.assign(partner.idp as object, { secret: 'idp-secret-kept-by-the-portal' });

    // A sign-in set before migration 0039 has no method: it went in the form body, and still does.
    await t.db.updateTable('onerecord_clients').set({ notify_auth_method: null }).where('client_id', '=', clientId).execute();
    const older = (await classicCall(t.app, admin, 'GET', '/onerecordclients')).json().data.find((each: { id: string }) => each.id === clientId);
    expect(older.notify_auth_method).toBe('client_secret_post');
  });

  it('says why when the provider refuses the credentials, and never answers nor audits the secret', async () => {
    const changed = await classicCall(t.app, admin, 'PUT', `/onerecordclients/${clientId}`, notifyAuth({ notify_client_secret: 'a-wrong-secret' }));
    expect(changed.json().status, changed.body).toBe(1);
    expect(changed.json().data).toMatchObject({
      notify_token_url: `${partner.url}/idp/token`,
      notify_client_id: 'cargo-portal',
      notify_scope: 'onerecord.notify',
    });
    const before = partner.received.length;
    expect(await postEvent()).toBe(201);
    const lastError = async () =>
      (
        await t.db
          .selectFrom('onerecord_deliveries')
          .select('last_error')
          .where('target', '=', `${partner.url}/partner/notifications`)
          .where('delivered_at', 'is', null)
          .executeTakeFirst()
      )?.last_error;
    await expect.poll(lastError, { timeout: 10_000, interval: 100 }).toMatch(/identity provider .* refused the portal's client credentials \(401\)/);
    expect(partner.received).toHaveLength(before);

    const listed = await classicCall(t.app, admin, 'GET', '/onerecordclients');
    expect(listed.body).not.toMatch(/idp-secret-kept-by-the-portal|a-wrong-secret/);
    const audit = await t.db.selectFrom('audit_log').selectAll().execute();
    expect(JSON.stringify(audit)).not.toMatch(/idp-secret-kept-by-the-portal|a-wrong-secret/);
    expect(JSON.stringify(audit)).toContain('onerecord-client-notify-auth');
  });

  it('refuses an incomplete or malformed sign-in with the field and why, changing nothing; all blank clears it', async () => {
    for (const [body, field, message] of [
      [notifyAuth({ notify_client_secret: '' }), 'notify_client_secret', /client secret .* is required/],
      [notifyAuth({ notify_token_url: 'ftp://idp.example/token' }), 'notify_token_url', /absolute http or https address/],
      [notifyAuth({ notify_token_url: '' }), 'notify_token_url', /token address is required/],
      [notifyAuth({ notify_client_id: 'x'.repeat(201) }), 'notify_client_id', /at most 200 characters/],
      [notifyAuth({ notify_auth_method: 'private_key_jwt' }), 'notify_auth_method', /client_secret_basic .* or client_secret_post/],
    ] as const) {
      const refused = await classicCall(t.app, admin, 'PUT', `/onerecordclients/${clientId}`, body);
      expect(refused.json().status, field).not.toBe(1);
      expect(JSON.stringify(refused.json()), field).toMatch(message);
      expect(JSON.stringify(refused.json()), field).toContain(field);
    }
    const unchanged = (await classicCall(t.app, admin, 'GET', '/onerecordclients')).json().data.find((each: { id: string }) => each.id === clientId);
    expect(unchanged.notify_client_id).toBe('cargo-portal');
    const cleared = await classicCall(t.app, admin, 'PUT', `/onerecordclients/${clientId}`, {
      notify_token_url: '',
      notify_client_id: '',
      notify_client_secret: '',
      notify_scope: '',
    });
    expect(cleared.json().data).toMatchObject({ notify_token_url: null, notify_client_id: null, notify_scope: null, notify_auth_method: null });
    expect((await classicCall(t.app, admin, 'PUT', '/onerecordclients/orc_000000000000000000000000', notifyAuth())).statusCode).toBe(404);
  });

  it('keeps the secret sealed under the token key; seals one kept as text before; tells the admin when the key changed', async () => {
    const secret = 'idp-secret-kept-by-the-portal';
    const organisation = `${partner.url}/partner/logistics-objects/acme`;
    Object.assign(partner.idp as object, { method: 'client_secret_basic', secret, token: 'sealed-token' });
    const saved = await classicCall(t.app, admin, 'PUT', `/onerecordclients/${clientId}`, notifyAuth());
    expect(saved.json().data.notify_secret_lost, saved.body).toBe(false);
    const row = async () => t.db.selectFrom('onerecord_clients').selectAll().where('client_id', '=', clientId).executeTakeFirstOrThrow();
    const kept = await row();
    expect(kept.notify_client_secret).toBeNull();
    expect(kept.notify_client_secret_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(kept)).not.toContain(secret);

    // The notifier's view of the credentials, read afresh each time (a new reader) and asked of the provider (fresh).
    const sealer = sealerFor(t.ctx.jwtSecret, NOTIFY_SECRET);
    const authorization = async () => {
      const auth = createNotifyAuth(t.db, t.ctx.changes, async (iri) => (iri === organisation ? 'target' : undefined), sealer);
      try {
        return await auth.authorizationFor('target', true);
      } finally {
        auth.stop();
      }
    };
    expect(await authorization()).toBe('Bearer sealed-token');

    // A secret migration 0038 kept as text still signs in, and is sealed as an instance starts.
    await t.db
      .updateTable('onerecord_clients')
      .set({ notify_client_secret: secret, notify_client_secret_sealed: null })
      .where('client_id', '=', clientId)
      .execute();
    expect(await authorization()).toBe('Bearer sealed-token');
    // So does one an instance of the version before set during an upgrade, over a sealed one it knew nothing of.
    await t.db
      .updateTable('onerecord_clients')
      .set({ notify_client_secret_sealed: sealer.seal('the-secret-before', clientId) })
      .where('client_id', '=', clientId)
      .execute();
    expect(await authorization()).toBe('Bearer sealed-token');
    expect(
      (await classicCall(t.app, admin, 'GET', '/onerecordclients')).json().data.find((each: { id: string }) => each.id === clientId).notify_secret_lost,
    ).toBe(false);
    expect(await sealTextSecrets(t.db, sealer)).toBe(1);
    expect(await row()).toMatchObject({ notify_client_secret: null, notify_client_secret_sealed: expect.stringMatching(/^v1\./) });
    expect(await authorization()).toBe('Bearer sealed-token');

    // Sealed under another token key (JWT_SECRET set anew): the list says to enter it again, and the notifier says why.
    const elsewhere = sealerFor('another-token-key-'.padEnd(48, 'y'), NOTIFY_SECRET).seal(secret, clientId);
    await t.db.updateTable('onerecord_clients').set({ notify_client_secret_sealed: elsewhere }).where('client_id', '=', clientId).execute();
    const listed = (await classicCall(t.app, admin, 'GET', '/onerecordclients')).json().data.find((each: { id: string }) => each.id === clientId);
    expect(listed.notify_secret_lost).toBe(true);
    await expect(authorization()).rejects.toThrow(/sealed under another token key .* enter the sign-in of ONE Record client orc_\w+ again/);
    const entered = await classicCall(t.app, admin, 'PUT', `/onerecordclients/${clientId}`, notifyAuth());
    expect(entered.json().data.notify_secret_lost).toBe(false);
    expect(await authorization()).toBe('Bearer sealed-token');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Messages, StatusCode } from '../../src/domain/statusCodes';
import { InvalidatedCache } from '../../src/server/changes/invalidatedCache';
import { classicCall, userPath } from './classicCall';
import { bearer, buildAnotherInstance, buildTestApp, msUntil, requestToken, signIn, type TestApp } from './testApp';

/**
 * The signed-in path answers from each instance's access cache, and every instance forgets what a
 * change made untrue within a second: two instances on one database, a change made through A, the
 * refusal seen on B (issue 15). The time is what the test waits for, measured, never slept.
 */

let a: TestApp;
let b: TestApp;
let adminOnA: string;

beforeAll(async () => {
  a = await buildTestApp();
  b = await buildAnotherInstance(a);
  adminOnA = (await signIn(a.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const summary = (instance: TestApp, token: string, remoteAddress = '127.0.0.1') =>
  instance.app.inject({
    method: 'POST',
    url: '/awbapi/awbsummary',
    headers: bearer(token),
    remoteAddress,
    payload: { fieldSearch: [], dbOptions: { CurrentPage: 1, PageSize: 10, FieldName: 'AWBNumber', OrderBy: 'ASC' } },
  });

/** A fresh operator of DEMOAIR made through A, signed in on B (so B has cached the account and session). */
async function operatorKnownToB(userId: string): Promise<{ access: string; refresh: string }> {
  const created = await classicCall(a.app, adminOnA, 'POST', '/users', {
    user_id: userId,
    user_name: `Cache ${userId}`,
    email: `${userId}@demoair.example`,
    role_id: 'OPERATOR',
    password: 'Cache#2024x',
  });
  expect(created.json().status).toBe(StatusCode.SUCCESS);
  const tokens = await signIn(b.app, 'DEMOAIR', userId, 'Cache#2024x');
  expect((await summary(b, tokens.access_token)).json().status).toBe(StatusCode.SUCCESS);
  expect((await summary(b, tokens.access_token)).json().status).toBe(StatusCode.SUCCESS); // now from B's cache
  return { access: tokens.access_token, refresh: tokens.refresh_token };
}

describe('two instances on one database', () => {
  it('answers from memory: a change made without its notification is not seen, the notification makes it seen', async () => {
    const { access } = await operatorKnownToB('cached1');
    // The lock written with the table's notification trigger off: the database changed, nobody was told.
    await sql`ALTER TABLE users DISABLE TRIGGER users_changes`.execute(a.db);
    try {
      await a.db.updateTable('users').set({ is_locked: true }).where('company_id', '=', 'DEMOAIR').where('user_id', '=', 'cached1').execute();
    } finally {
      await sql`ALTER TABLE users ENABLE TRIGGER users_changes`.execute(a.db);
    }
    expect((await summary(b, access)).json().status).toBe(StatusCode.SUCCESS); // B answered from its cache
    await a.db.updateTable('users').set({ updated_at: new Date() }).where('company_id', '=', 'DEMOAIR').where('user_id', '=', 'cached1').execute();
    expect(await msUntil(async () => (await summary(b, access)).json().status === StatusCode.USER_PROFILE_INVALID)).toBeLessThan(1000);
  });

  it('keeps its entries when a live event arrives: a shipment change is no change of anyone’s access', async () => {
    const { access } = await operatorKnownToB('cachedlive');
    await sql`ALTER TABLE users DISABLE TRIGGER users_changes`.execute(a.db);
    try {
      await a.db.updateTable('users').set({ is_locked: true }).where('company_id', '=', 'DEMOAIR').where('user_id', '=', 'cachedlive').execute();
    } finally {
      await sql`ALTER TABLE users ENABLE TRIGGER users_changes`.execute(a.db);
    }
    let live = false;
    const unsubscribe = b.ctx.changes.subscribe({
      onChange: (event) => {
        if (event.k === 'live') live = true;
      },
      onReset: () => undefined,
    });
    try {
      const shipment = await a.db.selectFrom('shipments').select(['shipment_id', 'status']).orderBy('shipment_id').executeTakeFirstOrThrow();
      await a.db.updateTable('shipments').set({ status: shipment.status }).where('shipment_id', '=', shipment.shipment_id).execute();
      await msUntil(async () => live);
    } finally {
      unsubscribe();
    }
    // Had the live event emptied B's cache, the locked account would be refused now.
    expect((await summary(b, access)).json().status).toBe(StatusCode.SUCCESS);
  });

  it('a user locked through A is refused on B within a second', async () => {
    const { access } = await operatorKnownToB('locked1');
    const locked = await classicCall(a.app, adminOnA, 'POST', userPath('DEMOAIR', 'locked1', '/lock'), { locked: true });
    expect(locked.json().status).toBe(StatusCode.SUCCESS);
    const ms = await msUntil(async () => (await summary(b, access)).json().status === StatusCode.USER_PROFILE_INVALID);
    expect(ms).toBeLessThan(1000);
  });

  it('a user deleted through A is refused on B within a second', async () => {
    const { access } = await operatorKnownToB('deleted1');
    const deleted = await classicCall(a.app, adminOnA, 'DELETE', userPath('DEMOAIR', 'deleted1'));
    expect(deleted.json().status).toBe(StatusCode.SUCCESS);
    const ms = await msUntil(async () => (await summary(b, access)).json().status === StatusCode.USER_PROFILE_INVALID);
    expect(ms).toBeLessThan(1000);
  });

  it('keeps a ONE Record client in memory, and refuses it on B within a second of its revocation through A', async () => {
    const registered = (
      await classicCall(a.app, adminOnA, 'POST', '/onerecordclients', { name: 'Cache', organisation_iri: 'https://cache.example/org' })
    ).json().data;
    const token = (await requestToken(a.app, { GrantType: 'client_credentials', ClientId: registered.id, ClientSecret: registered.secret })).json()
      .access_token;
    const serverInformation = () => b.app.inject({ method: 'GET', url: '/onerecord/', headers: { ...bearer(token), accept: 'application/ld+json' } });
    expect((await serverInformation()).statusCode).toBe(200); // B has the client now
    // Revoked with the table's notification trigger off: B answers from memory, without reading the client again.
    await sql`ALTER TABLE onerecord_clients DISABLE TRIGGER onerecord_clients_changes`.execute(a.db);
    try {
      await a.db.updateTable('onerecord_clients').set({ revoked_at: new Date(), revoked_by: 'admin' }).where('client_id', '=', registered.id).execute();
    } finally {
      await sql`ALTER TABLE onerecord_clients ENABLE TRIGGER onerecord_clients_changes`.execute(a.db);
    }
    expect((await serverInformation()).statusCode).toBe(200);
    await a.db.updateTable('onerecord_clients').set({ revoked_at: new Date() }).where('client_id', '=', registered.id).execute();
    expect(await msUntil(async () => (await serverInformation()).statusCode === 401)).toBeLessThan(1000);
  });

  it('a session ended on A (signed out) is refused on B within a second', async () => {
    const { access, refresh } = await operatorKnownToB('session1');
    const out = await a.app.inject({ method: 'POST', url: '/mobileapi/authentication/logout', headers: bearer(access), payload: { refresh_token: refresh } });
    expect(out.statusCode).toBe(200);
    const ms = await msUntil(async () => (await summary(b, access)).statusCode === 401);
    expect(ms).toBeLessThan(1000);
    expect((await summary(b, access)).json().message).toBe(Messages.sessionExpired);
  });

  it("a password an admin sets through A refuses the user's older tokens on B within a second", async () => {
    const { access } = await operatorKnownToB('password1');
    await new Promise((resolve) => setTimeout(resolve, 1000)); // tokens carry whole seconds: a change in the same second keeps them
    const changed = await classicCall(a.app, adminOnA, 'PUT', userPath('DEMOAIR', 'password1'), {
      user_name: 'Cache password1',
      email: 'password1@demoair.example',
      role_id: 'OPERATOR',
      password: 'Changed#2024x',
    });
    expect(changed.json().status).toBe(StatusCode.SUCCESS);
    const ms = await msUntil(async () => (await summary(b, access)).statusCode === 401);
    expect(ms).toBeLessThan(1000);
  });

  it('a function taken from the role (in SQL, outside the app) is refused on B within a second, and given back', async () => {
    const { access } = await operatorKnownToB('role1');
    await a.db.deleteFrom('role_functions').where('role_id', '=', 'OPERATOR').where('function_id', '=', 81).execute();
    try {
      const ms = await msUntil(async () => (await summary(b, access)).statusCode === 403);
      expect(ms).toBeLessThan(1000);
    } finally {
      await a.db.insertInto('role_functions').values({ role_id: 'OPERATOR', function_id: 81 }).execute();
    }
    await msUntil(async () => (await summary(b, access)).json().status === StatusCode.SUCCESS);
  });

  it("the company's address ranges changed on A apply on B within a second", async () => {
    const { access } = await operatorKnownToB('ranges1');
    await a.db.insertInto('company_ip_ranges').values({ company_id: 'DEMOAIR', cidr: '10.9.0.0/16', created_by: 'test' }).execute();
    try {
      const ms = await msUntil(async () => (await summary(b, access)).json().status === StatusCode.IP_RESTRICTION);
      expect(ms).toBeLessThan(1000);
      expect((await summary(b, access, '10.9.1.1')).json().status).toBe(StatusCode.SUCCESS);
    } finally {
      await a.db.deleteFrom('company_ip_ranges').where('company_id', '=', 'DEMOAIR').execute();
    }
  });

  it('never answers one user with another: each account is its own entry', async () => {
    const first = await operatorKnownToB('twin1');
    const second = await operatorKnownToB('twin2');
    const profile = async (token: string) =>
      (await b.app.inject({ method: 'GET', url: '/userapi/user/getuserprofile', headers: bearer(token) })).json().data.user_id;
    expect(await profile(first.access)).toBe('twin1');
    expect(await profile(second.access)).toBe('twin2');
    const otherCompany = (await signIn(b.app, 'SKYAIR', 'admin', 'Admin#12345')).access_token;
    expect((await b.app.inject({ method: 'GET', url: '/userapi/user/getuserprofile', headers: bearer(otherCompany) })).json().data.company_id).toBe('SKYAIR');
  });

  it('answers from the database while its listening connection is down, and caches again once it is back', async () => {
    const { access } = await operatorKnownToB('outage1');
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'portal-change-feed' AND datname = current_database()`.execute(
      a.db,
    );
    await msUntil(async () => !b.ctx.changes.isLive());
    // While B cannot hear changes, a lock made now is still seen at once.
    await classicCall(a.app, adminOnA, 'POST', userPath('DEMOAIR', 'outage1', '/lock'), { locked: true });
    expect((await summary(b, access)).json().status).toBe(StatusCode.USER_PROFILE_INVALID);
    await msUntil(async () => b.ctx.changes.isLive() && a.ctx.changes.isLive());
    // Back: B caches again, and hears the next change.
    const after = await operatorKnownToB('outage2');
    await classicCall(a.app, adminOnA, 'POST', userPath('DEMOAIR', 'outage2', '/lock'), { locked: true });
    expect(await msUntil(async () => (await summary(b, after.access)).json().status === StatusCode.USER_PROFILE_INVALID)).toBeLessThan(1000);
  });
});

describe('the invalidated cache', () => {
  it('does not keep a value read before an invalidation that arrived while it was read', async () => {
    const cache = new InvalidatedCache<string, string>({ isLive: () => true }, 60_000, 10);
    let release!: (value: string) => void;
    const reading = cache.get('DEMOAIR|operator', () => new Promise<string>((resolve) => (release = resolve)));
    cache.delete('DEMOAIR|operator'); // the change's notification, while the read is under way
    release('before the change');
    expect(await reading).toBe('before the change');
    expect(await cache.get('DEMOAIR|operator', async () => 'after the change')).toBe('after the change');
    expect(await cache.get('DEMOAIR|operator', async () => 'not read again')).toBe('after the change');
  });

  it('keeps nothing while the feed is not live, and at most its size', async () => {
    let live = false;
    const cache = new InvalidatedCache<number, number>({ isLive: () => live }, 60_000, 3);
    await cache.get(1, async () => 1);
    expect(cache.size).toBe(0);
    live = true;
    for (let key = 0; key < 10; key++) await cache.get(key, async () => key);
    expect(cache.size).toBe(3);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testApp';
import { classicCaller, csvFile, envelope, listQuery, type ClassicCaller } from './support';

let t: TestApp;
let admin: ClassicCaller;
let operator: ClassicCaller;
let skyAdmin: ClassicCaller;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await classicCaller(t);
  operator = await classicCaller(t, 'DEMOAIR', 'operator', 'Operator#12345');
  skyAdmin = await classicCaller(t, 'SKYAIR', 'admin', 'Admin#12345');
});
afterAll(() => t.close());

const rowCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('rule_list_rows')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('who may use a rule list', () => {
  it('refuses every call of a list whose function the role lacks (403, USER_ACL_EXCEPTION), changing nothing', async () => {
    const before = await rowCount();
    const calls = [
      operator.get('/classicapi/sanctionlist'),
      operator.get('/classicapi/sanctionlist/1'),
      operator.get('/classicapi/sanctionlist/export'),
      operator.get('/classicapi/sanctionlist/template'),
      operator.get('/classicapi/sanctionlist/userlog'),
      operator.send('POST', '/classicapi/sanctionlist', {
        listSource: 'INTERNAL',
        reference: 'X-1',
        matchingValue: 'ACME',
        matchingMethod: 'Exact',
        partyType: 'Entity',
      }),
      operator.send('PUT', '/classicapi/sanctionlist/1', { version: 1 }),
      operator.send('DELETE', '/classicapi/sanctionlist/1'),
      operator.send('DELETE', '/classicapi/sanctionlist', { ids: [1] }),
      operator.send('POST', '/classicapi/sanctionlist/import', { fileName: 'a.csv', content: csvFile('List\n'), mode: 'replace' }),
      operator.send('POST', '/classicapi/sanctionwhitelist/cancel', { ids: [1] }),
      operator.get('/classicapi/rulelists'),
    ];
    for (const [index, response] of (await Promise.all(calls)).entries()) {
      expect(response.statusCode, `call ${index}`).toBe(403);
      expect(response.json().status).toBe(-10000);
    }
    expect(await rowCount()).toBe(before);
  });

  it("follows the role's functions in the database at once", async () => {
    await t.db.deleteFrom('role_functions').where('role_id', '=', 'ADMIN').where('function_id', '=', 115).execute();
    await t.ctx.changes.sync();
    expect((await admin.get('/classicapi/countryrules')).statusCode).toBe(403);
    expect((await admin.get('/classicapi/rulelists')).json().data.some((entry: { name: string }) => entry.name === 'countryrules')).toBe(false);
    await t.db.insertInto('role_functions').values({ role_id: 'ADMIN', function_id: 115 }).execute();
    await t.ctx.changes.sync();
    expect((await admin.get('/classicapi/countryrules')).statusCode).toBe(200);
  });

  it('keeps each company to its own rows', async () => {
    const demoRow = (await admin.get(`/classicapi/regionlist${listQuery({ filter: { regionCode: 'GCC' } })}`)).json().data[0];
    const skyRows = (await skyAdmin.get('/classicapi/regionlist')).json();
    expect(skyRows.data.some((row: { id: number }) => row.id === demoRow.id)).toBe(false);
    expect((await skyAdmin.get(`/classicapi/regionlist/${demoRow.id}`)).statusCode).toBe(404);
    expect((await skyAdmin.send('PUT', `/classicapi/regionlist/${demoRow.id}`, { ...demoRow, regionName: 'Taken over' })).statusCode).toBe(404);
    expect((await skyAdmin.send('DELETE', `/classicapi/regionlist/${demoRow.id}`)).statusCode).toBe(404);
    expect((await skyAdmin.send('DELETE', '/classicapi/regionlist', { ids: [demoRow.id] })).statusCode).toBe(404);
    expect((await admin.get(`/classicapi/regionlist/${demoRow.id}`)).json().data.regionName).toBe('Gulf Cooperation Council');
    // Both companies may hold the same key.
    const same = await skyAdmin.send('POST', '/classicapi/regionlist', { regionCode: 'GCC2', regionName: 'Copy', countryCodes: 'AE' });
    const again = await admin.send('POST', '/classicapi/regionlist', { regionCode: 'GCC2', regionName: 'Copy', countryCodes: 'AE' });
    expect([same.statusCode, again.statusCode]).toEqual([200, 200]);
    // Each company's user log holds its own changes only (both admins are called admin, so the rows tell).
    const skyLog = (await skyAdmin.get('/classicapi/regionlist/userlog')).json().data as { rowId: string; userId: string }[];
    expect(skyLog.every((entry) => entry.userId === 'admin')).toBe(true);
    expect(skyLog.map((entry) => entry.rowId)).toContain(String(same.json().data.id));
    expect(skyLog.map((entry) => entry.rowId)).not.toContain(String(again.json().data.id));
    expect(skyLog.map((entry) => entry.rowId)).not.toContain(String(demoRow.id));
  });

  it('needs a valid bearer token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/classicapi/regionlist' })).statusCode).toBe(401);
  });
});

describe('the envelope on rule-list writes', () => {
  const url = '/classicapi/regionlist';
  const row = { regionCode: 'ENV1', regionName: 'Envelope test', countryCodes: 'FR' };

  it('refuses a bare body, a replayed token and a stale ts, writing nothing', async () => {
    const before = await rowCount();
    const bare = await admin.raw('POST', url, row);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toMatch(/no request/);

    const once = envelope({ ...row, regionCode: 'ENV2' });
    expect((await admin.raw('POST', url, once)).statusCode).toBe(200);
    const replay = await admin.raw('POST', url, once);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/already received/);

    const stale = await admin.raw('POST', url, envelope({ ...row, regionCode: 'ENV3' }, { ts: Math.floor(Date.now() / 1000) - 3600 }));
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toMatch(/seconds from the server clock/);
    const wrongApp = await admin.raw('POST', url, envelope({ ...row, regionCode: 'ENV4' }, { app_id: 1 }));
    expect(wrongApp.statusCode).toBe(400);
    const badToken = await admin.raw('POST', url, { request: row, app_id: 2, token: 'x', ts: Math.floor(Date.now() / 1000) });
    expect(badToken.statusCode).toBe(400);
    const malformed = await admin.raw('POST', url, '{"request":');
    expect(malformed.statusCode).toBe(400);
    expect(await rowCount()).toBe(before + 1);
  });

  it('refuses a replayed delete', async () => {
    const created = (await admin.send('POST', url, { ...row, regionCode: 'ENV5' })).json().data;
    const once = envelope({});
    expect((await admin.raw('DELETE', `${url}/${created.id}`, once)).statusCode).toBe(200);
    expect((await admin.raw('DELETE', `${url}/${created.id}`, once)).json().message).toMatch(/already received/);
    expect((await admin.get(`${url}/${created.id}`)).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bulletin } from '../../src/domain/bulletins';
import { seedBulletins } from '../../src/server/db/seed/bulletins';
import { bearer, buildTestApp, signIn, type TestApp } from './testApp';

let t: TestApp;
let demoAir: string;
let demoFwd: string;
beforeAll(async () => {
  t = await buildTestApp();
  demoAir = (await signIn(t.app, 'DEMOAIR', 'operator', 'Operator#12345')).access_token;
  demoFwd = (await signIn(t.app, 'DEMOFWD', 'operator', 'Operator#12345')).access_token;
});
afterAll(() => t.close());

async function bulletinsOf(token: string): Promise<{ total: number; rows: Bulletin[] }> {
  const response = await t.app.inject({ method: 'GET', url: '/userapi/bulletins', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  expect(response.json().status).toBe(1);
  return response.json().data;
}

describe('GET /userapi/bulletins', () => {
  it("lists the bulletins in force for the user's company and for every company, newest first", async () => {
    const { total, rows } = await bulletinsOf(demoAir);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(total).toBe(rows.length);
    for (const row of rows) {
      expect([null, 'DEMOAIR']).toContain(row.company_id);
      expect(['info', 'warning', 'critical']).toContain(row.severity);
      expect(row.title).not.toBe('');
      expect(Date.parse(row.published_at)).toBeLessThanOrEqual(Date.now());
    }
    const times = rows.map((row) => Date.parse(row.published_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(rows.map((row) => row.title)).toContain('Station closure: HKG cargo terminal, typhoon signal 8');
    // The expired one and the one not yet published are not shown.
    expect(rows.map((row) => row.title)).not.toContain('Delayed FWB processing');
    expect(rows.map((row) => row.title)).not.toContain('New document type: eCSD');

    const forwarder = await bulletinsOf(demoFwd);
    expect(forwarder.rows.map((row) => row.company_id)).toContain('DEMOFWD');
    expect(forwarder.rows.map((row) => row.company_id)).not.toContain('DEMOAIR');
  });

  it('answers the body as the text it is, and a new bulletin comes first', async () => {
    const body = 'Line one <b>not bold</b>\nLine two & more';
    await t.db
      .insertInto('bulletins')
      .values({ company_id: 'DEMOAIR', severity: 'info', title: 'Fresh notice', body, published_at: new Date(Date.now() - 1000), created_by: 'test' })
      .execute();
    await t.db
      .insertInto('bulletins')
      .values({ company_id: 'SKYAIR', severity: 'critical', title: 'Not for DEMOAIR', body: 'x', published_at: new Date(Date.now() - 500), created_by: 'test' })
      .execute();
    const { rows } = await bulletinsOf(demoAir);
    expect(rows[0]).toMatchObject({ title: 'Fresh notice', body, company_id: 'DEMOAIR', severity: 'info' });
    expect(rows.map((row) => row.title)).not.toContain('Not for DEMOAIR');
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/userapi/bulletins' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/userapi/bulletins', headers: bearer('x.y.z') })).statusCode).toBe(401);
  });

  it('ignores stray query parameters rather than failing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/userapi/bulletins?range=[0,&sort=%', headers: bearer(demoAir) });
    expect(response.statusCode).toBe(200);
  });

  it('is seeded once', async () => {
    const before = await t.db.selectFrom('bulletins').select('bulletin_id').execute();
    await seedBulletins(t.db);
    expect(await t.db.selectFrom('bulletins').select('bulletin_id').execute()).toHaveLength(before.length);
  });
});

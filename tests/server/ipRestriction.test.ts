import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, buildTestApp, requestToken, signIn, type TestApp } from './testApp';
import { classicCall } from './classicCall';
import { loadConfig } from '../../src/server/config';
import { hashToken } from '../../src/server/auth/secureTokens';
import { IpRangeProblemMessages } from '../../src/domain/ipRange';
import { AccessMessages } from '../../src/domain/accessMessages';
import { Messages, StatusCode } from '../../src/domain/statusCodes';

const INSIDE = '203.0.113.25';
const OUTSIDE = '198.51.100.7';
const INSIDE_V6 = '2001:db8:42::17';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, from = INSIDE) => classicCall(t.app, admin, method, url, body, from);
const signInFrom = (companyId: string, userId: string, password: string, ip: string) =>
  requestToken(t.app, { GrantType: 'client_credentials', ClientId: `${userId}|${companyId}|2|L`, ClientSecret: password }, ip);
const refreshFrom = (companyId: string, userId: string, refreshToken: string, ip: string) =>
  requestToken(t.app, { GrantType: 'refresh_token', ClientId: `${userId}|${companyId}|2|L`, RefreshToken: refreshToken }, ip);

/** Real calls of each API the ranges cover: the classic envelope API, /userapi and the shipment calls. */
const coveredCalls: [string, (token: string, from: string) => Promise<LightMyRequestResponse>][] = [
  ['classic users', (token, from) => classicCall(t.app, token, 'GET', '/users', undefined, from)],
  ['classic user audit', (token, from) => classicCall(t.app, token, 'GET', '/useraudit', undefined, from)],
  ['classic rule list', (token, from) => classicCall(t.app, token, 'GET', '/sanctionlist', undefined, from)],
  ['classic rule-list overview', (token, from) => classicCall(t.app, token, 'GET', '/rulelists', undefined, from)],
  ['classic shipment log', (token, from) => classicCall(t.app, token, 'GET', '/shipmentlog', undefined, from)],
  ['userapi permission', (token, from) => t.app.inject({ method: 'GET', url: '/userapi/permission', headers: bearer(token), remoteAddress: from })],
  ['userapi profile', (token, from) => t.app.inject({ method: 'GET', url: '/userapi/user/getuserprofile', headers: bearer(token), remoteAddress: from })],
  ['userapi function', (token, from) => t.app.inject({ method: 'GET', url: '/userapi/permission/function/83', headers: bearer(token), remoteAddress: from })],
  ['userapi bulletins', (token, from) => t.app.inject({ method: 'GET', url: '/userapi/bulletins', headers: bearer(token), remoteAddress: from })],
  [
    'awbapi summary',
    (token, from) =>
      t.app.inject({
        method: 'POST',
        url: '/awbapi/awbsummary',
        headers: bearer(token),
        payload: { fieldSearch: [], dbOptions: { CurrentPage: 1, PageSize: 10 } },
        remoteAddress: from,
      }),
  ],
];

/** The covered calls whose answer is not `expected` (an empty list is a pass). */
async function coveredMismatches(token: string, from: string, expected: 'allowed' | 'restricted'): Promise<string[]> {
  const mismatches: string[] = [];
  for (const [name, reach] of coveredCalls) {
    const response = await reach(token, from);
    const body = response.json();
    const message = name.startsWith('awbapi') || name === 'classic shipment log' ? Messages.ipRestriction : Messages.ipRestrictionElsewhere;
    const ok =
      expected === 'allowed'
        ? response.statusCode === 200 && (body.status === StatusCode.SUCCESS || Array.isArray(body.functions))
        : response.statusCode === 403 && body.status === StatusCode.IP_RESTRICTION && body.message === message;
    if (!ok) mismatches.push(`${name} from ${from}: HTTP ${response.statusCode} ${response.body.slice(0, 120)}`);
  }
  return mismatches;
}

describe('company address ranges', () => {
  it('starts unrestricted, and says so with the caller address', async () => {
    expect((await call('GET', '/ipranges')).json()).toEqual({ status: 1, data: [], total: 0 });
    expect((await call('GET', '/ipranges/current-address', undefined, `::ffff:${INSIDE}`)).json()).toEqual({
      status: 1,
      data: { id: 'current-address', address: INSIDE, restricted: false, allowed: true },
    });
    expect(await coveredMismatches(admin, OUTSIDE, 'allowed')).toEqual([]);
  });

  it('refuses malformed ranges with a specific message and stores nothing', async () => {
    for (const cidr of ['', 'banana', '10.0.0.0/33', '10.0.0/8', '0x7f.0.0.1', '2001:db8::/129', 'fe80::1%eth0/64', '10.0.0.0/8/8', '10.0.0.0/-1']) {
      const response = await call('POST', '/ipranges', { cidr });
      expect(response.statusCode, cidr).toBe(400);
      expect(response.json().status).toBe(StatusCode.VALIDATION_FAIL);
      expect(response.json().errors.cidr, cidr).toBe(cidr === '' ? IpRangeProblemMessages.required : IpRangeProblemMessages.format);
    }
    const description = await call('POST', '/ipranges', { cidr: '203.0.113.0/24', description: 'line\nbreak' });
    expect(description.json().errors.description).toBe(IpRangeProblemMessages.description);
    expect((await call('GET', '/ipranges')).json().total).toBe(0);
  });

  it('refuses a first range that would shut out the admin adding it', async () => {
    const response = await call('POST', '/ipranges', { cidr: '192.0.2.0/24' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(IpRangeProblemMessages.selfLockout.replace('{address}', INSIDE));
    expect((await call('GET', '/ipranges')).json().total).toBe(0);
  });

  it('adds IPv4 and IPv6 ranges in normalised form, refuses duplicates in any notation, and audits', async () => {
    const added = await call('POST', '/ipranges', { cidr: ' 203.0.113.99/24 ', description: 'Head office' });
    expect(added.json()).toEqual({
      status: 1,
      data: { id: expect.any(String), cidr: '203.0.113.0/24', description: 'Head office', created_by: 'admin', created_at: expect.any(String) },
    });
    expect((await call('POST', '/ipranges', { cidr: '2001:0DB8:0042:0000::/48', description: 'Office IPv6' })).json().data.cidr).toBe('2001:db8:42::/48');
    const duplicate = await call('POST', '/ipranges', { cidr: '203.0.113.0/24' });
    expect(duplicate.json()).toMatchObject({ status: StatusCode.VALIDATION_FAIL, errors: { cidr: IpRangeProblemMessages.duplicate } });
    const duplicateV6 = await call('POST', '/ipranges', { cidr: '2001:db8:42:0:0:0:0:0/48' });
    expect(duplicateV6.json().errors.cidr).toBe(IpRangeProblemMessages.duplicate);
    const list = (await call('GET', '/ipranges')).json();
    expect(list.data.map((range: { cidr: string }) => range.cidr)).toEqual(['203.0.113.0/24', '2001:db8:42::/48']);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'company_ip_range').orderBy('audit_id').execute();
    expect(audit.map((row) => [row.action, row.entity_key, row.user_id, row.ip_address])).toEqual([
      ['ip-range-add', 'DEMOAIR|203.0.113.0/24', 'admin', INSIDE],
      ['ip-range-add', 'DEMOAIR|2001:db8:42::/48', 'admin', INSIDE],
    ]);
  });

  it('lets every API call through from inside the ranges only: classic API, /userapi and shipments, with the spec code and message', async () => {
    for (const inside of [INSIDE, `::ffff:${INSIDE}`, INSIDE_V6]) expect(await coveredMismatches(admin, inside, 'allowed'), inside).toEqual([]);
    for (const outside of [OUTSIDE, '2001:db8:43::1', '::1']) expect(await coveredMismatches(admin, outside, 'restricted'), outside).toEqual([]);
    expect(Messages.ipRestriction).toBe('Shipment cannot be access due to IP Restriction');
    // Nor can a session be handed over to the classic site from outside.
    const handover = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/handover',
      headers: bearer(admin),
      payload: { app: 1 },
      remoteAddress: OUTSIDE,
    });
    expect([handover.statusCode, handover.json().status]).toEqual([403, StatusCode.IP_RESTRICTION]);
  });

  it('refuses a change from outside before reading it: nothing is written and the envelope token stays unused', async () => {
    const envelope = {
      request: { user_id: 'roamer', user_name: 'Rita Roamer', email: 'roamer@demoair.example', role_id: 'OPERATOR', password: 'Roamer#2024x' },
      app_id: 2,
      token: randomUUID(),
      ts: Math.floor(Date.now() / 1000),
    };
    const send = (from: string) =>
      t.app.inject({
        method: 'POST',
        url: '/classicapi/users',
        headers: { ...bearer(admin), 'content-type': 'application/json' },
        payload: JSON.stringify(envelope),
        remoteAddress: from,
      });
    const outside = await send(OUTSIDE);
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ status: StatusCode.IP_RESTRICTION, message: Messages.ipRestrictionElsewhere });
    expect(await t.db.selectFrom('users').select('user_id').where('user_id', '=', 'roamer').execute()).toEqual([]);
    expect(await t.db.selectFrom('envelope_tokens').select('token').where('token', '=', envelope.token).execute()).toEqual([]);
    const rowsBefore = await t.db
      .selectFrom('rule_list_rows')
      .select('row_id')
      .where('company_id', '=', 'DEMOAIR')
      .where('list_name', '=', 'countryrules')
      .execute();
    const ruleRow = await call('POST', '/countryrules', { countryCode: 'CU', direction: 'Both', ruleType: 'Embargo' }, OUTSIDE);
    expect(ruleRow.json().status).toBe(StatusCode.IP_RESTRICTION);
    expect(
      await t.db.selectFrom('rule_list_rows').select('row_id').where('company_id', '=', 'DEMOAIR').where('list_name', '=', 'countryrules').execute(),
    ).toHaveLength(rowsBefore.length);
    // The same envelope from inside is the first the server reads.
    expect((await send(INSIDE)).json().status).toBe(StatusCode.SUCCESS);
  });

  it('keeps the address ranges reachable to the company admin from outside, so an admin whose address moved can add it', async () => {
    expect((await call('GET', '/ipranges', undefined, OUTSIDE)).json().total).toBe(2);
    expect((await call('GET', '/ipranges/current-address', undefined, OUTSIDE)).json().data).toEqual({
      id: 'current-address',
      address: OUTSIDE,
      restricted: true,
      allowed: false,
    });
    // Still for admins only: an operator gets the function refusal, inside or out.
    const operator = (await signInFrom('DEMOAIR', 'operator', 'Operator#12345', INSIDE)).json().access_token as string;
    for (const from of [INSIDE, OUTSIDE]) {
      const refused = await classicCall(t.app, operator, 'GET', '/ipranges', undefined, from);
      expect(refused.statusCode, from).toBe(403);
      expect(refused.json().status, from).toBe(StatusCode.USER_ACL_EXCEPTION);
    }
    // The self-lockout rule still holds from outside: removing a range cannot shut the admin out.
    const ranges = (await call('GET', '/ipranges', undefined, OUTSIDE)).json().data as { id: string; cidr: string }[];
    const moved = await call('POST', '/ipranges', { cidr: `${OUTSIDE}/32`, description: 'Temporary office' }, OUTSIDE);
    expect(moved.json()).toMatchObject({ status: 1, data: { cidr: `${OUTSIDE}/32` } });
    expect(await coveredMismatches(admin, OUTSIDE, 'allowed')).toEqual([]);
    const lockout = await call('DELETE', `/ipranges/${moved.json().data.id}`, undefined, OUTSIDE);
    expect(lockout.json().message).toBe(IpRangeProblemMessages.selfLockout.replace('{address}', OUTSIDE));
    expect((await call('DELETE', `/ipranges/${moved.json().data.id}`, undefined, INSIDE)).json().status).toBe(1);
    expect((await call('GET', '/ipranges', undefined, OUTSIDE)).json().data.map((range: { id: string }) => range.id)).toEqual(ranges.map((range) => range.id));
    expect(await coveredMismatches(admin, OUTSIDE, 'restricted')).toEqual([]);
  });

  it('refuses the refresh grant from outside the ranges with a clear message, and ends that session', async () => {
    const session = (await signInFrom('DEMOAIR', 'operator', 'Operator#12345', INSIDE)).json() as { refresh_token: string };
    // A holder of no valid token learns nothing of the restriction.
    expect((await refreshFrom('DEMOAIR', 'operator', 'not-a-token', OUTSIDE)).json()).toEqual({
      error: 'invalid_grant',
      error_description: Messages.sessionTimeout,
    });
    const outside = await refreshFrom('DEMOAIR', 'operator', session.refresh_token, OUTSIDE);
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ error: 'ip_restricted', error_description: AccessMessages.ipSignInRefused });
    // Coming back inside does not revive it: the session must sign in again.
    expect((await refreshFrom('DEMOAIR', 'operator', session.refresh_token, INSIDE)).json().error).toBe('invalid_grant');
    const { family_id } = await t.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', hashToken(session.refresh_token))
      .executeTakeFirstOrThrow();
    const family = await t.db.selectFrom('refresh_tokens').select('revoked_at').where('family_id', '=', family_id).execute();
    expect(family.length).toBe(2);
    expect(family.every((member) => member.revoked_at !== null)).toBe(true);

    const again = (await signInFrom('DEMOAIR', 'operator', 'Operator#12345', INSIDE)).json() as { refresh_token: string };
    const inside = await refreshFrom('DEMOAIR', 'operator', again.refresh_token, INSIDE_V6);
    expect(inside.statusCode).toBe(200);
    expect(inside.json()).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
    // Another company without ranges refreshes from anywhere.
    const sky = await signIn(t.app, 'SKYAIR', 'admin', 'Admin#12345');
    expect((await refreshFrom('SKYAIR', 'admin', sky.refresh_token, OUTSIDE)).statusCode).toBe(200);
  });

  it('applies to the company only: another company is not restricted', async () => {
    const sky = (await signIn(t.app, 'SKYAIR', 'admin', 'Admin#12345')).access_token;
    expect(await coveredMismatches(sky, OUTSIDE, 'allowed')).toEqual([]);
    expect((await classicCall(t.app, sky, 'GET', '/ipranges', undefined, OUTSIDE)).json().total).toBe(0);
  });

  it('refuses sign-in from outside the ranges with a clear message, after the password is proven', async () => {
    const outside = await signInFrom('DEMOAIR', 'operator', 'Operator#12345', OUTSIDE);
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ error: 'ip_restricted', error_description: AccessMessages.ipSignInRefused });
    const wrongPassword = await signInFrom('DEMOAIR', 'operator', 'Wrong#12345', OUTSIDE);
    expect(wrongPassword.json()).toEqual({ error: 'invalid_grant', error_description: Messages.loginIncorrect });
    expect((await signInFrom('DEMOAIR', 'operator', 'Operator#12345', INSIDE)).statusCode).toBe(200);
    expect((await signInFrom('DEMOAIR', 'operator', 'Operator#12345', INSIDE_V6)).statusCode).toBe(200);
    expect((await signInFrom('SKYAIR', 'admin', 'Admin#12345', OUTSIDE)).statusCode).toBe(200);
  });

  it('refuses to delete the range the admin is reaching from while another remains; deleting the last lifts the restriction', async () => {
    const ranges = (await call('GET', '/ipranges')).json().data as { id: string; cidr: string }[];
    const v4 = ranges.find((range) => range.cidr === '203.0.113.0/24')!;
    const v6 = ranges.find((range) => range.cidr === '2001:db8:42::/48')!;
    const lockout = await call('DELETE', `/ipranges/${v4.id}`, undefined, INSIDE);
    expect(lockout.json().message).toBe(IpRangeProblemMessages.selfLockout.replace('{address}', INSIDE));
    expect((await call('DELETE', `/ipranges/${v6.id}`, undefined, INSIDE)).json()).toMatchObject({ status: 1, data: { cidr: '2001:db8:42::/48' } });
    const missing = await call('DELETE', `/ipranges/${v6.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: StatusCode.FAILURE, message: IpRangeProblemMessages.notFound });
    expect((await call('DELETE', '/ipranges/not-a-number')).statusCode).toBe(400);
    expect(await coveredMismatches(admin, OUTSIDE, 'restricted')).toEqual([]);
    expect((await call('DELETE', `/ipranges/${v4.id}`, undefined, INSIDE)).json().status).toBe(1);
    expect(await coveredMismatches(admin, OUTSIDE, 'allowed')).toEqual([]);
  });

  it('does not let an admin delete another company range by its id', async () => {
    const sky = (await signIn(t.app, 'SKYAIR', 'admin', 'Admin#12345')).access_token;
    const added = (await classicCall(t.app, sky, 'POST', '/ipranges', { cidr: '0.0.0.0/0', description: 'everywhere' })).json().data;
    const response = await call('DELETE', `/ipranges/${added.id}`);
    expect(response.statusCode).toBe(404);
    expect((await classicCall(t.app, sky, 'GET', '/ipranges')).json().total).toBe(1);
  });
});

describe('trusted proxies', () => {
  let proxied: TestApp;
  let token: string;
  beforeAll(async () => {
    proxied = await buildTestApp({ TRUSTED_PROXIES: '10.0.0.1, fd00::/8' });
    token = (await signIn(proxied.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
  });
  afterAll(() => proxied.close());

  const seenAs = async (remoteAddress: string, forwardedFor?: string) => {
    const response = await proxied.app.inject({
      method: 'GET',
      url: '/classicapi/ipranges/current-address',
      headers: { authorization: `Bearer ${token}`, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      remoteAddress,
    });
    return response.json().data.address;
  };

  it('believes X-Forwarded-For only from a configured proxy', async () => {
    expect(await seenAs('10.0.0.1', INSIDE)).toBe(INSIDE);
    expect(await seenAs('fd00::5', INSIDE)).toBe(INSIDE);
    expect(await seenAs('10.0.0.1', `${OUTSIDE}, ${INSIDE}`)).toBe(INSIDE); // the proxy's own view, not what the client claimed
    expect(await seenAs('10.0.0.2', INSIDE)).toBe('10.0.0.2');
    expect(await seenAs(OUTSIDE, INSIDE)).toBe(OUTSIDE);
  });

  it('is off unless configured', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/classicapi/ipranges/current-address',
      headers: { authorization: `Bearer ${admin}`, 'x-forwarded-for': INSIDE },
      remoteAddress: OUTSIDE,
    });
    expect(response.json().data.address).toBe(OUTSIDE);
  });

  it('refuses a malformed TRUSTED_PROXIES at start with a clear message', () => {
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.1, proxy.example' })).toThrow(/TRUSTED_PROXIES .*"proxy\.example"/);
    expect(loadConfig({ TRUSTED_PROXIES: 'loopback, 10.1.2.3/8' }).trustedProxies).toEqual(['loopback', '10.0.0.0/8']);
    expect(loadConfig({}).trustedProxies).toEqual([]);
  });
});

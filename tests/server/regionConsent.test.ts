import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { regionOfRequest } from '../../src/server/region/regionOfRequest';
import { StatusCode } from '../../src/domain/statusCodes';
import { bearer, buildTestApp, signIn, type TestApp } from './testApp';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({
    REGION_COUNTRY_HEADER: 'X-Client-Country',
    TRUSTED_PROXIES: 'loopback',
    REGION_NETWORKS: '198.51.100.0/24=CN, 2001:db8::/32=DE',
    CHINA_CONSENT_COUNTRIES: 'CN,HK',
  });
  token = (await signIn(t.app, 'DEMOGHA', 'operator', 'Operator#12345')).access_token;
});
afterAll(() => t.close());

describe('GET /api/region', () => {
  it('answers countryCode and iPv4Address from the client address, without sign-in', async () => {
    const cn = await t.app.inject({ method: 'GET', url: '/api/region', remoteAddress: '198.51.100.7' });
    expect(cn.statusCode).toBe(200);
    expect(cn.headers['cache-control']).toBe('no-store');
    expect(cn.json()).toEqual({ countryCode: 'CN', iPv4Address: '198.51.100.7' });
    const mapped = await t.app.inject({ method: 'GET', url: '/api/region', remoteAddress: '::ffff:198.51.100.9' });
    expect(mapped.json()).toEqual({ countryCode: 'CN', iPv4Address: '198.51.100.9' });
    const v6 = await t.app.inject({ method: 'GET', url: '/api/region', remoteAddress: '2001:db8::5' });
    expect(v6.json()).toEqual({ countryCode: 'DE', iPv4Address: '2001:db8::5' });
  });

  it("answers '-' for an address no rule knows", async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/region', remoteAddress: '203.0.113.1' });
    expect(unknown.json()).toEqual({ countryCode: '-', iPv4Address: '203.0.113.1' });
  });

  it('takes the country header first when a trusted proxy set it, and ignores a malformed one', async () => {
    const viaProxy = (country: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/region',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.7', 'x-client-country': country },
      });
    expect((await viaProxy('us')).json()).toEqual({ countryCode: 'US', iPv4Address: '198.51.100.7' });
    expect((await viaProxy('<script>')).json().countryCode).toBe('CN');
  });

  it('ignores the country header a visitor sends straight to the server, so no one picks their own region', async () => {
    const direct = await t.app.inject({ method: 'GET', url: '/api/region', remoteAddress: '198.51.100.7', headers: { 'x-client-country': 'sg' } });
    expect(direct.json()).toEqual({ countryCode: 'CN', iPv4Address: '198.51.100.7' });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/region', remoteAddress: '203.0.113.1', headers: { 'x-client-country': 'sg' } });
    expect(unknown.json().countryCode).toBe('-');
  });

  it('REGION_OVERRIDE puts every visitor in one country', () => {
    const settings = loadConfig({ REGION_OVERRIDE: 'cn', REGION_COUNTRY_HEADER: 'x-client-country' });
    expect(regionOfRequest('10.1.2.3', { 'x-client-country': 'US' }, settings, true)).toEqual({ countryCode: 'CN', iPv4Address: '10.1.2.3' });
  });

  it('publishes the lookup address and the China-consent countries in /ez4/config.json', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/ez4/config.json' })).json();
    expect(config).toMatchObject({
      regionLookupUrl: '/api/region',
      chinaConsentCountries: ['CN', 'HK'],
      headerAppUrl: '/ez4/chrome/header/',
      footerAppUrl: '/ez4/chrome/footer/',
      blockedIeVersion: 9,
    });
  });
});

describe('sign-in settings in the configuration', () => {
  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig({ REGION_NETWORKS: '198.51.100.0/33=CN' })).toThrow(/REGION_NETWORKS/);
    expect(() => loadConfig({ REGION_NETWORKS: '198.51.100.0/24' })).toThrow(/REGION_NETWORKS/);
    expect(() => loadConfig({ CHINA_CONSENT_COUNTRIES: 'CN,CHN' })).toThrow(/CHINA_CONSENT_COUNTRIES/);
    expect(() => loadConfig({ REGION_OVERRIDE: 'China' })).toThrow(/REGION_OVERRIDE/);
    expect(() => loadConfig({ CLASSIC_SITE_URL: 'javascript:alert(1)' })).toThrow(/CLASSIC_SITE_URL/);
    expect(() => loadConfig({ HEADER_APP_URL: '//evil.example/x' })).toThrow(/HEADER_APP_URL/);
    expect(() => loadConfig({ REGION_COUNTRY_HEADER: 'bad header' })).toThrow(/REGION_COUNTRY_HEADER/);
  });

  it('has the defaults the README lists', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      styleVersion: 1,
      classicSiteUrl: '',
      chinaConsentCountries: ['CN'],
      regionLookupUrl: '/api/region',
      passwordResetMinutes: 30,
      tokenHandoverSeconds: 60,
      publicUrl: 'http://localhost:8080',
    });
  });
});

describe('privacy consent (/mobileapi/authentication)', () => {
  it('counts nothing before the user consents, then one, also after consenting again', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/mobileapi/authentication/getuserconsent/1', headers: bearer(token) });
    expect(before.json()).toEqual({ status: StatusCode.SUCCESS, total: 0 });
    for (let i = 0; i < 2; i++) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/mobileapi/authentication/createuserconsent',
        headers: bearer(token),
        payload: { ip_address: '198.51.100.7', category_id: 1, consent_version: 1 },
      });
      expect(created.json()).toEqual({ status: StatusCode.SUCCESS });
    }
    const after = await t.app.inject({ method: 'GET', url: '/mobileapi/authentication/getuserconsent/1', headers: bearer(token) });
    expect(after.json()).toEqual({ status: StatusCode.SUCCESS, total: 1 });
    const row = await t.db.selectFrom('user_consents').selectAll().where('company_id', '=', 'DEMOGHA').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: 'operator', category_id: 1, consent_version: 1, ip_address: '198.51.100.7', request_ip: '127.0.0.1' });
  });

  it("keeps users' consents apart", async () => {
    const other = (await signIn(t.app, 'DEMOAIR', 'operator', 'Operator#12345')).access_token;
    const answer = await t.app.inject({ method: 'GET', url: '/mobileapi/authentication/getuserconsent/1', headers: bearer(other) });
    expect(answer.json().total).toBe(0);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/mobileapi/authentication/getuserconsent/1' })).statusCode).toBe(401);
    const post = await t.app.inject({
      method: 'POST',
      url: '/mobileapi/authentication/createuserconsent',
      payload: { ip_address: '1.2.3.4', category_id: 1, consent_version: 1 },
    });
    expect(post.statusCode).toBe(401);
  });

  it('refuses bad input with a clear message and records nothing', async () => {
    const count = async () => Number((await t.db.selectFrom('user_consents').select(t.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const bodies: unknown[] = [
      { ip_address: 'not-an-ip', category_id: 1, consent_version: 1 },
      { ip_address: '1.2.3.4', category_id: 9, consent_version: 1 },
      { ip_address: '1.2.3.4', category_id: 1, consent_version: 2 },
      { ip_address: '1.2.3.4', category_id: '1; drop table', consent_version: 1 },
      { category_id: 1, consent_version: 1 },
      [],
      'text',
    ];
    for (const payload of bodies) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/mobileapi/authentication/createuserconsent',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().status).toBe(StatusCode.VALIDATION_FAIL);
      expect(answer.json().message).toBeTruthy();
    }
    for (const category of ['x', '0', '99999999999', '7']) {
      const answer = await t.app.inject({ method: 'GET', url: `/mobileapi/authentication/getuserconsent/${category}`, headers: bearer(token) });
      expect(answer.statusCode, category).toBe(400);
    }
    expect(await count()).toBe(before);
  });
});

describe('POST /logapi/clientlogging', () => {
  it('keeps the entry with its level and the signed-in user', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/logapi/clientlogging',
      headers: { ...bearer(token), 'user-agent': 'TestBrowser/1' },
      payload: { iMsg: 'Region not found for a China-region user', iLogType: 3 },
    });
    expect(answer.json()).toEqual({ status: StatusCode.SUCCESS });
    await t.ctx.logs.flush(); // client log lines are written in batches
    const row = await t.db.selectFrom('client_logs').selectAll().orderBy('log_id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      company_id: 'DEMOGHA',
      user_id: 'operator',
      log_type: 3,
      message: 'Region not found for a China-region user',
      user_agent: 'TestBrowser/1',
    });
  });

  it('refuses anonymous callers and bad entries', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/logapi/clientlogging', payload: { iMsg: 'x', iLogType: 2 } })).statusCode).toBe(401);
    for (const payload of [
      { iMsg: '', iLogType: 2 },
      { iMsg: 'x', iLogType: 6 },
      { iMsg: 'x', iLogType: 0 },
      { iMsg: 'x'.repeat(4001), iLogType: 2 },
      { iMsg: 'x' },
      { iLogType: 1 },
    ]) {
      const answer = await t.app.inject({ method: 'POST', url: '/logapi/clientlogging', headers: bearer(token), payload });
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 50)).toBe(400);
      expect(answer.json().status).toBe(StatusCode.VALIDATION_FAIL);
    }
  });
});

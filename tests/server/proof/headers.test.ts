import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, HSTS } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { appRoutes } from '../../../src/app/routing/routes';
import { ruleListPlugins } from '../../../plugins';
import { bearer, buildTestApp, signIn, type TestApp } from '../testApp';

/**
 * Browser hardening in the headers (issue 8, item 6): every answer the server gives, each page of
 * the SPA first of all, carries a Content-Security-Policy that runs no inline script and lets no
 * one frame the portal; HSTS goes out only when the request came over TLS as Fastify sees it
 * through the trusted proxies; file links carry a short-lived ticket, never the session's tokens.
 * In the browser: e2e/hardening.spec.ts.
 */

const CHROME_ORIGIN = 'https://chrome.example';

/** A built SPA as Vite lays it out: index.html from the repository's, with the module entry hashed, and the chrome front-ends with their manifests. */
function builtSpa(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'dist-headers-'));
  const source = readFileSync(path.join(import.meta.dirname, '..', '..', '..', 'index.html'), 'utf8');
  const html = source.replace(
    '<script type="module" src="/src/app/main.tsx"></script>',
    '<script type="module" crossorigin src="/ez4/assets/index-abc123.js"></script>',
  );
  expect(html).not.toBe(source);
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), html);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'export {};');
  for (const part of ['header', 'footer']) {
    mkdirSync(path.join(dist, 'chrome', part, 'assets'), { recursive: true });
    writeFileSync(
      path.join(dist, 'chrome', part, 'asset-manifest.json'),
      JSON.stringify({ [`src/chrome/${part}/main.ts`]: { file: `assets/${part}-abc123.js`, isEntry: true } }),
    );
    writeFileSync(path.join(dist, 'chrome', part, 'assets', `${part}-abc123.js`), 'export {};');
  }
  return dist;
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(header, `${response.raw.req.url} has no Content-Security-Policy`).toBeTypeOf('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

/** The hardening every answer carries, whatever it is. */
function expectHardened(response: LightMyRequestResponse, what: string): void {
  const csp = directives(response);
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  expect(scripts, `${what}: script-src`).toBeDefined();
  expect(scripts, `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(scripts, `${what}: script-src`).not.toContain("'unsafe-eval'");
  expect(scripts, `${what}: script-src`).not.toContain('*');
  expect(csp.get('script-src-attr'), `${what}: inline event handlers`).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(csp.get('base-uri'), `${what}: base-uri`).toEqual(["'self'"]);
  expect(response.headers['x-frame-options'], what).toBe('DENY');
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['strict-transport-security'], `${what}: HSTS over plain http`).toBeUndefined();
}

/** A sample address for every route of the SPA's route table, with its aliases. */
function spaPages(): string[] {
  const sample: Record<string, string> = { functionId: '0', id: '1', errorCode: '404', companyId: 'DEMOAIR', userId: 'operator' };
  return appRoutes.flatMap((route) =>
    [route.path, ...route.aliases].map((routePath) => {
      const plugin = ruleListPlugins.find((candidate) => candidate.name === route.name);
      const filled = routePath
        .replace('*', 'no/such/page')
        .replace(/:([A-Za-z]+)/g, (_all, name: string) => (name === 'functionId' && plugin ? String(plugin.functionId) : (sample[name] ?? 'x')));
      return `/ez4/en/${filled}`;
    }),
  );
}

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = builtSpa();
  t = await buildTestApp({ DIST_DIR: dist, HEADER_APP_URL: `${CHROME_ORIGIN}/header/`, TRUSTED_PROXIES: 'loopback' }, { shipments: 6 });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the pages the SPA serves', () => {
  it('every route of the route table, its aliases, the bare /ez4/ paths and index.html itself: a hardened HTML page with no inline script', async () => {
    const pages = [...spaPages(), '/ez4/', '/ez4/index.html', '/ez4/fr/login', '/ez4/en/awb/awbdetail?id=1'];
    expect(pages.length).toBeGreaterThan(40);
    for (const url of pages) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expectHardened(response, url);
      // Every script is a file of this origin the policy allows; no inline script or handler for it to refuse.
      const scripts = [...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length, url).toBeGreaterThanOrEqual(2);
      for (const [, attributes, body] of scripts) {
        expect(attributes, url).toMatch(/\bsrc="\/ez4\//);
        expect(body.trim(), url).toBe('');
      }
      expect(response.body, url).not.toMatch(/\son[a-z]+\s*=/i);
      expect(response.body, url).not.toMatch(/javascript:/i);
    }
  });

  it('the redirects into the SPA, its assets, its configuration, the browser check and the chrome front-ends', async () => {
    for (const url of [
      '/',
      '/ez4',
      '/ez4/config.json',
      '/ez4/browser-check.js',
      '/ez4/assets/index-abc123.js',
      '/ez4/chrome/header/asset-manifest.json',
      '/ez4/chrome/header/assets/header-abc123.js',
      '/ez4/chrome/footer/asset-manifest.json',
      '/ez4/chrome/footer/assets/footer-abc123.js',
    ]) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBeLessThan(400);
      expectHardened(response, url);
    }
  });

  it('lets the scripts of a separately hosted header front-end in by their origin, and nothing inline with them', async () => {
    const csp = directives(await t.app.inject('/ez4/en/login'));
    expect(csp.get('script-src')).toEqual(["'self'", CHROME_ORIGIN]);
    expect(csp.get('connect-src')).toContain(CHROME_ORIGIN);
  });
});

describe('every other answer', () => {
  it('API answers, refusals, errors and unknown routes are hardened as well', async () => {
    const { access_token } = await signIn(t.app, 'DEMOAIR', 'operator', 'Operator#12345');
    const answers: [string, LightMyRequestResponse][] = [
      ['health', await t.app.inject('/healthz')],
      [
        'token refused',
        await t.app.inject({
          method: 'POST',
          url: '/auth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'GrantType=nonsense',
        }),
      ],
      ['profile', await t.app.inject({ url: '/userapi/user/getuserprofile', headers: bearer(access_token) })],
      ['no token', await t.app.inject('/userapi/user/getuserprofile')],
      [
        'summary',
        await t.app.inject({
          method: 'POST',
          url: '/awbapi/awbsummary',
          headers: bearer(access_token),
          payload: { fieldSearch: [], dbOptions: { CurrentPage: 1, PageSize: 5 } },
        }),
      ],
      [
        'malformed JSON',
        await t.app.inject({
          method: 'POST',
          url: '/awbapi/awbsummary',
          headers: { ...bearer(access_token), 'content-type': 'application/json' },
          payload: '{"fieldSearch":',
        }),
      ],
      ['classic API', await t.app.inject({ url: '/classicapi/shipmentlog', headers: bearer(access_token) })],
      ['unknown route', await t.app.inject('/no/such/route')],
    ];
    for (const [what, response] of answers) expectHardened(response, what);
    expect(answers.map(([, response]) => response.statusCode)).toEqual(expect.arrayContaining([200, 400, 401, 404]));
  });
});

describe('Strict-Transport-Security', () => {
  const viaProxy = (app: FastifyInstance, remoteAddress: string, proto?: string) =>
    app.inject({ url: '/ez4/en/login', remoteAddress, headers: proto ? { 'x-forwarded-proto': proto } : {} });

  it('is sent when a trusted proxy says the request came over https', async () => {
    for (const url of ['/ez4/en/login', '/healthz', '/no/such/route']) {
      const response = await t.app.inject({ url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security'], url).toBe(HSTS);
    }
    expect(HSTS).toMatch(/^max-age=(\d{8,})(; includeSubDomains)?$/);
    // Through several proxies, the last one (the trusted peer) tells.
    expect((await viaProxy(t.app, '127.0.0.1', 'http, https')).headers['strict-transport-security']).toBe(HSTS);
  });

  it('is never sent over plain http: no header, a proxy saying http, or an untrusted peer claiming https', async () => {
    expect((await viaProxy(t.app, '127.0.0.1')).headers['strict-transport-security']).toBeUndefined();
    expect((await viaProxy(t.app, '127.0.0.1', 'http')).headers['strict-transport-security']).toBeUndefined();
    expect((await viaProxy(t.app, '127.0.0.1', 'https, http')).headers['strict-transport-security']).toBeUndefined();
    expect((await viaProxy(t.app, '203.0.113.9', 'https')).headers['strict-transport-security']).toBeUndefined();
  });

  it('is never sent on a forwarded https claim when no proxy is trusted (TRUSTED_PROXIES empty)', async () => {
    const direct = await buildApp({ ...t.ctx, config: loadConfig({ LOG_LEVEL: 'silent', DIST_DIR: dist }) }, { logger: false });
    try {
      for (const remoteAddress of ['127.0.0.1', '10.0.0.2']) {
        const response = await viaProxy(direct, remoteAddress, 'https');
        expect(response.statusCode).toBe(200);
        expect(response.headers['strict-transport-security']).toBeUndefined();
        expectHardened(response, `direct from ${remoteAddress}`);
      }
    } finally {
      await direct.close();
    }
  });
});

describe('no token in a URL', () => {
  it('a file link carries a short-lived ticket bound to its file, which is neither session token and opens nothing else', async () => {
    const tokens = await signIn(t.app, 'DEMOAIR', 'operator', 'Operator#12345');
    const summary = await t.app.inject({
      method: 'POST',
      url: '/awbapi/awbsummary',
      headers: bearer(tokens.access_token),
      payload: { fieldSearch: [], dbOptions: { CurrentPage: 1, PageSize: 5 } },
    });
    const shipmentId: string = summary.json().data.rows.find((row: { IsLent: boolean }) => !row.IsLent).ShipmentId;
    const ticketed = await t.app.inject({
      method: 'POST',
      url: '/awbapi/fileticket',
      headers: bearer(tokens.access_token),
      payload: { Kind: 'print', ShipmentId: shipmentId, PrintKind: 'cargoreceipt' },
    });
    expect(ticketed.statusCode, ticketed.body).toBe(200);
    const { Url, ExpiresInSeconds } = ticketed.json().data as { Url: string; ExpiresInSeconds: number };
    const link = new URL(Url, 'http://portal.test');
    const ticket = link.searchParams.get('ticket')!;
    expect([...link.searchParams.keys()]).toEqual(['ticket']);
    expect(ExpiresInSeconds).toBeLessThanOrEqual(300);
    for (const token of [tokens.access_token, tokens.refresh_token]) {
      expect(Url).not.toContain(token);
      expect(ticket).not.toBe(token);
    }
    const file = await t.app.inject(Url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expectHardened(file, 'printout');
    // The ticket is no bearer token, and the access token is no ticket.
    expect((await t.app.inject({ url: '/userapi/user/getuserprofile', headers: bearer(ticket) })).statusCode).toBe(401);
    expect((await t.app.inject(`${link.pathname}?ticket=${encodeURIComponent(tokens.access_token)}`)).statusCode).toBe(401);
    // Bound to its file: the same ticket on another printout is refused.
    expect((await t.app.inject(`${link.pathname.replace('cargoreceipt', 'laser')}?ticket=${encodeURIComponent(ticket)}`)).statusCode).toBe(401);
    // Bound to its session: once signed out, the link opens nothing, though the ticket has not expired.
    const logout = await t.app.inject({ method: 'POST', url: '/mobileapi/authentication/logout', payload: { refresh_token: tokens.refresh_token } });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await t.app.inject(Url)).statusCode).toBe(401);
  });
});

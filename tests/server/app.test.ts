import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './testApp';
import { loadConfig } from '../../src/server/config';
import { createDatabase } from '../../src/server/db/database';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  t = await buildTestApp({ DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the HTTP server', () => {
  it('answers /healthz after reading the database', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
  });

  it('is ready, but not while it drains nor while its database cannot be reached: 503 then, never 500', async () => {
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
    t.ctx.lifecycle = { draining: true };
    try {
      const draining = await t.app.inject('/readyz');
      expect([draining.statusCode, draining.json(), draining.headers.connection]).toEqual([503, { status: 'draining' }, 'close']);
      // Still alive, and still serving while the balancer stops sending; each client asked to reconnect elsewhere.
      const alive = await t.app.inject('/healthz');
      expect([alive.statusCode, alive.headers.connection]).toEqual([200, 'close']);
    } finally {
      delete t.ctx.lifecycle;
    }
    const db = t.ctx.db;
    const unreachable = createDatabase('postgres://nobody@127.0.0.1:1/none', 1);
    t.ctx.db = unreachable;
    try {
      for (const url of ['/healthz', '/readyz']) {
        const answer = await t.app.inject(url);
        expect([url, answer.statusCode, answer.json()]).toEqual([url, 503, { status: 'database unreachable' }]);
      }
    } finally {
      t.ctx.db = db;
      await unreachable.destroy();
    }
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('sends security headers and a request id, honouring a well-formed incoming one', async () => {
    const response = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const generated = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id\u0001' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('redirects / to the login page and publishes the runtime configuration', async () => {
    const root = await t.app.inject('/');
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/ez4/en/login');
    expect((await t.app.inject('/ez4/config.json')).json()).toMatchObject({ appId: 2, authBase: '/auth', apiBase: '', classicApiBase: '/classicapi' });
  });

  it('serves the SPA with history fallback and long-lived caching only for hashed assets', async () => {
    const deep = await t.app.inject('/ez4/en/shipment/details/42');
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toMatch(/text\/html/);
    expect(deep.body).toContain('<div id="root">');
    const asset = await t.app.inject('/ez4/assets/main-abc123.js');
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.app.inject('/nowhere');
    expect(response.statusCode).toBe(404);
    expect(response.json().status).toBe(-1);
  });
});

describe('configuration', () => {
  it('has the documented defaults and refuses bad values with a clear message', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', logLevel: 'info', databaseUrl: undefined });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be an integer/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be at most 65535/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(Object.isFrozen(config)).toBe(true);
  });
});

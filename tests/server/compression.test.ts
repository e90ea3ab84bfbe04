import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signIn, type TestApp } from './testApp';

/**
 * What goes over the wire (issue 16): the built assets as the build compressed them (brotli, else
 * gzip, else as they are) with Vary and an immutable cache, the pages and API answers over 1 KB
 * compressed on the fly, and nothing cached that must be asked again.
 */

let t: TestApp;
let dist: string;
let token: string;
const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => ({ index, label: `row ${index}` })))};\n`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'dist-compression-'));
  mkdirSync(path.join(dist, 'assets'));
  const html = readFileSync(path.join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
  // As big as a built page (the build adds its module preloads): over the 1 KB threshold.
  writeFileSync(path.join(dist, 'index.html'), html.replace('</head>', `<!-- ${'preloads '.repeat(200)}-->\n</head>`));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  t = await buildTestApp({ DIST_DIR: dist }, { shipments: 6 });
  token = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const asset = (acceptEncoding?: string) =>
  t.app.inject({ url: '/ez4/assets/app-abc123.js', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built assets', () => {
  it('go as the build compressed them: brotli when the browser takes it, else gzip, else as they are; always with Vary and an immutable cache', async () => {
    const brotli = await asset('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const answer of [brotli, gzip, plain]) {
      expect(answer.statusCode).toBe(200);
      expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-type']).toMatch(/javascript/);
    }
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 3);
  });

  it('the pages (index.html) are compressed and never cached', async () => {
    const page = await t.app.inject({ url: '/ez4/en/login', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
  });
});

describe('API answers', () => {
  it('over 1 KB are compressed for a client that takes it, and left as they are for one that does not; small ones never', async () => {
    const id = (await t.db.selectFrom('shipments').select('shipment_id').where('awb_prefix', '=', '160').executeTakeFirstOrThrow()).shipment_id;
    const zipped = await t.app.inject({ url: `/awbapi/awbdetail/${id}`, headers: { ...bearer(token), 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const detail = JSON.parse(gunzipSync(zipped.rawPayload).toString());
    expect(detail).toMatchObject({ status: 1, data: { ShipmentId: String(id) } });
    const plain = await t.app.inject({ url: `/awbapi/awbdetail/${id}`, headers: bearer(token) });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.json().data.ShipmentId).toBe(String(id));
    const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileErrors, validate } from '@readme/openapi-parser';
import { bearer, buildTestApp, signIn, type TestApp } from './testApp';
import { routeCollector, type InventoryRoute } from './proof/routeInventory';
import { writtenApiDocument } from '../../src/server/apiDocument';
import { API_DOCS_PATH, API_DOCUMENT_PATH } from '../../src/server/apiDocs';

/**
 * The OpenAPI document (issue 21): built by @fastify/swagger from the routes' own schemas, served at
 * /api/docs/openapi.json with Swagger UI at /api/docs, and written to docs/openapi.json by
 * `npm run openapi`. Every route of the app is in it unless hidden on purpose, and says what it reads.
 */

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document, read path by path.
type Document = any;

const collector = routeCollector();
let t: TestApp;
let served: Document;

/** Routes left out of the document on purpose: the browser app's pages and files, the probe, and the documentation itself. */
function hiddenOnPurpose(route: InventoryRoute): boolean {
  return (
    route.url === '/' ||
    route.url === '/ez4' ||
    route.url.startsWith('/ez4/') ||
    route.url === '/healthz' ||
    route.url === '/readyz' ||
    route.url === '/metrics' ||
    route.url === API_DOCS_PATH ||
    route.url.startsWith(`${API_DOCS_PATH}/`)
  );
}

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}`; a plugin's root route is registered as `/list` and `/list/`, and documented once, as `/list/`. */
function documentPath(url: string): string {
  const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return served.paths[path] || !served.paths[`${path}/`] ? path : `${path}/`;
}

/** POST routes that read no body: the shipment id in the path, or the bearer token, is all they take. */
const BODILESS = new Set([
  'POST /awbapi/deletehandling/:shipmentId',
  'POST /awbapi/renewhandling/:shipmentId',
  'POST /awbapi/eventticket',
  // ONE Record API 2.3.0: the holder's decision is the `status` query parameter.
  'PATCH /onerecord/action-requests/:requestId',
]);

beforeAll(async () => {
  t = await buildTestApp({}, { onRoute: collector.onRoute });
  const response = await t.app.inject(API_DOCUMENT_PATH);
  expect(response.statusCode).toBe(200);
  served = response.json();
});

afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(served.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(served));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('describes every route of the app, except the pages, files and probe hidden on purpose', () => {
    const routes = collector.routes();
    expect(routes.length).toBeGreaterThan(200);
    const missing = routes
      .filter((route) => !hiddenOnPurpose(route) && !served.paths[documentPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => route.key);
    expect(missing, 'routes missing from the document (give them a schema, or `schema: { hide: true }` with a comment if they are no API)').toEqual([]);
    const hiddenByAccident = routes
      .filter((route) => !hiddenOnPurpose(route) && (route.schema as { hide?: boolean } | undefined)?.hide)
      .map((route) => route.key);
    expect(hiddenByAccident).toEqual([]);
    // And nothing in the document that the app does not serve.
    const keys = new Set(routes.map((route) => `${route.method} ${documentPath(route.url)}`));
    const extra = Object.entries(served.paths)
      .flatMap(([url, operations]) => Object.keys(operations as object).map((method) => `${method.toUpperCase()} ${url}`))
      .filter((key) => !keys.has(key));
    expect(extra).toEqual([]);
  });

  it('gives every route a schema for what it reads: its path parameters, and the body of a POST, PUT or PATCH (enveloped under /classicapi)', () => {
    const faults: string[] = [];
    for (const route of collector.routes().filter((each) => !hiddenOnPurpose(each))) {
      const operation = served.paths[documentPath(route.url)][route.method.toLowerCase()];
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      if (route.url.includes(':') && !schema.params) faults.push(`${route.key}: no params schema`);
      const readsBody = ['POST', 'PUT', 'PATCH'].includes(route.method) || (route.url.startsWith('/classicapi/') && route.method === 'DELETE');
      if (readsBody && !BODILESS.has(route.key) && !operation.requestBody) faults.push(`${route.key}: no request body described`);
      if (route.url.startsWith('/classicapi/') && operation.requestBody) {
        const json = operation.requestBody.content['application/json']?.schema;
        // An upload carries the envelope's fields as form fields before its files.
        const form = operation.requestBody.content['multipart/form-data']?.schema;
        const envelope = json
          ? json.required?.includes('request') && json.properties.token
          : ['app_id', 'token', 'ts'].every((field) => form?.required?.includes(field));
        if (!envelope) faults.push(`${route.key}: the body is not the classic envelope`);
      }
    }
    expect(faults).toEqual([]);
  });

  it('gives every route a response schema: what it answers on success, with its content type (Fastify serialises by it)', () => {
    const faults: string[] = [];
    for (const route of collector.routes().filter((each) => !hiddenOnPurpose(each))) {
      const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
      if (!response || !Object.keys(response).some((code) => /^2(\d\d|XX)$/.test(code))) faults.push(`${route.key}: no 2xx response schema`);
      const operation = served.paths[documentPath(route.url)][route.method.toLowerCase()];
      const described = Object.entries(operation.responses ?? {}).filter(([code]) => code.startsWith('2'));
      // A 201 or 204 may be documented as having no body (ONE Record's posted events: 201, Location, no body).
      const answers = (code: string, answer: { content?: object; description?: string }) =>
        Object.keys(answer.content ?? {}).length > 0 || (['201', '204'].includes(code) && /no body/i.test(answer.description ?? ''));
      if (!described.some(([code, answer]) => answers(code, answer as { content?: object; description?: string }))) {
        faults.push(`${route.key}: no success answer with content in the document`);
      }
    }
    expect(faults).toEqual([]);
  });

  it('describes POST /auth/token as a form (JSON read the same) with its token answer, and the signed-in hosts behind the bearer token', () => {
    const token = served.paths['/auth/token'].post;
    expect(Object.keys(token.requestBody.content)).toEqual(expect.arrayContaining(['application/x-www-form-urlencoded', 'application/json']));
    expect(token.requestBody.content['application/x-www-form-urlencoded'].schema.properties.GrantType).toBeDefined();
    expect(Object.keys(token.responses['200'].content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['access_token', 'refresh_token', 'mfa_token']),
    );
    expect(token.security).toBeUndefined();
    expect(served.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(served.paths['/awbapi/awbsummary'].post.security).toEqual([{ bearer: [] }]);
    expect(served.paths['/userapi/user/getuserprofile'].get.security).toEqual([{ bearer: [] }]);
    // Routes that say otherwise: sign-out takes the token if it has one; the hand-over on the public /api host demands it.
    expect(served.paths['/mobileapi/authentication/logout'].post.security).toEqual([{}, { bearer: [] }]);
    expect(served.paths['/api/authentication/handover'].post.security).toEqual([{ bearer: [] }]);
  });

  it('asks for no bearer token exactly where the authorization matrix finds the route public (proof/authorizationMatrix.test.ts)', () => {
    const open = Object.entries(served.paths).flatMap(([url, operations]) =>
      Object.entries(operations as Record<string, { security?: object[] }>)
        .filter(([, operation]) => !operation.security || operation.security.some((requirement) => Object.keys(requirement).length === 0))
        .map(([method]) => `${method.toUpperCase()} ${url}`),
    );
    expect(open.sort()).toEqual([
      'GET /api/authentication/fetchToken/{id}',
      'GET /api/region',
      'POST /api/authentication/fetchToken/{id}',
      'POST /api/authentication/forgotpassword',
      'POST /api/authentication/resetpassword',
      'POST /api/authentication/resetpassword/verify',
      'POST /auth/mfa/challenge',
      'POST /auth/token',
      'POST /mobileapi/authentication/logout',
    ]);
  });

  it('is what docs/openapi.json holds (run `npm run openapi` after changing a route)', async () => {
    const written = await writtenApiDocument();
    const committed = readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8');
    const changed = Object.keys({ ...JSON.parse(written).paths, ...JSON.parse(committed).paths })
      .filter((url) => JSON.stringify(JSON.parse(written).paths[url]) !== JSON.stringify(JSON.parse(committed).paths[url]))
      .slice(0, 10);
    expect(
      written === committed,
      `docs/openapi.json is behind the routes (run \`npm run openapi\`); paths that differ: ${changed.join(', ') || '(info or components)'}`,
    ).toBe(true);
    // The served document is the written one: the configuration changes no route's description.
    expect(served).toEqual(JSON.parse(written));
    // A path a line keeps it a file git and reviewers handle (indented at every level it was 2.8 MB).
    expect(Buffer.byteLength(written)).toBeLessThan(2 * 1024 * 1024);
    // It builds a second whole app and its document: 32 s on a slow 2-core machine under the suite's other workers.
  }, 120_000);
});

describe('the documentation pages', () => {
  it('serves Swagger UI from its own script files, under the app CSP (no inline script)', async () => {
    const page = await t.app.inject(`${API_DOCS_PATH}/`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/src="/);
      expect(content.trim()).toBe('');
    }
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    const initializer = await t.app.inject(`${API_DOCS_PATH}/static/swagger-initializer.js`);
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain("resolveUrl('./json')");
  });

  it('needs no sign-in, and the routes still do', async () => {
    expect((await t.app.inject(API_DOCUMENT_PATH)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/userapi/user/getuserprofile' })).statusCode).toBe(401);
    const { access_token } = await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345');
    const profile = await t.app.inject({ method: 'GET', url: '/userapi/user/getuserprofile', headers: bearer(access_token) });
    expect(Object.keys(profile.json().data).sort()).toEqual([
      'access_type',
      'company_id',
      'company_name',
      'company_type_id',
      'email',
      'mfa_required',
      'role_name',
      'role_type',
      'user_id',
      'user_name',
    ]);
  });
});

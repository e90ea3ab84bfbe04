import { resetDeliveriesSettled } from '../../../src/server/api/passwordReset';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import pino from 'pino';
import type { LightMyRequestResponse } from 'fastify';
import { shipmentObjectId } from '../../../src/domain/oneRecord/decisionEvents';
import { waybillObjectId } from '../../../src/domain/oneRecord/waybillObjects';
import { bearer, buildTestApp, signIn, type TestApp } from '../testApp';
import { changedTables, tableChecksums } from './databaseChecksum';
import { routeCollector, type InventoryRoute } from './routeInventory';

/**
 * API fuzzing (issue 8, item 2): property-based requests (fast-check) against EVERY route of the real
 * app, generated from the route's own JSON schemas as the app's OpenAPI document gives them to
 * clients (GET /api/docs/openapi.json, built from the schemas Fastify validates with: path and query
 * parameters, body; routes without one get generic garbage): well-formed values next to wrong types, huge strings, unicode edge cases (lone
 * surrogates, NUL, RTL marks, emoji, combining marks), missing and extra fields, malformed JSON,
 * wrong content types, and on /classicapi broken envelopes (missing or old ts, a reused token, a
 * wrong app_id, a request that is not an object). Most calls carry an admin's token, so they get past
 * authentication to the validation and the handlers.
 *
 * Asserted: no answer is a 5xx; the document and the server agree (issue 21): where the document can
 * judge a request (an admin's JSON request whose URL decodes, in a valid envelope under /classicapi),
 * the server refuses what the document forbids and its validation never refuses what the document
 * allows (documentVerdict, with Ajv set as Fastify's); and the refused answers (4xx) leave the database as it was: a
 * checksum of every row of every table (databaseChecksum.ts) is taken before and after each route's
 * batch. When a batch also had successes (which may change rows), its refused requests are sent again
 * on their own and checked alone. Two tables are left out, on purpose: envelope_tokens (the replay
 * guard remembers every envelope it has seen, also of calls refused later) and login_failures (the
 * sign-in throttle counts refused sign-ins; that is its job).
 *
 * Bounded for CI: FUZZ_RUNS requests per route (default 10) from a fixed seed, so a failure repeats.
 * For a deeper local run, change both:
 *   FUZZ_SEED=12345 FUZZ_RUNS=200 npx vitest run tests/server/proof/apiFuzz.test.ts
 * and FUZZ_ROUTE='POST /awbapi' fuzzes only the routes whose `METHOD url` contains that text.
 * The bench (bench/fuzz.ts) sends FUZZ_TOTAL requests (100,000) spread over the routes, rule-list
 * routes before the cargo messages, so that the rows the fuzzer saved (wildcards included) screen
 * the parties of the messages it sends; it also sets FUZZ_MAX_STALL_MS (100): the event loop's
 * longest delay while a request ran (perf_hooks' monitorEventLoopDelay) must stay under it. In
 * `npm test` the stall is only reported: a loaded CI machine delays the loop without any request
 * at fault, and timed checks live in the bench. FUZZ_REPORT=<file> writes the figures as JSON.
 * Each route's generator is seeded with FUZZ_SEED plus a hash of the route, so a failure names a seed
 * and a path (fast-check's counterexample) that replays it.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_817);
/** Requests in all, spread evenly over the routes (the bench); else FUZZ_RUNS per route. */
const TOTAL = process.env.FUZZ_TOTAL ? Number(process.env.FUZZ_TOTAL) : undefined;
const MAX_STALL_MS = process.env.FUZZ_MAX_STALL_MS ? Number(process.env.FUZZ_MAX_STALL_MS) : undefined;
/** Only the routes whose `METHOD url` contains this text (local runs). */
const ONLY = process.env.FUZZ_ROUTE;
const EXCLUDED_TABLES = ['public.envelope_tokens', 'public.login_failures'];
/** An envelope token that was used once already (setup), for the replay case. */
const REUSED_TOKEN = randomUUID();

const collector = routeCollector();
let t: TestApp;

/** Every table's checksum once the app's batched log lines (of requests before) are written, so a checksum sees only the requests between two of them. */
async function settledChecksums(): Promise<Record<string, string>> {
  await resetDeliveriesSettled(); // reset links are mailed after their answer
  await t.ctx.logs.flush();
  return tableChecksums(t.db, EXCLUDED_TABLES);
}
let distDir: string;
let adminToken: string;

// ---------------------------------------------------------------------------------------------
// Requests

type Auth = 'admin' | 'none' | 'garbage';
type EnvelopeMode =
  | 'valid'
  | 'missing-ts'
  | 'old-ts'
  | 'future-ts'
  | 'string-ts'
  | 'fraction-ts'
  | 'reused-token'
  | 'bad-token'
  | 'missing-token'
  | 'wrong-app-id'
  | 'string-app-id'
  | 'missing-request'
  | 'string-request'
  | 'array-request'
  | 'not-an-object'
  | 'extra-fields';

type FuzzBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string | undefined; payload: string | Buffer }
  | { kind: 'form'; fields: Record<string, unknown> };

interface FuzzRequest {
  method: string;
  url: string;
  auth: Auth;
  body: FuzzBody;
  /** Only on /classicapi non-GET JSON bodies. */
  envelope?: EnvelopeMode;
}

function envelopeOf(request: unknown, mode: EnvelopeMode): unknown {
  const now = Math.floor(Date.now() / 1000);
  const valid: Record<string, unknown> = { request, app_id: 2, token: randomUUID(), ts: now };
  switch (mode) {
    case 'valid':
      return valid;
    case 'missing-ts':
      return { ...valid, ts: undefined };
    case 'old-ts':
      return { ...valid, ts: now - 3600 };
    case 'future-ts':
      return { ...valid, ts: now + 3600 };
    case 'string-ts':
      return { ...valid, ts: String(now) };
    case 'fraction-ts':
      return { ...valid, ts: now + 0.5 };
    case 'reused-token':
      return { ...valid, token: REUSED_TOKEN };
    case 'bad-token':
      return { ...valid, token: 'not-a-uuid' };
    case 'missing-token':
      return { ...valid, token: undefined };
    case 'wrong-app-id':
      return { ...valid, app_id: 1 };
    case 'string-app-id':
      return { ...valid, app_id: '2' };
    case 'missing-request':
      return { ...valid, request: undefined };
    case 'string-request':
      return { ...valid, request: JSON.stringify(request) ?? 'null' };
    case 'array-request':
      return { ...valid, request: [request] };
    case 'not-an-object':
      return [valid];
    case 'extra-fields':
      return Object.assign(JSON.parse('{"__proto__":{"polluted":true}}'), valid, { constructor: { prototype: { polluted: true } }, extra: 'x' });
  }
}

async function send(request: FuzzRequest): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (request.auth === 'admin') Object.assign(headers, bearer(adminToken));
  if (request.auth === 'garbage') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.e30.';
  const body = request.body;
  let payload: string | Buffer | undefined;
  switch (body.kind) {
    case 'none':
      break;
    case 'json':
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(request.envelope ? envelopeOf(body.value, request.envelope) : body.value) ?? 'null';
      break;
    case 'raw':
      if (body.contentType) headers['content-type'] = body.contentType;
      payload = body.payload;
      break;
    case 'form':
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = Object.entries(body.fields)
        .map(([key, value]) => `${encodeText(key)}=${encodeText(textOf(value))}`)
        .join('&');
      break;
  }
  return t.app.inject({ method: request.method as 'GET', url: request.url, headers, ...(payload === undefined ? {} : { payload }) });
}

/** A generated value as text: strings as they are, anything else as JSON. */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** Percent-encodes the UTF-8 bytes of a text (a lone surrogate becomes U+FFFD, as a browser sends it). */
function encodeText(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => (/[A-Za-z0-9._~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

// ---------------------------------------------------------------------------------------------
// Values

const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDBFF',
  '\u202Eevil\u202C',
  '\u200F\u200E\u061C',
  '\uFEFF',
  '\u2028\u2029',
  '😀🇺🇳👨‍👩‍👧‍👦',
  'e\u0301\u0301\u0301\u0301',
  'Z̷̢͉̞͖̱̲̈́̆́̑a̶̡̤̭͛̍l̷̞͈̈́g̵̣̈́o̸̧̊',
  'ＡＷＢ１６０',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '%00%ZZ%',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, sent as written.
  '${7*7}{{7*7}}',
  '\r\nX-Injected: 1',
  '160-12345675',
  '99999999999999999999999999',
  '-1',
  'NaN',
  'null',
  '[]',
  '{}',
  // Rule-list matching values that once made screening backtrack (issue 17, 2), and the texts that met them.
  'Q*Q*Q*Q*Q*Q*Q*Q*Q*Q*Q*Z',
  '*A*A*A*A*A*A*A*A*A*A*A*A*B',
  '%_%_%_%_%_%_%_%',
  'Q'.repeat(38),
  'A'.repeat(60),
];

const edgeString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(...EDGE_STRINGS).chain((edge) => fc.string({ maxLength: 10 }).map((text) => `${text}${edge}${text}`)) },
  { weight: 1, arbitrary: fc.constantFrom(5_000, 70_000).map((length) => 'x'.repeat(length)) },
  { weight: 1, arbitrary: fc.constantFrom('é', '😀', '\uD800').map((unit) => unit.repeat(3_000)) },
);

/** A value of any JSON type, including the awkward ones. */
const evilValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: edgeString },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, -0, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER) },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  {
    weight: 1,
    arbitrary: fc.constantFrom([], {}, [null], [[[[[]]]]], JSON.parse('{"__proto__":{"admin":true}}'), { constructor: { prototype: { admin: true } } }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema as Fastify's routes hold it, read by key.
type JsonSchema = Record<string, any>;

/** Values that fit the schema (as far as fast-check can say so). */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) return fc.oneof(...alternatives.map((alternative: JsonSchema) => fromSchema(alternative, depth + 1)));
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ['object'] : [];
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((type) => fromType(schema, type, depth)));
}

function fromType(schema: JsonSchema, type: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string': {
      if (typeof schema.pattern === 'string') {
        try {
          return fc.stringMatching(new RegExp(schema.pattern));
        } catch {
          // A pattern fast-check cannot invert: plain text below.
        }
      }
      const minLength = schema.minLength ?? 0;
      return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 30, 30)), unit: 'grapheme' });
    }
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.max(Math.min(schema.maxItems ?? 3, 3), Math.min(schema.minItems ?? 0, 3)),
      });
    case 'object': {
      const properties: Record<string, JsonSchema> = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, fromSchema(property, depth + 1)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key: string) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Mostly well-formed, often with one field broken: replaced by an awkward value, dropped, or joined by an extra one. */
function mutated(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const properties = Object.keys(schema?.properties ?? {});
  const broken =
    properties.length === 0
      ? evilValue
      : fc
          .tuple(fromSchema(schema), fc.constantFrom(...properties), evilValue, fc.constantFrom('replace', 'drop', 'extra', 'everything'))
          .map(([value, key, evil, how]) => {
            const object = typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
            if (how === 'replace') object[key] = evil;
            if (how === 'drop') delete object[key];
            if (how === 'extra') object[`extra_${key}`] = evil;
            if (how === 'everything') for (const name of properties) object[name] = evil;
            return object;
          });
  return fc.oneof({ weight: 3, arbitrary: fromSchema(schema) }, { weight: 4, arbitrary: broken }, { weight: 1, arbitrary: evilValue });
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,2',
  '{"request":}',
  "{'a':1}",
  '{"a":1,}',
  'nul',
  'tru',
  '"\\uD800"',
  '"\\u0000"',
  '{"a":"\\x41"}',
  '\uFEFF{}',
  '{"__proto__":{"admin":true}}',
  '1e999999',
  '-',
  '0x10',
  '{"a":1}{"b":2}',
];

/** Bodies that are not what the route expects at all. */
const garbageBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  fc.constantFrom(...MALFORMED_JSON).map((payload): FuzzBody => ({ kind: 'raw', contentType: 'application/json', payload })),
  fc
    .constantFrom(10_000, 100_000)
    .map((depth): FuzzBody => ({ kind: 'raw', contentType: 'application/json', payload: `${'['.repeat(depth)}${']'.repeat(depth)}` })),
  fc.constant<FuzzBody>({ kind: 'raw', contentType: 'application/json', payload: `{"a":"${'x'.repeat(1_100_000)}"}` }),
  fc
    .tuple(
      fc.constantFrom(
        'text/plain',
        'application/xml',
        'application/octet-stream',
        'application/json; charset=utf-16',
        'multipart/form-data; boundary=x',
        'image/png',
        'application/x-www-form-urlencoded',
        undefined,
      ),
      edgeString,
    )
    .map(([contentType, text]): FuzzBody => ({ kind: 'raw', contentType, payload: text })),
  fc.uint8Array({ maxLength: 200 }).map((bytes): FuzzBody => ({ kind: 'raw', contentType: 'application/json', payload: Buffer.from(bytes) })),
  fc.constant<FuzzBody>({ kind: 'none' }),
);

const envelopeMode: fc.Arbitrary<EnvelopeMode> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<EnvelopeMode>('valid') },
  {
    weight: 4,
    arbitrary: fc.constantFrom<EnvelopeMode>(
      'missing-ts',
      'old-ts',
      'future-ts',
      'string-ts',
      'fraction-ts',
      'reused-token',
      'bad-token',
      'missing-token',
      'wrong-app-id',
      'string-app-id',
      'missing-request',
      'string-request',
      'array-request',
      'not-an-object',
      'extra-fields',
    ),
  },
);

const auth: fc.Arbitrary<Auth> = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Auth>('admin') },
  { weight: 1, arbitrary: fc.constant<Auth>('none') },
  { weight: 1, arbitrary: fc.constant<Auth>('garbage') },
);

// ---------------------------------------------------------------------------------------------
// What the OpenAPI document says a route reads

/** The app's OpenAPI document (GET /api/docs/openapi.json), read in beforeAll. */
let apiDocument: { paths: Record<string, Record<string, JsonSchema>> };

interface DescribedRequest {
  params: Record<string, JsonSchema>;
  querystring?: JsonSchema;
  body?: JsonSchema;
}

/** The route's operation in the document: `/a/:id` is `/a/{id}`, and a plugin's root route (`/list` and `/list/`) is documented once, as `/list/`. */
function operationOf(route: InventoryRoute): JsonSchema | undefined {
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return (apiDocument.paths[path] ?? apiDocument.paths[`${path}/`])?.[route.method.toLowerCase()];
}

/**
 * The request a route reads, as the document describes it to clients (path and query parameters,
 * the JSON or form body, a classic body without its envelope, which envelopeOf adds): the fuzzer
 * generates what a client of the document would send. Pages and files (hidden from the document) read nothing.
 */
function described(route: InventoryRoute): DescribedRequest {
  const operation = operationOf(route);
  const parameters: JsonSchema[] = operation?.parameters ?? [];
  const query = parameters.filter((parameter) => parameter.in === 'query');
  const content = operation?.requestBody?.content ?? {};
  const body: JsonSchema | undefined = (content['application/json'] ?? content['application/x-www-form-urlencoded'])?.schema;
  return {
    params: Object.fromEntries(parameters.filter((parameter) => parameter.in === 'path').map((parameter) => [parameter.name, parameter.schema])),
    ...(query.length > 0
      ? {
          querystring: {
            type: 'object',
            properties: Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema])),
            required: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
          },
        }
      : {}),
    ...(body ? { body: route.url.startsWith('/classicapi/') ? body.properties?.request : body } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// The document's verdict on a request, beside the server's (issue 21: 0 differences)

/** Validation as Fastify's default Ajv does it (coercion of parameters, defaults, unknown properties dropped), on the document's schemas. */
const documentAjv = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: false, strict: false });
addFormats(documentAjv);
const documentValidators = new Map<string, ValidateFunction>();

function documentValidator(key: string, schema: JsonSchema): ValidateFunction {
  let validator = documentValidators.get(key);
  if (!validator) {
    validator = documentAjv.compile(structuredClone(schema));
    documentValidators.set(key, validator);
  }
  return validator;
}

/** A query string as Fastify reads it: a repeated key is an array; undefined when it does not decode. */
function parsedQuery(query: string): Record<string, string | string[]> | undefined {
  const parsed: Record<string, string | string[]> = {};
  for (const pair of query.split('&').filter(Boolean)) {
    const [rawKey, ...rest] = pair.split('=');
    let key: string;
    let value: string;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      value = decodeURIComponent(rest.join('=').replace(/\+/g, ' '));
    } catch {
      return undefined;
    }
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') return undefined;
    const before = parsed[key];
    parsed[key] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return parsed;
}

/**
 * Whether the document finds the request valid (path and query parameters, the JSON body), judged
 * only where it can be: an admin's JSON request (inside a valid envelope under /classicapi) whose URL
 * decodes. Then the server must agree: it refuses what the document forbids, and its validation never
 * refuses what the document allows.
 */
function documentVerdict(route: InventoryRoute, request: FuzzRequest): 'valid' | 'invalid' | undefined {
  if (request.auth !== 'admin' || (request.envelope && request.envelope !== 'valid')) return undefined;
  const wanted = described(route);
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  if (hasBody && (request.body.kind !== 'json' || !wanted.body)) return undefined;
  const [urlPath, query = ''] = request.url.split(/\?(.*)/s);
  const params: Record<string, string> = {};
  const routeParts = route.url.split('/');
  const urlParts = urlPath.split('/');
  if (routeParts.includes('*') || routeParts.length !== urlParts.length) return undefined;
  for (const [index, part] of routeParts.entries()) {
    if (!part.startsWith(':')) continue;
    try {
      params[part.slice(1)] = decodeURIComponent(urlParts[index]);
    } catch {
      return undefined;
    }
    // An empty segment, a separator, or a dot segment (the URL resolves it away: `/a/..` is `/`) names another route.
    if (['', '.', '..'].includes(params[part.slice(1)]) || /[/?#;]/.test(params[part.slice(1)])) return undefined;
  }
  const queryValues = parsedQuery(query);
  if (!queryValues) return undefined;
  const paramsSchema = { type: 'object', properties: wanted.params, required: Object.keys(wanted.params) };
  const checks: [string, JsonSchema | undefined, unknown][] = [
    ['params', paramsSchema, params],
    ['querystring', wanted.querystring, queryValues],
    ['body', hasBody ? wanted.body : undefined, request.body.kind === 'json' ? structuredClone(request.body.value) : undefined],
  ];
  for (const [part, schema, value] of checks) {
    if (!schema) continue;
    if (!documentValidator(`${route.key} ${part}`, schema)(value)) return 'invalid';
  }
  return 'valid';
}

/** A refusal by the route's schema validation (src/server/http/errors.ts words it so). */
function refusedByValidation(response: LightMyRequestResponse): boolean {
  if (response.statusCode !== 400) return false;
  try {
    return String((JSON.parse(response.body) as { message?: unknown }).message ?? '').startsWith('Invalid request:');
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// URLs

/** Broken percent-encodings, inserted as they are: an encoded lone surrogate, overlong UTF-8, a bare '%'. */
const RAW_SEGMENTS = ['%ED%A0%80', '%C0%AF', '%FF%FE', '%', '%ZZ', '%00', '%2e%2e', '..', '%2F', ';', '*', '%E2%80%AE'];

function segment(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fromSchema(schema).map((value) => encodeText(textOf(value))) },
    { weight: 3, arbitrary: edgeString.map(encodeText) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
}

/**
 * A ONE Record path's id is, half of the time, one that exists (oneRecord.pathIds), so that a request gets past the
 * 404 to the object's reading, its events, its action request: generated at random, nearly every id named nothing.
 */
function pathSegment(route: InventoryRoute, name: string, schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const known = route.url.startsWith('/onerecord/') ? (oneRecord.pathIds[name as keyof typeof oneRecord.pathIds] ?? []) : [];
  return known.length > 0 ? fc.oneof(segment(schema), fc.constantFrom(...known)) : segment(schema);
}

function pathOf(route: InventoryRoute): fc.Arbitrary<string> {
  const paramSchemas = described(route).params;
  const parts = route.url.split('/').map((part): fc.Arbitrary<string> => {
    if (part.startsWith(':')) return pathSegment(route, part.slice(1), paramSchemas[part.slice(1)]);
    if (part === '*') return fc.array(segment(undefined), { maxLength: 4 }).map((segments) => segments.join('/'));
    return fc.constant(part);
  });
  return fc.tuple(...parts).map((values) => values.join('/'));
}

function queryOf(route: InventoryRoute): fc.Arbitrary<string> {
  const schema = described(route).querystring;
  const pairs = (value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
          (Array.isArray(item) ? item : [item]).map((one) => `${encodeText(key)}=${encodeText(textOf(one))}`),
        )
      : [`q=${encodeText(textOf(value))}`];
  return fc.oneof(
    { weight: 5, arbitrary: mutated(schema).map((value) => pairs(value).join('&')) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%ZZ=1',
        '&&&=&',
        'a[b][c]=1&a=2&a=3',
        'sort=%5B%22x%22',
        `filter=${'%7B'.repeat(2000)}`,
        'range=[0,1e308]',
        '__proto__[admin]=1',
      ),
    },
    { weight: 1, arbitrary: fc.constant('') },
  );
}

// ---------------------------------------------------------------------------------------------
// One route's requests

function bodyOf(route: InventoryRoute): fc.Arbitrary<FuzzBody> {
  const schema = described(route).body;
  const json = mutated(schema).map((value): FuzzBody => ({ kind: 'json', value }));
  if (route.key === 'POST /awbapi/messages') return fc.oneof(cargoMessageBody, json, garbageBody);
  if (route.key === 'POST /awbapi/document/upload') return fc.oneof({ weight: 3, arbitrary: multipartBody }, { weight: 1, arbitrary: garbageBody });
  if (operationOf(route)?.requestBody?.content?.['application/ld+json']) return jsonLdBodyOf(route);
  if (route.key === 'POST /auth/token')
    return fc.oneof({ weight: 3, arbitrary: tokenForm }, { weight: 1, arbitrary: json }, { weight: 1, arbitrary: garbageBody });
  return fc.oneof({ weight: 6, arbitrary: json }, { weight: 2, arbitrary: garbageBody });
}

// ONE Record bodies (application/ld+json, which the document names but does not describe): well-formed JSON-LD of
// each kind the server reads, with some of its texts, IRIs and ids replaced by edge values, so that a request gets
// past the content type and the JSON to the reading and the queries (an escaped NUL once reached PostgreSQL so).

const LD_CONTENT_TYPE = 'application/ld+json; version=2.3.0';
const CARGO_NS = 'https://onerecord.iata.org/ns/cargo#';
const API_NS = 'https://onerecord.iata.org/ns/api#';
const XSD_NS = 'http://www.w3.org/2001/XMLSchema#';
/**
 * The server's objects (`{PUBLIC_URL}/onerecord/logistics-objects/`), one object of each kind the world has, and the
 * ids a ONE Record path may name that exist (an object's, an event's, an action request's): set in beforeAll.
 */
const oneRecord = { objects: '', shipmentObject: '', partnerObject: '', pathIds: { id: [] as string[], eventId: [] as string[], requestId: [] as string[] } };

/** A well-formed change of a piece at its first revision: its one description replaced (its value deleted, another added). */
function changeOf(piece: string): Record<string, unknown> {
  return {
    '@context': { cargo: CARGO_NS, api: API_NS },
    '@type': 'api:Change',
    'api:hasLogisticsObject': { '@id': piece },
    'api:hasDescription': 'Fuzzed change',
    'api:hasOperation': ['api:DELETE', 'api:ADD'].map((op) => ({
      '@type': 'api:Operation',
      'api:op': { '@id': op },
      'api:s': piece,
      'api:p': `${CARGO_NS}goodsDescription`,
      'api:o': [{ '@type': 'api:OperationObject', 'api:hasDatatype': `${XSD_NS}string`, 'api:hasValue': op === 'api:ADD' ? 'Fuzzed' : 'Fuzzed piece' }],
    })),
    'api:hasRevision': { '@type': `${XSD_NS}positiveInteger`, '@value': '1' },
  };
}

/** One well-formed body of each kind, keyed by the route that reads it (any route may get any of them too). */
function jsonLdTemplates(): Record<string, unknown> {
  const context = { cargo: CARGO_NS, api: API_NS };
  const company = `${oneRecord.objects}company-DEMOAIR`;
  return {
    'POST /onerecord/logistics-objects': {
      '@context': context,
      '@type': 'cargo:Piece',
      'cargo:goodsDescription': 'Fuzzed piece',
      'cargo:coload': { '@type': `${XSD_NS}boolean`, '@value': 'false' },
      'cargo:grossWeight': {
        '@type': 'cargo:Value',
        'cargo:numericalValue': 12.5,
        'cargo:unit': { '@id': 'https://onerecord.iata.org/ns/code-lists/MeasurementUnitCode#KGM' },
      },
    },
    'PATCH /onerecord/logistics-objects/:id': changeOf(oneRecord.partnerObject),
    'POST /onerecord/logistics-objects/:id/logistics-events': {
      '@context': context,
      '@type': 'cargo:LogisticsEvent',
      'cargo:eventCode': { '@id': 'https://onerecord.iata.org/ns/code-lists/StatusCode#DEP' },
      'cargo:eventName': 'Fuzzed event',
      'cargo:eventDate': { '@type': `${XSD_NS}dateTime`, '@value': '2026-11-29T03:00:00Z' },
      'cargo:eventTimeType': { '@id': 'cargo:ACTUAL', '@type': 'cargo:EventTimeType' },
      'cargo:recordingOrganization': { '@id': company },
    },
    'POST /onerecord/subscriptions': {
      '@context': context,
      '@type': 'api:Subscription',
      'api:hasSubscriber': { '@id': company },
      'api:hasTopicType': { '@id': 'api:LOGISTICS_OBJECT_IDENTIFIER' },
      'api:hasTopic': { '@type': `${XSD_NS}anyURI`, '@value': oneRecord.shipmentObject },
      'api:includeSubscriptionEventType': [{ '@id': 'api:LOGISTICS_OBJECT_UPDATED' }],
      'api:sendLogisticsObjectBody': false,
    },
    'POST /onerecord/access-delegations': {
      '@context': context,
      '@type': 'api:AccessDelegation',
      'api:hasPermission': [{ '@id': 'api:GET_LOGISTICS_OBJECT' }],
      'api:isRequestedFor': [{ '@id': `${oneRecord.objects}company-SKYAIR` }],
      'api:hasLogisticsObject': [{ '@id': oneRecord.partnerObject }],
      'api:notifyRequestStatusChange': false,
    },
    'POST /onerecord/notifications': {
      '@context': context,
      '@type': 'api:Notification',
      'api:hasEventType': { '@id': 'api:LOGISTICS_OBJECT_UPDATED' },
      'api:hasLogisticsObject': { '@id': oneRecord.shipmentObject },
      'api:hasLogisticsObjectType': { '@type': `${XSD_NS}anyURI`, '@value': `${CARGO_NS}Shipment` },
    },
  };
}

/** A JSON-LD value with its leaves kept or broken: a text by an edge text, an IRI's id by an edge id; a member dropped now and then. */
function brokenJsonLd(value: unknown): fc.Arbitrary<unknown> {
  if (typeof value === 'string') {
    const at = value.lastIndexOf('/');
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant(value) },
      { weight: 1, arbitrary: edgeString },
      { weight: at > 0 ? 1 : 0, arbitrary: fc.oneof(edgeString, fc.constantFrom(...RAW_SEGMENTS)).map((id) => `${value.slice(0, at + 1)}${id}`) },
    );
  }
  if (Array.isArray(value)) return fc.tuple(...value.map(brokenJsonLd));
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return fc
      .tuple(...entries.map(([, item]) => fc.tuple(brokenJsonLd(item), fc.integer({ min: 0, max: 11 }))))
      .map((items) => Object.fromEntries(items.flatMap(([item, roll], index) => (roll === 0 ? [] : [[entries[index][0], item]]))));
  }
  return fc.oneof({ weight: 6, arbitrary: fc.constant(value) }, { weight: 1, arbitrary: evilValue });
}

function jsonLdBodyOf(route: InventoryRoute): fc.Arbitrary<FuzzBody> {
  const templates = jsonLdTemplates();
  const own = templates[route.key];
  const ld = (template: unknown) =>
    brokenJsonLd(template).map((value): FuzzBody => ({ kind: 'raw', contentType: LD_CONTENT_TYPE, payload: JSON.stringify(value) }));
  return fc.oneof(
    { weight: own === undefined ? 0 : 6, arbitrary: own === undefined ? ld({}) : ld(own) },
    { weight: 2, arbitrary: fc.constantFrom(...Object.values(templates)).chain(ld) },
    { weight: 1, arbitrary: evilValue.map((value): FuzzBody => ({ kind: 'raw', contentType: LD_CONTENT_TYPE, payload: JSON.stringify(value) ?? 'null' })) },
    { weight: 1, arbitrary: garbageBody },
  );
}

const cargoMessageBody: fc.Arbitrary<FuzzBody> = fc
  .tuple(
    fc.constantFrom('FWB/16', 'FHL/4', 'FWB/17', 'FFM/8', '', '<?xml version="1.0"?><rsm:Waybill>', 'FWB/16\n160-12345675LHRJFK/T1K1.0'),
    fc.array(edgeString, { maxLength: 5 }),
    fc.constantFrom('text/plain', 'application/xml', 'text/plain; charset=latin1'),
  )
  .map(([head, lines, contentType]): FuzzBody => ({ kind: 'raw', contentType, payload: [head, ...lines].join('\n') }));

const BOUNDARY = '----portalfuzz';
const multipartBody: fc.Arbitrary<FuzzBody> = fc
  .tuple(
    fc.dictionary(
      fc.constantFrom('ShipmentId', 'DocType', 'PouchKind', 'Remarks', 'ShipmentDocumentID', 'x'),
      fc.oneof(fromSchema({ type: 'string', pattern: '^[1-9][0-9]{0,3}$' }).map(textOf), edgeString),
      { maxKeys: 4 },
    ),
    fc.oneof(fc.constant('%PDF-1.4\n%%EOF\n'), edgeString),
    fc.constantFrom('a.pdf', '../../evil.pdf', 'x\u0000.pdf', '😀.pdf', ''),
    fc.boolean(),
  )
  .map(([fields, file, fileName, truncate]): FuzzBody => {
    const parts = Object.entries(fields).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    parts.push(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n${file}\r\n`);
    const text = `${parts.join('')}--${BOUNDARY}--\r\n`;
    return {
      kind: 'raw',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: Buffer.from(truncate ? text.slice(0, Math.floor(text.length / 2)) : text, 'utf8'),
    };
  });

const tokenForm: fc.Arbitrary<FuzzBody> = fc
  .record(
    {
      GrantType: fc.oneof(fc.constantFrom('client_credentials', 'mfa-email', 'refresh_token', ''), edgeString),
      ClientId: fc.oneof(
        fc.constantFrom('admin|DEMOAIR|2|L', 'operator|DEMOAIR|2|L', '|||', 'admin|DEMOAIR|2'),
        fc.tuple(edgeString, edgeString).map(([user, company]) => `${user}|${company}|2|L`),
        edgeString,
      ),
      ClientSecret: fc.oneof(fc.constant('Wrong#12345'), edgeString),
      MFASessionID: edgeString,
      MFAToken: edgeString,
      MFACode: fc.oneof(fc.stringMatching(/^\d{6}$/), edgeString),
      RefreshToken: edgeString,
    },
    { requiredKeys: [] },
  )
  .map((fields): FuzzBody => ({ kind: 'form', fields }));

function requestsOf(route: InventoryRoute): fc.Arbitrary<FuzzRequest> {
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  const classic = hasBody && route.url.startsWith('/classicapi/');
  return fc
    .record({
      path: pathOf(route),
      query: queryOf(route),
      auth,
      body: hasBody ? bodyOf(route) : fc.oneof({ weight: 9, arbitrary: fc.constant<FuzzBody>({ kind: 'none' }) }, { weight: 1, arbitrary: garbageBody }),
      envelope: envelopeMode,
    })
    .map(({ path: urlPath, query, auth: who, body, envelope }) => ({
      method: route.method,
      url: query ? `${urlPath}?${query}` : urlPath,
      auth: who,
      body,
      ...(classic && body.kind === 'json' ? { envelope } : {}),
    }));
}

function seedOf(route: InventoryRoute): number {
  return (SEED + createHash('sha256').update(route.key).digest().readUInt32BE(0)) | 0;
}

// ---------------------------------------------------------------------------------------------

/** A 4xx, or an answer of the spec's wire that refuses with HTTP 200 and a failure status in its body (spec 8). */
function isRefused(response: LightMyRequestResponse): boolean {
  if (response.statusCode >= 400 && response.statusCode < 500) return true;
  if (response.statusCode !== 200 || !(response.headers['content-type'] ?? '').toString().startsWith('application/json')) return false;
  try {
    const status = (JSON.parse(response.body) as { status?: unknown } | null)?.status;
    return typeof status === 'number' && status < 0;
  } catch {
    return false;
  }
}

function describeRequest(request: FuzzRequest): string {
  const body =
    request.body.kind === 'json'
      ? JSON.stringify(request.body.value)
      : request.body.kind === 'raw'
        ? String(request.body.payload)
        : JSON.stringify(request.body);
  return `${request.method} ${request.url.slice(0, 200)} auth=${request.auth} envelope=${request.envelope ?? '-'} body=${(body ?? '').slice(0, 300)}`;
}

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'fuzz-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>portal</title>');
  t = await buildTestApp(
    { DIST_DIR: distDir, AUTH_RATE_LIMIT_PER_MINUTE: '100000', CLASSIC_SITE_URL: 'https://classic.example/' },
    { onRoute: collector.onRoute, ...(process.env.FUZZ_LOG ? { loggerInstance: pino({ level: 'error' }) } : {}) },
  );
  apiDocument = (await t.app.inject('/api/docs/openapi.json')).json();
  adminToken = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
  // The ONE Record objects the JSON-LD bodies name: a shipment's (derived) and a partner's piece; and, for the paths,
  // an event of the piece and an action request (the holder's change of another piece of its, applied at once).
  const ld = async (method: 'POST' | 'PATCH', iri: string, body: unknown) => {
    const answer = await t.app.inject({
      method,
      url: new URL(iri).pathname,
      headers: { ...bearer(adminToken), 'content-type': LD_CONTENT_TYPE, accept: LD_CONTENT_TYPE },
      payload: JSON.stringify(body),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return String(answer.headers.location);
  };
  const lastSegment = (iri: string) => iri.slice(iri.lastIndexOf('/') + 1);
  const objects = `${t.ctx.config.publicUrl}/onerecord/logistics-objects`;
  oneRecord.objects = `${objects}/`;
  const shipment = await t.db.selectFrom('shipments').select('shipment_id').orderBy('shipment_id').executeTakeFirstOrThrow();
  const shipmentId = String(shipment.shipment_id);
  oneRecord.shipmentObject = `${oneRecord.objects}${shipmentObjectId(shipmentId)}`;
  oneRecord.partnerObject = await ld('POST', objects, { '@context': { cargo: CARGO_NS }, '@type': 'cargo:Piece', 'cargo:goodsDescription': 'Fuzzed piece' });
  const templates = jsonLdTemplates();
  const event = await ld('POST', `${oneRecord.partnerObject}/logistics-events`, templates['POST /onerecord/logistics-objects/:id/logistics-events']);
  const changed = await ld('POST', objects, templates['POST /onerecord/logistics-objects']);
  const request = await ld('PATCH', changed, changeOf(changed));
  oneRecord.pathIds = {
    id: [lastSegment(oneRecord.partnerObject), shipmentObjectId(shipmentId), waybillObjectId(shipmentId)],
    eventId: [lastSegment(event)],
    requestId: [lastSegment(request)],
  };
  // The token of the replay case, used once.
  const first = await t.app.inject({
    method: 'POST',
    url: '/classicapi/ipranges',
    headers: { ...bearer(adminToken), 'content-type': 'application/json' },
    payload: JSON.stringify({ request: { cidr: 'not a range' }, app_id: 2, token: REUSED_TOKEN, ts: Math.floor(Date.now() / 1000) }),
  });
  expect(first.statusCode).toBe(400);
}, 120_000);

/**
 * Signs the admin in again when a route before ended its session (a fuzzed logout answers 200), so that every route
 * is fuzzed past authentication: the 25 routes after the logouts got only 401s.
 */
async function keepAdminSignedIn(): Promise<void> {
  const check = await t.app.inject({ method: 'GET', url: '/userapi/permission', headers: bearer(adminToken) });
  if (check.statusCode !== 401) return;
  adminToken = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
}

afterAll(async () => {
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('API fuzzing of every route', () => {
  it(
    `answers no 5xx, and refused requests change nothing (seed ${SEED}, ${TOTAL ? `${TOTAL} requests` : `${process.env.FUZZ_RUNS ?? 10} per route`})`,
    async () => {
      // The cargo messages last, so that they are screened against every rule-list row the fuzzer saved before.
      const routes = collector
        .routes()
        .filter((route) => !ONLY || route.key.includes(ONLY))
        .sort((a, b) => Number(a.key === 'POST /awbapi/messages') - Number(b.key === 'POST /awbapi/messages'));
      expect(routes.length).toBeGreaterThan(ONLY ? 0 : 200);
      // Every route the fuzzer calls is in the document it generates from, but the pages and files hidden from it.
      expect(routes.filter((route) => !(route.schema as { hide?: boolean } | undefined)?.hide && !operationOf(route)).map((route) => route.key)).toEqual([]);
      const RUNS = TOTAL ? Math.ceil(TOTAL / routes.length) : Number(process.env.FUZZ_RUNS ?? 10);
      // The event loop's delays, request by request: a request that blocks it (a backtracking pattern, a huge parse) shows here.
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      let worstStall = { ms: 0, request: '' };
      const faults: string[] = [];
      const changes: string[] = [];
      /** Requests on which the OpenAPI document and the server disagree (documentVerdict), and how many were judged. */
      const differences: string[] = [];
      let judged = 0;
      let sent = 0;
      /** Answers by class: 2 (2xx), 3, 4, 5. */
      const answers: Record<number, number> = {};

      for (const route of routes) {
        const refused: FuzzRequest[] = [];
        let succeeded = 0;
        await keepAdminSignedIn();
        const before = await settledChecksums();
        const run = await fc.check(
          fc.asyncProperty(requestsOf(route), async (request) => {
            loop.reset();
            const response = await send(request);
            await new Promise((resolve) => setImmediate(resolve)); // the delay monitor's timer runs before the verdict
            const stallMs = loop.max / 1e6;
            if (stallMs > worstStall.ms) worstStall = { ms: stallMs, request: describeRequest(request).slice(0, 300) };
            sent++;
            answers[Math.floor(response.statusCode / 100)] = (answers[Math.floor(response.statusCode / 100)] ?? 0) + 1;
            if (response.statusCode >= 500) throw new Error(`${response.statusCode} ${response.body.slice(0, 300)}\n  ${describeRequest(request)}`);
            const verdict = documentVerdict(route, request);
            if (verdict) judged++;
            if (verdict === 'valid' && refusedByValidation(response))
              differences.push(`${route.key}: the document allows, validation refused: ${response.body.slice(0, 200)}\n  ${describeRequest(request)}`);
            if (verdict === 'invalid' && !isRefused(response))
              differences.push(`${route.key}: the document forbids, the server answered ${response.statusCode}\n  ${describeRequest(request)}`);
            if (isRefused(response)) refused.push(request);
            else succeeded++;
          }),
          { seed: seedOf(route), numRuns: RUNS, endOnFailure: true },
        );
        if (run.failed) {
          faults.push(
            `${route.key} (seed ${run.seed}, path ${run.counterexamplePath}): ${(run.errorInstance as Error | undefined)?.message ?? String(run.errorInstance)}`,
          );
          continue;
        }
        const after = await settledChecksums();
        if (succeeded === 0) {
          const changed = changedTables(before, after);
          if (changed.length > 0) changes.push(`${route.key}: refused requests changed ${changed.join(', ')}`);
          continue;
        }
        // Some requests succeeded (and may change rows): send the refused ones again, on their own.
        changes.push(...(await replayRefused(route, refused)));
      }

      loop.disable();
      const report = {
        routes: routes.length,
        requests: sent,
        seed: SEED,
        runsPerRoute: RUNS,
        answersByClass: answers,
        faults,
        changes,
        documentJudged: judged,
        documentDifferences: differences,
        worstStallMs: Math.round(worstStall.ms),
        worstStallRequest: worstStall.request,
      };
      console.info(
        `API fuzzing: ${routes.length} routes, ${sent} requests (seed ${SEED}, ${RUNS} per route); answers by class ${JSON.stringify(answers)}; ` +
          `${judged} judged by the OpenAPI document too, ${differences.length} differences; the longest event-loop delay during a request ${report.worstStallMs} ms`,
      );
      if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(report, null, 2));
      expect(faults).toEqual([]);
      expect(changes).toEqual([]);
      expect(differences.slice(0, 20)).toEqual([]);
      // The comparison ran on a good share of the requests, not on a handful.
      expect(judged).toBeGreaterThan(sent / 5);
      if (MAX_STALL_MS !== undefined) expect(worstStall.ms, `the longest event-loop delay, during ${worstStall.request}`).toBeLessThan(MAX_STALL_MS);
    },
    TOTAL ? TOTAL * 50 : 300_000,
  );
});

/** The refused requests of a batch, sent again: together when they are refused again, else one by one. */
async function replayRefused(route: InventoryRoute, requests: readonly FuzzRequest[]): Promise<string[]> {
  const before = await settledChecksums();
  const again: FuzzRequest[] = [];
  for (const request of requests) if (isRefused(await send(request))) again.push(request);
  const after = await settledChecksums();
  const changed = changedTables(before, after);
  if (changed.length === 0) return [];
  if (again.length === requests.length) return [`${route.key}: refused requests changed ${changed.join(', ')}`];
  // A request that succeeds on its second sending muddles the batch: check each one alone.
  const problems: string[] = [];
  for (const request of again) {
    const one = await settledChecksums();
    const response = await send(request);
    const changedByOne = changedTables(one, await settledChecksums());
    if (isRefused(response) && changedByOne.length > 0)
      problems.push(`${route.key}: ${response.statusCode} changed ${changedByOne.join(', ')}\n  ${describeRequest(request)}`);
  }
  return problems;
}

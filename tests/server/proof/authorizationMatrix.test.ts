import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import { ruleListPlugins } from '../../../plugins';
import type { RuleListPlugin } from '../../../plugins/types';
import { FunctionId } from '../../../src/domain/access';
import { AccessMessages } from '../../../src/domain/accessMessages';
import { CHINA_CONSENT_CATEGORY, CONSENT_VERSIONS } from '../../../src/domain/consent';
import { companyMayDecide } from '../../../src/domain/shipmentStatus';
import { StatusCode } from '../../../src/domain/statusCodes';
import { checkedDemoRows } from '../../../src/server/db/seed/ruleLists';
import { demoRowsOf } from '../../../src/server/db/seed/ruleListDemoRows';
import { bearer, buildTestApp, form, type TestApp } from '../testApp';
import { setShipment, shipmentWhere, type ShipmentRow } from '../shipments/support';
import { routeCollector } from './routeInventory';
import {
  companiesOfData,
  complianceFixtures,
  createRoleCallers,
  MATRIX_PASSWORD,
  ownShipments,
  rolesOfData,
  unrelatedShipments,
  type Caller,
} from './matrixWorld';
import { SHIPMENT_ROUTE_CASES, sendShipmentRequest, type Target } from './shipmentRouteCases';
import { ONE_RECORD_REFUSALS } from '../../../src/server/oneRecord/routes';

/**
 * The authorization matrix (issue 8, item 3): for EVERY route of the real app (the inventory comes
 * from the app itself, through the `onRoute` build option), for every role x company of the demo
 * world (both read from the data), one call on a record of the caller's own company and one on
 * another company's, plus one call without a session. The expected answer of each cell is generated:
 * the route's access rule (public, any signed-in user, a function id, or "any rule list") against the
 * role's functions in role_functions; another company's record is refused (a list answers without
 * that company's rows: "hidden"); the shipment calls that act as the acceptor follow the company
 * type's decision right (`companyMayDecide`: forwarders do not decide). A route of the app without a
 * case fails the inventory test, and so does a case without a route. The browser app's files are
 * routes of their own (@fastify/static adds one per file): here a stand-in index.html.
 *
 * "Allowed" means the call got past authentication, the function and the company scope to the
 * route's own rules: a success, or the route's own refusal of the request's content (the caller's own
 * shipment is decided already, so accept and reject answer "not open" instead of changing it).
 * Where it matters the own answer is checked too (the company's own rows, the own log entry).
 *
 * The callers run side by side, each through the cases in order, so the own-company writes build on
 * each other: a rule-list row is deleted, then created again from its values. A caller's "other
 * company" is the next company of the data. The permission matrix (permissionMatrix.test.ts) checks
 * the function ids themselves, also after the data changes; companyScope.test.ts checks that nothing
 * of another company's shipment changes. Here the breadth is the point.
 */

/** How an answer reads. */
type Outcome = 'allowed' | 'unauthenticated' | 'function denied' | 'refused' | 'hidden' | 'company type refused' | (string & {});

type Access = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'function'; functionId: number } | { kind: 'any rule list' };

const PUBLIC: Access = { kind: 'public' };
const SIGNED_IN: Access = { kind: 'signed-in' };
const fn = (functionId: number): Access => ({ kind: 'function', functionId });

/** A call as a caller (token) or anonymously (undefined), from the test's own address or from `from`. */
type Call = (token: string | undefined, from?: string) => Promise<LightMyRequestResponse>;

const fromOption = (from: string | undefined) => (from ? { remoteAddress: from } : {});

interface RouteCase {
  access: Access;
  own: (f: Fixture) => Call;
  /** Turns an allowed own answer into a problem when it is not what the caller's own record should give. */
  ownCheck?: (response: LightMyRequestResponse, f: Fixture) => string | undefined;
  /** The call on another company's record, or why the route names none. */
  other: ((f: Fixture) => Call) | string;
  /** Reads the other-company answer (default: `classify`). */
  otherCheck?: (response: LightMyRequestResponse, f: Fixture) => Outcome;
  /** 'hidden' for lists: they answer, but without another company's rows. Default 'refused'. */
  otherExpected?: 'hidden';
  /** The own answer follows the decision right of the company type (forwarders do not decide). */
  decides?: boolean;
}

/** One rule-list row of a company: enough to read, change, delete and create it again. */
interface RowFixture {
  id: number;
  version: number;
  values: Record<string, unknown>;
}

interface CompanyWorld {
  companyId: string;
  index: number;
  /** Per list: row0 (read, update, cancel, resend), row1 (deleted, then created again), row2 (bulk-deleted, then imported again). */
  rows: Map<string, [RowFixture, RowFixture, RowFixture]>;
  /** Per list: the import file (base64 CSV) of row2. */
  importFiles: Map<string, string>;
  foreignFwb: string;
  outboundMessageId: string;
  sourceVersionId: string;
  /** Its address ranges: one that lets the test in (127.0.0.0/8), one to delete. */
  keptRangeId: string;
  deletableRangeId: string;
  /** A ONE Record client of the company, kept. */
  keptClientId: string;
  /** A ONE Record logistics object the company created (a partner's object), and an accepted change request of it. */
  partnerObjectId: string;
  changeRequestId: string;
}

interface Fixture {
  caller: Caller;
  companyTypeId: number;
  own: CompanyWorld;
  other: CompanyWorld;
  ownTarget: Target;
  otherTarget: Target;
}

const collector = routeCollector();
let t: TestApp;
let distDir: string;
let callers: Caller[] = [];
const worlds = new Map<string, CompanyWorld>();
const fixtures: Fixture[] = [];
let anonymousFixture: Fixture;

// ---------------------------------------------------------------------------------------------
// Calls

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Call {
  return (token, from) => {
    const headers: Record<string, string> = token ? bearer(token) : {};
    // The classic API takes every non-GET body in its envelope (CONTRACTS.md).
    if (method !== 'GET' && url.startsWith('/classicapi/')) {
      const envelope = { request: payload ?? {}, app_id: 2, token: randomUUID(), ts: Math.floor(Date.now() / 1000) };
      return t.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(envelope), ...fromOption(from) });
    }
    if (payload === undefined) return t.app.inject({ method, url, headers, ...fromOption(from) });
    return t.app.inject({ method, url, headers, payload: payload as object, ...fromOption(from) });
  };
}

function formCall(url: string, fields: Record<string, string>): Call {
  return (token, from) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(fields),
      ...fromOption(from),
    });
}

function textCall(url: string, text: string): Call {
  return (token, from) =>
    t.app.inject({ method: 'POST', url, headers: { ...(token ? bearer(token) : {}), 'content-type': 'text/plain' }, payload: text, ...fromOption(from) });
}

/** A sanctions-source upload (multipart, the envelope's fields first) of a file the handler refuses by its name. */
function sourceUpload(url: string): Call {
  return async (token, from) => {
    const body = new FormData();
    for (const [key, value] of Object.entries({ app_id: '2', token: randomUUID(), ts: String(Math.floor(Date.now() / 1000)) })) body.append(key, value);
    body.append('file', new Blob(['not a list']), 'matrix.txt');
    const request = new Request('http://local/', { method: 'POST', body });
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...(token ? bearer(token) : {}), 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
      ...fromOption(from),
    });
  };
}

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

// ---------------------------------------------------------------------------------------------
// Reading answers

const FUNCTION_DENIED = new Set<string>([AccessMessages.functionDenied, 'You do not have permission to use any rule list.']);

const parsed = new WeakMap<LightMyRequestResponse, unknown>();

// biome-ignore lint/suspicious/noExplicitAny: the answers of every route, read by the checks that know their shapes.
function jsonOf(response: LightMyRequestResponse): any {
  if (!parsed.has(response)) {
    let body: unknown;
    try {
      body = response.json();
    } catch {
      body = undefined;
    }
    parsed.set(response, body);
  }
  return parsed.get(response);
}

/** A decision event of the target's shipment (ONE Record serves accepts and rejects as events): its own, or one written for the matrix. */
async function decisionEventOf(target: Target): Promise<string> {
  const shipmentId = String(target.shipment.shipment_id);
  const found = await t.db
    .selectFrom('shipment_events')
    .select('event_id')
    .where('shipment_id', '=', shipmentId)
    .where('kind', 'in', ['ACCEPT', 'REJECT'])
    .orderBy('event_id')
    .executeTakeFirst();
  if (found) return String(found.event_id);
  const written = await t.db
    .insertInto('shipment_events')
    .values({ shipment_id: shipmentId, kind: 'REJECT', description: 'Shipment rejected (authorization matrix)', company_id: null, user_id: null })
    .returning('event_id')
    .executeTakeFirstOrThrow();
  return String(written.event_id);
}

/** POST of a logistics event to the target's Shipment object (application/ld+json). */
function postEventCall(target: Target): Call {
  return (token, from) =>
    t.app.inject({
      method: 'POST',
      url: `/onerecord/logistics-objects/${target.shipment.shipment_id}-shipment/logistics-events`,
      headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/ld+json' },
      payload: JSON.stringify({
        '@context': { cargo: 'https://onerecord.iata.org/ns/cargo#' },
        '@type': 'cargo:LogisticsEvent',
        'cargo:eventDate': { '@type': 'http://www.w3.org/2001/XMLSchema#dateTime', '@value': '2026-11-30T06:00:00Z' },
      }),
      ...fromOption(from),
    });
}

/** A ONE Record call with a JSON-LD body (or none). */
function jsonLdCall(method: 'POST' | 'PATCH' | 'GET' | 'DELETE', url: string, body?: unknown): Call {
  return (token, from) =>
    t.app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...(body !== undefined ? { 'content-type': 'application/ld+json' } : {}) },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      ...fromOption(from),
    });
}

/** Changes of one company's partner object, one after another (each is for the revision the one before made). */
const changesInTurn = new Map<string, Promise<unknown>>();

/** A change of a company's partner object, for its latest revision (read when the call is made, after the company's change before). */
function changeCall(world: CompanyWorld): Call {
  return (token, from) => {
    const turn = (changesInTurn.get(world.companyId) ?? Promise.resolve()).then(() => changeNow(world)(token, from));
    changesInTurn.set(
      world.companyId,
      turn.catch(() => undefined),
    );
    return turn;
  };
}

function changeNow(world: CompanyWorld): Call {
  return async (token, from) => {
    const { revision } = await t.db.selectFrom('onerecord_objects').select('revision').where('object_id', '=', world.partnerObjectId).executeTakeFirstOrThrow();
    const iri = `${t.ctx.config.publicUrl}/onerecord/logistics-objects/${world.partnerObjectId}`;
    return jsonLdCall('PATCH', `/onerecord/logistics-objects/${world.partnerObjectId}`, {
      '@context': { api: 'https://onerecord.iata.org/ns/api#' },
      '@type': 'api:Change',
      'api:hasLogisticsObject': { '@id': iri },
      'api:hasRevision': revision,
      'api:hasOperation': [
        {
          '@type': 'api:Operation',
          'api:op': { '@id': 'api:ADD' },
          'api:s': iri,
          'api:p': 'https://onerecord.iata.org/ns/cargo#upid',
          'api:o': [{ '@type': 'api:OperationObject', 'api:hasDatatype': 'http://www.w3.org/2001/XMLSchema#string', 'api:hasValue': `upid-${revision}` }],
        },
        ...(revision > 1
          ? [
              {
                '@type': 'api:Operation',
                'api:op': { '@id': 'api:DELETE' },
                'api:s': iri,
                'api:p': 'https://onerecord.iata.org/ns/cargo#upid',
                'api:o': [
                  { '@type': 'api:OperationObject', 'api:hasDatatype': 'http://www.w3.org/2001/XMLSchema#string', 'api:hasValue': `upid-${revision - 1}` },
                ],
              },
            ]
          : []),
      ],
    })(token, from);
  };
}

/** A subscription to a company's partner object, for the caller's company's organisation (`as`: the caller's company when it is not the object's). */
function subscribeCall(world: CompanyWorld, as: CompanyWorld = world): Call {
  const base = `${t.ctx.config.publicUrl}/onerecord/logistics-objects`;
  return jsonLdCall('POST', '/onerecord/subscriptions', {
    '@context': { api: 'https://onerecord.iata.org/ns/api#' },
    '@type': 'api:Subscription',
    'api:hasSubscriber': { '@id': `${base}/company-${as.companyId}` },
    'api:hasTopicType': { '@id': 'api:LOGISTICS_OBJECT_IDENTIFIER' },
    'api:includeSubscriptionEventType': [{ '@id': 'api:LOGISTICS_OBJECT_UPDATED' }],
    'api:hasTopic': `${base}/${world.partnerObjectId}`,
  });
}

/** A delegation of a company's partner object to its own company (read access). */
function delegationCall(world: CompanyWorld): Call {
  const base = `${t.ctx.config.publicUrl}/onerecord/logistics-objects`;
  return jsonLdCall('POST', '/onerecord/access-delegations', {
    '@context': { api: 'https://onerecord.iata.org/ns/api#' },
    '@type': 'api:AccessDelegation',
    'api:hasPermission': [{ '@id': 'api:GET_LOGISTICS_OBJECT' }],
    'api:isRequestedFor': { '@id': `${base}/company-${world.companyId}` },
    'api:hasLogisticsObject': [{ '@id': `${base}/${world.partnerObjectId}` }],
  });
}

/** A ONE Record client registered, then revoked, in the caller's company. */
function registerAndRevokeCall(): Call {
  return async (token, from) => {
    const registered = await call('POST', '/classicapi/onerecordclients', { name: 'matrix', organisation_iri: 'https://matrix.example/org' })(token, from);
    const id = jsonOf(registered)?.data?.id ?? 'orc_000000000000000000000000';
    return call('DELETE', `/classicapi/onerecordclients/${id}`)(token, from);
  };
}

/** GET of a decision event of the target's shipment. */
function decisionEventCall(target: Target): Call {
  return async (token, from) =>
    call('GET', `/onerecord/logistics-objects/${target.shipment.shipment_id}-shipment/logistics-events/${await decisionEventOf(target)}`)(token, from);
}

function classify(response: LightMyRequestResponse): Outcome {
  const body = jsonOf(response);
  if (response.statusCode >= 500) return `server error ${response.statusCode}: ${response.body.slice(0, 160)}`;
  if (response.statusCode === 401) return 'unauthenticated';
  if (response.statusCode === 429) return 'throttled';
  if (body?.status === StatusCode.USER_PROFILE_INVALID) return 'invalid profile';
  if (body?.status === StatusCode.USER_ACL_EXCEPTION && FUNCTION_DENIED.has(body.message)) return 'function denied';
  // ONE Record answers refusals as api:Error (src/server/oneRecord/routes.ts).
  const oneRecordMessage = body?.['@type'] === 'api:Error' ? body['api:hasErrorDetail']?.[0]?.['api:hasMessage'] : undefined;
  if (oneRecordMessage === ONE_RECORD_REFUSALS.functionDenied) return 'function denied';
  if (oneRecordMessage === ONE_RECORD_REFUSALS.ipRestricted) return 'ip restricted';
  if (response.statusCode === 403) return body?.status === -100002 ? 'ip restricted' : 'refused';
  if (response.statusCode === 404) return 'refused';
  if (body?.status === StatusCode.FAILURE && body?.data?.reason === 'companyCannotDecide') return 'company type refused';
  // The schema refused the request: the case is wrong, the route was never reached.
  const message: unknown = body?.message ?? body?.error_description;
  if (response.statusCode === 400 && typeof message === 'string' && message.startsWith('Invalid request:')) return `invalid request: ${message}`;
  return 'allowed';
}

/** A list call on another company: allowed, but `leak` must find none of that company's rows in it. */
function hiddenUnless(leak: (response: LightMyRequestResponse, f: Fixture) => boolean): Pick<RouteCase, 'otherCheck' | 'otherExpected'> {
  return {
    otherExpected: 'hidden',
    otherCheck: (response, f) => {
      const outcome = classify(response);
      if (outcome !== 'allowed') return outcome;
      if (
        response.statusCode !== 200 ||
        (jsonOf(response) !== undefined && jsonOf(response).status !== undefined && jsonOf(response).status !== StatusCode.SUCCESS)
      ) {
        return `answer ${response.statusCode} ${response.body.slice(0, 200)}`;
      }
      return leak(response, f) ? `leaked: ${response.body.slice(0, 200)}` : 'hidden';
    },
  };
}

const totalOf = (response: LightMyRequestResponse): number => jsonOf(response)?.total ?? jsonOf(response)?.data?.total;

// ---------------------------------------------------------------------------------------------
// The cases: every route of the app, by `METHOD url` as Fastify has it

const noRecord = {
  page: 'a page of the browser app; it names no record',
  redirect: 'a redirect to the sign-in page',
  config: 'the public runtime configuration',
  probe: 'a health probe',
  ownAddress: "the caller's own address",
  credential: 'the one-time secret in the request is the credential; it names no company',
  self: "answers for the token's own user only; the request names no other",
  shared: 'reference data shared by every company',
  apiDocs: 'the description of the API (Swagger UI and the OpenAPI document); it names no record',
};

const GENERAL_CASES: Record<string, RouteCase> = {
  'GET /': { access: PUBLIC, own: () => call('GET', '/'), other: noRecord.redirect },
  'GET /ez4': { access: PUBLIC, own: () => call('GET', '/ez4'), other: noRecord.redirect },
  'GET /ez4/*': { access: PUBLIC, own: () => call('GET', '/ez4/en/login'), other: noRecord.page },
  'GET /ez4/browser-check.js': { access: PUBLIC, own: () => call('GET', '/ez4/browser-check.js'), other: noRecord.page },
  'GET /ez4/config.json': { access: PUBLIC, own: () => call('GET', '/ez4/config.json'), other: noRecord.config },
  'GET /healthz': { access: PUBLIC, own: () => call('GET', '/healthz'), other: noRecord.probe },
  'GET /readyz': { access: PUBLIC, own: () => call('GET', '/readyz'), other: noRecord.probe },
  // From loopback (as inject calls); refused elsewhere without METRICS_TOKEN (tests/server/metrics.test.ts).
  'GET /metrics': { access: PUBLIC, own: () => call('GET', '/metrics'), other: noRecord.probe },
  'GET /api/docs': { access: PUBLIC, own: () => call('GET', '/api/docs/'), other: noRecord.apiDocs },
  'GET /api/docs/json': { access: PUBLIC, own: () => call('GET', '/api/docs/json'), other: noRecord.apiDocs },
  'GET /api/docs/yaml': { access: PUBLIC, own: () => call('GET', '/api/docs/yaml'), other: noRecord.apiDocs },
  'GET /api/docs/openapi.json': { access: PUBLIC, own: () => call('GET', '/api/docs/openapi.json'), other: noRecord.apiDocs },
  'GET /api/docs/static/*': { access: PUBLIC, own: () => call('GET', '/api/docs/static/swagger-ui.css'), other: noRecord.apiDocs },
  'GET /api/docs/static/index.html': { access: PUBLIC, own: () => call('GET', '/api/docs/static/index.html'), other: noRecord.apiDocs },
  'GET /api/docs/static/swagger-initializer.js': { access: PUBLIC, own: () => call('GET', '/api/docs/static/swagger-initializer.js'), other: noRecord.apiDocs },
  'GET /api/region': { access: PUBLIC, own: () => call('GET', '/api/region'), other: noRecord.ownAddress },
  'POST /auth/token': {
    access: PUBLIC,
    own: ({ caller }) =>
      formCall('/auth/token', { GrantType: 'client_credentials', ClientId: `${caller.userId}|${caller.companyId}|2|L`, ClientSecret: MATRIX_PASSWORD }),
    ownCheck: (response) => (typeof jsonOf(response)?.access_token === 'string' ? undefined : `no token: ${response.body}`),
    // The caller's own user id and password, in another company: the company is part of the identity.
    other: ({ caller, other }) =>
      formCall('/auth/token', { GrantType: 'client_credentials', ClientId: `${caller.userId}|${other.companyId}|2|L`, ClientSecret: MATRIX_PASSWORD }),
    otherCheck: (response) => (response.statusCode === 400 && jsonOf(response)?.error === 'invalid_grant' ? 'refused' : classify(response)),
  },
  'POST /auth/mfa/challenge': {
    access: PUBLIC,
    own: () => call('POST', '/auth/mfa/challenge', { authenticatorType: 'email', MFAToken: 'not-a-token' }),
    other: noRecord.credential,
  },
  'POST /api/authentication/forgotpassword': {
    access: PUBLIC,
    own: ({ caller }) => call('POST', '/api/authentication/forgotpassword', { company_id: caller.companyId, user_id: caller.userId }),
    other: 'public by design: the same answer for any company, and the link goes to the account’s own e-mail address',
  },
  'POST /api/authentication/resetpassword/verify': {
    access: PUBLIC,
    own: () => call('POST', '/api/authentication/resetpassword/verify', { token: 'A'.repeat(43) }),
    other: noRecord.credential,
  },
  'POST /api/authentication/resetpassword': {
    access: PUBLIC,
    own: () => call('POST', '/api/authentication/resetpassword', { token: 'A'.repeat(43), new_password: 'Matrix#2024zz' }),
    other: noRecord.credential,
  },
  'GET /api/authentication/fetchToken/:id': {
    access: PUBLIC,
    own: () => call('GET', `/api/authentication/fetchToken/${'A'.repeat(43)}?app=1`),
    other: noRecord.credential,
  },
  'POST /api/authentication/fetchToken/:id': {
    access: PUBLIC,
    own: () => call('POST', `/api/authentication/fetchToken/${'A'.repeat(43)}`, { request_uri: 'https://classic.example/' }),
    other: noRecord.credential,
  },
  // Without the caller's bearer token, which would end the caller's own session (attacks.test.ts shows that it ends only it).
  'POST /mobileapi/authentication/logout': {
    access: PUBLIC,
    own: () => (_token, from) =>
      t.app.inject({ method: 'POST', url: '/mobileapi/authentication/logout', payload: { refresh_token: 'not-a-refresh-token' }, ...fromOption(from) }),
    other: noRecord.credential,
  },

  'GET /userapi/user/getuserprofile': {
    access: SIGNED_IN,
    own: () => call('GET', '/userapi/user/getuserprofile'),
    ownCheck: (response, { caller }) => (response.body.includes(caller.userId) ? undefined : `not the caller's profile: ${response.body.slice(0, 200)}`),
    other: noRecord.self,
  },
  'GET /userapi/permission': { access: SIGNED_IN, own: () => call('GET', '/userapi/permission'), other: noRecord.self },
  'GET /userapi/permission/function/:id': {
    access: SIGNED_IN,
    own: () => call('GET', `/userapi/permission/function/${FunctionId.SHIPMENT}`),
    other: noRecord.self,
  },
  'GET /userapi/bulletins': {
    access: SIGNED_IN,
    own: () => call('GET', '/userapi/bulletins'),
    ownCheck: (response, { own }) => (bulletinCompanies(response).includes(own.companyId) ? undefined : 'the own bulletin is missing'),
    other: () => call('GET', '/userapi/bulletins'),
    ...hiddenUnless((response, { own }) => bulletinCompanies(response).some((company) => company !== null && company !== own.companyId)),
  },
  'GET /mobileapi/authentication/getuserconsent/:categoryId': {
    access: SIGNED_IN,
    own: () => call('GET', `/mobileapi/authentication/getuserconsent/${CHINA_CONSENT_CATEGORY}`),
    other: noRecord.self,
  },
  'POST /mobileapi/authentication/createuserconsent': {
    access: SIGNED_IN,
    own: () =>
      call('POST', '/mobileapi/authentication/createuserconsent', {
        ip_address: '203.0.113.5',
        category_id: CHINA_CONSENT_CATEGORY,
        consent_version: CONSENT_VERSIONS[CHINA_CONSENT_CATEGORY],
      }),
    other: noRecord.self,
  },
  // A wrong old password: the route answers (Incorrect password) and nothing changes.
  'POST /mobileapi/authentication/changepassword': {
    access: SIGNED_IN,
    own: () => call('POST', '/mobileapi/authentication/changepassword', { old_password: 'Wrong#123456', new_password: 'Matrix#2024zz' }),
    other: noRecord.self,
  },
  'POST /api/authentication/handover': {
    access: SIGNED_IN,
    own: () => call('POST', '/api/authentication/handover', { app: t.ctx.config.classicAppId }),
    ownCheck: (response) => (jsonOf(response)?.status === StatusCode.SUCCESS ? undefined : `no hand-over: ${response.body}`),
    other: "hands over the token's own session only",
  },
  'POST /logapi/clientlogging': {
    access: SIGNED_IN,
    own: () => call('POST', '/logapi/clientlogging', { iMsg: 'matrix', iLogType: 2 }),
    other: "logs under the token's own user",
  },
  'GET /classicapi/rulelists/openapi.json': {
    access: SIGNED_IN,
    own: () => call('GET', '/classicapi/rulelists/openapi.json'),
    other: 'the description of the rule-list API',
  },
  'GET /classicapi/rulelists': {
    access: { kind: 'any rule list' },
    own: () => call('GET', '/classicapi/rulelists'),
    other: "counts of the caller's own lists; it names no record",
  },
  'GET /classicapi/rescreenruns': {
    access: { kind: 'any rule list' },
    own: () => call('GET', '/classicapi/rescreenruns'),
    ownCheck: (response, { own }) => (rescreenReasons(response).includes(`matrix ${own.companyId}`) ? undefined : 'the own run is missing'),
    other: () => call('GET', '/classicapi/rescreenruns'),
    ...hiddenUnless((response, { other }) => rescreenReasons(response).includes(`matrix ${other.companyId}`)),
  },

  // User management (function 83)
  'GET /classicapi/roles': { access: fn(FunctionId.USER_MANAGEMENT), own: () => call('GET', '/classicapi/roles'), other: noRecord.shared },
  'GET /classicapi/users': {
    access: fn(FunctionId.USER_MANAGEMENT),
    own: () => call('GET', `/classicapi/users?range=${q([0, 199])}`),
    ownCheck: (response, { own }) => {
      const rows: { company_id: string }[] = jsonOf(response)?.data ?? [];
      return rows.length > 0 && rows.every((row) => row.company_id === own.companyId) ? undefined : `rows ${response.body.slice(0, 200)}`;
    },
    other: ({ other }) => call('GET', `/classicapi/users?filter=${q({ q: targetUser(other) })}`),
    ...hiddenUnless((response) => totalOf(response) !== 0),
  },
  'GET /classicapi/users/:id': {
    access: fn(FunctionId.USER_MANAGEMENT),
    own: ({ own }) => call('GET', userUrl(own, targetUser(own))),
    other: ({ other }) => call('GET', userUrl(other, targetUser(other))),
  },
  'POST /classicapi/users': {
    access: fn(FunctionId.USER_MANAGEMENT),
    own: ({ own }) => call('POST', '/classicapi/users', newUser(`mxnew${own.companyId}`.toLowerCase())),
    ownCheck: (response) => (jsonOf(response)?.status === StatusCode.SUCCESS ? undefined : `not created: ${response.body}`),
    other: ({ own, other }) => call('POST', '/classicapi/users', { ...newUser(`mxforeign${own.companyId}`.toLowerCase()), company_id: other.companyId }),
  },
  'PUT /classicapi/users/:id': {
    access: fn(FunctionId.USER_MANAGEMENT),
    own: ({ own }) =>
      call('PUT', userUrl(own, targetUser(own)), { user_name: 'Matrix Edited', email: `${targetUser(own)}@matrix.example`, role_id: 'OPERATOR' }),
    other: ({ other }) =>
      call('PUT', userUrl(other, targetUser(other)), { user_name: 'Matrix Hijacked', email: `${targetUser(other)}@matrix.example`, role_id: 'ADMIN' }),
  },
  'POST /classicapi/users/:id/lock': {
    access: fn(FunctionId.USER_MANAGEMENT),
    own: ({ own }) => call('POST', userUrl(own, targetUser(own), '/lock'), { locked: true }),
    other: ({ other }) => call('POST', userUrl(other, targetUser(other), '/lock'), { locked: true }),
  },
  'POST /classicapi/users/:id/mfa': {
    access: fn(FunctionId.USER_MANAGEMENT),
    own: ({ own }) => call('POST', userUrl(own, targetUser(own), '/mfa'), { required: false }),
    other: ({ other }) => call('POST', userUrl(other, targetUser(other), '/mfa'), { required: true }),
  },
  'DELETE /classicapi/users/:id': {
    access: fn(FunctionId.USER_MANAGEMENT),
    own: ({ own }) => call('DELETE', userUrl(own, `mxdelete${own.companyId}`.toLowerCase())),
    ownCheck: (response) => (jsonOf(response)?.status === StatusCode.SUCCESS ? undefined : `not deleted: ${response.body}`),
    other: ({ other }) => call('DELETE', userUrl(other, targetUser(other))),
  },
  'GET /classicapi/ipranges': {
    access: fn(FunctionId.USER_MANAGEMENT),
    own: () => call('GET', '/classicapi/ipranges'),
    ownCheck: (response, { own }) => (rangeIds(response).includes(own.keptRangeId) ? undefined : 'the own range is missing'),
    other: () => call('GET', '/classicapi/ipranges'),
    ...hiddenUnless((response, { other }) => rangeIds(response).includes(other.keptRangeId)),
  },
  'GET /classicapi/ipranges/current-address': {
    access: fn(FunctionId.USER_MANAGEMENT),
    own: () => call('GET', '/classicapi/ipranges/current-address'),
    other: noRecord.ownAddress,
  },
  'POST /classicapi/ipranges': {
    access: fn(FunctionId.USER_MANAGEMENT),
    own: ({ own }) => call('POST', '/classicapi/ipranges', { cidr: `10.${own.index}.1.0/24`, description: 'matrix' }),
    ownCheck: (response) => (jsonOf(response)?.status === StatusCode.SUCCESS ? undefined : `not added: ${response.body}`),
    other: "a new range always joins the caller's company: the body has no company (additionalProperties: false)",
  },
  'DELETE /classicapi/ipranges/:id': {
    access: fn(FunctionId.USER_MANAGEMENT),
    own: ({ own }) => call('DELETE', `/classicapi/ipranges/${own.deletableRangeId}`),
    ownCheck: (response) => (jsonOf(response)?.status === StatusCode.SUCCESS ? undefined : `not deleted: ${response.body}`),
    other: ({ other }) => call('DELETE', `/classicapi/ipranges/${other.keptRangeId}`),
  },
  'GET /classicapi/onerecordclients': {
    access: fn(FunctionId.USER_MANAGEMENT),
    own: () => call('GET', '/classicapi/onerecordclients'),
    ownCheck: (response, { own }) => (rangeIds(response).includes(own.keptClientId) ? undefined : 'the own client is missing'),
    other: () => call('GET', '/classicapi/onerecordclients'),
    ...hiddenUnless((response, { other }) => rangeIds(response).includes(other.keptClientId)),
  },
  'POST /classicapi/onerecordclients': {
    access: fn(FunctionId.USER_MANAGEMENT),
    own: () => call('POST', '/classicapi/onerecordclients', { name: 'matrix', organisation_iri: 'https://matrix.example/org' }),
    ownCheck: (response) => (jsonOf(response)?.status === StatusCode.SUCCESS ? undefined : `not registered: ${response.body}`),
    other: "a new client always joins the caller's company: the body has no company (additionalProperties: false)",
  },
  'PUT /classicapi/onerecordclients/:id': {
    access: fn(FunctionId.USER_MANAGEMENT),
    own: ({ own }) =>
      call('PUT', `/classicapi/onerecordclients/${own.keptClientId}`, {
        notify_token_url: '',
        notify_client_id: '',
        notify_client_secret: '',
        notify_scope: '',
      }),
    ownCheck: (response) => (jsonOf(response)?.status === StatusCode.SUCCESS ? undefined : `not set: ${response.body}`),
    other: ({ other }) =>
      call('PUT', `/classicapi/onerecordclients/${other.keptClientId}`, {
        notify_token_url: '',
        notify_client_id: '',
        notify_client_secret: '',
        notify_scope: '',
      }),
  },
  'DELETE /classicapi/onerecordclients/:id': {
    access: fn(FunctionId.USER_MANAGEMENT),
    own: () => registerAndRevokeCall(),
    ownCheck: (response) => (jsonOf(response)?.status === StatusCode.SUCCESS ? undefined : `not revoked: ${response.body}`),
    other: ({ other }) => call('DELETE', `/classicapi/onerecordclients/${other.keptClientId}`),
  },
  'GET /classicapi/useraudit': {
    access: fn(FunctionId.USER_MANAGEMENT),
    own: ({ own }) => call('GET', `/classicapi/useraudit?filter=${q({ q: auditMarker(own) })}`),
    ownCheck: (response) => (totalOf(response) === 1 ? undefined : `total ${totalOf(response)}`),
    other: ({ other }) => call('GET', `/classicapi/useraudit?filter=${q({ q: auditMarker(other) })}`),
    ...hiddenUnless((response) => totalOf(response) !== 0),
  },

  // Outbound messages (function 86)
  'GET /classicapi/outboundmessages': {
    access: fn(FunctionId.OUTBOUND_MESSAGES),
    own: () => call('GET', `/classicapi/outboundmessages?range=${q([0, 199])}`),
    ownCheck: (response, { own }) => (outboundIds(response).includes(own.outboundMessageId) ? undefined : 'the own message is missing'),
    other: () => call('GET', `/classicapi/outboundmessages?range=${q([0, 199])}`),
    ...hiddenUnless((response, { other }) => outboundIds(response).includes(other.outboundMessageId)),
  },
  'GET /classicapi/outboundmessages/:id': {
    access: fn(FunctionId.OUTBOUND_MESSAGES),
    own: ({ own }) => call('GET', `/classicapi/outboundmessages/${own.outboundMessageId}`),
    other: ({ other }) => call('GET', `/classicapi/outboundmessages/${other.outboundMessageId}`),
  },
  // Another company's message is skipped, not resent or cancelled.
  'POST /classicapi/outboundmessages/resend': {
    access: fn(FunctionId.OUTBOUND_MESSAGES),
    own: ({ own }) => call('POST', '/classicapi/outboundmessages/resend', { ids: [own.outboundMessageId] }),
    other: ({ other }) => call('POST', '/classicapi/outboundmessages/resend', { ids: [other.outboundMessageId] }),
    otherCheck: skippedOnly,
  },
  'POST /classicapi/outboundmessages/cancel': {
    access: fn(FunctionId.OUTBOUND_MESSAGES),
    own: ({ own }) => call('POST', '/classicapi/outboundmessages/cancel', { ids: [own.outboundMessageId] }),
    other: ({ other }) => call('POST', '/classicapi/outboundmessages/cancel', { ids: [other.outboundMessageId] }),
    otherCheck: skippedOnly,
  },

  // Sanction sources (function 87)
  'GET /classicapi/sanctionsources': {
    access: fn(FunctionId.SANCTION_SOURCES),
    own: () => call('GET', '/classicapi/sanctionsources'),
    ownCheck: (response, { own }) => (sourceVersionIds(response).includes(own.sourceVersionId) ? undefined : 'the own version is missing'),
    other: () => call('GET', '/classicapi/sanctionsources'),
    ...hiddenUnless((response, { other }) => sourceVersionIds(response).includes(other.sourceVersionId)),
  },
  'GET /classicapi/sanctionsources/:source/versions': {
    access: fn(FunctionId.SANCTION_SOURCES),
    own: () => call('GET', '/classicapi/sanctionsources/US_CSL/versions'),
    ownCheck: (response, { own }) => (versionIds(response).includes(own.sourceVersionId) ? undefined : 'the own version is missing'),
    other: () => call('GET', '/classicapi/sanctionsources/US_CSL/versions'),
    ...hiddenUnless((response, { other }) => versionIds(response).includes(other.sourceVersionId)),
  },
  'GET /classicapi/sanctionsources/versions/:versionId/:kind': {
    access: fn(FunctionId.SANCTION_SOURCES),
    own: ({ own }) => call('GET', `/classicapi/sanctionsources/versions/${own.sourceVersionId}/added`),
    other: ({ other }) => call('GET', `/classicapi/sanctionsources/versions/${other.sourceVersionId}/added`),
  },
  // A file refused by its name has reached the handler: the function let it through.
  'POST /classicapi/sanctionsources/:source/import': {
    access: fn(FunctionId.SANCTION_SOURCES),
    own: () => sourceUpload('/classicapi/sanctionsources/US_CSL/import'),
    other: "a new version is always of the caller's own company",
  },

  // The compliance calls on the shipment API
  'POST /awbapi/messages': {
    access: fn(FunctionId.SHIPMENT_MESSAGES),
    // A message the parser refuses has reached its handler: the function and scope let it through.
    own: () => textCall('/awbapi/messages', 'FWB/16\n'),
    other: ({ own }) => textCall('/awbapi/messages', own.foreignFwb),
  },
  'GET /awbapi/sanction/search': {
    access: fn(FunctionId.SANCTION_REVIEW),
    own: ({ own }) => call('GET', `/awbapi/sanction/search?name=${encodeURIComponent(`MATRIX CHECK ${own.companyId}`)}`),
    ownCheck: (response, { own }) => (sanctionEntries(response).includes(`MX-${own.companyId}`) ? undefined : 'the own entry is not found'),
    other: ({ other }) => call('GET', `/awbapi/sanction/search?name=${encodeURIComponent(`MATRIX CHECK ${other.companyId}`)}`),
    ...hiddenUnless((response, { other }) => sanctionEntries(response).includes(`MX-${other.companyId}`)),
  },
  'POST /awbapi/sanction/save': {
    access: fn(FunctionId.SHIPMENT),
    decides: true,
    own: ({ ownTarget }) => call('POST', '/awbapi/sanction/save', sanctionSave(ownTarget)),
    other: ({ otherTarget }) => call('POST', '/awbapi/sanction/save', sanctionSave(otherTarget)),
  },
  'GET /onerecord': { access: fn(FunctionId.SHIPMENT), own: () => call('GET', '/onerecord/'), other: 'the ONE Record server information names no record' },
  'GET /onerecord/logistics-objects/:id': {
    access: fn(FunctionId.SHIPMENT),
    own: ({ ownTarget }) => call('GET', `/onerecord/logistics-objects/${ownTarget.shipment.shipment_id}-waybill`),
    ownCheck: (response, { ownTarget }) =>
      jsonOf(response)?.['cargo:waybillNumber'] === ownTarget.shipment.awb_suffix ? undefined : `not the own Waybill: ${response.body.slice(0, 200)}`,
    other: ({ otherTarget }) => call('GET', `/onerecord/logistics-objects/${otherTarget.shipment.shipment_id}-waybill`),
  },
  'GET /onerecord/logistics-objects/:id/logistics-events': {
    access: fn(FunctionId.SHIPMENT),
    own: ({ ownTarget }) => call('GET', `/onerecord/logistics-objects/${ownTarget.shipment.shipment_id}-shipment/logistics-events`),
    ownCheck: (response) => (jsonOf(response)?.['@type'] === 'api:Collection' ? undefined : `not a collection: ${response.body.slice(0, 200)}`),
    other: ({ otherTarget }) => call('GET', `/onerecord/logistics-objects/${otherTarget.shipment.shipment_id}-shipment/logistics-events`),
  },
  'GET /onerecord/logistics-objects/:id/logistics-events/:eventId': {
    access: fn(FunctionId.SHIPMENT),
    own: ({ ownTarget }) => decisionEventCall(ownTarget),
    ownCheck: (response) => (jsonOf(response)?.['@type'] === 'cargo:LogisticsEvent' ? undefined : `not an event: ${response.body.slice(0, 200)}`),
    other: ({ otherTarget }) => decisionEventCall(otherTarget),
  },
  'POST /onerecord/logistics-objects/:id/logistics-events': {
    access: fn(FunctionId.SHIPMENT),
    own: ({ ownTarget }) => postEventCall(ownTarget),
    ownCheck: (response) => (response.statusCode === 201 ? undefined : `not recorded: ${response.statusCode} ${response.body.slice(0, 200)}`),
    other: ({ otherTarget }) => postEventCall(otherTarget),
  },
  'POST /onerecord/logistics-objects': {
    access: fn(FunctionId.SHIPMENT),
    own: () =>
      jsonLdCall('POST', '/onerecord/logistics-objects', {
        '@context': { cargo: 'https://onerecord.iata.org/ns/cargo#' },
        '@type': 'cargo:Piece',
        'cargo:goodsDescription': 'matrix',
      }),
    ownCheck: (response) => (response.statusCode === 201 ? undefined : `not created: ${response.statusCode} ${response.body.slice(0, 200)}`),
    other: "a new object is the caller's company's own; the request names no other company's record",
  },
  'PATCH /onerecord/logistics-objects/:id': {
    access: fn(FunctionId.SHIPMENT),
    own: ({ own }) => changeCall(own),
    ownCheck: (response) => (response.statusCode === 201 ? undefined : `not changed: ${response.statusCode} ${response.body.slice(0, 200)}`),
    other: ({ other }) => changeCall(other),
  },
  'GET /onerecord/logistics-objects/:id/audit-trail': {
    access: fn(FunctionId.SHIPMENT),
    own: ({ own }) => jsonLdCall('GET', `/onerecord/logistics-objects/${own.partnerObjectId}/audit-trail`),
    ownCheck: (response) => (jsonOf(response)?.['@type'] === 'api:AuditTrail' ? undefined : `not an audit trail: ${response.body.slice(0, 200)}`),
    other: ({ other }) => jsonLdCall('GET', `/onerecord/logistics-objects/${other.partnerObjectId}/audit-trail`),
  },
  'GET /onerecord/logistics-objects/:id/logistics-events/': {
    access: fn(FunctionId.SHIPMENT),
    own: ({ own }) => jsonLdCall('GET', `/onerecord/logistics-objects/${own.partnerObjectId}/logistics-events/`),
    ownCheck: (response) => (jsonOf(response)?.['@type'] === 'api:Collection' ? undefined : `not a collection: ${response.body.slice(0, 200)}`),
    other: ({ other }) => jsonLdCall('GET', `/onerecord/logistics-objects/${other.partnerObjectId}/logistics-events/`),
  },
  'GET /onerecord/action-requests/:requestId': {
    access: fn(FunctionId.SHIPMENT),
    own: ({ own }) => jsonLdCall('GET', `/onerecord/action-requests/${own.changeRequestId}`),
    ownCheck: (response) => (jsonOf(response)?.['@type'] === 'api:ChangeRequest' ? undefined : `not a change request: ${response.body.slice(0, 200)}`),
    other: ({ other }) => jsonLdCall('GET', `/onerecord/action-requests/${other.changeRequestId}`),
  },
  'PATCH /onerecord/action-requests/:requestId': {
    access: fn(FunctionId.SHIPMENT),
    own: ({ own }) => jsonLdCall('PATCH', `/onerecord/action-requests/${own.changeRequestId}?status=REQUEST_ACCEPTED`),
    ownCheck: (response) => (response.statusCode === 204 ? undefined : `not answered: ${response.statusCode} ${response.body.slice(0, 200)}`),
    other: ({ other }) => jsonLdCall('PATCH', `/onerecord/action-requests/${other.changeRequestId}?status=REQUEST_ACCEPTED`),
  },
  'DELETE /onerecord/action-requests/:requestId': {
    access: fn(FunctionId.SHIPMENT),
    own: ({ own }) => jsonLdCall('DELETE', `/onerecord/action-requests/${own.changeRequestId}`),
    ownCheck: (response) =>
      response.statusCode === 422 ? undefined : `an accepted request is not revoked: ${response.statusCode} ${response.body.slice(0, 200)}`,
    other: ({ other }) => jsonLdCall('DELETE', `/onerecord/action-requests/${other.changeRequestId}`),
  },
  'POST /onerecord/subscriptions': {
    access: fn(FunctionId.SHIPMENT),
    own: ({ own }) => subscribeCall(own),
    // A second caller of the same company finds the subscription made: refused as a duplicate (422), not for its access.
    ownCheck: (response) => ([201, 422].includes(response.statusCode) ? undefined : `not subscribed: ${response.statusCode} ${response.body.slice(0, 200)}`),
    other: ({ other, own }) => subscribeCall(other, own),
  },
  'POST /onerecord/access-delegations': {
    access: fn(FunctionId.SHIPMENT),
    own: ({ own }) => delegationCall(own),
    ownCheck: (response) => (response.statusCode === 201 ? undefined : `not delegated: ${response.statusCode} ${response.body.slice(0, 200)}`),
    other: ({ other }) => delegationCall(other),
  },
  'GET /onerecord/subscriptions': {
    access: fn(FunctionId.SHIPMENT),
    own: () =>
      jsonLdCall('GET', `/onerecord/subscriptions?topicType=LOGISTICS_OBJECT_TYPE&topic=${encodeURIComponent('https://onerecord.iata.org/ns/cargo#Piece')}`),
    other: "the portal's own subscription to a topic names no record",
  },
  'POST /onerecord/notifications': {
    access: fn(FunctionId.SHIPMENT),
    own: () =>
      jsonLdCall('POST', '/onerecord/notifications', {
        '@context': { api: 'https://onerecord.iata.org/ns/api#' },
        '@type': 'api:Notification',
        'api:hasEventType': { '@id': 'api:LOGISTICS_OBJECT_UPDATED' },
        'api:hasLogisticsObject': { '@id': 'https://matrix.example/logistics-objects/1' },
      }),
    ownCheck: (response) => (response.statusCode === 204 ? undefined : `not received: ${response.statusCode} ${response.body.slice(0, 200)}`),
    other: "a notification is kept as the caller's company's; it names no other company's record",
  },
  'GET /onerecord/code-lists/ScreeningStatus': {
    access: fn(FunctionId.SHIPMENT),
    own: () => call('GET', '/onerecord/code-lists/ScreeningStatus'),
    other: "the portal's ScreeningStatus code list names no record",
  },
  'POST /awbapi/sanction/resend': {
    access: fn(FunctionId.SHIPMENT),
    own: ({ ownTarget }) => call('POST', '/awbapi/sanction/resend', { ResendList: [ownTarget.shipment.shipment_id] }),
    ownCheck: (response) =>
      ['notAccessible', 'notFound'].includes(jsonOf(response)?.data?.[0]?.Outcome) ? `own shipment refused: ${response.body}` : undefined,
    other: ({ otherTarget }) => call('POST', '/awbapi/sanction/resend', { ResendList: [otherTarget.shipment.shipment_id] }),
    otherCheck: (response) => {
      const outcome = classify(response);
      return outcome === 'allowed'
        ? jsonOf(response)?.data?.[0]?.Outcome === 'notAccessible'
          ? 'refused'
          : `screened: ${response.body.slice(0, 200)}`
        : outcome;
    },
  },
};

/** The shipment routes (companyScope.test.ts's cases), on the caller's own shipment and on one unrelated to its company. */
function shipmentCases(): Record<string, RouteCase> {
  // The calls that act on the shipment as its acceptor; a forwarder tenders cargo and does not (companyMayDecide).
  const decides = new Set([
    'POST /awbapi/awbapprove',
    'POST /awbapi/awbreject',
    'POST /awbapi/awbmark',
    'POST /awbapi/awbmodify',
    'POST /awbapi/acceptdocument',
    'POST /awbapi/awbsend',
    'POST /awbapi/onerecordchange',
  ]);
  // The browser's own logging of a print needs a session, not a function (shipment/actionLoggingRoutes.ts).
  const signedInOnly = new Set(['POST /logapi/actionlogging']);
  const functionOf = (route: string) => (route.startsWith('GET /classicapi/shipmentlog') ? FunctionId.USER_LOG : FunctionId.SHIPMENT);
  return Object.fromEntries(
    Object.entries(SHIPMENT_ROUTE_CASES).map(([route, shipmentCase]): [string, RouteCase] => {
      const send =
        (target: Target): Call =>
        (token, from) =>
          sendShipmentRequest(t.app, token, shipmentCase.request(target), from);
      const check = shipmentCase.check;
      return [
        route,
        {
          access: signedInOnly.has(route) ? SIGNED_IN : fn(functionOf(route)),
          decides: decides.has(route),
          // The caller's own earlier calls (a modify, a re-screening) move UpdateDT on: send the current one.
          own:
            ({ ownTarget }) =>
            async (token, from) =>
              send({ ...ownTarget, updateDt: await currentUpdateDt(ownTarget) })(token, from),
          other: check.kind === 'noShipment' ? check.why : ({ otherTarget }) => send(otherTarget),
          ...(check.kind === 'hidden'
            ? {
                otherExpected: 'hidden' as const,
                otherCheck: (response: LightMyRequestResponse) => {
                  const outcome = classify(response);
                  if (outcome !== 'allowed') return outcome;
                  try {
                    check.verify(response.body, () => response.json());
                    return 'hidden';
                  } catch (error) {
                    return `leaked: ${(error as Error).message.slice(0, 200)}`;
                  }
                },
              }
            : {}),
        },
      ];
    }),
  );
}

/** The generated routes of each rule list (src/server/ruleLists): the same cases for every plugin. */
function ruleListCases(plugin: RuleListPlugin): Record<string, RouteCase> {
  const base = `/classicapi/${plugin.name}`;
  const access = fn(plugin.functionId);
  const row = (world: CompanyWorld, index: 0 | 1 | 2) => world.rows.get(plugin.name)![index];
  const cases: Record<string, RouteCase> = {
    [`GET ${base}`]: {
      access,
      own: () => call('GET', `${base}?range=${q([0, 0])}`),
      ownCheck: (response, { own }) => {
        const expected = listSizes.get(`${own.companyId}:${plugin.name}`);
        return totalOf(response) === expected ? undefined : `total ${totalOf(response)}, the company has ${expected}`;
      },
      other: ({ other }) => call('GET', `${base}?filter=${q({ id: [row(other, 0).id] })}`),
      ...hiddenUnless((response) => totalOf(response) !== 0),
    },
    [`GET ${base}/:id`]: {
      access,
      own: ({ own }) => call('GET', `${base}/${row(own, 0).id}`),
      other: ({ other }) => call('GET', `${base}/${row(other, 0).id}`),
    },
    [`GET ${base}/export`]: {
      access,
      own: ({ own }) => call('GET', `${base}/export?filter=${q({ id: [row(own, 0).id] })}`),
      ownCheck: (response) => (csvLines(response) === 2 ? undefined : `${csvLines(response)} lines`),
      other: ({ other }) => call('GET', `${base}/export?filter=${q({ id: [row(other, 0).id] })}`),
      ...hiddenUnless((response) => csvLines(response) !== 1),
    },
    [`GET ${base}/template`]: { access, own: () => call('GET', `${base}/template`), other: 'a blank import template; it names no record' },
    [`GET ${base}/userlog`]: {
      access,
      own: ({ own }) => call('GET', `${base}/userlog?filter=${q({ q: `matrix-${own.companyId}` })}`),
      ownCheck: (response) => (totalOf(response) === 1 ? undefined : `total ${totalOf(response)}`),
      other: ({ other }) => call('GET', `${base}/userlog?filter=${q({ q: `matrix-${other.companyId}` })}`),
      ...hiddenUnless((response) => totalOf(response) !== 0),
    },
    [`PUT ${base}/:id`]: {
      access,
      own: ({ own }) => call('PUT', `${base}/${row(own, 0).id}`, { ...row(own, 0).values, version: row(own, 0).version }),
      ownCheck: succeeded,
      other: ({ other }) => call('PUT', `${base}/${row(other, 0).id}`, { ...row(other, 0).values, version: row(other, 0).version }),
    },
  };
  if (plugin.actions.includes('userLog') && (plugin.actions.includes('edit') || plugin.actions.includes('delete'))) {
    // The company's own marker entry (buildWorld) names no earlier row: its restore is reached and answers that; another company's is not found.
    const restoreMarker =
      (world: CompanyWorld): Call =>
      async (token, from) =>
        call('POST', `${base}/userlog/${await markerAuditId(world, plugin)}/restore`, {})(token, from);
    cases[`POST ${base}/userlog/:auditId/restore`] = {
      access,
      own: ({ own }) => restoreMarker(own),
      ownCheck: (response) =>
        response.statusCode === 409 && /there is no earlier version of it to restore/.test(jsonOf(response)?.message ?? '')
          ? undefined
          : `answer ${response.statusCode} ${response.body.slice(0, 200)}`,
      other: ({ other }) => restoreMarker(other),
    };
  }
  if (plugin.cancel) {
    cases[`POST ${base}/cancel`] = {
      access,
      own: ({ own }) => call('POST', `${base}/cancel`, { ids: [row(own, 0).id] }),
      ownCheck: succeeded,
      other: ({ other }) => call('POST', `${base}/cancel`, { ids: [row(other, 0).id] }),
    };
  }
  if (plugin.resend) {
    cases[`POST ${base}/resend`] = {
      access,
      own: ({ own }) => call('POST', `${base}/resend`, { ids: [row(own, 0).id] }),
      ownCheck: succeeded,
      other: ({ other }) => call('POST', `${base}/resend`, { ids: [row(other, 0).id] }),
    };
  }
  Object.assign(cases, {
    [`DELETE ${base}/:id`]: {
      access,
      own: ({ own }) => call('DELETE', `${base}/${row(own, 1).id}`, { version: row(own, 1).version }),
      ownCheck: succeeded,
      other: ({ other }) => call('DELETE', `${base}/${row(other, 1).id}`, {}),
    },
    [`DELETE ${base}`]: {
      access,
      own: ({ own }) => call('DELETE', base, { ids: [row(own, 2).id] }),
      ownCheck: succeeded,
      other: ({ other }) => call('DELETE', base, { ids: [row(other, 2).id] }),
    },
    // The rows deleted above come back: row1 by the form, row2 by an import of its own export.
    [`POST ${base}`]: {
      access,
      own: ({ own }) => call('POST', base, row(own, 1).values),
      ownCheck: succeeded,
      other: "a new row always joins the caller's company: the body has no company (additionalProperties: false)",
    },
    [`POST ${base}/import`]: {
      access,
      own: ({ own }) => call('POST', `${base}/import`, { fileName: `${plugin.name}.csv`, content: own.importFiles.get(plugin.name)!, mode: 'append' }),
      ownCheck: succeeded,
      other: "imported rows always join the caller's company: the file has no company column",
    },
  } satisfies Record<string, RouteCase>);
  return cases;
}

/** The files of the built browser app (here a stand-in index.html): @fastify/static adds a route per file. */
function staticFileCases(): Record<string, RouteCase> {
  const files = readdirSync(distDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return Object.fromEntries(
    files.map((entry): [string, RouteCase] => {
      const url = `/ez4/${path.relative(distDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`;
      return [`GET ${url}`, { access: PUBLIC, own: () => call('GET', url), other: 'a file of the browser app' }];
    }),
  );
}

/** Every case, in the order each caller runs them (the rule lists' writes last). */
function allCases(): Map<string, RouteCase> {
  return new Map(Object.entries({ ...GENERAL_CASES, ...staticFileCases(), ...shipmentCases(), ...Object.assign({}, ...ruleListPlugins.map(ruleListCases)) }));
}

// ---------------------------------------------------------------------------------------------
// Helpers of the cases

function succeeded(response: LightMyRequestResponse): string | undefined {
  return jsonOf(response)?.status === StatusCode.SUCCESS ? undefined : `answer ${response.statusCode} ${response.body.slice(0, 200)}`;
}

function skippedOnly(response: LightMyRequestResponse): Outcome {
  const outcome = classify(response);
  if (outcome !== 'allowed') return outcome;
  const data = jsonOf(response)?.data;
  return data?.Done?.length === 0 && data?.Skipped?.length === 1 ? 'refused' : `acted on: ${response.body.slice(0, 200)}`;
}

const targetUser = (world: CompanyWorld) => `mxtarget${world.companyId}`.toLowerCase();
const auditMarker = (world: CompanyWorld) => `${world.companyId}|mxmarker`;
const userUrl = (world: CompanyWorld, userId: string, suffix = '') => `/classicapi/users/${encodeURIComponent(`${world.companyId}|${userId}`)}${suffix}`;
const newUser = (userId: string) => ({
  user_id: userId,
  user_name: 'Matrix New',
  email: `${userId}@matrix.example`,
  role_id: 'OPERATOR',
  password: 'Matrix#2024New',
});
const bulletinCompanies = (response: LightMyRequestResponse): (string | null)[] =>
  (jsonOf(response)?.data?.rows ?? []).map((row: { company_id: string | null }) => row.company_id);
const rescreenReasons = (response: LightMyRequestResponse): string[] => (jsonOf(response)?.data ?? []).map((run: { Reason: string }) => run.Reason);
const rangeIds = (response: LightMyRequestResponse): string[] => (jsonOf(response)?.data ?? []).map((range: { id: string }) => String(range.id));
const outboundIds = (response: LightMyRequestResponse): string[] => (jsonOf(response)?.data ?? []).map((message: { id: string }) => message.id);
const sourceVersionIds = (response: LightMyRequestResponse): string[] =>
  (jsonOf(response)?.data ?? []).map((source: { Current: { VersionId: string } | null }) => source.Current?.VersionId ?? '');
const versionIds = (response: LightMyRequestResponse): string[] => (jsonOf(response)?.data ?? []).map((version: { VersionId: string }) => version.VersionId);
const sanctionEntries = (response: LightMyRequestResponse): string[] => (jsonOf(response)?.data?.Hits ?? []).map((hit: { EntryId: string }) => hit.EntryId);
const csvLines = (response: LightMyRequestResponse) => response.body.trim().split('\n').length;

function sanctionSave(target: Target) {
  // A decision any shipment role may take (not a reviewer's), on a hit that does not exist: the call passes
  // its own checks up to the shipment's scope and the company's decision right, and then changes nothing.
  const decisions = [{ HitId: 'H00', Decision: 'ESCALATE', Remark: 'Matrix escalation of a hit.' }];
  return {
    ShipmentId: target.shipment.shipment_id,
    AWBPrefix: target.shipment.awb_prefix,
    AWBSuffix: target.shipment.awb_suffix,
    UpdateDT: target.updateDt,
    PendingUpdate: false,
    decisions,
  };
}

/** The user-log entry buildWorld writes per company and list (`matrix-{company}`). */
async function markerAuditId(world: CompanyWorld, plugin: RuleListPlugin): Promise<string> {
  const row = await t.db
    .selectFrom('audit_log')
    .select('audit_id')
    .where('company_id', '=', world.companyId)
    .where('entity', '=', plugin.name)
    .where('entity_key', '=', `matrix-${world.companyId}`)
    .executeTakeFirstOrThrow();
  return String(row.audit_id);
}

/** Per company and list: how many rows it has when its admin lists them (before the writes). */
const listSizes = new Map<string, number>();

// ---------------------------------------------------------------------------------------------
// The demo world made complete for the matrix

async function holdsFunction(): Promise<(role: string, access: Access) => boolean> {
  const rows = await t.db.selectFrom('role_functions').select(['role_id', 'function_id']).execute();
  const held = new Set(rows.map((row) => `${row.role_id}:${row.function_id}`));
  return (role, access) => {
    switch (access.kind) {
      case 'public':
      case 'signed-in':
        return true;
      case 'function':
        return held.has(`${role}:${access.functionId}`);
      case 'any rule list':
        return ruleListPlugins.some((plugin) => held.has(`${role}:${plugin.functionId}`));
    }
  };
}

async function buildWorld(companies: readonly string[]): Promise<void> {
  // Every company's rule lists hold the demo rows (the seed gives them to the demo airlines only).
  const present = new Set(
    (await t.db.selectFrom('rule_list_rows').select(['company_id', 'list_name']).distinct().execute()).map((row) => `${row.company_id}:${row.list_name}`),
  );
  const missing = companies.flatMap((companyId) =>
    ruleListPlugins
      .filter((plugin) => !present.has(`${companyId}:${plugin.name}`))
      .flatMap((plugin) =>
        checkedDemoRows(plugin, demoRowsOf(plugin)).map((checked) => ({
          company_id: companyId,
          list_name: plugin.name,
          row_values: JSON.stringify(checked.values),
          unique_key: checked.uniqueKey,
          created_by: 'matrix',
          updated_by: 'matrix',
          updated_at: new Date(),
        })),
      ),
  );
  if (missing.length > 0) await t.db.insertInto('rule_list_rows').values(missing).execute();
  const { rows: firstRows } = await sql<{ company_id: string; list_name: string; row_id: string; version: number; row_values: Record<string, unknown> }>`
    SELECT company_id, list_name, row_id, version, row_values FROM (
      SELECT *, row_number() OVER (PARTITION BY company_id, list_name ORDER BY row_id) AS n FROM rule_list_rows) AS numbered
    WHERE n <= 3 ORDER BY company_id, list_name, row_id`.execute(t.db);
  // A user-log entry per company and list that only the company's own log may show.
  await t.db
    .insertInto('audit_log')
    .values(
      companies.flatMap((companyId) =>
        ruleListPlugins.map((plugin) => ({
          company_id: companyId,
          user_id: 'matrix',
          entity: plugin.name,
          entity_key: `matrix-${companyId}`,
          action: 'Update',
        })),
      ),
    )
    .execute();

  for (const [index, companyId] of companies.entries()) {
    // Users to read, change and delete; markers only the company's own lists may show.
    await t.db
      .insertInto('users')
      .values(
        [`mxtarget${companyId}`, `mxdelete${companyId}`].map((id) => ({
          company_id: companyId,
          user_id: id.toLowerCase(),
          user_name: 'Matrix Target',
          email: `${id.toLowerCase()}@matrix.example`,
          password_hash: 'x',
          role_id: 'OPERATOR',
          password_changed_at: new Date(),
          updated_at: new Date(),
        })),
      )
      .execute();
    await t.db
      .insertInto('audit_log')
      .values({ company_id: companyId, user_id: 'matrix', entity: 'user', entity_key: `${companyId}|mxmarker`, action: 'matrix-marker' })
      .execute();
    await t.db
      .insertInto('bulletins')
      .values({
        company_id: companyId,
        severity: 'info',
        title: `Matrix ${companyId}`,
        body: 'matrix',
        published_at: new Date(Date.now() - 60_000),
        created_by: 'matrix',
      })
      .execute();
    await t.db
      .insertInto('rescreen_runs')
      .values({ company_id: companyId, list_name: 'sanctionlist', reason: `matrix ${companyId}`, requested_by: 'matrix' })
      .execute();
    // The test's own address stays inside the company's ranges.
    const ranges = await t.db
      .insertInto('company_ip_ranges')
      .values([
        { company_id: companyId, cidr: '127.0.0.0/8', created_by: 'matrix' },
        { company_id: companyId, cidr: `10.${index}.0.0/16`, created_by: 'matrix' },
      ])
      .returning('range_id')
      .execute();

    const client = await t.db
      .insertInto('onerecord_clients')
      .values({
        client_id: `orc_${String(index).padStart(24, '0')}`,
        company_id: companyId,
        name: 'matrix kept',
        organisation_iri: 'https://matrix.example/org',
        secret_hash: 'not-a-hash',
        created_by: 'matrix',
      })
      .returning('client_id')
      .executeTakeFirstOrThrow();

    const partnerObjectId = `matrix-piece-${index}`;
    const pieceBody = JSON.stringify({
      '@id': `${t.ctx.config.publicUrl}/onerecord/logistics-objects/${partnerObjectId}`,
      '@type': ['https://onerecord.iata.org/ns/cargo#Piece'],
    });
    await t.db
      .insertInto('onerecord_objects')
      .values({
        object_id: partnerObjectId,
        object_type: 'https://onerecord.iata.org/ns/cargo#Piece',
        company_id: companyId,
        organisation_iri: 'https://matrix.example/org',
        body: pieceBody,
      })
      .execute();
    await t.db.insertInto('onerecord_object_revisions').values({ object_id: partnerObjectId, revision: 1, body: pieceBody, valid_from: new Date() }).execute();
    const changeRequestId = randomUUID();
    await t.db
      .insertInto('onerecord_action_requests')
      .values({
        request_id: changeRequestId,
        request_type: 'ChangeRequest',
        object_id: partnerObjectId,
        company_id: companyId,
        requested_by: 'https://matrix.example/org',
        status: 'REQUEST_ACCEPTED',
        for_revision: 1,
        change: JSON.stringify({ revision: 1, notify: false, operations: [] }),
      })
      .execute();

    const rows = new Map<string, [RowFixture, RowFixture, RowFixture]>();
    const importFiles = new Map<string, string>();
    for (const plugin of ruleListPlugins) {
      const first = firstRows.filter((row) => row.company_id === companyId && row.list_name === plugin.name);
      if (first.length < 3) throw new Error(`${plugin.name} needs 3 demo rows`);
      rows.set(
        plugin.name,
        first.map((row) => ({ id: Number(row.row_id), version: row.version, values: row.row_values })) as [RowFixture, RowFixture, RowFixture],
      );
      importFiles.set(plugin.name, importFileOf(plugin, first[2].row_values));
    }
    worlds.set(companyId, {
      companyId,
      index,
      rows,
      importFiles,
      foreignFwb: '',
      outboundMessageId: '',
      sourceVersionId: '',
      keptRangeId: String(ranges[0].range_id),
      deletableRangeId: String(ranges[1].range_id),
      keptClientId: client.client_id,
      partnerObjectId,
      changeRequestId,
    });
  }
  // After the lists' first rows are known: this adds a sanction entry of every company.
  for (const [companyId, compliance] of await complianceFixtures(t, companies)) Object.assign(worlds.get(companyId)!, compliance);
  const counts = await t.db
    .selectFrom('rule_list_rows')
    .select(['company_id', 'list_name', t.db.fn.countAll<string>().as('n')])
    .groupBy(['company_id', 'list_name'])
    .execute();
  for (const count of counts) listSizes.set(`${count.company_id}:${count.list_name}`, Number(count.n));
}

/** An import file (base64 CSV, the import columns under their labels) holding one row. */
function importFileOf(plugin: RuleListPlugin, values: Record<string, unknown>): string {
  const fields = plugin.importColumns.map((source) => plugin.fields.find((field) => field.source === source)!);
  const text = stringify([
    fields.map((field) => field.label),
    fields.map((field) => (values[field.source] === null || values[field.source] === undefined ? '' : String(values[field.source]))),
  ]);
  return Buffer.from(text, 'utf8').toString('base64');
}

/** A shipment of the caller, decided already (Accept), with a document waiting for acceptance. */
async function targetOf(shipmentId: string, caller: Caller): Promise<Target> {
  await setShipment(t, shipmentId, { status: 'Accept' });
  return targetFor(await shipmentWhere(t, sqlShipment(shipmentId)), caller);
}

async function targetFor(shipment: ShipmentRow, caller: Caller): Promise<Target> {
  const document = await t.db
    .insertInto('shipment_documents')
    .values({
      shipment_id: shipment.shipment_id,
      doc_type: 'Pouch',
      pouch_kind: 'airline',
      file_name: 'matrix.pdf',
      company_id: 'DEMOAIR',
      user_id: 'operator',
      awaiting_acceptance: true,
      content: Buffer.from('%PDF-1.4 matrix'),
    })
    .returning('document_id')
    .executeTakeFirstOrThrow();
  const lookup = jsonOf(await call('GET', '/awbapi/util/getlookupcode/1')(caller.token));
  return { shipment, updateDt: shipment.update_dt.toISOString(), documentId: String(document.document_id), rejectCode: lookup?.data?.[0]?.Code ?? 'DOC01' };
}

async function currentUpdateDt(target: Target): Promise<string> {
  const row = await t.db.selectFrom('shipments').select('update_dt').where('shipment_id', '=', target.shipment.shipment_id).executeTakeFirstOrThrow();
  return row.update_dt.toISOString();
}

function sqlShipment(shipmentId: string) {
  return sql`s.shipment_id = ${shipmentId}`;
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'matrix-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>portal</title>');
  t = await buildTestApp(
    {
      DIST_DIR: distDir,
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
      CLASSIC_SITE_URL: 'https://classic.example/',
    },
    { onRoute: collector.onRoute },
  );
  const companies = await companiesOfData(t);
  callers = await createRoleCallers(t, companies, await rolesOfData(t));
  await buildWorld(companies);

  // Each caller gets a shipment of its own; its "other" shipment is one its company has no relation to
  // and that is no caller's own (so nothing in the run changes it).
  const taken = new Set<string>();
  const owned: string[] = [];
  for (const caller of callers) {
    const mine = (await ownShipments(t, caller.companyId, caller.userId)).find((id) => !taken.has(id));
    if (!mine) throw new Error(`no shipment left for ${caller.userId}`);
    taken.add(mine);
    owned.push(mine);
  }
  const companyTypes = new Map(
    (await t.db.selectFrom('companies').select(['company_id', 'company_type_id']).execute()).map((row) => [row.company_id, row.company_type_id]),
  );
  for (const [i, caller] of callers.entries()) {
    const unrelated = (await unrelatedShipments(t, caller.companyId, caller.userId)).find((id) => !taken.has(id));
    if (!unrelated) throw new Error(`no unrelated shipment for ${caller.companyId}`);
    const other = worlds.get(companies[(companies.indexOf(caller.companyId) + 1) % companies.length])!;
    fixtures.push({
      caller,
      companyTypeId: companyTypes.get(caller.companyId)!,
      own: worlds.get(caller.companyId)!,
      other,
      ownTarget: await targetOf(owned[i], caller),
      otherTarget: await targetFor(await shipmentWhere(t, sqlShipment(unrelated)), caller),
    });
  }
  anonymousFixture = fixtures[0];
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});

interface Cell {
  route: string;
  who: string;
  side: 'own' | 'other' | 'anonymous';
  expected: Outcome;
  actual: Outcome;
}

describe('the authorization matrix', () => {
  it('has a case for every route of the app, and a route for every case', () => {
    const inventory = collector.routes().map((route) => route.key);
    expect(inventory.length).toBeGreaterThan(200);
    expect([...allCases().keys()].sort()).toEqual([...inventory].sort());
  });

  it('answers every route x role x company x own/other company, and without a session, as generated', async () => {
    const cases = allCases();
    const holds = await holdsFunction();
    const cells: Cell[] = [];

    // Without a session: public routes answer, every other route asks for one (401).
    const anonymous = async () => {
      for (const [route, routeCase] of cases) {
        const actual = classify(await routeCase.own(anonymousFixture)(undefined));
        cells.push({ route, who: 'anonymous', side: 'anonymous', expected: routeCase.access.kind === 'public' ? 'allowed' : 'unauthenticated', actual });
      }
    };

    await Promise.all([
      anonymous(),
      ...fixtures.map(async (f) => {
        const who = `${f.caller.role}@${f.caller.companyId}`;
        for (const [route, routeCase] of cases) {
          const permitted = holds(f.caller.role, routeCase.access);
          const ownExpected: Outcome = !permitted
            ? 'function denied'
            : routeCase.decides && !companyMayDecide(f.companyTypeId)
              ? 'company type refused'
              : 'allowed';
          const ownAnswer = await routeCase.own(f)(f.caller.token);
          let ownActual = classify(ownAnswer);
          if (ownActual === 'allowed' && routeCase.ownCheck) ownActual = routeCase.ownCheck(ownAnswer, f) ?? 'allowed';
          cells.push({ route, who, side: 'own', expected: ownExpected, actual: ownActual });

          if (typeof routeCase.other === 'string') continue;
          const otherAnswer = await routeCase.other(f)(f.caller.token);
          const otherActual = routeCase.otherCheck ? routeCase.otherCheck(otherAnswer, f) : classify(otherAnswer);
          const otherExpected: Outcome = !permitted ? 'function denied' : (routeCase.otherExpected ?? 'refused');
          cells.push({ route, who, side: 'other', expected: otherExpected, actual: otherActual });
        }
      }),
    ]);

    const mismatches = cells
      .filter((cell) => cell.actual !== cell.expected)
      .map((cell) => `${cell.route} ${cell.who} ${cell.side}: ${cell.actual}, expected ${cell.expected}`);
    expect(mismatches).toEqual([]);
    // Every kind of answer occurs, so the matrix cannot pass by always allowing or always refusing.
    const kinds = new Set(cells.map((cell) => cell.actual));
    for (const kind of ['allowed', 'unauthenticated', 'function denied', 'refused', 'hidden', 'company type refused']) expect(kinds, kind).toContain(kind);
    // Every route of the inventory was called with every caller.
    expect(new Set(cells.map((cell) => cell.route)).size).toBe(cases.size);
    expect(cells.filter((cell) => cell.side === 'own')).toHaveLength(cases.size * fixtures.length);
    console.info(`authorization matrix: ${cases.size} routes, ${fixtures.length} callers, ${cells.length} cells`);
  }, 120_000);

  it('refuses every signed-in route from outside the company address ranges, but the ranges themselves to their admin', async () => {
    // Every company of the world is restricted to 127.0.0.0/8 (buildWorld); an admin calls from elsewhere.
    const outside = '203.0.113.9';
    const f = fixtures.find((fixture) => fixture.caller.role === 'ADMIN')!;
    // An admin whose address moved can still read and change the ranges (ipRestriction.test.ts); the
    // browser's error reports carry no company data and are kept from anywhere, so support sees them.
    const reachableOutside = (route: string) => /^(GET|POST|PUT|DELETE) \/classicapi\/ipranges/.test(route) || route === 'POST /logapi/clientlogging';
    const problems: string[] = [];
    let refused = 0;
    for (const [route, routeCase] of allCases()) {
      if (routeCase.access.kind === 'public') continue;
      const response = await routeCase.own(f)(f.caller.token, outside);
      const ipRefused = response.statusCode === 403 && (jsonOf(response)?.status === StatusCode.IP_RESTRICTION || classify(response) === 'ip restricted');
      if (ipRefused) refused += 1;
      if (ipRefused === reachableOutside(route)) problems.push(`${route}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(150);
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, buildTestApp, type TestApp } from './testApp';
import { classicCall, userPath } from './classicCall';
import { ruleListPlugins } from '../../plugins';
import { FunctionId } from '../../src/domain/access';
import { AccessMessages } from '../../src/domain/accessMessages';
import { canAccessFunction } from '../../src/domain/permissions';
import { RuleListMessages } from '../../src/domain/ruleListMessages';
import { ShipmentMessages } from '../../src/domain/shipmentMessages';
import { StatusCode } from '../../src/domain/statusCodes';
import { IngestMessages } from '../../src/domain/complianceMessages';
import { companiesOfData, complianceFixtures, createRoleCallers, matrixUserId, rolesOfData, unrelatedShipments, type Caller } from './proof/matrixWorld';

/**
 * The permission matrix, generated from the data: for every role x every company of the demo world
 * x every function id the functions table holds, one real endpoint of that function is called on
 * the caller's own company and on another company, and each answer is compared with what the
 * role_functions table says. The data is then changed and the matrix checked again, so nothing of
 * it can live in code.
 */

/** How an answer reads: allowed, or which refusal. */
type Outcome = 'allowed' | 'function denied' | 'other company' | 'not accessible' | 'not found' | 'own entries only' | string;

/** One real endpoint of a function: a call on the caller's own company, and one reaching into another company. */
interface FunctionEndpoint {
  name: string;
  own(caller: Caller): Promise<Outcome>;
  other(caller: Caller): Promise<Outcome>;
  /** What `other` answers to a caller who holds the function. */
  otherWhenHeld: Outcome;
}

let t: TestApp;
let roles: string[];
let companies: string[];
const callers: Caller[] = [];
/** Per company: a shipment it has no relation to (neither its own nor lent). */
const unrelatedShipment = new Map<string, string>();
/** Per plugin: one row id of each demo airline. */
const ruleRows = new Map<string, Map<string, string>>();

function outcomeOf(response: LightMyRequestResponse): Outcome {
  const body = response.json();
  if (response.statusCode === 200 && body.status === StatusCode.SUCCESS) return 'allowed';
  if (response.statusCode === 403 && body.status === StatusCode.USER_ACL_EXCEPTION) {
    if (body.message === AccessMessages.functionDenied) return 'function denied';
    if (body.message === AccessMessages.otherCompany) return 'other company';
    if (body.message === ShipmentMessages.awbNotAccessible) return 'not accessible';
  }
  if (response.statusCode === 403 && body.status === StatusCode.USER_ACL_EXCEPTION && SENDER_REFUSALS.has(body.message)) return 'other company';
  if (response.statusCode === 404 && body.status === StatusCode.FAILURE && body.message === RuleListMessages.recordNotFound) return 'not found';
  // A message the parser refused reached its handler: the function let it through.
  if (response.statusCode === 400 && body.status === StatusCode.VALIDATION_FAIL && /^The message was refused/.test(body.message)) return 'allowed';
  return `HTTP ${response.statusCode} ${response.body.slice(0, 160)}`;
}

/** A list answer is allowed only when it holds the caller company's rows and no others. */
async function scopedList(response: LightMyRequestResponse, ownTotal: number): Promise<Outcome> {
  const outcome = outcomeOf(response);
  if (outcome !== 'allowed') return outcome;
  const total = response.json().total;
  return total === ownTotal ? 'allowed' : `allowed, but total ${total} where the company has ${ownTotal}`;
}

async function countOf(query: Promise<{ n: string }>): Promise<number> {
  return Number((await query).n);
}

const shipmentEndpoint: FunctionEndpoint = {
  name: 'POST /awbapi/awbsummary, GET /awbapi/awbdetail/{id}',
  own: async ({ token }) =>
    outcomeOf(
      await t.app.inject({
        method: 'POST',
        url: '/awbapi/awbsummary',
        headers: bearer(token),
        payload: { fieldSearch: [], dbOptions: { CurrentPage: 1, PageSize: 10 } },
      }),
    ),
  other: async ({ token, companyId }) =>
    outcomeOf(await t.app.inject({ method: 'GET', url: `/awbapi/awbdetail/${unrelatedShipment.get(companyId)}`, headers: bearer(token) })),
  otherWhenHeld: 'not accessible',
};

const shipmentLogEndpoint: FunctionEndpoint = {
  name: 'GET /classicapi/shipmentlog',
  own: async ({ token, companyId }) =>
    scopedList(
      await classicCall(t.app, token, 'GET', '/shipmentlog'),
      await countOf(t.db.selectFrom('action_log').select(sql<string>`count(*)`.as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow()),
    ),
  // The log has no company in its calls: other companies' entries must simply never show.
  other: async ({ token, companyId }) => {
    const answer = await classicCall(t.app, token, 'GET', `/shipmentlog?filter=${encodeURIComponent(JSON.stringify({ q: 'matrix-other' }))}`);
    const outcome = outcomeOf(answer);
    if (outcome !== 'allowed') return outcome;
    const remarks = (answer.json().data as { Remarks?: string }[]).map((row) => row.Remarks);
    return remarks.length === 1 && remarks[0] === `matrix-other ${companyId}` ? 'own entries only' : `entries ${JSON.stringify(remarks)}`;
  },
  otherWhenHeld: 'own entries only',
};

const userManagementEndpoint: FunctionEndpoint = {
  name: 'GET /classicapi/users, GET /classicapi/users/{companyId|userId}',
  own: async ({ token, companyId }) =>
    scopedList(
      await classicCall(t.app, token, 'GET', '/users'),
      await countOf(t.db.selectFrom('users').select(sql<string>`count(*)`.as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow()),
    ),
  other: async ({ token, companyId, role }) => {
    const other = callers.find((caller) => caller.companyId !== companyId && caller.role === role)!;
    return outcomeOf(await classicCall(t.app, token, 'GET', userPath(other.companyId, other.userId)));
  },
  otherWhenHeld: 'other company',
};

function ruleListEndpoint(name: string): FunctionEndpoint {
  return {
    name: `GET /classicapi/${name}, GET /classicapi/${name}/{id}`,
    own: async ({ token, companyId }) =>
      scopedList(
        await classicCall(t.app, token, 'GET', `/${name}`),
        await countOf(
          t.db
            .selectFrom('rule_list_rows')
            .select(sql<string>`count(*)`.as('n'))
            .where('company_id', '=', companyId)
            .where('list_name', '=', name)
            .executeTakeFirstOrThrow(),
        ),
      ),
    other: async ({ token, companyId }) => {
      const rows = ruleRows.get(name)!;
      const otherRow = companyId === 'DEMOAIR' ? rows.get('SKYAIR') : rows.get('DEMOAIR');
      return outcomeOf(await classicCall(t.app, token, 'GET', `/${name}/${otherRow}`));
    },
    otherWhenHeld: 'not found',
  };
}

/** The message API refuses a sender for another company's AWB with one of these. */
const SENDER_REFUSALS = new Set<string>([IngestMessages.notYourPrefix, IngestMessages.anotherAgent, IngestMessages.senderType]);
/** Per company: the FWB of a shipment it may not send messages for. */
const foreignFwb = new Map<string, string>();
/** Per company: one of its outbound messages. */
const outboundOf = new Map<string, string>();

const shipmentMessagesEndpoint: FunctionEndpoint = {
  name: 'POST /awbapi/messages',
  own: async ({ token }) =>
    outcomeOf(
      await t.app.inject({ method: 'POST', url: '/awbapi/messages', headers: { ...bearer(token), 'content-type': 'text/plain' }, payload: 'FWB/16\n' }),
    ),
  other: async ({ token, companyId }) =>
    outcomeOf(
      await t.app.inject({
        method: 'POST',
        url: '/awbapi/messages',
        headers: { ...bearer(token), 'content-type': 'text/plain' },
        payload: foreignFwb.get(companyId),
      }),
    ),
  otherWhenHeld: 'other company',
};

const sanctionCheckEndpoint: FunctionEndpoint = {
  name: 'GET /awbapi/sanction/search',
  own: async ({ token, companyId }) => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/awbapi/sanction/search?name=${encodeURIComponent(`MATRIX CHECK ${companyId}`)}`,
      headers: bearer(token),
    });
    const outcome = outcomeOf(answer);
    if (outcome !== 'allowed') return outcome;
    return answer.json().data.Hits.some((hit: { EntryId: string }) => hit.EntryId === `MX-${companyId}`) ? 'allowed' : 'own entry not found';
  },
  // The check reads the caller's own list: another company's entry must never answer.
  other: async ({ token, companyId }) => {
    const other = companies.find((candidate) => candidate !== companyId)!;
    const answer = await t.app.inject({
      method: 'GET',
      url: `/awbapi/sanction/search?name=${encodeURIComponent(`MATRIX CHECK ${other}`)}`,
      headers: bearer(token),
    });
    const outcome = outcomeOf(answer);
    if (outcome !== 'allowed') return outcome;
    const entries = answer.json().data.Hits.map((hit: { EntryId: string }) => hit.EntryId);
    return entries.includes(`MX-${other}`) ? `entries ${JSON.stringify(entries)}` : 'own entries only';
  },
  otherWhenHeld: 'own entries only',
};

const outboundEndpoint: FunctionEndpoint = {
  name: 'GET /classicapi/outboundmessages, GET /classicapi/outboundmessages/{id}',
  own: async ({ token, companyId }) =>
    scopedList(
      await classicCall(t.app, token, 'GET', '/outboundmessages'),
      await countOf(t.db.selectFrom('outbound_messages').select(sql<string>`count(*)`.as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow()),
    ),
  other: async ({ token, companyId }) => {
    const other = companies.find((candidate) => candidate !== companyId)!;
    return outcomeOf(await classicCall(t.app, token, 'GET', `/outboundmessages/${outboundOf.get(other)}`));
  },
  otherWhenHeld: 'not found',
};

const sanctionSourcesEndpoint: FunctionEndpoint = {
  name: 'GET /classicapi/sanctionsources, GET /classicapi/sanctionsources/versions/{id}/added',
  own: async ({ token }) => scopedList(await classicCall(t.app, token, 'GET', '/sanctionsources'), 4),
  other: async ({ token, companyId }) => {
    const version = await t.db
      .selectFrom('sanction_source_versions')
      .select('version_id')
      .where('company_id', '<>', companyId)
      .orderBy('version_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    return outcomeOf(await classicCall(t.app, token, 'GET', `/sanctionsources/versions/${version.version_id}/added`));
  },
  otherWhenHeld: 'not found',
};

/** The endpoint of each function id; a function of the data with none here fails the test. */
const endpoints = new Map<number, FunctionEndpoint>([
  [FunctionId.SHIPMENT, shipmentEndpoint],
  [FunctionId.USER_LOG, shipmentLogEndpoint],
  [FunctionId.USER_MANAGEMENT, userManagementEndpoint],
  [FunctionId.SHIPMENT_MESSAGES, shipmentMessagesEndpoint],
  [FunctionId.SANCTION_REVIEW, sanctionCheckEndpoint],
  [FunctionId.OUTBOUND_MESSAGES, outboundEndpoint],
  [FunctionId.SANCTION_SOURCES, sanctionSourcesEndpoint],
  ...ruleListPlugins.map((plugin): [number, FunctionEndpoint] => [plugin.functionId, ruleListEndpoint(plugin.name)]),
]);

async function functionIdsOfData(): Promise<number[]> {
  return (await t.db.selectFrom('functions').select('function_id').orderBy('function_id').execute()).map((row) => row.function_id);
}

beforeAll(async () => {
  t = await buildTestApp();
  roles = await rolesOfData(t);
  companies = await companiesOfData(t);
  callers.push(...(await createRoleCallers(t, companies, roles)));
  for (const companyId of companies) {
    // One log entry per company that only that company may see.
    await t.db
      .insertInto('action_log')
      .values({ company_id: companyId, user_id: matrixUserId('ADMIN', companyId), act_type: 'Search', remarks: `matrix-other ${companyId}` })
      .execute();
    const [unrelated] = await unrelatedShipments(t, companyId, callers.find((caller) => caller.companyId === companyId)!.userId);
    if (!unrelated) throw new Error(`the demo world has no shipment unrelated to ${companyId}`);
    unrelatedShipment.set(companyId, unrelated);
  }
  // What the compliance functions need of every company: a foreign FWB, a sanction entry, an outbound message.
  for (const [companyId, fixture] of await complianceFixtures(t, companies)) {
    foreignFwb.set(companyId, fixture.foreignFwb);
    outboundOf.set(companyId, fixture.outboundMessageId);
  }
  for (const plugin of ruleListPlugins) {
    const rows = new Map<string, string>();
    for (const companyId of ['DEMOAIR', 'SKYAIR']) {
      const row = await t.db
        .selectFrom('rule_list_rows')
        .select('row_id')
        .where('company_id', '=', companyId)
        .where('list_name', '=', plugin.name)
        .limit(1)
        .executeTakeFirst();
      if (!row) throw new Error(`the demo world has no ${plugin.name} row for ${companyId}`);
      rows.set(companyId, String(row.row_id));
    }
    ruleRows.set(plugin.name, rows);
  }
});
afterAll(() => t.close());

async function granted(): Promise<Set<string>> {
  const rows = await t.db.selectFrom('role_functions').select(['role_id', 'function_id']).execute();
  return new Set(rows.map((row) => `${row.role_id}:${row.function_id}`));
}

/** Every cell of the matrix whose answer differs from the data; an empty list is a pass. */
async function matrixMismatches(): Promise<string[]> {
  const held = await granted();
  const functionIds = await functionIdsOfData();
  const mismatches: string[] = [];
  for (const caller of callers) {
    const where = `${caller.role}@${caller.companyId}`;
    const permission = (await t.app.inject({ method: 'GET', url: '/userapi/permission', headers: bearer(caller.token) })).json();
    for (const functionId of functionIds) {
      const holds = held.has(`${caller.role}:${functionId}`);
      if (permission.functions.includes(functionId) !== holds) mismatches.push(`${where} ${functionId}: permission answer`);
      if (canAccessFunction(permission, functionId) !== holds) mismatches.push(`${where} ${functionId}: browser page rule`);
      const single = (await t.app.inject({ method: 'GET', url: `/userapi/permission/function/${functionId}`, headers: bearer(caller.token) })).json();
      if (single.status !== (holds ? StatusCode.SUCCESS : StatusCode.USER_ACL_EXCEPTION)) mismatches.push(`${where} ${functionId}: permission/function`);

      const endpoint = endpoints.get(functionId);
      if (!endpoint) continue; // reported by its own test
      const own = await endpoint.own(caller);
      const expectedOwn = holds ? 'allowed' : 'function denied';
      if (own !== expectedOwn) mismatches.push(`${where} ${functionId} own company (${endpoint.name}): ${own}, expected ${expectedOwn}`);
      const other = await endpoint.other(caller);
      const expectedOther = holds ? endpoint.otherWhenHeld : 'function denied';
      if (other !== expectedOther) mismatches.push(`${where} ${functionId} other company (${endpoint.name}): ${other}, expected ${expectedOther}`);
    }
  }
  return mismatches;
}

describe('the permission matrix', () => {
  it('covers every role, every company of the demo world and every function of the data', async () => {
    expect(roles).toEqual(['ADMIN', 'OPERATOR']);
    expect(companies).toHaveLength(6);
    expect(callers).toHaveLength(12);
    expect(await functionIdsOfData()).toEqual(expect.arrayContaining([FunctionId.SHIPMENT, FunctionId.USER_LOG, FunctionId.USER_MANAGEMENT, 101, 117]));
  });

  it('has a real endpoint for every function id of the data', async () => {
    const unmapped = (await functionIdsOfData()).filter((functionId) => !endpoints.has(functionId));
    expect(unmapped).toEqual([]);
  });

  it('answers each role x company x function x own/other company as the seeded data says', async () => {
    const held = await granted();
    // Both answers occur, so neither can pass by always allowing or always refusing.
    expect(held.has(`OPERATOR:${FunctionId.USER_MANAGEMENT}`)).toBe(false);
    expect(held.has(`ADMIN:${FunctionId.USER_MANAGEMENT}`)).toBe(true);
    expect(await matrixMismatches()).toEqual([]);
  }, 180_000);

  it('follows the data when role functions change, with no restart', async () => {
    await t.db.insertInto('role_functions').values({ role_id: 'OPERATOR', function_id: FunctionId.USER_MANAGEMENT }).execute();
    await t.db.insertInto('role_functions').values({ role_id: 'OPERATOR', function_id: 101 }).execute();
    await t.db
      .deleteFrom('role_functions')
      .where('role_id', '=', 'ADMIN')
      .where('function_id', 'in', [FunctionId.SHIPMENT, FunctionId.USER_LOG, 117])
      .execute();
    await t.ctx.changes.sync();
    expect(await matrixMismatches()).toEqual([]);
    const operator = callers.find((caller) => caller.role === 'OPERATOR' && caller.companyId === 'DEMOAIR')!;
    expect(await endpoints.get(101)!.own(operator)).toBe('allowed');
    const admin = callers.find((caller) => caller.role === 'ADMIN' && caller.companyId === 'DEMOAIR')!;
    expect(await endpoints.get(117)!.own(admin)).toBe('function denied');
    expect(await endpoints.get(FunctionId.SHIPMENT)!.own(admin)).toBe('function denied');
  }, 180_000);
});

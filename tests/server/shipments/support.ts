import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { bearer, buildTestApp, signIn, type TestApp } from '../testApp';

/** Shared set-up of the shipment tests: the real app on a seeded schema, and signed-in demo users. */

export const USERS = {
  airlineOperator: ['DEMOAIR', 'operator', 'Operator#12345'],
  airlineAdmin: ['DEMOAIR', 'admin', 'Admin#12345'],
  skyAdmin: ['SKYAIR', 'admin', 'Admin#12345'],
  forwarder: ['DEMOFWD', 'operator', 'Operator#12345'],
  groundHandler: ['DEMOGHA', 'operator', 'Operator#12345'],
} as const;

export type UserKey = keyof typeof USERS;

export interface ShipmentTestApp extends TestApp {
  tokens: Record<UserKey, string>;
  get(user: UserKey, url: string): Promise<LightMyRequestResponse>;
  post(user: UserKey, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

export async function buildShipmentTestApp(env: Record<string, string> = {}, shipments = 200): Promise<ShipmentTestApp> {
  const t = await buildTestApp(env, { shipments });
  const tokens = {} as Record<UserKey, string>;
  for (const [key, [company, user, password]] of Object.entries(USERS)) tokens[key as UserKey] = (await signIn(t.app, company, user, password)).access_token;
  return {
    ...t,
    tokens,
    get: (user, url) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[user]) }),
    post: (user, url, payload) =>
      t.app.inject({ method: 'POST', url, headers: bearer(tokens[user]), ...(payload === undefined ? {} : { payload: payload as object }) }),
  };
}

export interface ShipmentRow {
  shipment_id: string;
  awb_prefix: string;
  awb_suffix: string;
  status: string;
  update_dt: Date;
  origin: string;
  destination: string;
  agent_company_id: string | null;
}

/** A shipment matching the SQL condition (on alias s), e.g. sql`s.awb_prefix = '160' AND s.status = 'New'`. */
export async function shipmentWhere(t: TestApp, condition: ReturnType<typeof sql>, offset = 0): Promise<ShipmentRow> {
  const { rows } = await sql<ShipmentRow>`
    SELECT s.shipment_id, s.awb_prefix, s.awb_suffix, s.status, s.update_dt, s.origin, s.destination, s.agent_company_id
    FROM shipments s WHERE ${condition} ORDER BY s.shipment_id OFFSET ${offset} LIMIT 1`.execute(t.db);
  if (!rows[0]) throw new Error('no shipment matches the condition');
  return { ...rows[0], shipment_id: String(rows[0].shipment_id) };
}

/** Puts a shipment into the state a test needs (status, block, eyeball), as an FWB or a rule would. */
export async function setShipment(t: TestApp, shipmentId: string, values: Record<string, unknown>): Promise<string> {
  const row = await t.db.updateTable('shipments').set(values).where('shipment_id', '=', shipmentId).returning('update_dt').executeTakeFirstOrThrow();
  return row.update_dt.toISOString();
}

/** User-log lines matching `condition`, once the app's batched lines (displays, downloads, searches) are written. */
export async function countLog(t: TestApp, condition: Record<string, string>): Promise<number> {
  await t.ctx.logs.flush();
  let query = t.db.selectFrom('action_log').select(sql<string>`count(*)`.as('n'));
  for (const [column, value] of Object.entries(condition)) query = query.where(column as 'act_type', '=', value);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

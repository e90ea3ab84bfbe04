import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import pino from 'pino';
import { buildApp, logSerializers } from '../../src/server/app';
import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueEventTicket } from '../../src/server/live/eventTickets';
import type { LiveEvent } from '../../src/domain/liveEvents';
import { latestEventId, pruneLiveEvents } from '../../src/server/live/liveEventLog';
import { LiveStreams } from '../../src/server/live/liveStreams';
import { verifyAccessToken } from '../../src/server/auth/accessTokens';
import { buildAnotherInstance, msUntil, signIn, type TestApp } from './testApp';
import { awbOf, demoFwb, postMessage } from './compliance/messages';
import { buildShipmentTestApp, setShipment, shipmentWhere, type ShipmentTestApp, type UserKey } from './shipments/support';

/**
 * The live event stream (issue 19): two app instances on one database, each with its own change
 * feed; a change made through one reaches a stream opened on the other, scoped as the API scopes
 * it, replayed after a reconnect (Last-Event-ID) from the event log, and ended when its user may no
 * longer see anything. Every wait is for an event, a comment or the stream's end: nothing sleeps.
 */

const ENV = { LIVE_HEARTBEAT_MS: '40', LIVE_STREAMS_PER_USER: '2' };

let a: ShipmentTestApp;
let b: TestApp;
let baseA: string;
let baseB: string;
const clients: SseClient[] = [];

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  a = await buildShipmentTestApp(ENV);
  b = await buildAnotherInstance(a, ENV);
  baseA = await listen(a);
  baseB = await listen(b);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await b.close();
  await a.close();
});

interface SseMessage {
  event?: string;
  id?: string;
  data?: string;
  comment?: string;
}

interface SseClient {
  status: number;
  body: string;
  messages: SseMessage[];
  ended: Promise<void>;
  isEnded(): boolean;
  waitFor(test: (message: SseMessage) => boolean, what: string): Promise<SseMessage>;
  close(): void;
}

/** Opens `url` on `base` and parses what arrives as server-sent events (resolves once the headers are in). */
function openStream(base: string, url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${url}`, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const messages: SseMessage[] = [];
      const waiters: { test(message: SseMessage): boolean; resolve(message: SseMessage): void }[] = [];
      let partial = '';
      let ended = false;
      let endedResolve: () => void = () => undefined;
      const client: SseClient = {
        status: response.statusCode ?? 0,
        body: '',
        messages,
        ended: new Promise<void>((done) => {
          endedResolve = done;
        }),
        isEnded: () => ended,
        waitFor(test, what) {
          const found = messages.find(test);
          if (found) return Promise.resolve(found);
          return new Promise((resolveWait, rejectWait) => {
            const timer = setTimeout(() => rejectWait(new Error(`no ${what} in ${JSON.stringify(messages).slice(-1500)}`)), 8000);
            waiters.push({
              test,
              resolve: (message) => {
                clearTimeout(timer);
                resolveWait(message);
              },
            });
          });
        },
        close: () => request.destroy(),
      };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        client.body += chunk;
        partial += chunk;
        const blocks = partial.split('\n\n');
        partial = blocks.pop() ?? '';
        for (const block of blocks) {
          for (const message of parseBlock(block)) {
            messages.push(message);
            for (const waiter of waiters.splice(0)) {
              if (waiter.test(message)) waiter.resolve(message);
              else waiters.push(waiter);
            }
          }
        }
      });
      const finish = () => {
        ended = true;
        endedResolve();
      };
      response.on('end', finish);
      response.on('close', finish);
      clients.push(client);
      resolve(client);
    });
    request.on('error', reject);
  });
}

function parseBlock(block: string): SseMessage[] {
  const message: SseMessage = {};
  const comments: SseMessage[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) comments.push({ comment: line.slice(1).trim() });
    else if (line.startsWith('event: ')) message.event = line.slice(7);
    else if (line.startsWith('id: ')) message.id = line.slice(4);
    else if (line.startsWith('data: ')) message.data = line.slice(6);
  }
  return Object.keys(message).length > 0 ? [...comments, message] : comments;
}

/** What the stream sends: the server's own wire type. */
type WireEvent = LiveEvent;

const eventOf = (message: SseMessage): WireEvent | undefined =>
  message.data && message.event === undefined ? (JSON.parse(message.data) as WireEvent) : undefined;
const about = (shipmentId: string, kind?: string) => (message: SseMessage) => {
  const event = eventOf(message);
  return event?.shipmentId === shipmentId && (kind === undefined || event.kind === kind);
};
const eventsOf = (client: SseClient) => client.messages.map(eventOf).filter((event): event is WireEvent => event !== undefined);

/** The stream's address with a fresh ticket of `user`, asked of instance A with the bearer token. */
async function streamUrl(user: UserKey): Promise<string> {
  const response = await a.post(user, '/awbapi/eventticket');
  expect(response.statusCode, response.body).toBe(200);
  const { Url, ExpiresInSeconds } = response.json().data as { Url: string; ExpiresInSeconds: number };
  expect(ExpiresInSeconds).toBe(60);
  return Url;
}

async function openFor(user: UserKey, base = baseB, headers: Record<string, string> = {}): Promise<SseClient> {
  const client = await openStream(base, await streamUrl(user), headers);
  expect(client.status, client.body).toBe(200);
  await client.waitFor((message) => message.event === 'ready', 'ready event');
  return client;
}

let pick = 0;
async function openShipment(prefix: string, extra = sql`true`) {
  const row = await shipmentWhere(
    a,
    sql`s.awb_prefix = ${prefix} AND s.shipment_id NOT IN (SELECT shipment_id FROM shipment_lendings) AND NOT EXISTS (SELECT 1 FROM shipment_handling h WHERE h.shipment_id = s.shipment_id) AND ${extra}`,
    pick++,
  );
  const updateDt = await setShipment(a, row.shipment_id, {
    status: 'New',
    acceptance_block: null,
    acceptance_block_reason: null,
    acceptance_block_companies: [],
    eyeball_check: null,
  });
  return { ...row, updateDt };
}

const approve = (user: UserKey, id: string, updateDt: string) =>
  a.post(user, '/awbapi/awbapprove', { ShipmentId: id, ApproveType: 'NORMAL', ApproveReason: '', UpdateDT: updateDt, PendingUpdate: false });
const nameOf = async (companyId: string, userId: string) =>
  (await a.db.selectFrom('users').select('user_name').where('company_id', '=', companyId).where('user_id', '=', userId).executeTakeFirstOrThrow()).user_name;

describe('the live event stream across instances', () => {
  it('a decision on instance A reaches a stream on instance B, with who and the new status; another company hears nothing of it', async () => {
    const demoAir = await openFor('airlineAdmin');
    const skyAir = await openFor('skyAdmin');
    const shipment = await openShipment('160');
    const answer = await approve('airlineAdmin', shipment.shipment_id, shipment.updateDt);
    expect(answer.json().status, answer.body).toBe(1);
    const message = await demoAir.waitFor(about(shipment.shipment_id, 'decision'), 'decision event');
    expect(eventOf(message)).toMatchObject({
      kind: 'decision',
      shipmentId: shipment.shipment_id,
      awb: `160-${shipment.awb_suffix}`,
      status: 'Accept',
      by: await nameOf('DEMOAIR', 'admin'),
      detail: { from: 'New', to: 'Accept', action: 'ACCEPT' },
    });
    expect(message.id).toBe(eventOf(message)!.id);
    // SKYAIR's own change, committed after the decision, arrives after it would have: nothing of DEMOAIR's came.
    const sky = await openShipment('618');
    await skyAir.waitFor(about(sky.shipment_id), 'an event of its own shipment');
    expect(eventsOf(skyAir).filter((event) => event.shipmentId === shipment.shipment_id)).toEqual([]);
    expect(eventsOf(skyAir).every((event) => event.awb?.startsWith('618-'))).toBe(true);
    demoAir.close();
    skyAir.close();
  });

  it('a borrower hears of a lent shipment once it is lent, as the summary shows it (no name)', async () => {
    const forwarder = await openFor('forwarder');
    const shipment = await openShipment('618', sql`s.agent_company_id IS DISTINCT FROM 'DEMOFWD'`);
    const before = await openShipment('618', sql`s.agent_company_id IS DISTINCT FROM 'DEMOFWD'`);
    const updateDt = async (id: string) =>
      (await a.db.selectFrom('shipments').select('update_dt').where('shipment_id', '=', id).executeTakeFirstOrThrow()).update_dt.toISOString();
    // Not lent: its decision is not the forwarder's business.
    expect((await approve('skyAdmin', before.shipment_id, before.updateDt)).json().status).toBe(1);
    const lent = await a.post('skyAdmin', '/awbapi/awblend', {
      ShipmentId: shipment.shipment_id,
      CompanyId: 'DEMOFWD',
      UpdateDT: await updateDt(shipment.shipment_id),
    });
    expect(lent.json().status, lent.body).toBe(1);
    expect(await a.db.selectFrom('shipment_lendings').select('company_id').where('shipment_id', '=', shipment.shipment_id).execute()).toEqual([
      { company_id: 'DEMOFWD' },
    ]);
    expect((await approve('skyAdmin', shipment.shipment_id, await updateDt(shipment.shipment_id))).json().status).toBe(1);
    const message = await forwarder.waitFor(about(shipment.shipment_id, 'decision'), 'the lent shipment’s decision');
    expect(eventOf(message)).toMatchObject({ status: 'Accept', by: null });
    expect(eventsOf(forwarder).filter((event) => event.shipmentId === before.shipment_id)).toEqual([]);
    // The lending's own change of the row is of the detail: not sent to the borrower.
    expect(
      eventsOf(forwarder)
        .filter((event) => event.shipmentId === shipment.shipment_id)
        .map((event) => event.kind),
    ).toEqual(['decision']);
    forwarder.close();
  });

  it('replays a new shipment’s event to a borrower it was lent to since, as the summary shows it (no name)', async () => {
    const first = await openFor('forwarder');
    const ready = first.messages.find((message) => message.event === 'ready')!;
    first.close();
    await first.ended;
    const created = await postMessage(
      a.app,
      a.tokens.skyAdmin,
      demoFwb(9_190_002, () => {}, '618'),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { ShipmentId, UpdateDT } = created.json().data as { ShipmentId: string; UpdateDT: string };
    const lent = await a.post('skyAdmin', '/awbapi/awblend', { ShipmentId, CompanyId: 'DEMOFWD', UpdateDT });
    expect(lent.json().status, lent.body).toBe(1);
    const again = await openStream(baseB, await streamUrl('forwarder'), { 'last-event-id': ready.id! });
    await again.waitFor((message) => message.event === 'ready', 'ready after the replay');
    expect(eventsOf(again).filter((event) => event.shipmentId === ShipmentId)).toEqual([
      expect.objectContaining({ kind: 'created', awb: awbOf(9_190_002, '618'), by: null }),
    ]);
    again.close();
  });

  it('replays exactly the missed events after Last-Event-ID, on either instance, and says reset when they are older than the window', async () => {
    const first = await openFor('airlineAdmin');
    const ready = first.messages.find((message) => message.event === 'ready')!;
    first.close();
    await first.ended;
    const one = await openShipment('160');
    const other = await openShipment('618');
    const two = await openShipment('160');
    await setShipment(a, one.shipment_id, { status: 'Error' });
    await setShipment(a, other.shipment_id, { status: 'Error' });
    await setShipment(a, two.shipment_id, { status: 'Eyeball' });
    // Back on the other instance, with the header; and with the query parameter of polyfills.
    for (const [base, extra, headers] of [
      [baseA, '', { 'last-event-id': ready.id! }],
      [baseB, `&lastEventId=${ready.id}`, {}],
    ] as const) {
      const again = await openStream(base, `${await streamUrl('airlineAdmin')}${extra}`, headers);
      await again.waitFor((message) => message.event === 'ready', 'ready after the replay');
      const replayed = eventsOf(again).filter((event) => BigInt(event.id) > BigInt(ready.id!));
      // Exactly the log's events about DEMOAIR's shipments since then, in order; nothing of SKYAIR's.
      const expected = await a.db
        .selectFrom('live_events')
        .select('event_id')
        .where('event_id', '>', ready.id!)
        .where('awb_prefix', '=', '160')
        .orderBy('event_id')
        .execute();
      expect(replayed.map((event) => event.id)).toEqual(expected.map((row) => String(row.event_id)));
      expect(
        replayed
          .filter((event) => event.kind === 'status')
          .map((event) => [event.shipmentId, event.detail.to])
          .slice(-2),
      ).toEqual([
        [one.shipment_id, 'Error'],
        [two.shipment_id, 'Eyeball'],
      ]);
      expect(replayed.some((event) => event.shipmentId === other.shipment_id)).toBe(false);
      again.close();
    }
    await pruneLiveEvents(a.db, 15, 0);
    const late = await openStream(baseB, await streamUrl('airlineAdmin'), { 'last-event-id': ready.id! });
    const reset = await late.waitFor((message) => message.event === 'reset', 'reset event');
    expect(BigInt(reset.id!)).toBeGreaterThan(BigInt(ready.id!));
    late.close();
  });
});

describe('what the events say', () => {
  it('tells of a new shipment (its first FWB) with its status and who sent it, to its company and not another', async () => {
    const admin = await openFor('airlineAdmin');
    const sky = await openFor('skyAdmin');
    const awb = awbOf(9_190_001);
    const response = await postMessage(a.app, a.tokens.airlineAdmin, demoFwb(9_190_001));
    expect(response.statusCode, response.body).toBe(201);
    const { ShipmentId, Outcome } = response.json().data as { ShipmentId: string; Outcome: string };
    expect(Outcome).toBe('created');
    const { status } = await a.db.selectFrom('shipments').select('status').where('shipment_id', '=', ShipmentId).executeTakeFirstOrThrow();
    const created = await admin.waitFor(about(ShipmentId, 'created'), 'the new shipment’s event');
    expect(eventOf(created)).toMatchObject({
      kind: 'created',
      shipmentId: ShipmentId,
      awb,
      status,
      by: await nameOf('DEMOAIR', 'admin'),
      detail: { to: status, action: 'FWB' },
    });
    // Once: the same transaction wrote no other event about it (a later change of its own company's has come after).
    const later = await openShipment('160');
    await admin.waitFor(about(later.shipment_id), 'a later event');
    expect(eventsOf(admin).filter((event) => event.shipmentId === ShipmentId)).toHaveLength(1);
    const marker = await openShipment('618');
    await sky.waitFor(about(marker.shipment_id), 'its own event');
    expect(eventsOf(sky).some((event) => event.shipmentId === ShipmentId || event.awb === awb)).toBe(false);
    admin.close();
    sky.close();
  });

  it('tells who took the handling lock and that it was released, to the company only', async () => {
    const admin = await openFor('airlineAdmin');
    const sky = await openFor('skyAdmin');
    const shipment = await openShipment('160');
    expect((await a.get('airlineOperator', `/awbapi/awbdetail/${shipment.shipment_id}`)).statusCode).toBe(200);
    const taken = await admin.waitFor(about(shipment.shipment_id, 'lock'), 'lock taken');
    expect(eventOf(taken)).toMatchObject({ by: await nameOf('DEMOAIR', 'operator'), detail: { held: true } });
    expect((await a.post('airlineOperator', `/awbapi/deletehandling/${shipment.shipment_id}`)).json().data.Released).toBe(true);
    const released = await admin.waitFor((message) => about(shipment.shipment_id, 'lock')(message) && eventOf(message)!.detail.held === false, 'lock released');
    expect(eventOf(released)!.by).toBe(await nameOf('DEMOAIR', 'operator'));
    const marker = await openShipment('618');
    await sky.waitFor(about(marker.shipment_id), 'its own event');
    expect(eventsOf(sky).some((event) => event.shipmentId === shipment.shipment_id)).toBe(false);
    admin.close();
    sky.close();
  });

  it('tells of FWB data, sanction hits raised and resolved, an outbound message and a re-screening run, whoever wrote them', async () => {
    const admin = await openFor('airlineAdmin');
    const sky = await openFor('skyAdmin');
    const shipment = await openShipment('160');
    const id = shipment.shipment_id;
    await setShipment(a, id, { waybill: JSON.stringify({ live: 'test' }) });
    expect(eventOf(await admin.waitFor(about(id, 'data'), 'data event'))!.detail).toEqual({ fwb: true, fhl: false });
    await setShipment(a, id, { sanction_hits: JSON.stringify([{ hitId: 'H1', state: 'OPEN' }]) });
    expect(eventOf(await admin.waitFor(about(id, 'sanction'), 'sanction raised'))!.detail).toEqual({ open: 1, change: 'raised' });
    // Escalating the hit is no resolution: it still blocks acceptance, so no sanction event (a plain change instead).
    await setShipment(a, id, { sanction_hits: JSON.stringify([{ hitId: 'H1', state: 'ESCALATED' }]) });
    const raisedId = BigInt(eventsOf(admin).find((event) => event.shipmentId === id && event.kind === 'sanction')!.id);
    await admin.waitFor((message) => about(id)(message) && BigInt(eventOf(message)!.id) > raisedId, 'the escalation’s event');
    expect(eventsOf(admin).filter((event) => event.shipmentId === id && event.kind === 'sanction')).toHaveLength(1);
    await setShipment(a, id, { sanction_hits: JSON.stringify([{ hitId: 'H1', state: 'CLEARED' }]) });
    const resolved = await admin.waitFor((message) => about(id, 'sanction')(message) && eventOf(message)!.detail.change === 'resolved', 'sanction resolved');
    expect(eventOf(resolved)!.detail).toEqual({ open: 0, change: 'resolved' });
    const message = await a.db
      .insertInto('outbound_messages')
      .values({ shipment_id: id, target: 'ACAS', payload: 'FWB/16', company_id: 'DEMOAIR', user_id: 'admin' })
      .returning('message_id')
      .executeTakeFirstOrThrow();
    expect(eventOf(await admin.waitFor(about(id, 'outbound'), 'outbound event'))!.detail).toEqual({
      messageId: String(message.message_id),
      target: 'ACAS',
      state: 'QUEUED',
    });
    await a.db.insertInto('rescreen_runs').values({ company_id: 'DEMOAIR', list_name: 'sanctionlist', reason: 'live test', requested_by: 'admin' }).execute();
    const run = await admin.waitFor((m) => eventOf(m)?.kind === 'rescreen', 'rescreen event');
    expect(eventOf(run)).toMatchObject({ shipmentId: null, detail: { list: 'sanctionlist', state: 'QUEUED', done: 0 } });
    const marker = await openShipment('618');
    await sky.waitFor(about(marker.shipment_id), 'its own event');
    expect(eventsOf(sky).some((event) => event.shipmentId === id || event.kind === 'rescreen')).toBe(false);
    admin.close();
    sky.close();
  });
});

describe('who may open a stream, and for how long', () => {
  const ticketUrl = (ticket: string) => `/awbapi/events?ticket=${encodeURIComponent(ticket)}`;

  it('refuses a ticket that expired, one of another type, the access token itself, and one altered to name another user', async () => {
    const claims = verifyAccessToken(a.ctx.jwtSecret, a.tokens.airlineAdmin)!;
    expect(claims).toBeDefined();
    const expired = issueEventTicket(a.ctx.jwtSecret, claims, -5);
    const file = (
      await a.post('airlineAdmin', '/awbapi/fileticket', { Kind: 'print', ShipmentId: (await openShipment('160')).shipment_id, PrintKind: 'cargoreceipt' })
    ).json().data.Url as string;
    const fileTicket = new URL(file, 'http://x').searchParams.get('ticket')!;
    const genuine = issueEventTicket(a.ctx.jwtSecret, claims, 60);
    const [header, , signature] = genuine.split('.');
    const payload = { ...(jwt.decode(genuine) as Record<string, unknown>), sub: 'operator' };
    const altered = `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    const otherSecret = jwt.sign({ cid: 'DEMOAIR', typ: 'events', sid: claims.sessionId, ati: claims.issuedAt }, 'another-secret', {
      algorithm: 'HS256',
      subject: 'operator',
      expiresIn: 60,
    });
    for (const [why, ticket] of [
      ['expired', expired],
      ['a file ticket', fileTicket],
      ['the access token', a.tokens.airlineAdmin],
      ['altered to another user', altered],
      ['signed with another key', otherSecret],
    ] as const) {
      const refused = await openStream(baseB, ticketUrl(ticket));
      await refused.ended;
      expect(refused.status, why).toBe(401);
      expect(JSON.parse(refused.body)).toMatchObject({ status: -1 });
    }
    // No ticket at all, and a bearer token instead of one.
    for (const headers of [{}, { authorization: `Bearer ${a.tokens.airlineAdmin}` }] as Record<string, string>[]) {
      const refused = await openStream(baseB, '/awbapi/events', headers);
      await refused.ended;
      expect(refused.status).toBe(401);
    }
    // The genuine one opens the stream.
    const opened = await openStream(baseB, ticketUrl(genuine));
    expect(opened.status).toBe(200);
    expect(opened.body.startsWith('retry: ')).toBe(true);
    opened.close();
  });

  it('admits a ticket once: the same ticket is refused the second time', async () => {
    const url = await streamUrl('airlineOperator');
    const first = await openStream(baseB, url);
    expect(first.status).toBe(200);
    first.close();
    const again = await openStream(baseB, url);
    await again.ended;
    expect(again.status).toBe(401);
  });

  it('admits a ticket once across instances: used on one, it is refused on another (issue 33, item 5)', async () => {
    const url = await streamUrl('airlineOperator');
    const first = await openStream(baseB, url);
    expect(first.status).toBe(200);
    first.close();
    const elsewhere = await openStream(baseA, url);
    await elsewhere.ended;
    expect(elsewhere.status).toBe(401);
  });

  it('logs a request’s URL without the value of its ticket, with the app’s own logger and with a shared one (main.ts)', async () => {
    const lines: string[] = [];
    const sink = () =>
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      });
    const secret = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.c2lnbmF0dXJl';
    for (const options of [{ logger: { level: 'info', stream: sink() } }, { loggerInstance: pino({ level: 'info', serializers: logSerializers }, sink()) }]) {
      const app = await buildApp(a.ctx, options);
      try {
        for (const url of [`/awbapi/events?ticket=${secret}&lastEventId=5`, `/awbapi/files/print/1?x=1&ticket=${secret}`]) {
          await app.inject({ method: 'GET', url });
        }
      } finally {
        await app.close();
      }
    }
    const urls = lines.map((line) => JSON.parse(line) as { req?: { url: string } }).flatMap((entry) => (entry.req ? [entry.req.url] : []));
    expect(urls).toEqual([
      '/awbapi/events?ticket=[redacted]&lastEventId=5',
      '/awbapi/files/print/1?x=1&ticket=[redacted]',
      '/awbapi/events?ticket=[redacted]&lastEventId=5',
      '/awbapi/files/print/1?x=1&ticket=[redacted]',
    ]);
    expect(lines.join('\n')).not.toContain(secret);
  });

  it('keeps at most LIVE_STREAMS_PER_USER open streams per user (one more: 429), and counts a closed one out', async () => {
    const one = await openFor('groundHandler');
    await openFor('groundHandler');
    const third = await openStream(baseB, await streamUrl('groundHandler'));
    await third.ended;
    expect(third.status).toBe(429);
    // Another user is not counted with them.
    (await openFor('airlineOperator')).close();
    one.close();
    await one.ended;
    // The server notices the closed one (its socket's close): wait for a stream to open again, with no sleep.
    let reopened: SseClient | undefined;
    const began = Date.now();
    while (!reopened && Date.now() - began < 5000) {
      const attempt = await openStream(baseB, await streamUrl('groundHandler'));
      if (attempt.status === 200) reopened = attempt;
      else await attempt.ended;
    }
    expect(reopened?.status).toBe(200);
  });

  it('sends a heartbeat comment at the configured interval', async () => {
    const client = await openFor('forwarder');
    await client.waitFor((message) => message.comment === 'heartbeat', 'heartbeat comment');
    client.close();
  });

  it('ends the stream of an account that is locked and of a session that is revoked', async () => {
    const operator = await openFor('airlineOperator');
    await a.db.updateTable('users').set({ is_locked: true }).where('company_id', '=', 'DEMOAIR').where('user_id', '=', 'operator').execute();
    await operator.ended;
    await a.db.updateTable('users').set({ is_locked: false }).where('company_id', '=', 'DEMOAIR').where('user_id', '=', 'operator').execute();

    const session = await signIn(a.app, 'SKYAIR', 'admin', 'Admin#12345');
    const ticketed = await a.app.inject({ method: 'POST', url: '/awbapi/eventticket', headers: { authorization: `Bearer ${session.access_token}` } });
    const client = await openStream(baseB, ticketed.json().data.Url);
    expect(client.status).toBe(200);
    await client.waitFor((message) => message.event === 'ready', 'ready event');
    const { sessionId } = verifyAccessToken(a.ctx.jwtSecret, session.access_token)!;
    await a.db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('family_id', '=', sessionId).execute();
    await client.ended;
    expect(client.isEnded()).toBe(true);
  });

  it('ends the stream of a user whose company’s address ranges no longer hold the stream’s address, or whose role loses the shipment function', async () => {
    const sky = await openFor('skyAdmin');
    const range = await a.db
      .insertInto('company_ip_ranges')
      .values({ company_id: 'SKYAIR', cidr: '203.0.113.0/24', created_by: 'admin' })
      .returning('range_id')
      .executeTakeFirstOrThrow();
    await sky.ended;
    await a.db.deleteFrom('company_ip_ranges').where('range_id', '=', range.range_id).execute();

    const forwarder = await openFor('forwarder');
    const { role_id } = await a.db
      .selectFrom('users')
      .select('role_id')
      .where('company_id', '=', 'DEMOFWD')
      .where('user_id', '=', 'operator')
      .executeTakeFirstOrThrow();
    const removed = await a.db.deleteFrom('role_functions').where('role_id', '=', role_id).where('function_id', '=', 81).returningAll().execute();
    expect(removed.length).toBe(1);
    await forwarder.ended;
    await a.db.insertInto('role_functions').values(removed).execute();
  });

  it('closes its streams when the instance shuts down; the browser catches up on another instance started after it', async () => {
    const client = await openFor('airlineAdmin');
    const ready = client.messages.find((message) => message.event === 'ready')!;
    await b.close();
    await client.ended;
    const shipment = await openShipment('160');
    await setShipment(a, shipment.shipment_id, { status: 'Error' });
    b = await buildAnotherInstance(a, ENV);
    baseB = await listen(b);
    const again = await openStream(baseB, await streamUrl('airlineAdmin'), { 'last-event-id': ready.id! });
    const caught = await again.waitFor(
      (message) => about(shipment.shipment_id, 'status')(message) && eventOf(message)!.detail.to === 'Error',
      'the missed status change',
    );
    expect(eventOf(caught)).toMatchObject({ status: 'Error', detail: { to: 'Error' } });
    again.close();
  });
});

/** A response the test drives: what was written, and whether anything was written after it ended. */
class FakeResponse extends EventEmitter {
  writableEnded = false;
  destroyed = false;
  closed = false;
  writableLength = 0;
  /** write() answers false (a full buffer) when set. */
  full = false;
  /** end() finishes without the connection's close (a client that never reads): only destroy() closes. */
  endWithoutClose = false;
  writes: string[] = [];
  writesAfterEnd = 0;
  onWrite: (text: string) => void = () => undefined;
  writeHead(): this {
    return this;
  }
  write(text: string): boolean {
    if (this.writableEnded || this.destroyed) this.writesAfterEnd++;
    this.writes.push(text);
    this.onWrite(text);
    return !this.full;
  }
  end(): this {
    this.writableEnded = true;
    this.emit('finish');
    if (!this.endWithoutClose) this.destroy();
    return this;
  }
  destroy(): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    this.closed = true;
    this.emit('close');
    return this;
  }
  get res(): ServerResponse {
    return this as unknown as ServerResponse;
  }
}

describe('a stream’s end, whenever it comes', () => {
  let streams: LiveStreams;
  const claimsOf = () => verifyAccessToken(a.ctx.jwtSecret, a.tokens.airlineAdmin)!;
  const openOn = (res: FakeResponse, lastEventId?: string) =>
    streams.open({ claims: claimsOf(), ip: '127.0.0.1', res: res.res, headers: {}, ...(lastEventId ? { lastEventId } : {}) });
  beforeAll(() => {
    streams = new LiveStreams(a.ctx, { heartbeatMs: 40, perUser: 2 });
  });
  afterAll(() => streams.dispose());

  it('never opens (nor counts, nor beats on) a stream whose browser left before the server opened it', async () => {
    const ended = new FakeResponse();
    ended.end();
    expect(openOn(ended)).toBe(false);
    const destroyed = new FakeResponse();
    destroyed.destroy();
    expect(openOn(destroyed)).toBe(false);
    expect(streams.size).toBe(0);
    expect(streams.openOf(claimsOf())).toBe(0);
    expect([...ended.writes, ...destroyed.writes]).toEqual([]);
  });

  it('stops a replay the moment its stream closes, and writes nothing after', async () => {
    const shipment = await openShipment('160');
    const before = await latestEventId(a.db);
    for (const status of ['Error', 'Eyeball', 'Error', 'Eyeball']) await setShipment(a, shipment.shipment_id, { status });
    const res = new FakeResponse();
    res.onWrite = (text) => {
      if (text.startsWith('id: ')) res.destroy();
    };
    expect(openOn(res, before)).toBe(true);
    await msUntil(async () => streams.size === 0);
    // The rest of the replay would have been sent by now; nothing was, and no `ready` either.
    await setShipment(a, shipment.shipment_id, { status: 'Error' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(res.writes.filter((text) => text.startsWith('id: '))).toHaveLength(1);
    expect(res.writes.some((text) => text.startsWith('event: ready'))).toBe(false);
    expect(res.writesAfterEnd).toBe(0);
  });

  it('closes a stream whose client does not read: past the buffer cap at once, a full buffer that does not drain in time', async () => {
    const flooded = new FakeResponse();
    flooded.writableLength = 2 * 1_048_576;
    expect(openOn(flooded)).toBe(true);
    await msUntil(async () => flooded.writableEnded);
    expect(streams.size).toBe(0);
    const full = new FakeResponse();
    full.full = true;
    expect(openOn(full)).toBe(true);
    await msUntil(async () => full.writableEnded, 10_000);
    expect(full.writesAfterEnd).toBe(0);
  });

  it('shuts down in bounded time when a connection never closes after its end', async () => {
    const stuck = new FakeResponse();
    stuck.endWithoutClose = true;
    expect(openOn(stuck)).toBe(true);
    const began = performance.now();
    await streams.closeAll();
    expect(performance.now() - began).toBeLessThan(5000);
    expect(stuck.writableEnded).toBe(true);
    expect(stuck.destroyed).toBe(true);
    expect(streams.size).toBe(0);
  });

  it('says reset to a Last-Event-ID beyond the newest event (a database made anew)', async () => {
    const latest = await latestEventId(a.db);
    const client = await openStream(baseB, await streamUrl('airlineAdmin'), { 'last-event-id': String(BigInt(latest) + 1000n) });
    const reset = await client.waitFor((message) => message.event === 'reset', 'reset event');
    expect(BigInt(reset.id!)).toBeLessThan(BigInt(latest) + 1000n);
    client.close();
  });
});

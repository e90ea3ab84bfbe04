import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/server/context';
import type { JobQueue } from '../../../src/server/jobs/jobQueue';
import { createNotifier, type Notifier } from '../../../src/server/oneRecord/notifier';
import { classicCall } from '../classicCall';
import { bearer, buildTestApp, requestToken, signIn, type TestApp } from '../testApp';
import { startPartnerServer, type PartnerServer } from './partnerServer';

/**
 * The retries of a subscriber's server that is down (migration 0036): one job of the queue per target that cannot be
 * reached, however many notifications pile up for it, and none for one that takes them at once; the job ends once
 * nothing is due, and its last attempt hands the target on to a new job. The notifier is driven by hand here (the app runs the queue without its workers), so every
 * dispatch and every try is the test's.
 */

let t: TestApp;
let notifier: Notifier;
let partner: PartnerServer;
let target: string;
const BASE = 'http://localhost:3000/onerecord';
const LD = 'application/ld+json; version=2.3.0';

const jobsOf = async (states: string[]) =>
  Number(
    (
      await sql<{ n: string }>`
        SELECT count(*) AS n FROM ${sql.table(`${t.jobSchema}.job`)}
         WHERE name = 'onerecord-notify' AND data->>'target' = ${target} AND state::text = ANY(${states})`.execute(t.db)
    ).rows[0].n,
  );
const marked = async () => (await t.db.selectFrom('onerecord_retry_targets').select('target').where('target', '=', target).execute()).length;
const due = async () =>
  Number(
    (
      await t.db
        .selectFrom('onerecord_deliveries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('target', '=', target)
        .where('delivered_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  partner = await startPartnerServer(false);
  const partnerUrl = partner.url;
  target = `${partnerUrl}/partner/notifications`;
  t = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' }, { jobs: 'queue' });
  notifier = createNotifier(t.ctx as AppContext & { jobs: JobQueue }, BASE, pino({ level: 'silent' }));
  const admin = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
  const registered = (
    await classicCall(t.app, admin, 'POST', '/onerecordclients', { name: 'Partner', organisation_iri: `${partnerUrl}/partner/logistics-objects/acme` })
  ).json().data;
  const client = (await requestToken(t.app, { GrantType: 'client_credentials', ClientId: registered.id, ClientSecret: registered.secret })).json().access_token;
  // The partner follows its own object: each event it posts there is a notification to its server.
  const created = await t.app.inject({
    method: 'POST',
    url: '/onerecord/logistics-objects',
    headers: { ...bearer(client), 'content-type': LD, accept: LD },
    payload: JSON.stringify({ '@context': { cargo: 'https://onerecord.iata.org/ns/cargo#' }, '@type': 'cargo:Piece', 'cargo:goodsDescription': 'followed' }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const object = String(created.headers.location);
  const subscribed = await t.app.inject({
    method: 'POST',
    url: '/onerecord/subscriptions',
    headers: { ...bearer(client), 'content-type': LD, accept: LD },
    payload: JSON.stringify({
      '@context': { api: 'https://onerecord.iata.org/ns/api#' },
      '@type': 'api:Subscription',
      'api:hasContentType': 'application/ld+json',
      'api:hasSubscriber': { '@id': `${partnerUrl}/partner/logistics-objects/acme` },
      'api:hasTopicType': { '@id': 'api:LOGISTICS_OBJECT_IDENTIFIER' },
      'api:includeSubscriptionEventType': [{ '@id': 'api:LOGISTICS_EVENT_RECEIVED' }],
      'api:hasTopic': { '@type': 'http://www.w3.org/2001/XMLSchema#anyURI', '@value': object },
    }),
  });
  expect(subscribed.statusCode, subscribed.body).toBe(201);
  postEvent = async (code: string) => {
    const posted = await t.app.inject({
      method: 'POST',
      url: `${new URL(object).pathname}/logistics-events`,
      headers: { ...bearer(client), 'content-type': LD, accept: LD },
      payload: JSON.stringify({
        '@context': { cargo: 'https://onerecord.iata.org/ns/cargo#' },
        '@type': 'cargo:LogisticsEvent',
        'cargo:eventDate': { '@type': 'http://www.w3.org/2001/XMLSchema#dateTime', '@value': '2026-11-30T06:15:00Z' },
        'cargo:eventCode': { '@id': `https://onerecord.iata.org/ns/code-lists/StatusCode#${code}` },
      }),
    });
    expect(posted.statusCode, posted.body).toBe(201);
    return String(posted.headers.location);
  };
});
afterAll(async () => {
  notifier?.stop();
  await t?.close();
  await partner.close();
});

let postEvent: (code: string) => Promise<string>;

describe('a subscriber whose server is down', () => {
  it('has one job trying it, however many notifications wait; the job ends when they are delivered', async () => {
    const events: string[] = [];
    for (const code of ['RCS', 'FOH', 'DEP']) {
      events.push(await postEvent(code));
      await notifier.dispatch();
    }
    expect(await due()).toBe(3);
    expect(partner.received).toEqual([]);
    // Each dispatch tried the server at once, in the background; the first that failed sent the target's one job.
    await expect.poll(() => jobsOf(['created', 'retry', 'active']), { timeout: 10_000, interval: 50 }).toBe(1);
    expect(await marked()).toBe(1);

    // The job's try fails while the server is down, to be tried again (each dispatch also tried at once, in the
    // background: while one of those holds the target, the job's try says so and fails too).
    const token = String(
      (await t.db.selectFrom('onerecord_retry_targets').select(sql<string>`token::text`.as('token')).where('target', '=', target).executeTakeFirstOrThrow())
        .token,
    );
    const tryJob = (lastAttempt: boolean, as = token) =>
      notifier.retryTarget(target, as, lastAttempt).then(
        () => 'delivered',
        (error: Error) => error.message,
      );
    await expect.poll(() => tryJob(false), { timeout: 10_000, interval: 50 }).toMatch(/not delivered yet/);
    expect(await jobsOf(['created'])).toBe(1);
    // A job of another token (a row gone since) ends at once, and sends nothing.
    expect(await tryJob(false, '00000000-0000-4000-8000-000000000000')).toBe('delivered');
    expect(partner.received).toEqual([]);
    expect(await jobsOf(['created'])).toBe(1);
    // Its last try hands the target on to a new job.
    expect(await tryJob(true)).toMatch(/not delivered yet|another sender/);
    expect(await jobsOf(['created'])).toBe(2);
    expect(await marked()).toBe(1);

    // Back up: the job sends them in order and forgets the target; a notification to a server that takes it at once
    // makes no job at all.
    partner.up = true;
    await expect.poll(() => tryJob(false), { timeout: 10_000, interval: 50 }).toBe('delivered');
    expect(partner.received).toHaveLength(3);
    expect(partner.received.map((each) => (each.body['api:hasLogisticsEvent'] as { '@id': string }[])[0]['@id'])).toEqual(events);
    expect(await due()).toBe(0);
    expect(await marked()).toBe(0);
    await postEvent('ARR');
    await notifier.dispatch();
    await expect.poll(() => partner.received.length, { timeout: 10_000, interval: 100 }).toBe(4);
    await expect.poll(marked, { timeout: 10_000, interval: 100 }).toBe(0);
    expect(await jobsOf(['created'])).toBe(2);
  });

  it('gives a job to a target whose try at once never ended (its process stopped), from the sweep', async () => {
    const stranded = 'https://stopped.example/notifications';
    await t.db
      .insertInto('onerecord_retry_targets')
      .values({ target: stranded, since: new Date(Date.now() - 120_000) })
      .execute();
    const sentFor = async () =>
      Number(
        (
          await sql<{ n: string }>`
            SELECT count(*) AS n FROM ${sql.table(`${t.jobSchema}.job`)} WHERE name = 'onerecord-notify' AND data->>'target' = ${stranded}`.execute(t.db)
        ).rows[0].n,
      );
    await expect.poll(sentFor, { timeout: 15_000, interval: 200 }).toBe(1);
    expect(await t.db.selectFrom('onerecord_retry_targets').select('job_sent').where('target', '=', stranded).executeTakeFirstOrThrow()).toEqual({
      job_sent: true,
    });
    // A later sweep sends no second one.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await sentFor()).toBe(1);
  });
});

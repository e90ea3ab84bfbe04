import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logSerializers } from '../../src/server/app';
import { QUEUES } from '../../src/server/jobs/jobQueue';
import { METRICS_REFUSED } from '../../src/server/ops/metrics';
import { bearer, buildTestApp, requestToken, signIn, type TestApp } from './testApp';

/**
 * Issue 35, 4: /metrics in Prometheus's text format, for the machine itself or a bearer of
 * METRICS_TOKEN; request log lines name the company and user; failed sign-ins are logged, never the
 * password.
 */

const lines: Record<string, unknown>[] = [];
let t: TestApp;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text));
      done();
    },
  });
  t = await buildTestApp(
    { METRICS_TOKEN: 'metrics-token-of-the-test' },
    {
      // As main.ts makes its logger: with the app's serializers.
      loggerInstance: pino({ level: 'info', serializers: logSerializers }, sink) as never,
      logger: undefined,
      jobs: 'queue',
    },
  );
});
afterAll(() => t.close());

const metrics = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: options.remoteAddress ?? '127.0.0.1', headers: options.headers ?? {} });

/** The value of one series in the text format, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('counts requests by route and status, sign-ins by outcome, and shows the process, the pool and the sources', async () => {
    const { access_token } = await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345');
    const wrong = await requestToken(t.app, { GrantType: 'client_credentials', ClientId: 'operator|DEMOAIR|2|L', ClientSecret: 'not-the-password-42' });
    expect(wrong.statusCode).toBe(400);
    for (let call = 0; call < 3; call++)
      expect((await t.app.inject({ url: '/userapi/user/getuserprofile', headers: bearer(access_token) })).statusCode).toBe(200);
    // A sanction check loads the carrier's screening index.
    expect((await t.app.inject({ url: `/awbapi/sanction/search?name=${encodeURIComponent('Eric Badege')}`, headers: bearer(access_token) })).statusCode).toBe(
      200,
    );
    const answer = await metrics();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain; version=0.0.4');
    const text = answer.body;
    expect(sample(text, 'http_requests_total{method="GET",route="/userapi/user/getuserprofile",status_code="200"}')).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/userapi/user/getuserprofile",status_code="200"}')).toBe(3);
    expect(sample(text, 'portal_signins_total{outcome="success"}')).toBe(1);
    expect(sample(text, 'portal_signins_total{outcome="failure"}')).toBe(1);
    expect(sample(text, 'portal_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(sample(text, 'portal_db_pool_connections{state="waiting"}')).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(text).toMatch(/^portal_sanctions_source_age_seconds\{company="DEMOAIR",source="UN"\} \d/m);
    expect(text).toMatch(/^# TYPE portal_live_streams_open gauge$/m);
    expect(sample(text, 'portal_screening_index_entries{carrier="DEMOAIR"}')).toBeGreaterThan(100);
    expect(sample(text, 'portal_screening_index_age_seconds{carrier="DEMOAIR"}')).toBeGreaterThanOrEqual(0);
  });

  it("shows the job queue's depth and its oldest waiting job per queue", async () => {
    await t.ctx.jobs!.send(QUEUES.outbound, { messageId: '0' }, { startAfter: new Date(Date.now() + 3_600_000) });
    const text = (await metrics()).body;
    expect(sample(text, `portal_jobs{queue="${QUEUES.outbound}",state="created"}`)).toBe(1);
    expect(sample(text, `portal_job_oldest_waiting_seconds{queue="${QUEUES.outbound}"}`)).toBeGreaterThanOrEqual(0);
  });

  it('serves every metric the Grafana dashboard in docs/ reads', async () => {
    const dashboard = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'docs', 'grafana-dashboard.json'), 'utf8'));
    const read = new Set<string>();
    for (const panel of dashboard.panels)
      for (const target of panel.targets) for (const name of target.expr.match(/\b(?:http|nodejs|process|portal)_[a-z_0-9]+/g)) read.add(name);
    const served = new Set(
      [...(await metrics()).body.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name, type]) =>
        type === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name],
      ),
    );
    expect(read.size).toBeGreaterThan(10);
    expect([...read].filter((name) => !served.has(name))).toEqual([]);
  });

  it('leaves what it reads from the database to the process that works the jobs (WORKERS), so a scrape of a cluster reads it once', async () => {
    const other = await buildTestApp({ WORKERS: 'false' }, { jobs: 'queue' });
    try {
      const text = (await other.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).body;
      expect(text).toMatch(/^# TYPE http_requests_total counter$/m);
      expect(text).not.toContain('portal_jobs');
      expect(text).not.toContain('portal_sanctions_source_age_seconds');
    } finally {
      await other.close();
    }
  });

  it('answers other machines only with the token, and never through a proxy on this one', async () => {
    const token = { authorization: 'Bearer metrics-token-of-the-test' };
    expect((await metrics({ remoteAddress: '10.1.2.3' })).json()).toEqual({ message: METRICS_REFUSED });
    expect((await metrics({ remoteAddress: '10.1.2.3' })).statusCode).toBe(403);
    expect((await metrics({ remoteAddress: '10.1.2.3', headers: { authorization: 'Bearer another' } })).statusCode).toBe(403);
    expect((await metrics({ headers: { 'x-forwarded-for': '10.1.2.3' } })).statusCode).toBe(403);
    expect((await metrics({ remoteAddress: '10.1.2.3', headers: token })).statusCode).toBe(200);
  });

  it('logs each request with its company and user, and a failed sign-in without its password', async () => {
    const { access_token } = await signIn(t.app, 'DEMOAIR', 'operator', 'Operator#12345');
    await t.app.inject({ url: '/userapi/user/getuserprofile', headers: bearer(access_token) });
    const completed = lines.filter(
      (line) => line.msg === 'request completed' && JSON.stringify(line.res) === JSON.stringify({ statusCode: 200, companyId: 'DEMOAIR', userId: 'operator' }),
    );
    expect(completed.length).toBeGreaterThan(0);
    await requestToken(t.app, { GrantType: 'client_credentials', ClientId: 'admin|DEMOAIR|2|L', ClientSecret: 'Secret-Guess-1234' });
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'sign-in failed', companyId: 'DEMOAIR', userId: 'admin', reason: 'wrong password' }));
    expect(JSON.stringify(lines)).not.toContain('Secret-Guess-1234');
    expect(JSON.stringify(lines)).not.toContain('not-the-password-42');
  });
});

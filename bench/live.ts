// The live event stream bench (issue 19, item 5): two real app instances (src/server/main.ts, one
// process each, as two machines would be) on one database.
// (a) 1,000 idle streams on instance B: the server's memory per stream (RSS and heap after garbage
//     collection, read by bench/support/memoryProbe.ts inside the server's own process, so the
//     measuring client in this process counts for nothing) and its CPU while idle (from /proc), as a
//     share of one core, beside the same instance with no stream open.
// (b) From a decision's commit to the event's arrival at a subscriber of instance B: accepts through
//     the real API of instance A (POST /awbapi/awbapprove); the commit time is the event's own `at`,
//     which the database stamps (clock_timestamp()) in the commit-time trigger, on this machine's
//     clock. Median, p95 and p99, with one subscriber, and with the 1,000 streams open and told too.
// Writes bench/results/live.{json,md}. BENCH_ONLY=live runs it alone; BENCH_LIVE_CPU_PROF=<dir> writes
// both instances' V8 CPU profiles there (node --cpu-prof).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import pino from 'pino';
import type { LiveEvent } from '../src/domain/liveEvents';
import { createDatabase, migrateToLatest, type Db } from '../src/server/db/database';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/server/db/embedded';
import { seedDemoWorld } from '../src/server/db/seed';
import { treeCpuSeconds } from './support/cpu';

const root = path.resolve(import.meta.dirname, '..');
const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 1000);
/** Streams per user: the server's default cap (LIVE_STREAMS_PER_USER), kept; the users are as many as needed. */
const PER_USER = 5;
const IDLE_SECONDS = Number(process.env.BENCH_LIVE_IDLE_SECONDS ?? 40);
const DECISIONS = Number(process.env.BENCH_LIVE_DECISIONS ?? 200);
const LOADED_DECISIONS = Number(process.env.BENCH_LIVE_LOADED_DECISIONS ?? 100);
/** The server's default heartbeat (LIVE_HEARTBEAT_MS), stated in the results. */
const HEARTBEAT_MS = 20_000;
const PASSWORD = 'Admin#12345';

const now = () => performance.timeOrigin + performance.now();

interface Instance {
  name: string;
  child: ChildProcess;
  base: string;
  probeFile: string;
}

async function startInstance(name: string, port: number, env: Record<string, string>, dataDir: string): Promise<Instance> {
  const probeFile = path.join(dataDir, `${name}-memory.json`);
  const profile = process.env.BENCH_LIVE_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_LIVE_CPU_PROF] : [];
  const child = spawn(
    process.execPath,
    ['--expose-gc', ...profile, '--import', 'tsx', '--import', path.join(root, 'bench/support/memoryProbe.ts'), path.join(root, 'src/server/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, name),
        SEED: 'false',
        LOG_LEVEL: 'warn',
        // The per-address cap of the auth host would turn the bench's sign-ins into 429s.
        AUTH_RATE_LIMIT_PER_MINUTE: '10000000',
        WEB_CONCURRENCY: '1',
        MEMORY_PROBE_FILE: probeFile,
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited during start`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { name, child, base, probeFile };
}

async function stopInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  await exited;
}

interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/** The instance's memory after garbage collection, as its own process reads it. */
async function memoryOf(instance: Instance): Promise<Memory> {
  rmSync(instance.probeFile, { force: true });
  instance.child.kill('SIGUSR2');
  const began = Date.now();
  while (!existsSync(instance.probeFile)) {
    if (Date.now() - began > 30_000) throw new Error(`no memory reading from ${instance.name}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Written in one call; read once it parses.
  for (;;) {
    try {
      const reading = JSON.parse(readFileSync(instance.probeFile, 'utf8')) as Memory & { gc: boolean };
      if (!reading.gc) throw new Error('the server was started without --expose-gc');
      return reading;
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** The instance's CPU (its process, not PostgreSQL's) over `seconds`, as a share of one core. */
async function idleCpu(instance: Instance, seconds: number): Promise<number> {
  const pid = instance.child.pid as number;
  const before = treeCpuSeconds({ app: [pid] }).app;
  const began = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const used = treeCpuSeconds({ app: [pid] }).app - before;
  return used / ((performance.now() - began) / 1000);
}

async function signIn(base: string, userId: string): Promise<string> {
  const response = await fetch(`${base}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ GrantType: 'client_credentials', ClientId: `${userId}|DEMOAIR|2|L`, ClientSecret: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${userId}: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function ticketUrl(base: string, token: string): Promise<string> {
  const response = await fetch(`${base}/awbapi/eventticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`event ticket: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { Url: string } }).data.Url;
}

interface Stream {
  /** Resolves at `event: ready`. */
  ready: Promise<void>;
  /** Events received (data messages), each with the wall time it was parsed at. */
  /** Set on the measuring subscriber only: the other streams count their events without parsing them, to keep this client light. */
  onEvent?: (event: LiveEvent, arrivedAt: number) => void;
  events: number;
  close(): void;
}

/** An event stream read as EventSource would: messages split on a blank line. */
function openStream(base: string, url: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    let readyResolve: () => void = () => undefined;
    let readyReject: (error: Error) => void = () => undefined;
    const stream: Stream = {
      ready: new Promise<void>((done, fail) => {
        readyResolve = done;
        readyReject = fail;
      }),
      events: 0,
      close: () => request.destroy(),
    };
    const request = http.get(`${base}${url}`, { agent: false, headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`stream: HTTP ${response.statusCode}`));
        response.resume();
        return;
      }
      resolve(stream);
      let partial = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const arrivedAt = now();
        partial += chunk;
        const blocks = partial.split('\n\n');
        partial = blocks.pop() ?? '';
        for (const block of blocks) {
          if (block.startsWith('event: ready')) readyResolve();
          else if (block.startsWith('event: reset')) readyReject(new Error('stream reset'));
          else {
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (!data) continue;
            stream.events++;
            stream.onEvent?.(JSON.parse(data.slice(6)) as LiveEvent, arrivedAt);
          }
        }
      });
      response.on('close', () => readyReject(new Error('stream closed before ready')));
    });
    request.on('error', reject);
  });
}

/** Runs `task` over `items` with at most `limit` at a time. */
async function inPool<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]);
      }
    }),
  );
  return results;
}

function quantiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const round = (value: number) => Math.round(value * 10) / 10;
  return { median: round(at(0.5)), p95: round(at(0.95)), p99: round(at(0.99)), max: round(sorted.at(-1) ?? 0), n: samples.length };
}

interface Latency {
  /** From the commit (the event's `at`, stamped at commit by the database) to its arrival at B's subscriber. */
  commitToArrival: ReturnType<typeof quantiles>;
  /** From sending the decision to A until its event arrived from B: the whole round, an upper bound. */
  requestToArrival: ReturnType<typeof quantiles>;
  /** From A's answer to the event's arrival from B (negative: the event came first). */
  answerToArrival: ReturnType<typeof quantiles>;
}

/**
 * `count` accepts through instance A, one after the other, each awaited at `subscriber` (a stream
 * on B). Before each, its shipment is put back to New directly in the database, and that change's
 * own event awaited, so the decisions' events never queue behind one another.
 */
async function measureDecisions(db: Db, a: Instance, token: string, subscriber: Stream, shipmentIds: string[], count: number): Promise<Latency> {
  const commit: number[] = [];
  const request: number[] = [];
  const answer: number[] = [];
  const awaited = new Map<string, { test: (event: LiveEvent) => boolean; resolve: (value: { event: LiveEvent; at: number }) => void }>();
  subscriber.onEvent = (event, at) => {
    const waiter = event.shipmentId ? awaited.get(event.shipmentId) : undefined;
    if (waiter?.test(event)) {
      awaited.delete(event.shipmentId as string);
      waiter.resolve({ event, at });
    }
  };
  const arrival = (shipmentId: string, test: (event: LiveEvent) => boolean) => {
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      new Promise<{ event: LiveEvent; at: number }>((resolve) => awaited.set(shipmentId, { test, resolve })),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no event for shipment ${shipmentId} within 30 s`)), 30_000);
      }),
    ]).finally(() => clearTimeout(timer));
  };
  for (let round = 0; round < count; round++) {
    const shipmentId = shipmentIds[round % shipmentIds.length];
    const reopened = arrival(shipmentId, (event) => event.status === 'New');
    const { update_dt } = await db
      .updateTable('shipments')
      .set({ status: 'New', acceptance_block: null, acceptance_block_reason: null, acceptance_block_companies: [], eyeball_check: null })
      .where('shipment_id', '=', shipmentId)
      .returning('update_dt')
      .executeTakeFirstOrThrow();
    await reopened;
    const decided = arrival(shipmentId, (event) => event.kind === 'decision' && event.status === 'Accept');
    const sent = now();
    const response = await fetch(`${a.base}/awbapi/awbapprove`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ShipmentId: shipmentId, ApproveType: 'NORMAL', ApproveReason: '', UpdateDT: update_dt.toISOString(), PendingUpdate: false }),
    });
    const answered = now();
    const body = (await response.json()) as { status: number; message?: string };
    if (body.status !== 1) throw new Error(`accept of ${shipmentId} refused: ${JSON.stringify(body)}`);
    const { event, at } = await decided;
    commit.push(at - Date.parse(event.at));
    request.push(at - sent);
    answer.push(at - answered);
  }
  subscriber.onEvent = undefined;
  return { commitToArrival: quantiles(commit), requestToArrival: quantiles(request), answerToArrival: quantiles(answer) };
}

const count = (value: number) => value.toLocaleString('en');
const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const percent = (share: number) => Math.round(share * 1000) / 10;

export async function runLiveBench(): Promise<void> {
  const port = Number(process.env.BENCH_LIVE_PORT ?? Number(process.env.BENCH_PORT ?? 8191) + 5);
  const dataDir = `/tmp/portal-bench-live-${process.pid}`;
  const loadAtStart = loadavg()[0];
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedDatabase(path.join(dataDir, 'db'), pino({ level: 'warn' }));
    databaseUrl = embedded.connectionString;
  }
  const db = createDatabase(databaseUrl);
  const instances: Instance[] = [];
  const streams: Stream[] = [];
  try {
    await migrateToLatest(db);
    await seedDemoWorld(db, { shipments: 400 });
    // As many users of DEMOAIR as the streams need at the default cap of five each, with the admin's role and password.
    const users = Math.ceil(STREAMS / PER_USER);
    await sql`
      INSERT INTO users (company_id, user_id, user_name, password_hash, role_id)
      SELECT u.company_id, 'live' || lpad(g::text, 4, '0'), 'Live bench user ' || g, u.password_hash, u.role_id
        FROM users u, generate_series(1, ${users}) g
       WHERE u.company_id = 'DEMOAIR' AND u.user_id = 'admin'
      ON CONFLICT DO NOTHING`.execute(db);
    const shipmentIds = (
      await db
        .selectFrom('shipments')
        .select('shipment_id')
        .where('awb_prefix', '=', '160')
        .where(sql<boolean>`sanction_hits = '[]'::jsonb`)
        .where('shipment_id', 'not in', db.selectFrom('shipment_lendings').select('shipment_id'))
        .orderBy('shipment_id')
        .limit(50)
        .execute()
    ).map((row) => String(row.shipment_id));
    if (shipmentIds.length < 10) throw new Error('the bench needs DEMOAIR shipments without sanction hits');
    await db.deleteFrom('shipment_handling').where('shipment_id', 'in', shipmentIds).execute();

    const env = { DATABASE_URL: databaseUrl, JWT_SECRET: randomBytes(32).toString('hex') };
    // B holds the streams and works no background jobs, so its idle CPU is its streams' and its change feed's.
    const b = await startInstance('b', port, { ...env, WORKERS: 'false' }, dataDir);
    instances.push(b);

    // (a) Idle streams on B.
    const userIds = Array.from({ length: users }, (_, index) => `live${String(index + 1).padStart(4, '0')}`);
    const tokens = await inPool(userIds, 4, (userId) => signIn(b.base, userId));
    const idleBefore = await idleCpu(b, IDLE_SECONDS);
    const before = await memoryOf(b);
    // Each stream's ticket (single use, valid for a minute) is asked for just before the stream opens.
    const opening = now();
    await inPool(
      Array.from({ length: STREAMS }, (_, index) => tokens[Math.floor(index / PER_USER)]),
      50,
      async (token) => {
        const stream = await openStream(b.base, await ticketUrl(b.base, token));
        streams.push(stream);
        await stream.ready;
      },
    );
    const openMs = now() - opening;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = await memoryOf(b);
    const idleWith = await idleCpu(b, IDLE_SECONDS);
    const afterIdle = await memoryOf(b);

    // (b) Decisions on A, heard on B.
    const a = await startInstance('a', port + 1, env, dataDir);
    instances.push(a);
    const adminOnA = await signIn(a.base, 'admin');
    const subscriber = await openStream(b.base, await ticketUrl(b.base, await signIn(b.base, 'admin')));
    await subscriber.ready;
    streams.push(subscriber);
    const eventsBefore = streams.slice(0, STREAMS).map((stream) => stream.events);
    const loaded = await measureDecisions(db, a, adminOnA, subscriber, shipmentIds, LOADED_DECISIONS);
    // Each decision (and each reopening) was told to every one of the 1,000 streams too: all DEMOAIR's.
    const toldEach = streams.slice(0, STREAMS).map((stream, index) => stream.events - eventsBefore[index]);
    const toldAll = Math.min(...toldEach);
    for (const stream of streams.slice(0, STREAMS)) stream.close();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const alone = await measureDecisions(db, a, adminOnA, subscriber, shipmentIds, DECISIONS);

    const streamDelta = { rss: after.rss - before.rss, heapUsed: after.heapUsed - before.heapUsed };
    const results = {
      date: new Date().toISOString(),
      machine: { cores: cpus().length, node: process.version, loadAverage1m: { start: loadAtStart, end: loadavg()[0] } },
      setup: {
        instances: 2,
        database: embedded ? 'embedded PostgreSQL' : 'BENCH_DATABASE_URL',
        streams: STREAMS,
        users,
        streamsPerUser: PER_USER,
        heartbeatMs: HEARTBEAT_MS,
        idleSeconds: IDLE_SECONDS,
      },
      idle: {
        openMs: Math.round(openMs),
        memoryBefore: before,
        memoryWithStreams: after,
        memoryAfterIdle: afterIdle,
        deltaBytes: streamDelta,
        perStreamBytes: { rss: Math.round(streamDelta.rss / STREAMS), heapUsed: Math.round(streamDelta.heapUsed / STREAMS) },
        cpuShareNoStreams: idleBefore,
        cpuShareWithStreams: idleWith,
      },
      latencyMs: { withStreams: { decisions: LOADED_DECISIONS, eventsPerStream: toldAll, ...loaded }, oneSubscriber: { decisions: DECISIONS, ...alone } },
      targets: {
        p95CommitToArrivalMs: 1000,
        p50CommitToArrivalMs: 200,
        idleMemoryMB: 50,
        idleCpuPercent: 2,
      },
    };
    const pass = (ok: boolean) => (ok ? 'met' : '**missed**');
    const maxRssDelta = Math.max(streamDelta.rss, afterIdle.rss - before.rss);
    const met = {
      memory: mb(maxRssDelta) <= 50,
      cpu: percent(idleWith) < 2,
      p95: alone.commitToArrival.p95 <= 1000,
      p50: alone.commitToArrival.median <= 200,
      p95WithStreams: loaded.commitToArrival.p95 <= 1000,
      p50WithStreams: loaded.commitToArrival.median <= 200,
    };
    mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    writeFileSync(path.join(root, 'bench/results/live.json'), `${JSON.stringify({ ...results, met }, null, 2)}\n`);
    const row = (label: string, q: ReturnType<typeof quantiles>) => `| ${label} | ${q.median} | ${q.p95} | ${q.p99} | ${q.max} | ${q.n} |`;
    const md = [
      `# Live event stream benchmark (${results.date})`,
      '',
      `Machine: ${results.machine.cores} cores, shared with other work while this ran (load average over a minute: ${results.machine.loadAverage1m.start.toFixed(1)}`,
      `at the start, ${results.machine.loadAverage1m.end.toFixed(1)} at the end), Node ${results.machine.node}. Two app instances`,
      `(src/server/main.ts, WEB_CONCURRENCY=1 each, so each is one process as a machine of its own would be) on one`,
      `${results.setup.database}, demo world of 400 shipments. The server's own defaults: LIVE_STREAMS_PER_USER=5 (not raised:`,
      `the ${count(STREAMS)} streams belong to ${users} seeded DEMOAIR users, five each), LIVE_HEARTBEAT_MS=${HEARTBEAT_MS}. Instance B holds`,
      'the streams and works no background jobs (WORKERS=false); instance A takes the decisions and works the jobs.',
      '',
      `## ${count(STREAMS)} idle streams on one instance`,
      '',
      "Memory is read inside the server's process (bench/support/memoryProbe.ts: three full garbage collections, then",
      "process.memoryUsage()); the streams' client is this bench process, apart. CPU is the server process's user + system",
      `time from /proc over ${IDLE_SECONDS} s (${Math.floor((IDLE_SECONDS * 1000) / HEARTBEAT_MS)} heartbeat(s) of every stream), as a share of one core.`,
      '',
      '| measure | no stream | with the streams | difference | target |',
      '|---|---|---|---|---|',
      `| RSS after GC | ${mb(before.rss)} MB | ${mb(after.rss)} MB (${mb(afterIdle.rss)} MB after the idle period) | ${mb(streamDelta.rss)} MB (${kb(streamDelta.rss / STREAMS)} KB a stream) | <= 50 MB: ${pass(met.memory)} |`,
      `| JS heap used after GC | ${mb(before.heapUsed)} MB | ${mb(after.heapUsed)} MB | ${mb(streamDelta.heapUsed)} MB (${kb(streamDelta.heapUsed / STREAMS)} KB a stream) | |`,
      `| CPU while idle | ${percent(idleBefore)} % | ${percent(idleWith)} % | ${Math.round((percent(idleWith) - percent(idleBefore)) * 10) / 10} % | < 2 % of a core: ${pass(met.cpu)} |`,
      '',
      "The idle window falls within the access cache's five minutes (accessCache.ts TTL_MS): past them, a stream's",
      "heartbeat reads its user's account and session from the database again, once per user per five minutes. In a",
      "CPU profile of this bench (2026-11-26, BENCH_LIVE_CPU_PROF) the idle instance's JavaScript time went mostly to",
      "the heartbeats' socket writes (writev), then the timers and the heartbeat's checks (#beat, #standing: cache",
      'reads); one shared timer instead of one per stream would save little of it and send the beats in bursts.',
      '',
      `Opening the ${count(STREAMS)} streams (50 at a time, each ticket asked for, then the stream opened until its \`ready\`) took ${Math.round(openMs)} ms.`,
      '',
      '## From a decision on instance A to the event at a subscriber of instance B',
      '',
      'Each decision is an accept through the real API of A (POST /awbapi/awbapprove, the shipment put back to New',
      "before it and that change's own event awaited first, so no event waits behind another). Its commit time is",
      "the event's `at`, stamped by the database in the commit-time trigger (clock_timestamp(), a moment before the",
      'commit completes, so the figure errs long); arrival is when the subscriber on B parsed it; one clock, one machine.',
      '',
      '| measure (ms) | median | p95 | p99 | max | n |',
      '|---|---|---|---|---|---|',
      row('commit to arrival, one subscriber', alone.commitToArrival),
      row('request sent to A, to arrival from B, one subscriber', alone.requestToArrival),
      row("A's answer to arrival from B, one subscriber", alone.answerToArrival),
      row(`commit to arrival, ${count(STREAMS)} more streams of the company open and told`, loaded.commitToArrival),
      row(`request sent to arrival, ${count(STREAMS)} more streams open`, loaded.requestToArrival),
      '',
      `With the ${count(STREAMS)} streams open, every one of them received each event too (at least ${toldAll} events each: ${LOADED_DECISIONS} decisions and their reopenings),`,
      'and the measuring subscriber, opened last, is served last of them: the figure is the worst place in the fan-out,',
      "which is one socket write per stream and event (the bench's client counts those streams' events without parsing them).",
      '',
      `Targets (a decision on A, a subscriber on B): commit to arrival p95 <= 1000 ms: ${pass(met.p95)}; p50 <= 200 ms: ${pass(met.p50)}.`,
      `With the ${count(STREAMS)} streams told first: p95 ${pass(met.p95WithStreams)}, p50 ${pass(met.p50WithStreams)}.`,
      '',
    ].join('\n');
    writeFileSync(path.join(root, 'bench/results/live.md'), md);
    console.log(md);
  } finally {
    for (const stream of streams) stream.close();
    for (const instance of instances.reverse()) await stopInstance(instance);
    await db.destroy();
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runLiveBench();

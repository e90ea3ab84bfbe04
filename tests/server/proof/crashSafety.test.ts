import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';

/**
 * Crash safety (issue 8, item 5; issue 15, item 4): the real server (src/server/main.ts) under a
 * steady load of accept and reject decisions over HTTP, several in flight, is killed with SIGKILL and
 * started again, twice or more, on the embedded PostgreSQL (DATA_DIR) and on an external one
 * (DATABASE_URL). On the embedded one, one of the kills is of PostgreSQL itself (every process of
 * its server, SIGKILL): the failure that asynchronous commits would turn into lost decisions. The
 * app then exits by itself, and the next start recovers the database from its write-ahead log.
 * Afterwards every decision that was answered with success is there with its history event and
 * user-log entry, no shipment is half-decided, and the embedded server came back on its own
 * (src/server/db/embedded.ts finds the PostgreSQL the killed app left running and stops it cleanly).
 *
 * One part runs per pass: the external database when TEST_DATABASE_URL is set (CI's second pass),
 * the embedded one when it is not.
 */

const ROOT = path.join(import.meta.dirname, '..', '..', '..');
const EXTERNAL = process.env.TEST_DATABASE_URL;
const KILLS = 2;
/** Successful decisions per run of the server before it is killed (and in the last run before the load stops). */
const SUCCESSES_PER_RUN = 8;
const IN_FLIGHT = 4;
const SEED_SHIPMENTS = 400;
/** The kill lands up to this long after the run's last counted success. */
const KILL_JITTER_MS = 50;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

// ---------------------------------------------------------------------------------------------
// The server process

interface RunningServer {
  child: ChildProcess;
  port: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it wrote (pino JSON lines at warn and above on stdout; start failures on stderr). */
  output(): string;
}

/** A free port in 8500-8599 (this file's range). */
async function freePort(): Promise<number> {
  const start = 8500 + Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const port = 8500 + ((start - 8500 + i) % 100);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 8500-8599');
}

async function startServer(dataDir: string, databaseUrl: string | undefined): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
    DIST_DIR: path.join(dataDir, 'no-dist'),
    SEED_SHIPMENTS: String(SEED_SHIPMENTS),
    SEED_SANCTION_ENTRIES: '200',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: RunningServer = { child, port, exited, output: () => output };
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  let gone: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void exited.then((exit) => (gone = exit));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (gone) throw new Error(`the server exited during start (${JSON.stringify(gone)}): ${output.slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer /healthz in 90 s: ${output.slice(-3000)}`);
    const health = await call(port, 'GET', '/healthz').catch(() => undefined);
    if (health?.status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP, one connection per request (nothing pooled survives a kill)

interface Answer {
  status: number;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

function call(
  port: number,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; json?: unknown; form?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = options.form ? new URLSearchParams(options.form).toString() : options.json !== undefined ? JSON.stringify(options.json) : undefined;
  const headers: Record<string, string | number> = { connection: 'close' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (payload !== undefined) {
    headers['content-type'] = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: url, agent: false, headers, timeout: 20_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, json: () => JSON.parse(body) }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(payload);
  });
}

async function signInAdmin(port: number): Promise<string> {
  const answer = await call(port, 'POST', '/auth/token', {
    form: { GrantType: 'client_credentials', ClientId: 'admin|DEMOAIR|2|L', ClientSecret: 'Admin#12345' },
  });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.body}`);
  return answer.json<{ access_token: string }>().access_token;
}

/** Runs `work` over `items` with at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

interface Candidate {
  id: string;
  updateDt: string;
}

/** Shipments DEMOAIR's admin may decide, found through the server's own API: New in the summary, Can.Accept and Can.Reject in the detail. */
async function decidableShipments(port: number, token: string): Promise<Candidate[]> {
  const summary = await call(port, 'POST', '/awbapi/awbsummary', {
    token,
    json: { fieldSearch: [], dbOptions: { CurrentPage: 1, PageSize: 100, FieldName: 'AWBNumber', OrderBy: 'ASC' }, filters: { Status: ['New'] } },
  });
  expect(summary.status, summary.body).toBe(200);
  const rows = summary.json<{ data: { rows: { ShipmentId: string; Status: string }[] } }>().data.rows;
  const found: Candidate[] = [];
  await eachLimited(rows, IN_FLIGHT, async (row) => {
    const detail = await call(port, 'GET', `/awbapi/awbdetail/${row.ShipmentId}`, { token });
    const body = detail.json<{ status: number; data?: { Status: string; UpdateDT: string; Can: { Accept: boolean; Reject: boolean } } }>();
    if (body.status === 1 && body.data!.Status === 'New' && body.data!.Can.Accept && body.data!.Can.Reject)
      found.push({ id: row.ShipmentId, updateDt: body.data!.UpdateDT });
  });
  return found.sort((a, b) => Number(a.id) - Number(b.id));
}

// ---------------------------------------------------------------------------------------------
// The load and the kills

type Kind = 'Accept' | 'Reject';

interface Attempt {
  id: string;
  kind: Kind;
  run: number;
  outcome: 'success' | 'refused' | 'no answer';
  answer?: { Status: string; UpdateDT: string };
  detail?: string;
}

function decide(port: number, token: string, candidate: Candidate, kind: Kind): Promise<Answer> {
  return kind === 'Accept'
    ? call(port, 'POST', '/awbapi/awbapprove', {
        token,
        json: { ShipmentId: candidate.id, ApproveType: 'NORMAL', ApproveReason: '', UpdateDT: candidate.updateDt, PendingUpdate: false },
      })
    : call(port, 'POST', '/awbapi/awbreject', {
        token,
        json: {
          ShipmentId: candidate.id,
          RejectReasons: [{ Code: 'DOC01', AdditionalRemarkCode: 'DOCS', Remarks: 'Crash safety test' }],
          UpdateDT: candidate.updateDt,
          PendingUpdate: false,
        },
      });
}

interface Figures {
  database: string;
  shipments: number;
  kills: number;
  successes: number;
  noAnswer: number;
  committedWithoutAnswer: number;
  inFlightAtKills: number[];
  recoveries: number;
  seconds: number;
}

/**
 * Runs the server once more than there are kills on one database: each run signs in and keeps IN_FLIGHT decisions
 * going; after SUCCESSES_PER_RUN successes the server is killed (SIGKILL) with the others in flight,
 * except in the last run, where the load stops and drains. Then the database is checked.
 */
/** What each run's kill hits: the app, or (embedded only) the database server under it. */
type KillTarget = 'app' | 'database';

/** Every process of the embedded PostgreSQL server of `dataDir` (its own process group), with SIGKILL. */
function killEmbeddedDatabase(dataDir: string): void {
  const pid = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  process.kill(-pid, 'SIGKILL');
}

async function crashUnderLoad(
  database: string,
  dataDir: string,
  databaseUrl: string | undefined,
  verifyUrl: () => string,
  kills: readonly KillTarget[],
): Promise<Figures> {
  const started = Date.now();
  const attempts: Attempt[] = [];
  const inFlightAtKills: number[] = [];
  let queue: Candidate[] = [];
  let candidates: Candidate[] = [];
  let recoveries = 0;
  let server: RunningServer | undefined;

  for (let run = 0; run <= kills.length; run++) {
    server = await startServer(dataDir, databaseUrl);
    if (run > 0 && !databaseUrl && kills[run - 1] === 'app') {
      // The killed app's PostgreSQL was still running: the app found it and stopped it cleanly itself.
      expect(server.output()).toContain('embedded PostgreSQL left running by a previous app process');
      recoveries++;
    }
    const token = await signInAdmin(server.port);
    if (run === 0) {
      candidates = await decidableShipments(server.port, token);
      expect(candidates.length, 'enough shipments to decide').toBeGreaterThanOrEqual((kills.length + 1) * (SUCCESSES_PER_RUN + IN_FLIGHT));
      queue = [...candidates];
    }
    const last = run === kills.length;
    const port = server.port;
    const child = server.child;
    let successes = 0;
    let inFlight = 0;
    let stop = false;
    const worker = async () => {
      while (!stop && queue.length > 0) {
        const candidate = queue.shift()!;
        const attempt: Attempt = { id: candidate.id, kind: attempts.length % 2 === 0 ? 'Accept' : 'Reject', run, outcome: 'no answer' };
        attempts.push(attempt);
        inFlight++;
        try {
          const answer = await decide(port, token, candidate, attempt.kind);
          const body = answer.json<{ status: number; data?: { Status: string; UpdateDT: string } }>();
          if (answer.status === 200 && body.status === 1) {
            attempt.outcome = 'success';
            attempt.answer = body.data;
          } else if (answer.status >= 500 && kills[run] === 'database') {
            attempt.detail = `${answer.status}: its database was killed under it`; // no success claimed: like no answer
          } else {
            attempt.outcome = 'refused';
            attempt.detail = `${answer.status} ${answer.body.slice(0, 300)}`;
          }
        } catch (error) {
          attempt.detail = (error as Error).message; // the connection died with the server: no answer
        } finally {
          inFlight--;
        }
        if (attempt.outcome === 'success' && ++successes === SUCCESSES_PER_RUN) {
          if (last) stop = true;
          else {
            // A moment later, at a random point of the requests then in flight (the load goes on meanwhile).
            setTimeout(
              () => {
                stop = true;
                inFlightAtKills.push(inFlight);
                if (kills[run] === 'database') killEmbeddedDatabase(dataDir);
                else child.kill('SIGKILL');
              },
              Math.floor(Math.random() * KILL_JITTER_MS),
            );
          }
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    if (!last) {
      if (!stop) throw new Error(`run ${run} ran out of shipments to decide before its kill`);
      // Killed itself, or, its database killed under it, exited by itself.
      expect(await server.exited).toEqual(kills[run] === 'database' ? { code: 1, signal: null } : { code: null, signal: 'SIGKILL' });
    }
  }

  // The database after the kills, read directly (the last server still runs on it).
  const client = new pg.Client({ connectionString: verifyUrl() });
  await client.connect();
  let rows: { id: string; status: string; update_dt: Date; accepts: number; rejects: number; accept_logs: number; reject_logs: number }[];
  try {
    ({ rows } = await client.query(
      `SELECT s.shipment_id::text AS id, s.status, s.update_dt,
         (SELECT count(*) FROM shipment_events e WHERE e.shipment_id = s.shipment_id AND e.kind = 'ACCEPT')::int AS accepts,
         (SELECT count(*) FROM shipment_events e WHERE e.shipment_id = s.shipment_id AND e.kind = 'REJECT')::int AS rejects,
         (SELECT count(*) FROM action_log a WHERE a.shipment_id = s.shipment_id AND a.act_type = 'Accept')::int AS accept_logs,
         (SELECT count(*) FROM action_log a WHERE a.shipment_id = s.shipment_id AND a.act_type = 'Reject')::int AS reject_logs
       FROM shipments s WHERE s.shipment_id = ANY($1::bigint[])`,
      [candidates.map((candidate) => candidate.id)],
    ));
  } finally {
    await client.end();
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  expect(byId.size).toBe(candidates.length);

  // No shipment half-decided: a decided status has exactly its event and user-log entry, an undecided one neither.
  const wholeStates: Record<string, [number, number, number, number]> = { New: [0, 0, 0, 0], Accept: [1, 0, 1, 0], Reject: [0, 1, 0, 1] };
  for (const row of rows) {
    expect(Object.keys(wholeStates), `shipment ${row.id}`).toContain(row.status);
    expect(
      [row.accepts, row.rejects, row.accept_logs, row.reject_logs],
      `shipment ${row.id} in status ${row.status}: ACCEPT/REJECT events, Accept/Reject log entries`,
    ).toEqual(wholeStates[row.status]);
  }
  // Every decision answered with success is there, as answered.
  const successes = attempts.filter((attempt) => attempt.outcome === 'success');
  for (const attempt of successes) {
    const row = byId.get(attempt.id)!;
    expect(attempt.answer!.Status).toBe(attempt.kind);
    expect(row.status, `shipment ${attempt.id}, answered ${attempt.kind}`).toBe(attempt.kind);
    expect(row.update_dt.toISOString()).toBe(attempt.answer!.UpdateDT);
  }
  // Nothing was refused: every answer the server gave was a success (the others died with it).
  expect(attempts.filter((attempt) => attempt.outcome === 'refused')).toEqual([]);
  // Shipments never tried are untouched.
  const tried = new Set(attempts.map((attempt) => attempt.id));
  for (const candidate of candidates.filter((one) => !tried.has(one.id))) expect(byId.get(candidate.id)!.status).toBe('New');

  // Every kill came with decisions sent and not yet answered. (Whether any of them is then left without
  // an answer is the machine's timing: an answer already in the socket's buffer arrives after the kill.)
  const lost = attempts.filter((attempt) => attempt.outcome === 'no answer');
  expect(
    inFlightAtKills.every((count) => count > 0),
    `requests in flight at the kills: ${inFlightAtKills.join(', ')}`,
  ).toBe(true);

  // The last server stops cleanly.
  server!.child.kill('SIGTERM');
  expect(await server!.exited, server!.output().slice(-2000)).toEqual({ code: 0, signal: null });

  const figures: Figures = {
    database,
    shipments: candidates.length,
    kills: inFlightAtKills.length,
    successes: successes.length,
    noAnswer: lost.length,
    committedWithoutAnswer: lost.filter((attempt) => byId.get(attempt.id)!.status !== 'New').length,
    inFlightAtKills,
    recoveries,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
  console.log(`crash safety: ${JSON.stringify(figures)}`);
  return figures;
}

// ---------------------------------------------------------------------------------------------

describe.skipIf(Boolean(EXTERNAL))('SIGKILL under load, embedded PostgreSQL (DATA_DIR)', () => {
  it('keeps every decision answered with success and half-decides none, over a kill of PostgreSQL and a kill of the app, and comes back by itself', {
    timeout: 240_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
    cleanups.push(async () => {
      // After a failure between a kill and the next start, the PostgreSQL the killed app started is still running.
      const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
      const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
      if (pid > 0) {
        try {
          process.kill(pid, 'SIGINT');
          for (let i = 0; i < 100 && existsSync(pidFile); i++) await new Promise((resolve) => setTimeout(resolve, 100));
        } catch {
          /* already gone */
        }
      }
      rmSync(dataDir, { recursive: true, force: true });
    });
    const verifyUrl = () => {
      // The running embedded server: its port from postmaster.pid (4th line), the password the app keeps.
      const port = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
        .split('\n')[3]
        .trim();
      const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
      return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/portal`;
    };
    const figures = await crashUnderLoad('embedded', dataDir, undefined, verifyUrl, ['database', 'app']);
    expect(figures.kills).toBe(2);
    expect(figures.recoveries).toBe(1);
    expect(figures.successes).toBeGreaterThanOrEqual((KILLS + 1) * SUCCESSES_PER_RUN);
  });
});

describe.runIf(Boolean(EXTERNAL))('SIGKILL under load, external PostgreSQL (DATABASE_URL)', () => {
  it(`keeps every decision answered with success and half-decides none, over ${KILLS} kills`, { timeout: 240_000 }, async () => {
    const name = `crash_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: EXTERNAL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const cleanup = new pg.Client({ connectionString: EXTERNAL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    });
    const url = new URL(EXTERNAL!);
    url.pathname = `/${name}`;
    // DATA_DIR still holds the app's generated JWT secret, so a token would survive the restart; each run signs in anyway.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-ext-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const figures = await crashUnderLoad(
      'external',
      dataDir,
      url.toString(),
      () => url.toString(),
      Array.from({ length: KILLS }, () => 'app' as const),
    );
    expect(figures.kills).toBe(KILLS);
    expect(figures.successes).toBeGreaterThanOrEqual((KILLS + 1) * SUCCESSES_PER_RUN);
  });
});

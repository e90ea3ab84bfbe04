import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { exitOf, freePort, smallServerEnv, watchLog } from './realServer';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * SIGTERM on the real server (src/server/main.ts on its own embedded PostgreSQL): it drains first
 * (DRAIN_SECONDS: /readyz answers 503, requests are still served), then the request in flight gets its
 * answer, then the server closes its pool, stops PostgreSQL and exits 0.
 * The request in flight is a sign-in whose form body arrives in two parts: the server has started
 * on it (routed, logged) before the signal and can only answer once the rest has come and argon2
 * has checked the password — no test-only route is needed. Run with one app process and with a
 * primary and two (npm start's cluster), where it also shows every process hearing a change.
 */

const ROOT = path.join(import.meta.dirname, '..', '..');
const dataDirs: string[] = [];
let server: ChildProcess | undefined;
afterAll(() => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

/** npm run backup / restore as an operator runs them, on the test's DATA_DIR. */
function runCommand(command: 'backup' | 'restore', file: string, env: NodeJS.ProcessEnv) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/ops/backupCommand.ts', command, file], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A sign-in sent in two parts: the headers and half the form now, the rest when told. */
function signInInTwoParts(port: number) {
  const form = new URLSearchParams({ GrantType: 'client_credentials', ClientId: 'admin|DEMOAIR|2|L', ClientSecret: 'Admin#12345' }).toString();
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/auth/token',
    agent: false,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(form), connection: 'close' },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  const half = Math.floor(form.length / 2);
  request.write(form.slice(0, half));
  return { answer, sendTheRest: () => request.end(form.slice(half)) };
}

/**
 * With several app processes sharing the port, each keeps its own access cache: a lock made through
 * one is refused by every process within a second (the change feed reaches each as it would separate
 * machines). Connections are closed after each call, so the primary hands them out in turn.
 */
async function expectEveryProcessHearsALock(port: number, lines: Record<string, unknown>[]): Promise<number> {
  const base = `http://127.0.0.1:${port}`;
  const token = async (user: string, password: string) => {
    const response = await fetch(`${base}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', connection: 'close' },
      body: new URLSearchParams({ GrantType: 'client_credentials', ClientId: `${user}|DEMOAIR|2|L`, ClientSecret: password }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const admin = await token('admin', 'Admin#12345');
  const operator = await token('operator', 'Operator#12345');
  let profileCalls = 0;
  const profile = async () => {
    profileCalls++;
    const response = await fetch(`${base}/userapi/user/getuserprofile`, { headers: { authorization: `Bearer ${operator}`, connection: 'close' } });
    return ((await response.json()) as { status: number }).status;
  };
  for (let call = 0; call < 8; call++) expect(await profile()).toBe(1); // every process has the operator cached
  const servedBy = new Set(lines.filter((line) => line.msg === 'request completed').map((line) => line.pid));
  expect(servedBy.size).toBe(2);
  const lock = await fetch(`${base}/classicapi/users/${encodeURIComponent('DEMOAIR|operator')}/lock`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ request: { locked: true }, app_id: 2, token: crypto.randomUUID(), ts: Math.floor(Date.now() / 1000) }),
  });
  expect(((await lock.json()) as { status: number }).status).toBe(1);
  const began = performance.now();
  let refusedInARow = 0;
  while (refusedInARow < 8) {
    refusedInARow = (await profile()) === -10002 ? refusedInARow + 1 : 0;
    expect(performance.now() - began, 'every process refuses the locked user within a second').toBeLessThan(1000);
  }
  return profileCalls;
}

// One app process, and a primary with two (npm start on two cores): each finishes its requests in flight.
describe.each([1, 2])('SIGTERM with WEB_CONCURRENCY=%i', (processes) => {
  it('answers the request in flight, stops the embedded PostgreSQL and exits 0', { timeout: 240_000 }, async () => {
    // One data directory for both: the second start finds the cluster the first one stopped cleanly
    // (and skips initdb and the seed, which are not what this test is about).
    const dataDir = dataDirs[0] ?? mkdtempSync(path.join(tmpdir(), 'portal-sigterm-'));
    if (dataDirs.length === 0) dataDirs.push(dataDir);
    const port = await freePort();
    const env = smallServerEnv(dataDir, port, { WEB_CONCURRENCY: String(processes), DRAIN_SECONDS: '2' });
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    server.stderr!.on('data', (chunk) => (errors += chunk));
    const log = watchLog(server);
    const exited = exitOf(server);
    await Promise.race([
      log.waitFor(
        () => log.lines.filter((line) => typeof line.msg === 'string' && line.msg.startsWith('Server listening at http://127.0.0.1')).length >= processes,
        'Server listening',
      ),
      exited.then(({ code }) => {
        throw new Error(`the server exited (${code}) during start: ${errors}`);
      }),
    ]);
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    const postmasterPid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    expect(() => process.kill(postmasterPid, 0)).not.toThrow();

    if (processes > 1) {
      const profileCalls = await expectEveryProcessHearsALock(port, log.lines);
      // A scrape reaches one app process; the primary gathers the others': the count is every process's.
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { connection: 'close' } })).text();
      const served = metrics
        .split('\n')
        .find((line) => line.startsWith('http_requests_total{method="GET",route="/userapi/user/getuserprofile",status_code="200"}'));
      expect(Number(served?.split(' ').at(-1))).toBe(profileCalls);
    }
    // npm run backup reads the running portal's database; npm run restore refuses to replace it under the portal.
    const backupFile = path.join(dataDir, `while-serving-${processes}.backup`);
    if (processes === 1) {
      const backup = runCommand('backup', backupFile, env);
      expect(backup.stdout + backup.stderr).toMatch(/^Backed up \d+ tables, \d+ rows/);
      expect(backup.status).toBe(0);
      const refused = runCommand('restore', backupFile, env);
      expect([refused.status, refused.stderr.trim()]).toEqual([
        1,
        expect.stringMatching(/in use by another portal process \(pid \d+\)\. Stop the portal first: a restore replaces its whole database\.$/),
      ]);
    }

    const earlier = new Set(log.lines);
    const signIn = signInInTwoParts(port);
    // The server has the request: routed and logged, waiting for the rest of the form.
    await log.waitFor(
      (line) => !earlier.has(line) && line.msg === 'incoming request' && JSON.stringify(line.req ?? {}).includes('/auth/token'),
      'incoming request /auth/token',
      10_000,
    );

    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    server.kill('SIGTERM');
    // Draining first: every process still answers, but tells the load balancer it is not ready and
    // asks each client to close its connection.
    const fromEvery = (message: string) => () => log.lines.filter((line) => line.msg === message).length >= processes;
    await log.waitFor(fromEvery('draining: /readyz answers 503, requests are still served'), 'draining', 10_000);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect([ready.status, await ready.json(), ready.headers.get('connection')]).toEqual([503, { status: 'draining' }, 'close']);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    await log.waitFor(fromEvery('shutting down: finishing requests in flight'), 'shutting down', 10_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.exitCode).toBeNull(); // still there for the request in flight
    // No new work is taken on meanwhile.
    const refused = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.status,
      () => 'no connection',
    );
    expect([503, 'no connection']).toContain(refused);

    signIn.sendTheRest();
    const answer = await signIn.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) });

    expect(await exited, `stderr: ${errors}\nlast log lines: ${JSON.stringify(log.lines.slice(-6))}`).toEqual({ code: 0, signal: null });
    expect(log.lines.some((line) => line.msg === 'stopped')).toBe(true);
    expect(existsSync(pidFile)).toBe(false); // PostgreSQL shut down cleanly
    expect(() => process.kill(postmasterPid, 0)).toThrow();
    expect(existsSync(path.join(dataDir, 'app.lock'))).toBe(false);
    if (processes === 1) {
      const restored = runCommand('restore', backupFile, env);
      expect([restored.status, restored.stdout]).toEqual([0, expect.stringMatching(/^Restored \d+ tables, \d+ rows from /)]);
    }
  });
});

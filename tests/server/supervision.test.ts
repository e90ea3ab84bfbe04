import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exitOf, freePort, smallServerEnv, watchLog } from './realServer';

/**
 * Issue 35, 2: npm start (scripts/start.mjs) keeps the portal up on one machine. When its embedded
 * PostgreSQL dies (killed here with SIGKILL), the server exits on purpose and start.mjs starts it again
 * (PostgreSQL recovers from its write-ahead log), logging the restart; a start refused for its
 * configuration is not tried again; SIGTERM to start.mjs stops everything, leaving nothing running.
 */

const ROOT = path.join(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-supervised-'));
let supervisor: ChildProcess | undefined;
afterAll(() => {
  if (supervisor && supervisor.exitCode === null) supervisor.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function startSupervised(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += chunk));
  return { child, log: watchLog(child), errors: () => errors };
}

const postmasterPid = () => Number(readFileSync(path.join(realpathSync(path.join(dataDir, 'pg')), 'postmaster.pid'), 'utf8').split('\n')[0]);

async function untilReady(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`/readyz did not answer 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start under supervision', () => {
  it('starts the portal again when its embedded PostgreSQL dies, and stops everything on SIGTERM', { timeout: 240_000 }, async () => {
    const port = await freePort();
    const env = smallServerEnv(dataDir, port, { DRAIN_SECONDS: '0' });
    const started = startSupervised(env);
    supervisor = started.child;
    await untilReady(port, 150_000);
    const first = postmasterPid();
    // The first server's process, from its own log line (pino writes the pid).
    const serverPid = started.log.lines.find((line) => line.msg === 'embedded PostgreSQL ready')?.pid;
    expect(serverPid).toEqual(expect.any(Number));

    process.kill(first, 'SIGKILL');
    await started.log.waitFor((line) => line.msg === 'the embedded PostgreSQL server stopped unexpectedly: exiting', 'the server noticing', 30_000);
    await untilReady(port, 120_000);
    expect(started.errors()).toMatch(/"msg":"the portal stopped unexpectedly \(exit code 1\): starting it again in 1 s".*"restart":1/);
    const second = postmasterPid();
    expect(second).not.toBe(first);
    expect(isAlive(second)).toBe(true);
    expect(isAlive(serverPid as number)).toBe(false);

    supervisor.kill('SIGTERM');
    expect(await exitOf(supervisor)).toEqual({ code: 0, signal: null });
    expect(isAlive(second)).toBe(false);
    const refused = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      () => 'answered',
      () => 'no connection',
    );
    expect(refused).toBe('no connection');
  });

  it('does not start again a server that refuses its configuration', { timeout: 60_000 }, async () => {
    const started = startSupervised({ ...process.env, DATA_DIR: dataDir, DIST_DIR: path.join(dataDir, 'no-dist'), DRAIN_SECONDS: 'soon' });
    supervisor = started.child;
    expect(await exitOf(started.child)).toEqual({ code: 78, signal: null });
    expect(started.errors()).toContain('Configuration: DRAIN_SECONDS must be an integer >= 0, got "soon"');
    expect(started.errors()).not.toContain('starting it again');
  });
});

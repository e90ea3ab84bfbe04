import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { STARTING_MESSAGE } from '../../src/server/ops/startingServer';
import { createTestDatabase } from './testApp';
import { exitOf, freePort, smallServerEnv, watchLog } from './realServer';

/**
 * Issue 35, 3: /readyz answers 503 while the instance migrates (before, nothing listened until the
 * app was up: a balancer and an operator saw refused connections, and could not tell a long
 * migration from a hung process); a request that comes meanwhile waits for the app. The migration is held where a slow one would be: on Kysely's
 * migration lock, taken by the test, as another instance migrating would hold it.
 */

const ROOT = path.join(import.meta.dirname, '..', '..');
/** Kysely's migration lock on PostgreSQL (kysely/dist/esm/dialect/postgres/postgres-adapter.js). */
const KYSELY_MIGRATION_LOCK = '3853314791062309107';
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-starting-'));
let server: ChildProcess | undefined;
afterAll(() => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function get(port: number, route: string, headers: Record<string, string> = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${route}`, { headers: { connection: 'close', ...headers } });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** Asks until `test` holds of an answer (connections refused meanwhile count as not yet). */
async function until(port: number, route: string, test: (answer: Awaited<ReturnType<typeof get>>) => boolean, what: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const answer = await get(port, route).catch(() => undefined);
    if (answer && test(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`${route} never ${what}; last: ${answer ? `${answer.status} ${answer.body}` : 'no answer'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each([1, 2])('a start while another instance migrates, WEB_CONCURRENCY=%i', (processes) => {
  it('answers /readyz and /healthz 503, saying so, holds requests until it has migrated, then serves', { timeout: 240_000 }, async () => {
    const test = await createTestDatabase();
    const holder = new pg.Client({ connectionString: test.url });
    await holder.connect();
    try {
      await holder.query(`SELECT pg_advisory_lock(${KYSELY_MIGRATION_LOCK})`);
      const port = await freePort();
      // The held request is to be served once the app is ready, however long its start takes on a busy machine (10 s by default).
      const env = smallServerEnv(dataDir, port, {
        DATABASE_URL: test.url,
        WEB_CONCURRENCY: String(processes),
        DRAIN_SECONDS: '0',
        STARTING_HOLD_SECONDS: '120',
      });
      server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      const log = watchLog(server);
      const exited = exitOf(server);

      const readiness = await until(port, '/readyz', (answer) => answer.body.includes('migrating'), 'said migrating');
      expect(readiness.status).toBe(503);
      expect(JSON.parse(readiness.body)).toEqual({ status: 'migrating' });
      // Held on the lock (the phase is set as migrating begins, just before the lock is asked for).
      const waiting = async () =>
        (
          await holder.query(
            "SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
          )
        ).rows[0].waiting as number;
      const deadline = Date.now() + 60_000;
      while ((await waiting()) === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await waiting()).toBe(1);
      expect(JSON.parse((await get(port, '/readyz')).body)).toEqual({ status: 'migrating' });

      const liveness = await get(port, '/healthz');
      expect({ status: liveness.status, body: JSON.parse(liveness.body) }).toEqual({ status: 503, body: { status: 'migrating' } });
      // A request meanwhile is held for the app, not refused (nginx would not send a refused POST elsewhere).
      let signedIn: Response | undefined;
      const signIn = fetch(`http://127.0.0.1:${port}/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', connection: 'close' },
        body: new URLSearchParams({ GrantType: 'client_credentials', ClientId: 'admin|DEMOAIR|2|L', ClientSecret: 'Admin#12345' }),
      }).then((response) => (signedIn = response));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(signedIn).toBeUndefined();
      expect(log.lines.some((line) => line.msg === 'migrations applied')).toBe(false);

      await holder.query(`SELECT pg_advisory_unlock(${KYSELY_MIGRATION_LOCK})`);
      const held = await signIn;
      if (processes === 1) {
        // The instance's own app serves it once ready.
        expect(held.status).toBe(200);
        expect(((await held.json()) as { access_token?: string }).access_token).toEqual(expect.any(String));
      } else {
        // A primary leaves the port to its app processes: what it held is answered 503, to be tried again.
        expect(held.status).toBe(503);
        expect(held.headers.get('retry-after')).toBe('5');
        expect(await held.json()).toEqual({ status: -1, message: STARTING_MESSAGE, data: { reason: 'starting' } });
      }
      const ready = await until(port, '/readyz', (answer) => answer.status === 200, 'answered 200');
      expect(JSON.parse(ready.body)).toEqual({ status: 'ready' });
      expect(log.lines.some((line) => line.msg === 'migrations applied')).toBe(true);
      expect((await get(port, '/healthz')).body).toBe('{"status":"ok"}');

      server.kill('SIGTERM');
      expect(await exited).toEqual({ code: 0, signal: null });
    } finally {
      await holder.end();
      await test.drop();
    }
  });
});

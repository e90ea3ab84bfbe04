import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/database';
import { sharedJwtSecret } from '../../src/server/secrets';
import { createTestDatabase } from './testApp';
import { exitOf, freePort, smallServerEnv } from './realServer';

/**
 * Issue 35, 7: configuration that cannot half-work. A port in use leaves no embedded PostgreSQL
 * running; a database that cannot be reached is tried again with a growing pause, named, then given
 * up in one sentence; instances on one DATABASE_URL without JWT_SECRET share one token key.
 */

const ROOT = path.join(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-refusals-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer(port: number, env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: smallServerEnv(dataDir, port, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

describe('a start that cannot work', () => {
  // The port is taken first (it answers /readyz 503 while the instance starts), so a port in use is
  // refused before the embedded PostgreSQL is started at all (before, it was left running).
  it('says so, and starts no embedded PostgreSQL, when its port is in use', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const server = startServer(port);
      expect(await exitOf(server.child)).toEqual({ code: 1, signal: null });
      expect(server.output()).toContain(`Port ${port} on 127.0.0.1 is in use by another program: stop it, or set PORT to a free port.`);
      expect(server.output()).not.toContain('embedded PostgreSQL ready');
      expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
      expect(existsSync(path.join(dataDir, 'app.lock'))).toBe(false);
    } finally {
      taken.close();
    }
  });

  it('tries a database it cannot reach again, naming it, then gives up in one sentence', { timeout: 60_000 }, async () => {
    const server = startServer(await freePort(), { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/portal', DATABASE_WAIT_SECONDS: '3' });
    expect(await exitOf(server.child)).toEqual({ code: 1, signal: null });
    expect(server.output()).toMatch(
      /"database":"127\.0\.0\.1:1","attempt":1,"retryInSeconds":1.*"msg":"the database at 127\.0\.0\.1:1 cannot be reached: trying again in 1 s"/,
    );
    expect(server.output()).toMatch(/"attempt":2,"retryInSeconds":2/);
    expect(server.output()).toContain('The database at 127.0.0.1:1 (DATABASE_URL) could not be reached for 3 s: connect ECONNREFUSED 127.0.0.1:1');
  });
});

describe('the token key without JWT_SECRET on a shared database', () => {
  let test: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateToLatest(test.db);
  });
  afterAll(() => test.drop());

  it('is generated once and is the same for every instance, however many start at once', async () => {
    const keys = await Promise.all(Array.from({ length: 6 }, () => sharedJwtSecret(test.db)));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0].length).toBeGreaterThanOrEqual(48);
    expect(await sharedJwtSecret(test.db)).toBe(keys[0]);
  });
});

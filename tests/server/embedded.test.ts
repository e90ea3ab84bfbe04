import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import pino from 'pino';
import { acquireAppLock, commandLineOf, startEmbeddedDatabase } from '../../src/server/db/embedded';
import { packagedInstallDir } from '../../src/server/db/embeddedRuntime';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-embedded-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function startChild(dataDir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures', 'embeddedChild.ts'), dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.stdout.on('data', (chunk) => String(chunk).includes('READY') && resolve(child.pid!));
    child.on('exit', (code) => reject(new Error(`child exited ${code}: ${errors}`)));
  });
}

describe('the app lock on the data directory', () => {
  it('refuses a second live owner and takes over the lock of a dead one', () => {
    const dir = newDir();
    writeFileSync(path.join(dir, 'app.lock'), String(process.ppid)); // a live Node.js process that is not us (an old-style lock)
    expect(() => acquireAppLock(dir)).toThrow(/in use by another portal process/);
    writeFileSync(path.join(dir, 'app.lock'), '999999999'); // no such process
    const release = acquireAppLock(dir);
    expect(readFileSync(path.join(dir, 'app.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
    release();
  });
});

/** A live process for a lock to name; killed after the test. */
function liveProcess(command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, { stdio: 'ignore' });
  children.push(child);
  return child;
}
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe('the command line of a process', () => {
  it('reads /proc, and falls back to ps where there is no /proc', async () => {
    const sleeper = liveProcess('sleep', ['30']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const fromProc = commandLineOf(sleeper.pid!);
    expect(fromProc).toBe('sleep 30');
    expect(commandLineOf(sleeper.pid!, path.join(newDir(), 'no-proc-here'))).toBe('sleep 30'); // through ps
    expect(commandLineOf(999999999)).toBe('');
    expect(commandLineOf(999999999, path.join(newDir(), 'no-proc-here'))).toBe('');
  });
});

describe('the app lock and pid reuse', () => {
  const noProc = () => path.join(newDir(), 'no-proc-here');

  it('records its command line beside its pid', () => {
    const dir = newDir();
    const release = acquireAppLock(dir);
    expect(readFileSync(path.join(dir, 'app.lock'), 'utf8')).toBe(`${process.pid}\n${commandLineOf(process.pid)}\n`);
    release();
  });

  it('takes over a lock whose pid is alive but now runs another program', async () => {
    for (const procRoot of ['/proc', noProc()]) {
      const dir = newDir();
      const stranger = liveProcess('sleep', ['30']);
      await new Promise((resolve) => setTimeout(resolve, 100));
      writeFileSync(path.join(dir, 'app.lock'), `${stranger.pid}\n${process.execPath} --import tsx src/server/main.ts\n`);
      const release = acquireAppLock(dir, procRoot);
      expect(readFileSync(path.join(dir, 'app.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
      release();
      // An old-style lock (pid only) naming a process that is not Node.js is taken over too.
      writeFileSync(path.join(dir, 'app.lock'), String(stranger.pid));
      acquireAppLock(dir, procRoot)();
    }
  });

  it('refuses a lock whose owner still runs the program that wrote it', async () => {
    for (const procRoot of ['/proc', noProc()]) {
      const dir = newDir();
      const portal = liveProcess(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
      await new Promise((resolve) => setTimeout(resolve, 200));
      writeFileSync(path.join(dir, 'app.lock'), `${portal.pid}\n${commandLineOf(portal.pid!)}\n`);
      expect(() => acquireAppLock(dir, procRoot)).toThrow(new RegExp(`in use by another portal process \\(pid ${portal.pid}\\)`));
    }
  });
});

describe('recovery after the app is killed', () => {
  it('finds the orphaned server, stops it cleanly and starts again without losing committed data', async () => {
    const dir = newDir();
    const childPid = await startChild(dir);
    const postmasterPid = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(childPid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(() => process.kill(postmasterPid, 0)).not.toThrow(); // the orphan still runs

    const release = acquireAppLock(dir); // the dead app's lock is stale
    const database = await startEmbeddedDatabase(dir, pino({ level: 'silent' }));
    try {
      expect(() => process.kill(postmasterPid, 0)).toThrow(); // the orphan was shut down
      const client = new pg.Client({ connectionString: database.connectionString });
      await client.connect();
      const { rows } = await client.query('SELECT note FROM decisions');
      await client.end();
      expect(rows).toEqual([{ note: 'committed before the kill' }]);
    } finally {
      await database.stop();
      release();
    }
  });

  it('starts when postmaster.pid is stale (the server itself died)', async () => {
    const dir = newDir();
    const first = await startEmbeddedDatabase(dir, pino({ level: 'silent' }));
    await first.stop();
    writeFileSync(path.join(dir, 'pg', 'postmaster.pid'), '999999999\n/nowhere\n');
    const second = await startEmbeddedDatabase(dir, pino({ level: 'silent' }));
    const client = new pg.Client({ connectionString: second.connectionString });
    await client.connect();
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await client.end();
    await second.stop();
  });
});

describe.runIf(process.getuid?.() === 0)('as root, in a clone the postgres user cannot reach (a mode-700 home)', () => {
  function privateClone(): { privateDir: string; installDir: string; dataDir: string; runtimeRoot: string } {
    const privateDir = newDir();
    chmodSync(privateDir, 0o700);
    const installDir = path.join(privateDir, 'node_modules', 'native');
    cpSync(packagedInstallDir(), installDir, { recursive: true, verbatimSymlinks: true });
    const runtimeRoot = newDir();
    chmodSync(runtimeRoot, 0o755);
    return { privateDir, installDir, dataDir: path.join(privateDir, 'data'), runtimeRoot };
  }

  it('runs copies of the binaries and a cluster linked from DATA_DIR/pg, and keeps its data across starts', async () => {
    const { privateDir, installDir, dataDir, runtimeRoot } = privateClone();
    const first = await startEmbeddedDatabase(dataDir, pino({ level: 'silent' }), { runtimeRoot, installDir });
    try {
      const client = new pg.Client({ connectionString: first.connectionString });
      await client.connect();
      await client.query("CREATE TABLE decisions (note text); INSERT INTO decisions VALUES ('kept')");
      await client.end();
    } finally {
      await first.stop();
    }
    expect(statSync(privateDir).mode & 0o777).toBe(0o700); // nothing opened up the user's directory
    expect(lstatSync(path.join(dataDir, 'pg')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(path.join(dataDir, 'pg')).startsWith(path.join(runtimeRoot, 'clusters'))).toBe(true);
    expect(readdirSync(runtimeRoot).filter((name) => name.startsWith('postgres-'))).toHaveLength(1);

    const second = await startEmbeddedDatabase(dataDir, pino({ level: 'silent' }), { runtimeRoot, installDir });
    try {
      const client = new pg.Client({ connectionString: second.connectionString });
      await client.connect();
      expect((await client.query('SELECT note FROM decisions')).rows).toEqual([{ note: 'kept' }]);
      await client.end();
    } finally {
      await second.stop();
    }
  });

  it('stops with one clear sentence, saying what to do, where it truly cannot', async () => {
    const { installDir, dataDir } = privateClone();
    const aFile = path.join(newDir(), 'not-a-directory');
    writeFileSync(aFile, '');
    await expect(startEmbeddedDatabase(dataDir, pino({ level: 'silent' }), { runtimeRoot: path.join(aFile, 'runtime'), installDir })).rejects.toThrow(
      /^The embedded PostgreSQL cannot start here: the postgres user cannot reach this clone, .*\. Run the portal as a user other than root, clone it into a directory the postgres user can reach, or set DATABASE_URL to a PostgreSQL server\.$/,
    );
  });
});

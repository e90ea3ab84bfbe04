import { existsSync, readFileSync, realpathSync, rmSync, mkdirSync, writeFileSync, openSync, closeSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { EmbeddedDatabaseUnavailable, initialiseCluster, newClusterPassword, preparePostgresRuntime } from './embeddedRuntime';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { freePort } from '../freePort';

/**
 * The embedded PostgreSQL server the app runs itself when DATABASE_URL is not set.
 * It belongs to one app process at a time (a pid lock in DATA_DIR); a start after the app was
 * killed finds the orphaned postmaster (still running) or a stale postmaster.pid and recovers it.
 */

export interface EmbeddedDatabase {
  connectionString: string;
  stop(): Promise<void>;
  /** Called once if the server exits when nobody stopped it (it crashed, or was killed). */
  onUnexpectedExit(handler: (exit: { code: number | null; signal: NodeJS.Signals | null }) => void): void;
}

const DATABASE_NAME = 'portal';
/** How long a stop waits for the sessions to end by themselves before it ends them. */
const SMART_SHUTDOWN_MS = 3000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The command line of a running process, its arguments separated by single spaces; '' when it cannot
 * be told (no such process, or neither /proc nor ps). /proc on Linux; `ps` where there is no /proc (macOS, BSD).
 */
export function commandLineOf(pid: number, procRoot = '/proc'): string {
  if (existsSync(procRoot)) {
    try {
      return normaliseCommandLine(readFileSync(path.join(procRoot, String(pid), 'cmdline'), 'utf8').replace(/\0/g, ' '));
    } catch {
      return '';
    }
  }
  try {
    return normaliseCommandLine(execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return ''; // ps exits 1 when there is no such process
  }
}

function normaliseCommandLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** What app.lock holds: the owner's pid, then its command line (so a reused pid is told apart). */
interface LockOwner {
  pid: number;
  commandLine: string | undefined;
}

function readLockOwner(lockPath: string): LockOwner {
  const [pidLine = '', commandLine] = readFileSync(lockPath, 'utf8').split('\n');
  return { pid: Number(pidLine.trim()), commandLine: commandLine?.trim() || undefined };
}

/**
 * True when the lock's owner still runs as the process that wrote the lock. A live pid running
 * something else is a reused pid: the portal that held the lock is gone. When the command line
 * cannot be read, a live pid is taken to be the owner (never steal a lock on a guess).
 */
function lockIsHeld(owner: LockOwner, procRoot: string): boolean {
  if (!Number.isInteger(owner.pid) || owner.pid <= 0 || owner.pid === process.pid || !isAlive(owner.pid)) return false;
  const current = commandLineOf(owner.pid, procRoot);
  if (current === '') return true;
  // A lock from before command lines were recorded: any Node.js process may be a portal.
  if (owner.commandLine === undefined) return path.basename(current.split(' ')[0]).startsWith('node');
  return current === owner.commandLine;
}

/** DATA_DIR is locked by a portal process that still runs. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The data directory ${dataDir} is in use by another portal process (pid ${pid}). Stop it first, or set DATA_DIR to another directory.`);
  }
}

/**
 * Takes DATA_DIR/app.lock for this process; a lock whose owner is dead, or whose pid now runs
 * another program (pid reuse), is stale and taken over. `procRoot` is for tests.
 */
export function acquireAppLock(dataDir: string, procRoot = '/proc'): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'app.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeFileSync(fd, `${process.pid}\n${commandLineOf(process.pid, procRoot)}\n`);
      closeSync(fd);
      return () => {
        try {
          if (readLockOwner(lockPath).pid === process.pid) unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readLockOwner(lockPath);
      if (lockIsHeld(owner, procRoot)) {
        throw new DataDirInUse(dataDir, owner.pid);
      }
      unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

/** Stops a postmaster left behind by a killed app process, or removes a stale pid file. */
async function recoverOrphan(clusterDir: string, log: FastifyBaseLogger): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && commandLineOf(pid).includes('postgres')) {
    log.warn({ pid }, 'embedded PostgreSQL left running by a previous app process: shutting it down cleanly');
    process.kill(pid, 'SIGINT'); // fast shutdown: committed data is kept, sessions are closed
    if (!(await waitForExit(pid, 30_000))) {
      log.warn({ pid }, 'orphaned PostgreSQL did not stop in 30 s: sending SIGQUIT (crash recovery at start)');
      process.kill(pid, 'SIGQUIT');
      await waitForExit(pid, 10_000);
    }
  }
  if (existsSync(pidFile)) {
    log.warn('removing the stale postmaster.pid of a server that is no longer running');
    rmSync(pidFile, { force: true });
  }
}

const passwordFile = (dataDir: string) => path.join(dataDir, 'pg-password');

function clusterPassword(dataDir: string): string {
  const file = passwordFile(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = newClusterPassword();
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

async function waitUntilReady(connectionString: string, postmaster: ChildProcess, output: () => string, spawnError: () => Error | undefined): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const failed = spawnError();
    if (failed) throw new EmbeddedDatabaseUnavailable(`the server program could not be started (${failed.message})`);
    if (postmaster.exitCode !== null || postmaster.signalCode !== null) {
      throw new Error(`The embedded PostgreSQL server stopped during start-up: ${output().slice(-2000)}`);
    }
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`The embedded PostgreSQL server did not accept connections in 60 s: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
}

/**
 * Starts (creating it on first use) the cluster of `dataDir`. `runtimeOptions` are for tests: where a
 * root user's copies go, and the binaries to start from (embeddedRuntime.ts).
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  log: FastifyBaseLogger,
  runtimeOptions: { runtimeRoot?: string; installDir?: string } = {},
): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const runtime = preparePostgresRuntime(dataDir, log, runtimeOptions);
  const { clusterDir, owner } = runtime;
  const password = clusterPassword(dataDir);

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log.info({ clusterDir }, 'creating the embedded PostgreSQL cluster');
    await initialiseCluster(runtime, password, log);
  } else {
    await recoverOrphan(clusterDir, log);
  }

  const port = await freePort();
  let output = '';
  // Its own process group: a Ctrl-C in the terminal reaches the app, which then stops PostgreSQL last.
  const postmaster = spawn(
    path.join(runtime.installDir, 'bin', 'postgres'),
    ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    { ...(owner ?? {}), detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } },
  );
  postmaster.stderr?.on('data', (chunk: Buffer) => {
    const message = chunk.toString('utf8');
    output = (output + message).slice(-8000);
    log.debug({ postgres: message.trim() }, 'embedded postgres');
  });
  let spawnError: Error | undefined;
  postmaster.once('error', (error) => (spawnError = error));
  let stopping = false;
  let unexpectedExit: ((exit: { code: number | null; signal: NodeJS.Signals | null }) => void) | undefined;
  const exited = new Promise<void>((resolve) =>
    postmaster.once('exit', (code, signal) => {
      if (!stopping) unexpectedExit?.({ code, signal });
      resolve();
    }),
  );

  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  await waitUntilReady(
    `${base}/postgres`,
    postmaster,
    () => output,
    () => spawnError,
  );
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE_NAME}`);
  } finally {
    await admin.end();
  }
  log.info({ port, pid: postmaster.pid }, 'embedded PostgreSQL ready');
  return {
    connectionString: `${base}/${DATABASE_NAME}`,
    onUnexpectedExit(handler) {
      unexpectedExit = handler;
    },
    async stop() {
      stopping = true;
      if (postmaster.exitCode !== null || postmaster.signalCode !== null) return;
      // Smart shutdown first: the sessions of a pool that has just ended close on their own. A fast
      // shutdown at once would send those still closing "terminating connection due to administrator
      // command", an error event on a pool that has already let go of them (and crash its process).
      postmaster.kill('SIGTERM');
      const stoppedInTime = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(resolve, SMART_SHUTDOWN_MS, false).unref()),
      ]);
      if (stoppedInTime) return;
      postmaster.kill('SIGINT'); // fast shutdown for sessions still open: clean, nothing committed is lost
      await exited;
    },
  };
}

/**
 * The database of the embedded server a running portal started on `dataDir` (its port from the server's
 * postmaster.pid, its password from DATA_DIR): for commands that work beside the portal (npm run backup).
 */
export function runningServerConnection(dataDir: string): string {
  const pidFile = path.join(realpathSync(path.join(dataDir, 'pg')), 'postmaster.pid');
  const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]);
  const password = readFileSync(passwordFile(dataDir), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`;
}

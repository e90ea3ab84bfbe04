// npm start: build the SPA when it is missing or older than its sources, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
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
if (!existsSync(builtIndex) || Math.max(...sources.map(newestChange)) > statSync(builtIndex).mtimeMs) {
  console.log('Building the portal pages (vite build)...');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

let nodeArgs;
try {
  nodeArgs = serverNodeArgs();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'src', 'server', 'main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

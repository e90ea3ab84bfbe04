import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The benchmarks measure the app as users get it: the built SPA (built once if it is not there). */
export function ensureBuilt(root: string): void {
  if (existsSync(path.join(root, 'dist', 'index.html'))) return;
  const built = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('vite build failed');
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A file of the project by its path from the project's root (where package.json is), wherever the
 * code reading it runs from: the TypeScript sources (tsx: npm run dev, the tests) or the compiled
 * server (build/server/main.mjs: npm start), whose import.meta.url is the bundle's, not the source's.
 */

let root: string | undefined;

function projectRoot(): string {
  if (root) return root;
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'cargo-portal') {
      root = dir;
      return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`the portal's package.json was not found above ${fileURLToPath(import.meta.url)}`);
  }
}

export function projectFile(fromRoot: string): string {
  return path.join(projectRoot(), fromRoot);
}

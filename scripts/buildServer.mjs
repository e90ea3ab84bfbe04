// npm run build (after the pages): the server compiled to JavaScript, as npm start runs it: one bundle,
// build/server/main.mjs (with its map), the packages left to node_modules; the files the
// server reads at run time (seed data, the PDF worker) stay where they are (src/server/projectFiles.ts).
import { build } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

/** Builds the bundles in memory and puts each file in place by a rename: a server starting meanwhile reads an old file or a new one, never half of one. */
export async function buildServer() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: 'src/server/main.ts' },
    outdir: 'build/server',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  });
  mkdirSync(path.join(root, 'build', 'server'), { recursive: true });
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appMessages } from '../../src/app/i18n/en';
import { loadEnglishMessages } from '../../src/app/i18n/loadMessages';
import { shellMessages } from '../../src/app/i18n/shellMessages';

/**
 * The login page carries only the shell's words; the signed-in screens load the rest. A key the shell
 * asks for that lives only in `en.ts` would show as the raw key, so every key the shell's code names
 * must be in `shellMessages`.
 */

const ROOT = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The files that translate with the shell's translator. */
const shellFiles = sourceFiles(join(ROOT, 'src/app')).filter((path) => /from '(\.\.\/)+i18n\/translate'|from '\.\/translate'/.test(readFileSync(path, 'utf8')));

function node(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((at, part) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined), tree);
}

describe('the shell messages', () => {
  it('are found in the files that use the shell translator', () => {
    expect(shellFiles.map((path) => relative(ROOT, path))).toEqual(
      expect.arrayContaining(['src/app/login/LoginPage.tsx', 'src/app/login/loginDialogs.ts', 'src/app/errors/ErrorPage.tsx']),
    );
  });

  it('hold every literal key the shell names', () => {
    const missing = shellFiles.flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/['"](app\.[A-Za-z0-9_.]+[A-Za-z0-9_])['"]/g)]
        .map((match) => match[1])
        .filter((key) => typeof node(shellMessages, key) !== 'string')
        .map((key) => `${relative(ROOT, path)}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('hold every group of keys the shell builds from a value', () => {
    const missing = shellFiles.flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/`(app\.[A-Za-z0-9_.]+)\.\$\{/g)]
        .map((match) => match[1])
        .filter((prefix) => typeof node(shellMessages, prefix) !== 'object')
        .map((prefix) => `${relative(ROOT, path)}: ${prefix}`),
    );
    expect(missing).toEqual([]);
  });

  it('are part of the full messages unchanged, so a signed-in screen says the same', () => {
    function leaves(tree: unknown, prefix = ''): [string, string][] {
      return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
        typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
      );
    }
    const shell = leaves(shellMessages);
    expect(shell.length).toBeGreaterThan(200);
    for (const [key, value] of shell) expect(node(appMessages, key), key).toBe(value);
  });
});

describe('loading the full messages', () => {
  it("gives the same promise on every call, as React's use() needs to stop suspending", async () => {
    const first = loadEnglishMessages();
    expect(loadEnglishMessages()).toBe(first);
    const messages = await first;
    expect(messages.app).toEqual(appMessages.app);
    expect(typeof (messages.ra as Record<string, unknown>).action).toBe('object');
  });
});

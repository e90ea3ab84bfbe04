import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/server/db/embedded';

/**
 * One PostgreSQL server for the whole run: the machine's server when TEST_DATABASE_URL is set,
 * else an embedded one in a temporary directory. Each test file then works in a schema of its own.
 */
let embedded: EmbeddedDatabase | undefined;
let dataDir: string | undefined;

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export async function setup(project: TestProject): Promise<void> {
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
    embedded = await startEmbeddedDatabase(dataDir, pino({ level: 'warn' }));
    url = embedded.connectionString;
  }
  project.provide('databaseUrl', url);
}

export async function teardown(): Promise<void> {
  await embedded?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

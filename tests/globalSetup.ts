import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/server/db/embedded';

/**
 * One PostgreSQL server for the whole run: the machine's server when TEST_DATABASE_URL is set,
 * else an embedded one in a temporary directory. Each test file then works in a database of its own,
 * copied from the run's seeded demo worlds (tests/server/testApp.ts), which teardown drops.
 */
let embedded: EmbeddedDatabase | undefined;
let dataDir: string | undefined;
let serverUrl: string | undefined;
const templatePrefix = `tpl_${randomBytes(4).toString('hex')}_`;

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** The names of this run's demo-world templates start with it. */
    templatePrefix: string;
  }
}

export async function setup(project: TestProject): Promise<void> {
  serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
    embedded = await startEmbeddedDatabase(dataDir, pino({ level: 'warn' }));
    serverUrl = embedded.connectionString;
  }
  project.provide('databaseUrl', serverUrl);
  project.provide('templatePrefix', templatePrefix);
}

export async function teardown(): Promise<void> {
  if (serverUrl && !embedded) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [templatePrefix]);
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  }
  await embedded?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createDatabase, migrateToLatest } from '../../src/server/db/database';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../../src/server/db/embedded';
import { seedDemoWorld } from '../../src/server/db/seed';
import { databaseUrl, onDatabaseServer, WORLD_ENV, WORLD_SEED } from './world';

/**
 * One database server for the run (an embedded PostgreSQL in E2E_DATA_DIR or a temporary directory,
 * or E2E_DATABASE_URL), and the demo world migrated and seeded once into a template database.
 * Returns the teardown: every database of the run dropped, the embedded server stopped.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const log = pino({ level: 'warn' });
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let serverUrl = process.env.E2E_DATABASE_URL;
  if (!serverUrl) {
    dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
    embedded = await startEmbeddedDatabase(dataDir, log);
    serverUrl = embedded.connectionString;
  }
  const template = `e2e_${randomBytes(4).toString('hex')}`;
  await onDatabaseServer(serverUrl, (admin) => admin.query(`CREATE DATABASE ${template}`));
  const db = createDatabase(databaseUrl(serverUrl, template), 5);
  try {
    await migrateToLatest(db);
    await seedDemoWorld(db, { ...WORLD_SEED });
  } finally {
    await db.destroy();
  }
  process.env[WORLD_ENV.serverUrl] = serverUrl;
  process.env[WORLD_ENV.template] = template;

  return async () => {
    await onDatabaseServer(serverUrl, async (admin) => {
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [template]);
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    });
    await embedded?.stop();
    if (dataDir && !process.env.E2E_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  };
}

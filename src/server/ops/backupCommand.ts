// npm run backup -- FILE   a consistent backup of the embedded database, while the portal serves or not
// npm run restore -- FILE  the backed-up state restored into a stopped portal (DATA_DIR as npm start reads it)
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config';
import { createDatabase, migrateToLatest } from '../db/database';
import { acquireAppLock, DataDirInUse, runningServerConnection, startEmbeddedDatabase } from '../db/embedded';
import { BackupRefused, backupDatabase, restoreDatabase } from './backup';

const USAGE = 'Usage: npm run backup -- FILE   or   npm run restore -- FILE';

/** Runs `work` on the embedded database: the running portal's, or one started for it (and stopped after) when the portal is stopped. */
async function onEmbeddedDatabase<T>(dataDir: string, whenRunning: 'use' | 'refuse', work: (connectionString: string) => Promise<T>): Promise<T> {
  let releaseLock: () => void;
  try {
    releaseLock = acquireAppLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    if (whenRunning === 'refuse')
      throw new BackupRefused(
        `The data directory ${error.dataDir} is in use by another portal process (pid ${error.pid}). Stop the portal first: a restore replaces its whole database.`,
      );
    return work(runningServerConnection(dataDir));
  }
  const log = pino({ level: 'warn' });
  try {
    const embedded = await startEmbeddedDatabase(dataDir, log);
    try {
      return await work(embedded.connectionString);
    } finally {
      await embedded.stop();
    }
  } finally {
    releaseLock();
  }
}

async function main(): Promise<number> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: back up and restore that PostgreSQL with its own tools (pg_dump --format=custom, pg_restore --clean; see the README, "Operating it"). This command is for the embedded database.',
    );
    return 2;
  }
  const target = path.resolve(file);
  if (command === 'backup') {
    if (!existsSync(path.join(config.dataDir, 'pg'))) throw new BackupRefused(`There is no embedded database in ${config.dataDir} (DATA_DIR) to back up.`);
    if (!statSync(path.dirname(target), { throwIfNoEntry: false })?.isDirectory())
      throw new BackupRefused(`There is no directory ${path.dirname(target)} to write ${path.basename(target)} in.`);
    const began = performance.now();
    const summary = await onEmbeddedDatabase(config.dataDir, 'use', (connectionString) => backupDatabase(connectionString, target));
    console.log(
      `Backed up ${summary.tables} tables, ${summary.rows} rows (${(summary.bytes / 1048576).toFixed(1)} MB before compression) to ${target} in ${((performance.now() - began) / 1000).toFixed(1)} s.`,
    );
    return 0;
  }
  if (!statSync(target, { throwIfNoEntry: false })?.isFile()) throw new BackupRefused(`There is no file ${target} to restore.`);
  const summary = await onEmbeddedDatabase(config.dataDir, 'refuse', async (connectionString) => {
    // A new data directory gets the schema first: the backup's rows go into the tables its migrations made.
    const db = createDatabase(connectionString, 1);
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    return restoreDatabase(connectionString, target);
  });
  console.log(`Restored ${summary.tables} tables, ${summary.rows} rows from ${target} into ${config.dataDir}. Start the portal (npm start).`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof BackupRefused ? error.message : error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);

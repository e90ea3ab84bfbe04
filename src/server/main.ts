import pino from 'pino';
import { loadConfig } from './config';
import { buildApp } from './app';
import { createDatabase, migrateToLatest } from './db/database';
import { acquireAppLock, startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded';
import { seedDemoWorld } from './db/seed';
import { syncPermissionRegistry } from './db/permissionRegistry';
import { createMailer } from './mail/mailer';
import { startJobQueue, type JobQueue } from './jobs/jobQueue';
import { startWorkers } from './jobs/workers';
import { jwtSecretFor } from './secrets';
import { pruneEnvelopeTokens } from './classic/envelope';
import { pruneFailures } from './auth/loginThrottle';
import { pruneHandovers } from './auth/tokenHandovers';
import { prunePasswordResets } from './auth/passwordResets';
import { startChangeFeed, type ChangeFeed } from './changes/changeFeed';
import { createAccessCache } from './auth/accessCache';
import { createLogWriter } from './logs/logWriter';

/** Starts the portal: database (embedded unless DATABASE_URL), migrations, the registries' functions and menus, demo seed, then the HTTP server. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  let releaseLock: (() => void) | undefined;
  let embedded: EmbeddedDatabase | undefined;
  let connectionString = config.databaseUrl;
  if (!connectionString) {
    releaseLock = acquireAppLock(config.dataDir);
    embedded = await startEmbeddedDatabase(config.dataDir, log);
    // Without its database the app can only refuse: it exits, so that a supervisor (or the user) starts
    // both again; the next start recovers the database from its write-ahead log.
    embedded.onUnexpectedExit((exit) => {
      log.fatal(exit, 'the embedded PostgreSQL server stopped unexpectedly: exiting');
      releaseLock?.();
      process.exit(1);
    });
    connectionString = embedded.connectionString;
  }
  const db = createDatabase(connectionString, 10, (error) => log.warn({ err: error }, 'a database connection was lost; it is replaced on next use'));
  let jobs: JobQueue | undefined;
  let changes: ChangeFeed | undefined;
  try {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) log.info({ applied }, 'migrations applied');
    // Functions and menus of the code's registries, with or without the demo seed (a new rule list is granted to Admins).
    const synced = await syncPermissionRegistry(db);
    if (synced.functionsAdded.length > 0) log.info(synced, 'new functions of the registries synced');
    if (config.seed) {
      const seeded = await seedDemoWorld(db, { shipments: config.seedShipments, sanctionEntries: config.seedSanctionEntries, autoAcceptDelaySeconds: config.autoAcceptDelaySeconds });
      if (seeded.shipmentsAdded > 0) log.info(seeded, 'demo world seeded');
    }
    // The job queue (pg-boss) in a schema of its own; this instance also works its jobs unless WORKERS=false.
    jobs = await startJobQueue(connectionString, { schema: config.jobSchema, log });
    changes = await startChangeFeed(connectionString, log);
  } catch (error) {
    // Leave nothing running behind a failed start.
    await changes?.close();
    await jobs?.stop();
    await db.destroy();
    await embedded?.stop();
    releaseLock?.();
    throw error;
  }
  const access = createAccessCache(db, changes);
  const ctx = { config, db, mailer: createMailer(db, config.smtpUrl, log), jwtSecret: jwtSecretFor(config.jwtSecret, config.dataDir), jobs, changes, access, logs: createLogWriter(db, log) };
  if (config.workers) await startWorkers(ctx, log);
  const app = await buildApp(ctx, { loggerInstance: log });
  const housekeeping = setInterval(() => {
    Promise.all([pruneEnvelopeTokens(db, config.envelopeWindowSeconds), pruneFailures(db, config.loginFailureWindowSeconds), pruneHandovers(db), prunePasswordResets(db)]).catch((error) =>
      log.warn({ err: error }, 'housekeeping failed'),
    );
  }, 60_000);
  housekeeping.unref();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    clearInterval(housekeeping);
    const forced = setTimeout(() => {
      log.error('shutdown took over 25 s: exiting');
      process.exit(1);
    }, 25_000);
    try {
      await app.close(); // stops accepting, waits for requests in flight
      await jobs.stop(); // lets a job under way finish; the others wait in the queue
      await ctx.logs.close(); // the last batch of log lines
      access.close();
      await changes.close();
      await db.destroy();
      await embedded?.stop();
    } finally {
      releaseLock?.();
      clearTimeout(forced);
    }
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && process.env.LOG_LEVEL === 'debug') console.error(error.stack);
  process.exit(1);
});

import pino from 'pino';
import { loadConfig } from './config';
import { buildApp } from './app';
import { createDatabase, migrateToLatest } from './db/database';
import { acquireAppLock, startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded';
import { seedDemoWorld } from './db/seed';
import { createMailer } from './mail/mailer';
import { jwtSecretFor } from './secrets';
import { pruneEnvelopeTokens } from './classic/envelope';
import { pruneFailures } from './auth/loginThrottle';

/** Starts the portal: database (embedded unless DATABASE_URL), migrations, demo seed, then the HTTP server. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  let releaseLock: (() => void) | undefined;
  let embedded: EmbeddedDatabase | undefined;
  let connectionString = config.databaseUrl;
  if (!connectionString) {
    releaseLock = acquireAppLock(config.dataDir);
    embedded = await startEmbeddedDatabase(config.dataDir, log);
    connectionString = embedded.connectionString;
  }
  const db = createDatabase(connectionString);
  try {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) log.info({ applied }, 'migrations applied');
    if (config.seed) {
      const seeded = await seedDemoWorld(db, { shipments: config.seedShipments });
      if (seeded.shipmentsAdded > 0) log.info(seeded, 'demo world seeded');
    }
  } catch (error) {
    // Leave nothing running behind a failed start.
    await db.destroy();
    await embedded?.stop();
    releaseLock?.();
    throw error;
  }
  const ctx = { config, db, mailer: createMailer(db, config.smtpUrl, log), jwtSecret: jwtSecretFor(config.jwtSecret, config.dataDir) };
  const app = await buildApp(ctx, { loggerInstance: log });
  const housekeeping = setInterval(() => {
    Promise.all([pruneEnvelopeTokens(db, config.envelopeWindowSeconds), pruneFailures(db, config.loginFailureWindowSeconds)]).catch((error) =>
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

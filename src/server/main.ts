import pg from 'pg';
import cluster, { type Worker } from 'node:cluster';
import pino, { type Logger } from 'pino';
import { loadConfig, type Config } from './config';
import { ConfigurationError } from './configValues';
import { buildApp, logSerializers } from './app';
import { createDatabase, migrateToLatest, SchemaTooNew, type Db } from './db/database';
import { acquireAppLock, DataDirInUse, startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded';
import { seedDemoWorld } from './db/seed';
import { syncPermissionRegistry } from './db/permissionRegistry';
import { createMailer } from './mail/mailer';
import { startJobQueue, type JobQueue } from './jobs/jobQueue';
import { startWorkers } from './jobs/workers';
import { jwtSecretFor, sharedJwtSecret } from './secrets';
import { NOTIFY_SECRET, sealerFor } from './sealedSecrets';
import { sealTextSecrets } from './oneRecord/clients';
import { pruneEnvelopeTokens } from './classic/envelope';
import { pruneFailures } from './auth/loginThrottle';
import { pruneHandovers } from './auth/tokenHandovers';
import { prunePasswordResets } from './auth/passwordResets';
import { startChangeFeed, type ChangeFeed } from './changes/changeFeed';
import { createAccessCache } from './auth/accessCache';
import { createShipmentCache } from './shipments/shipmentCache';
import { createLogWriter } from './logs/logWriter';
import { pruneLiveEvents } from './live/liveEventLog';
import { pruneUsedEventTickets } from './live/eventTickets';
import type { Lifecycle } from './ops/probes';
import { answerMetricsRequests } from './ops/metrics';
import { listenWhileStarting, portInUse, type StartingPhase, type StartingServer } from './ops/startingServer';

/**
 * npm start's server. With WEB_CONCURRENCY above 1 (one per core by default) a primary process owns
 * the database (the embedded PostgreSQL and its lock, migrations, the demo seed) and starts that many
 * app processes sharing the port (node:cluster), each an instance of its own, as separate machines
 * would be: its own pool, change feed and caches. The first also works the background jobs. The
 * primary starts again a process that dies, and stops them all, then the database, on SIGTERM.
 */

/** The database to serve: DATABASE_URL, or the embedded server of DATA_DIR started (and locked) for this process. */
async function openDatabase(
  config: Readonly<Config>,
  log: Logger,
): Promise<{ connectionString: string; embedded?: EmbeddedDatabase; releaseLock?: () => void }> {
  if (config.databaseUrl) {
    await waitForDatabase(config.databaseUrl, config.databaseWaitSeconds, log);
    return { connectionString: config.databaseUrl };
  }
  const releaseLock = acquireAppLock(config.dataDir);
  const embedded = await startEmbeddedDatabase(config.dataDir, log).catch((error: unknown) => {
    releaseLock();
    throw error;
  });
  // Without its database the app can only refuse: it exits, so that a supervisor (or the user) starts
  // both again; the next start recovers the database from its write-ahead log.
  embedded.onUnexpectedExit((exit) => {
    log.fatal(exit, 'the embedded PostgreSQL server stopped unexpectedly: exiting');
    releaseLock();
    process.exit(1);
  });
  return { connectionString: embedded.connectionString, embedded, releaseLock };
}

/** Migrations, the registries' functions and menus (with or without the demo seed), and the demo world. */
async function prepareDatabase(db: Db, config: Readonly<Config>, log: Logger, phase: (now: StartingPhase) => void): Promise<void> {
  phase('migrating');
  const applied = await migrateToLatest(db);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');
  // A new rule list is granted to Admins.
  const synced = await syncPermissionRegistry(db);
  if (synced.functionsAdded.length > 0) log.info(synced, 'new functions of the registries synced');
  if (config.seed) {
    phase('seeding');
    const seeded = await seedDemoWorld(db, {
      shipments: config.seedShipments,
      sanctionEntries: config.seedSanctionEntries,
      autoAcceptDelaySeconds: config.autoAcceptDelaySeconds,
    });
    if (seeded.shipmentsAdded > 0) log.info(seeded, 'demo world seeded');
  }
}

/**
 * One app instance: the HTTP server, its change feed and caches, its job queue (and workers unless
 * WORKERS=false). Its port answers from the start (/readyz 503 until the app listens), except in an app
 * process of a primary, which started once the primary had prepared the database.
 */
async function runInstance(config: Readonly<Config>, log: Logger): Promise<void> {
  const starting = cluster.isWorker ? undefined : await listenWhileStarting(config.port, config.host, config.startingHoldSeconds * 1000);
  try {
    await serveInstance(config, log, starting);
  } catch (error) {
    await starting?.close();
    throw error;
  }
}

async function serveInstance(config: Readonly<Config>, log: Logger, starting: StartingServer | undefined): Promise<void> {
  const { connectionString, embedded, releaseLock } = await openDatabase(config, log);
  const db = createDatabase(connectionString, 10, (error) => log.warn({ err: error }, 'a database connection was lost; it is replaced on next use'));
  let jobs: JobQueue | undefined;
  let changes: ChangeFeed | undefined;
  let jwtSecret: string;
  try {
    await prepareDatabase(db, config, log, (phase) => {
      if (starting) starting.phase = phase;
    });
    jwtSecret = await tokenKeyFor(config, db, log);
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
  const shipments = createShipmentCache(db, changes);
  const lifecycle: Lifecycle = { draining: false };
  const ctx = {
    config,
    db,
    lifecycle,
    mailer: createMailer(db, config.smtpUrl, log),
    jwtSecret,
    jobs,
    changes,
    access,
    shipments,
    logs: createLogWriter(db, log),
  };
  const workers = config.workers ? await startWorkers(ctx, log) : undefined;
  const app = await buildApp(ctx, { loggerInstance: log });
  const housekeeping = setInterval(() => {
    Promise.all([
      pruneEnvelopeTokens(db, config.envelopeWindowSeconds),
      pruneFailures(db, config.loginFailureWindowSeconds),
      pruneHandovers(db),
      prunePasswordResets(db),
      pruneLiveEvents(db, config.liveEventsKeepMinutes, config.liveEventsKeepCount),
      pruneUsedEventTickets(db),
    ]).catch((error) => log.warn({ err: error }, 'housekeeping failed'));
  }, 60_000);
  housekeeping.unref();

  const stopAll = async () => {
    await app.close(); // stops accepting, closes idle keep-alive connections, waits for requests in flight
    workers?.stop(); // no more ONE Record dispatches; what is in the outbox waits for the next start
    await jobs.stop(); // lets a job under way finish; the others wait in the queue
    await ctx.logs.close(); // the last batch of log lines
    access.close();
    shipments.close();
    await changes.close();
    await db.destroy();
    await embedded?.stop();
  };
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(housekeeping);
    const forced = setTimeout(
      () => {
        log.error(`shutdown took over ${config.drainSeconds + 25} s: exiting`);
        process.exit(1);
      },
      (config.drainSeconds + 25) * 1000,
    );
    try {
      // Draining: /readyz answers 503 so that the load balancer stops sending requests here, while
      // the instance still answers those that come (each asked to close its connection).
      lifecycle.draining = true;
      log.info({ signal, drainSeconds: config.drainSeconds }, 'draining: /readyz answers 503, requests are still served');
      await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
      log.info('shutting down: finishing requests in flight');
      await stopAll();
    } finally {
      releaseLock?.();
      clearTimeout(forced);
    }
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // An app process of a primary that is gone (killed) has nobody to answer to: it stops at once.
  if (cluster.isWorker) process.on('disconnect', () => process.exit(1));

  try {
    if (starting) {
      // The requests that came while it started are served by the app, in the order they came.
      await app.ready();
      starting.handOver(app.routing);
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Nothing left running behind a start that cannot listen (the embedded PostgreSQL was left before).
    stopping = true;
    clearInterval(housekeeping);
    await stopAll().finally(() => releaseLock?.());
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw portInUse(config.port, config.host);
    throw error;
  }
}

/** The token key (readTokenKey), with the secrets kept as text before migration 0040 sealed under it (none are left after). */
async function tokenKeyFor(config: Readonly<Config>, db: Db, log: Logger): Promise<string> {
  const key = await readTokenKey(config, db, log);
  const sealed = await sealTextSecrets(db, sealerFor(key, NOTIFY_SECRET));
  if (sealed > 0) log.info({ sealed }, 'ONE Record notification secrets kept as text are sealed now');
  return key;
}

/**
 * The token key: JWT_SECRET; else, on a database of one's own (DATABASE_URL), the key every instance on
 * it shares (portal_secrets), so that a token is good on every instance; else one kept in DATA_DIR.
 */
async function readTokenKey(config: Readonly<Config>, db: Db, log: Logger): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  if (!config.databaseUrl) return jwtSecretFor(undefined, config.dataDir);
  log.warn(
    'DATABASE_URL without JWT_SECRET: the instances share a token key kept in the database (portal_secrets); set JWT_SECRET to keep it out of the database',
  );
  return sharedJwtSecret(db);
}

/** Waits for the database named by DATABASE_URL, trying again with a growing pause, for at most DATABASE_WAIT_SECONDS. */
async function waitForDatabase(connectionString: string, waitSeconds: number, log: Logger): Promise<void> {
  const url = new URL(connectionString);
  const where = `${url.hostname}:${url.port || '5432'}`;
  const deadline = Date.now() + waitSeconds * 1000;
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      if (attempt > 1) log.info({ database: where, attempts: attempt }, 'the database answers');
      return;
    } catch (error) {
      const reason = (error as Error).message;
      if (Date.now() >= deadline) throw new Error(`The database at ${where} (DATABASE_URL) could not be reached for ${waitSeconds} s: ${reason}`);
      const pause = Math.min(30, 2 ** (attempt - 1));
      log.warn({ database: where, attempt, retryInSeconds: pause, reason }, `the database at ${where} cannot be reached: trying again in ${pause} s`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause * 1000, Math.max(0, deadline - Date.now()))));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/**
 * The primary of WEB_CONCURRENCY app processes. Its port answers while it prepares the database (/readyz
 * 503), then is left to the app processes it starts (refused for the second or two they take to listen).
 */
async function runPrimary(config: Readonly<Config>, log: Logger): Promise<void> {
  const starting = await listenWhileStarting(config.port, config.host, config.startingHoldSeconds * 1000);
  const opened = await openDatabase(config, log).catch(async (error: unknown) => {
    await starting.close();
    throw error;
  });
  const { connectionString, embedded, releaseLock } = opened;
  const db = createDatabase(connectionString, 2);
  let jwtSecret: string;
  try {
    await prepareDatabase(db, config, log, (phase) => {
      starting.phase = phase;
    });
    jwtSecret = await tokenKeyFor(config, db, log);
  } catch (error) {
    await starting.close();
    await db.destroy();
    await embedded?.stop();
    releaseLock?.();
    throw error;
  }
  await db.destroy();
  // What waits is answered 503 (the app processes cannot take a request the primary read): tried again, it finds one.
  starting.phase = 'starting';
  await starting.close();
  // What every app process shares: the database, the token key; the first works the background jobs.
  const shared = { DATABASE_URL: connectionString, JWT_SECRET: jwtSecret, SEED: 'false', WEB_CONCURRENCY: '1' };
  let stopping = false;
  const roles = new Map<Worker, number>();
  const start = (index: number) => {
    const worker = cluster.fork({ ...shared, WORKERS: index === 0 && config.workers ? 'true' : 'false' });
    roles.set(worker, index);
  };
  cluster.on('exit', (worker, code, signal) => {
    const index = roles.get(worker);
    roles.delete(worker);
    if (stopping || index === undefined) return;
    log.error({ pid: worker.process.pid, code, signal }, 'an app process stopped unexpectedly: starting another');
    setTimeout(() => !stopping && start(index), 1000).unref();
  });
  answerMetricsRequests();
  for (let index = 0; index < config.webConcurrency; index++) start(index);
  log.info({ processes: config.webConcurrency, port: config.port }, 'app processes started');

  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down the app processes');
    // Each app process drains (DRAIN_SECONDS), then finishes its requests in flight.
    const forced = setTimeout(
      () => {
        log.error(`shutdown took over ${config.drainSeconds + 25} s: exiting`);
        process.exit(1);
      },
      (config.drainSeconds + 25) * 1000,
    );
    const running = [...roles.keys()];
    await Promise.all(
      running.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM'); // each finishes its requests in flight, then exits
          }),
      ),
    );
    try {
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
}

async function main(): Promise<void> {
  const config = loadConfig();
  // Fastify logs requests with this logger's serializers: the app's keep ticket values out of the logged URLs.
  const log = pino({ level: config.logLevel, serializers: logSerializers });
  if (cluster.isPrimary && config.webConcurrency > 1) await runPrimary(config, log);
  else await runInstance(config, log);
}

/** Exit code of a start refused for its configuration (sysexits' EX_CONFIG): npm start does not start it again. */
const CONFIGURATION_REFUSED = 78;

/** A start that would fail the same way however often it is tried. */
function isConfigurationRefusal(error: unknown): boolean {
  return error instanceof ConfigurationError || error instanceof SchemaTooNew || error instanceof DataDirInUse;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && process.env.LOG_LEVEL === 'debug') console.error(error.stack);
  process.exit(isConfigurationRefusal(error) ? CONFIGURATION_REFUSED : 1);
});

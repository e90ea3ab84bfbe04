import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import pino from 'pino';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../../src/server/config';
import { buildApp, type BuildOptions } from '../../src/server/app';
import { createDatabase, migrateToLatest, type Db } from '../../src/server/db/database';
import { seedDemoWorld } from '../../src/server/db/seed';
import { createMailer, type Mailer } from '../../src/server/mail/mailer';
import { startJobQueue, type JobQueue } from '../../src/server/jobs/jobQueue';
import { startWorkers } from '../../src/server/jobs/workers';
import type { AppContext } from '../../src/server/context';
import { startChangeFeed } from '../../src/server/changes/changeFeed';
import { createAccessCache } from '../../src/server/auth/accessCache';
import { createShipmentCache } from '../../src/server/shipments/shipmentCache';
import { createLogWriter } from '../../src/server/logs/logWriter';
import { sharedSchemaController } from './sharedSchemaCompilers';

function databaseUrl(name: string): string {
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The run's demo world with this many shipments, migrated and seeded once per run (the first test
 * file that needs it builds it while the others wait on an advisory lock), then only copied.
 * Named after the run, so that two runs on one server (the machine's PostgreSQL) never share one;
 * the run's global teardown drops them.
 */
async function demoWorldTemplate(shipments: number): Promise<string> {
  const name = `${inject('templatePrefix')}${shipments}`;
  return onServer(async (admin) => {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) {
        // Built under another name and renamed when complete: a file never copies a half-seeded world.
        const building = `${name}_building`;
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${building}`);
        const db = createDatabase(databaseUrl(building), 5);
        try {
          await migrateToLatest(db);
          await seedDemoWorld(db, { shipments });
        } finally {
          await db.destroy();
        }
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
    return name;
  });
}

/**
 * A database of its own on the run's database server: test files never see each other's rows, and
 * a file dropping its database cannot disturb another's catalogue reads (Kysely's migrator reads
 * the tables of every schema of its database, which failed when a neighbour dropped its schema).
 * Empty, or a copy of the demo world with `seeded.shipments` shipments (CREATE DATABASE ... TEMPLATE).
 */
export async function createTestDatabase(seeded?: { shipments: number }): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = seeded ? await demoWorldTemplate(seeded.shipments) : undefined;
  await onServer((admin) => admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`));
  const url = databaseUrl(name);
  const db = createDatabase(url, 5);
  return {
    db,
    url,
    async drop() {
      await db.destroy();
      await onServer((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  ctx: AppContext;
  /** The test's database, and the schema its job queue uses (when it has one). */
  url: string;
  jobSchema: string;
  close(): Promise<void>;
}

/** The real app on a fresh copy of the migrated and seeded demo world, small unless told otherwise. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: BuildOptions & { shipments?: number; jobs?: 'queue' | 'workers'; wrapMailer?: (mailer: Mailer) => Mailer } = {},
): Promise<TestApp> {
  const { db, drop, url } = await createTestDatabase({ shipments: options.shipments ?? 40 });
  const config: Readonly<Config> = loadConfig({ LOG_LEVEL: 'silent', DIST_DIR: '/nonexistent-dist', ...env });
  const log = pino({ level: 'silent' });
  // A job queue only where a test asks for one: 'queue' to see what is sent, 'workers' to have it done.
  const jobSchema = 'pgboss';
  const jobs = options.jobs ? await startJobQueue(url, { schema: jobSchema, log, pollingIntervalSeconds: 0.5 }) : undefined;
  const { shipments: _shipments, jobs: _jobs, wrapMailer, ...buildOptions } = options;
  const mailer = createMailer(db, undefined, log);
  const changes = await startChangeFeed(url, log);
  const access = createAccessCache(db, changes);
  const shipmentCache = createShipmentCache(db, changes);
  const ctx: AppContext = {
    config,
    db,
    mailer: wrapMailer ? wrapMailer(mailer) : mailer,
    jwtSecret: 'test-secret-'.padEnd(48, 'x'),
    changes,
    access,
    shipments: shipmentCache,
    logs: createLogWriter(db, log),
    ...(jobs ? { jobs } : {}),
  };
  const workers = jobs && options.jobs === 'workers' ? await startWorkers(ctx as AppContext & { jobs: JobQueue }, log) : undefined;
  const app = await buildApp(ctx, { logger: false, checkAnswers: true, schemaController: sharedSchemaController, ...buildOptions });
  await app.ready();
  return {
    app,
    db,
    ctx,
    url,
    jobSchema,
    async close() {
      await app.close();
      workers?.stop();
      await jobs?.stop();
      await ctx.logs.close();
      access.close();
      ctx.shipments.close();
      await changes.close();
      await drop();
    },
  };
}

/**
 * Another instance of the app on the same database, as a second server behind a load balancer would
 * be: its own pool, change feed and access cache (no job queue). Close it before the first.
 */
export async function buildAnotherInstance(first: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  const db = createDatabase(first.url, 5);
  const config: Readonly<Config> = loadConfig({ LOG_LEVEL: 'silent', DIST_DIR: '/nonexistent-dist', ...env });
  const log = pino({ level: 'silent' });
  const changes = await startChangeFeed(first.url, log);
  const access = createAccessCache(db, changes);
  const shipmentCache = createShipmentCache(db, changes);
  const ctx: AppContext = {
    config,
    db,
    mailer: createMailer(db, undefined, log),
    jwtSecret: first.ctx.jwtSecret,
    changes,
    access,
    shipments: shipmentCache,
    logs: createLogWriter(db, log),
  };
  const app = await buildApp(ctx, { logger: false, schemaController: sharedSchemaController });
  await app.ready();
  return {
    app,
    db,
    ctx,
    url: first.url,
    jobSchema: first.jobSchema,
    async close() {
      await app.close();
      await ctx.logs.close();
      access.close();
      ctx.shipments.close();
      await changes.close();
      await db.destroy();
    },
  };
}

/**
 * Polls `check` (with no pause but a turn of the event loop) until it holds; the milliseconds it took.
 * For a change made on one instance and awaited on another: the time is measured, never slept.
 */
export async function msUntil(check: () => Promise<boolean>, limitMs = 5000): Promise<number> {
  const began = performance.now();
  while (!(await check())) {
    if (performance.now() - began > limitMs) throw new Error(`the change did not reach the other instance in ${limitMs / 1000} s`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return performance.now() - began;
}

export function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export async function requestToken(app: FastifyInstance, fields: Record<string, string>, ip = '127.0.0.1'): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
    remoteAddress: ip,
  });
}

export async function signIn(
  app: FastifyInstance,
  companyId: string,
  userId: string,
  password: string,
): Promise<{ access_token: string; refresh_token: string }> {
  const response = await requestToken(app, { GrantType: 'client_credentials', ClientId: `${userId}|${companyId}|2|L`, ClientSecret: password });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json();
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

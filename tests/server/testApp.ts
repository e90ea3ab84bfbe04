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

/**
 * A database of its own on the run's database server: test files never see each other's rows, and
 * a file dropping its database cannot disturb another's catalogue reads (Kysely's migrator reads
 * the tables of every schema of its database, which failed when a neighbour dropped its schema).
 */
export async function createTestDatabase(): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const base = inject('databaseUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = createDatabase(url.toString(), 5);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
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

/** The real app on a fresh, migrated and seeded schema, with small demo data unless told otherwise. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: BuildOptions & { shipments?: number; jobs?: 'queue' | 'workers'; wrapMailer?: (mailer: Mailer) => Mailer } = {},
): Promise<TestApp> {
  const { db, drop, url } = await createTestDatabase();
  await migrateToLatest(db);
  await seedDemoWorld(db, { shipments: options.shipments ?? 40 });
  const config: Readonly<Config> = loadConfig({ LOG_LEVEL: 'silent', DIST_DIR: '/nonexistent-dist', ...env });
  const log = pino({ level: 'silent' });
  // A job queue only where a test asks for one: 'queue' to see what is sent, 'workers' to have it done.
  const jobSchema = 'pgboss';
  const jobs = options.jobs ? await startJobQueue(url, { schema: jobSchema, log, pollingIntervalSeconds: 0.5 }) : undefined;
  const { shipments: _shipments, jobs: _jobs, wrapMailer, ...buildOptions } = options;
  const mailer = createMailer(db, undefined, log);
  const ctx: AppContext = { config, db, mailer: wrapMailer ? wrapMailer(mailer) : mailer, jwtSecret: 'test-secret-'.padEnd(48, 'x'), ...(jobs ? { jobs } : {}) };
  if (jobs && options.jobs === 'workers') await startWorkers(ctx as AppContext & { jobs: JobQueue }, log);
  const app = await buildApp(ctx, { logger: false, ...buildOptions });
  await app.ready();
  return {
    app,
    db,
    ctx,
    url,
    jobSchema,
    async close() {
      await app.close();
      await jobs?.stop();
      await drop();
    },
  };
}

export function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export async function requestToken(app: FastifyInstance, fields: Record<string, string>, ip = '127.0.0.1'): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/auth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form(fields), remoteAddress: ip });
}

export async function signIn(app: FastifyInstance, companyId: string, userId: string, password: string): Promise<{ access_token: string; refresh_token: string }> {
  const response = await requestToken(app, { GrantType: 'client_credentials', ClientId: `${userId}|${companyId}|2|L`, ClientSecret: password });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json();
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

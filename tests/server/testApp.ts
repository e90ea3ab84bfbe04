import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import pino from 'pino';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../../src/server/config';
import { buildApp, type BuildOptions } from '../../src/server/app';
import { createDatabase, migrateToLatest, type Db } from '../../src/server/db/database';
import { seedDemoWorld } from '../../src/server/db/seed';
import { createMailer } from '../../src/server/mail/mailer';
import type { AppContext } from '../../src/server/context';

/** A schema of its own on the run's database server: test files never see each other's rows. */
export async function createTestDatabase(): Promise<{ db: Db; schema: string; drop(): Promise<void> }> {
  const base = inject('databaseUrl');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = createDatabase(url.toString(), 5);
  return {
    db,
    schema,
    async drop() {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  ctx: AppContext;
  close(): Promise<void>;
}

/** The real app on a fresh, migrated and seeded schema, with small demo data unless told otherwise. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: BuildOptions & { shipments?: number } = {},
): Promise<TestApp> {
  const { db, drop } = await createTestDatabase();
  await migrateToLatest(db);
  await seedDemoWorld(db, { shipments: options.shipments ?? 40 });
  const config: Readonly<Config> = loadConfig({ LOG_LEVEL: 'silent', DIST_DIR: '/nonexistent-dist', ...env });
  const ctx: AppContext = { config, db, mailer: createMailer(db, undefined, pino({ level: 'silent' })), jwtSecret: 'test-secret-'.padEnd(48, 'x') };
  const app = await buildApp(ctx, { logger: false, ...options });
  await app.ready();
  return {
    app,
    db,
    ctx,
    async close() {
      await app.close();
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

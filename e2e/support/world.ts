import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The run's database server and its demo world: global setup (globalSetup.ts) seeds the world once
 * into a template database; every portal server the specs start works on a copy of it.
 */

/** Set by global setup for the workers: the database server, and the template's name. */
export const WORLD_ENV = { serverUrl: 'E2E_WORLD_SERVER_URL', template: 'E2E_WORLD_TEMPLATE' } as const;

/** The demo world of the end-to-end tests: enough shipments for every status, and the whole SDN snapshot, as `npm start` seeds it. */
export const WORLD_SEED = { shipments: 400, sanctionEntries: 100_000 } as const;

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function onDatabaseServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface WorldCopy {
  url: string;
  drop(): Promise<void>;
}

/** A fresh copy of the run's demo world; `drop` removes it. */
export async function copyOfWorld(): Promise<WorldCopy> {
  const serverUrl = process.env[WORLD_ENV.serverUrl];
  const template = process.env[WORLD_ENV.template];
  if (!serverUrl || !template) throw new Error('the end-to-end world is missing: run the specs through playwright.config.ts (its global setup seeds it)');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  await onDatabaseServer(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return {
    url: databaseUrl(serverUrl, name),
    drop: () => onDatabaseServer(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

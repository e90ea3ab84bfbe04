import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Db } from './db/database';

/** JWT_SECRET from the environment, else one generated once and kept in the data directory (never in the repo). */
export function jwtSecretFor(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The token key of instances started with DATABASE_URL but without JWT_SECRET: generated once into the
 * database (portal_secrets) and read by every instance on it, so that a token one instance signed is
 * good on the others. Concurrent first starts agree: the first insert wins, everyone reads it.
 */
export async function sharedJwtSecret(db: Db): Promise<string> {
  await db
    .insertInto('portal_secrets')
    .values({ name: 'jwt', value: randomBytes(48).toString('base64url') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  return (await db.selectFrom('portal_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow()).value;
}

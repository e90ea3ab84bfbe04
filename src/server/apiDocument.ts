import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { AppContext } from './context';
import { createDatabase } from './db/database';
import type { ChangeFeed } from './changes/changeFeed';
import { createAccessCache } from './auth/accessCache';
import { createShipmentCache } from './shipments/shipmentCache';
import { createLogWriter } from './logs/logWriter';
import { createMailer } from './mail/mailer';

/** A change feed that never hears of a change: the app is built, never asked. */
const silentFeed: ChangeFeed = { isLive: () => false, sync: async () => {}, subscribe: () => () => {}, close: async () => {} };

/** Keys in code-point order at every depth, so the written document changes only when the API does. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

/**
 * The document as text: each top-level part on a line of its own and each path on one line, so that a
 * route's change is a one-line diff; indenting every level made the file 2.8 MB (the rule-list routes'
 * row schemas), this writes under 1 MB.
 */
function documentText(document: Record<string, unknown>): string {
  const entries = (object: Record<string, unknown>, indent: string, value: (item: unknown) => string) =>
    Object.entries(object).map(([key, item]) => `${indent}${JSON.stringify(key)}: ${value(item)}`);
  const top = entries(document, '  ', (item) => JSON.stringify(item));
  const paths = Object.keys(document).indexOf('paths');
  if (paths >= 0) top[paths] = `  "paths": {\n${entries(document.paths as Record<string, unknown>, '    ', (item) => JSON.stringify(item)).join(',\n')}\n  }`;
  return `{\n${top.join(',\n')}\n}\n`;
}

/**
 * The OpenAPI document as docs/openapi.json holds it: the whole app built without listening and
 * without a database (the pool never connects: routes are only declared), its document taken from
 * @fastify/swagger, keys sorted, a path a line (documentText) and a final newline.
 */
export async function writtenApiDocument(): Promise<string> {
  const log = pino({ level: 'silent' });
  const config = loadConfig({ LOG_LEVEL: 'silent', DIST_DIR: '/nonexistent-dist' });
  const db = createDatabase('postgres://nobody@127.0.0.1:1/none', 1);
  const ctx: AppContext = {
    config,
    db,
    mailer: createMailer(db, undefined, log),
    jwtSecret: 'unused-'.padEnd(48, 'x'),
    changes: silentFeed,
    access: createAccessCache(db, silentFeed),
    shipments: createShipmentCache(db, silentFeed),
    logs: createLogWriter(db, log),
  };
  const app = await buildApp(ctx, { logger: false });
  try {
    await app.ready();
    return documentText(sortedKeys(app.swagger()) as Record<string, unknown>);
  } finally {
    await app.close();
    await ctx.logs.close();
    ctx.access.close();
    ctx.shipments.close();
    await db.destroy();
  }
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { APP_ID } from '../../domain/access';
import { StatusCode } from '../../domain/statusCodes';
import type { Db } from '../db/database';

/**
 * The classic API's envelope (CONTRACTS.md): every non-GET body is `{request, app_id: 2, token, ts}`.
 * The hook checks it, refuses a replayed token or a `ts` outside the window, and hands `request` on.
 */

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export type EnvelopeProblem = string | undefined;

export function envelopeProblem(body: unknown, nowSeconds: number, windowSeconds: number): EnvelopeProblem {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'The request body must be an envelope {request, app_id, token, ts}.';
  const envelope = body as Record<string, unknown>;
  if (!('request' in envelope)) return 'The envelope has no request.';
  if (envelope.app_id !== APP_ID) return `The envelope's app_id must be ${APP_ID}.`;
  if (typeof envelope.token !== 'string' || !UUID_V4.test(envelope.token)) return "The envelope's token must be a UUID v4.";
  if (typeof envelope.ts !== 'number' || !Number.isInteger(envelope.ts)) return "The envelope's ts must be unix seconds.";
  if (Math.abs(nowSeconds - envelope.ts) > windowSeconds) return `The envelope's ts is more than ${windowSeconds} seconds from the server clock.`;
  return undefined;
}

export function installEnvelopeHook(app: FastifyInstance, db: Db, windowSeconds: number): void {
  app.addHook('preValidation', async (request: FastifyRequest, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    // A multipart upload carries the envelope's app_id, token and ts as form fields before its files: the route checks them (envelopeOfFields).
    if ((request.routeOptions.config as { envelopeInParts?: boolean } | undefined)?.envelopeInParts) return;
    const problem = envelopeProblem(request.body, Math.floor(Date.now() / 1000), windowSeconds);
    if (problem) return reply.code(400).send({ status: StatusCode.VALIDATION_FAIL, message: problem });
    const envelope = request.body as { request: unknown; token: string };
    if (!(await spendEnvelopeToken(db, envelope.token))) return reply.code(400).send({ status: StatusCode.VALIDATION_FAIL, message: REPLAYED });
    request.body = envelope.request;
  });
}

const REPLAYED = 'This request was already received (its envelope token was used before).';

/** Records the envelope's token as used; false when it was used before (a replayed request). */
export async function spendEnvelopeToken(db: Db, token: string): Promise<boolean> {
  const seen = await db
    .insertInto('envelope_tokens')
    .values({ token, seen_at: new Date() })
    .onConflict((oc) => oc.column('token').doNothing())
    .executeTakeFirst();
  return Number(seen.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * The envelope of a multipart upload: its form fields `app_id`, `token` and `ts` (sent before the files), checked as
 * the hook checks a JSON envelope and the token spent. The problem in words, or undefined when it passes.
 */
export async function envelopeOfFields(db: Db, fields: Readonly<Record<string, string>>, windowSeconds: number): Promise<EnvelopeProblem> {
  const number = (value: string | undefined) => (value !== undefined && /^-?\d{1,15}$/.test(value) ? Number(value) : value);
  const envelope = { request: null, app_id: number(fields.app_id), token: fields.token, ts: number(fields.ts) };
  const problem = envelopeProblem(envelope, Math.floor(Date.now() / 1000), windowSeconds);
  if (problem) return problem;
  return (await spendEnvelopeToken(db, fields.token ?? '')) ? undefined : REPLAYED;
}

/** Tokens older than twice the window can no longer pass the ts check, so they need not be kept. */
export async function pruneEnvelopeTokens(db: Db, windowSeconds: number): Promise<void> {
  await db
    .deleteFrom('envelope_tokens')
    .where('seen_at', '<', sql<Date>`now() - make_interval(secs => ${windowSeconds * 2})`)
    .execute();
}

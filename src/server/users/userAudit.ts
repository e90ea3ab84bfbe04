import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { accountOf } from '../http/authenticate';
import type { UserAuditAction, UserAuditRecord } from '../../domain/userProfile';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { containsPattern } from './listQuery';

/**
 * The audit of user management (CONTRACTS.md "Logs"): who, when, from which address, what changed
 * (the fields before and after), written in the same transaction as the change. The company's
 * admins read it on the audit page.
 */

export const AuditEntity = { USER: 'user', IP_RANGE: 'company_ip_range', ONE_RECORD_CLIENT: 'onerecord_client' } as const;

export interface Actor {
  companyId: string;
  userId: string;
  /** The client address (request.ip). */
  address: string;
}

/** Who makes a change, as every audit entry records it: the signed-in account and its address. */
export function actorOf(request: FastifyRequest): Actor {
  const account = accountOf(request);
  return { companyId: account.companyId, userId: account.userId, address: request.ip };
}

export interface AuditChange {
  entity: string;
  entityKey: string;
  action: UserAuditAction;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export async function recordAudit(db: Kysely<Database>, actor: Actor, change: AuditChange): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      company_id: actor.companyId,
      user_id: actor.userId,
      ip_address: actor.address,
      entity: change.entity,
      entity_key: change.entityKey,
      action: change.action,
      before_value: change.before === null ? null : JSON.stringify(change.before),
      after_value: change.after === null ? null : JSON.stringify(change.after),
    })
    .execute();
}

/** Only the fields whose value changed, as before/after pairs; undefined when nothing changed. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): { before: Partial<T>; after: Partial<T> } | undefined {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] === undefined || after[key] === before[key]) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return Object.keys(now).length > 0 ? { before: was, after: now } : undefined;
}

export interface AuditListOptions {
  /** Matches the acting user, the changed record's key, or the action. */
  search?: string;
  action?: string;
  descending: boolean;
  offset: number;
  limit: number;
}

/** One page of a company's user management audit, newest first by default. */
export async function listCompanyAudit(db: Db, companyId: string, options: AuditListOptions): Promise<{ rows: UserAuditRecord[]; total: number }> {
  let query = db
    .selectFrom('audit_log')
    .where('company_id', '=', companyId)
    .where('entity', 'in', [AuditEntity.USER, AuditEntity.IP_RANGE, AuditEntity.ONE_RECORD_CLIENT]);
  if (options.search) {
    const pattern = containsPattern(options.search.trim().toLowerCase());
    query = query.where((eb) => eb.or([eb(sql`lower(user_id)`, 'like', pattern), eb(sql`lower(entity_key)`, 'like', pattern), eb('action', 'like', pattern)]));
  }
  if (options.action) query = query.where('action', '=', options.action);
  const [{ total }, rows] = await Promise.all([
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    query
      .select(['audit_id', 'at', 'user_id', 'ip_address', 'entity', 'entity_key', 'action', 'before_value', 'after_value'])
      .orderBy('at', options.descending ? 'desc' : 'asc')
      .orderBy('audit_id', options.descending ? 'desc' : 'asc')
      .offset(options.offset)
      .limit(options.limit)
      .execute(),
  ]);
  return {
    total: Number(total),
    rows: rows.map((row) => ({
      id: row.audit_id,
      at: row.at.toISOString(),
      actor_user_id: row.user_id,
      ip_address: row.ip_address,
      entity: row.entity,
      entity_key: row.entity_key,
      action: row.action,
      before: row.before_value,
      after: row.after_value,
    })),
  };
}

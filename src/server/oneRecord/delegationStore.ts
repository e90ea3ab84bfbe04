import type { RequestLife, RequestStatus } from '../../domain/oneRecord/actionRequests';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Delegation, Permission } from '../../domain/oneRecord/delegations';
import type { Db } from '../db/database';
import type { Requester } from './partnerObjects';

/**
 * Access delegations of partners' logistics objects (issue 37, 4). The holder's own delegation is accepted when made;
 * one asked by a company the objects are delegated to waits for the holder, who accepts or rejects it. An accepted,
 * unexpired delegation lets the company it is for do what it permits with the objects it names. Revoking a
 * delegation revokes those its company asked for on the same objects (the trust chain).
 */

export interface DelegationRow extends RequestLife {
  requestId: string;
  companyId: string;
  holderCompanyId: string;
  requestedFor: string;
  granteeCompanyId: string;
  permissions: Permission[];
  objectIds: string[];
  description?: string;
  notify: boolean;
  expiresAt?: Date;
}

export async function requestDelegation(
  db: Db,
  delegation: Delegation,
  made: { objectIds: string[]; holderCompanyId: string; granteeCompanyId: string; requester: Requester; accepted: boolean },
): Promise<string> {
  const requestId = randomUUID();
  const { rows } = await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(db);
  const now = rows[0].now;
  await db
    .insertInto('onerecord_delegations')
    .values({
      request_id: requestId,
      company_id: made.requester.companyId,
      user_id: made.requester.userId ?? null,
      client_id: made.requester.clientId ?? null,
      requested_by: made.requester.organisationIri,
      holder_company_id: made.holderCompanyId,
      requested_for: delegation.requestedFor,
      grantee_company_id: made.granteeCompanyId,
      permissions: delegation.permissions,
      object_ids: made.objectIds,
      description: delegation.description ?? null,
      notify_status: delegation.notify,
      expires_at: delegation.expiresAt ?? null,
      requested_at: now,
      status: made.accepted ? 'REQUEST_ACCEPTED' : 'REQUEST_PENDING',
      status_since: now,
      status_history: JSON.stringify(made.accepted ? [{ status: 'REQUEST_PENDING', since: now.toISOString(), changedBy: made.requester.organisationIri }] : []),
    })
    .execute();
  return requestId;
}

const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function delegationRequest(db: Db, requestId: string): Promise<DelegationRow | undefined> {
  if (!REQUEST_ID.test(requestId)) return undefined;
  const row = await db.selectFrom('onerecord_delegations').selectAll().where('request_id', '=', requestId.toLowerCase()).executeTakeFirst();
  if (!row) return undefined;
  return {
    requestId: row.request_id,
    companyId: row.company_id,
    holderCompanyId: row.holder_company_id,
    requestedBy: row.requested_by,
    requestedAt: row.requested_at,
    requestedFor: row.requested_for,
    granteeCompanyId: row.grantee_company_id,
    permissions: row.permissions as Permission[],
    objectIds: row.object_ids,
    ...(row.description !== null ? { description: row.description } : {}),
    notify: row.notify_status,
    ...(row.expires_at !== null ? { expiresAt: row.expires_at } : {}),
    status: row.status,
    statusSince: row.status_since,
    history: row.status_history as DelegationRow['history'],
    revokedBy: row.revoked_by,
    revokedAt: row.revoked_at,
  };
}

/** Moves a delegation from `from` statuses to `to`, the move recorded; false when it was in none of them. */
async function move(db: Db, requestId: string, from: RequestStatus[], to: RequestStatus, by: string): Promise<boolean> {
  const { rows } = await sql<{ request_id: string }>`
    UPDATE onerecord_delegations
       SET status = ${to}, status_since = clock_timestamp(),
           status_history = status_history || jsonb_build_array(jsonb_build_object('status', status, 'since', status_since, 'changedBy', ${by}::text)),
           revoked_by = CASE WHEN ${to} = 'REQUEST_REVOKED' THEN ${by}::text ELSE revoked_by END,
           revoked_at = CASE WHEN ${to} = 'REQUEST_REVOKED' THEN clock_timestamp() ELSE revoked_at END
     WHERE request_id = ${requestId} AND status IN (${sql.join(from)})
     RETURNING request_id`.execute(db);
  return rows.length === 1;
}

/** The holder's decision on a pending delegation. */
export const decideDelegation = (db: Db, requestId: string, status: 'REQUEST_ACCEPTED' | 'REQUEST_REJECTED', by: string) =>
  move(db, requestId, ['REQUEST_PENDING'], status, by);

/** Revokes a pending or accepted delegation, and those its company asked for on the same objects since (the trust chain). */
export async function revokeDelegation(db: Db, requestId: string, by: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const revoked = await move(trx, requestId, ['REQUEST_PENDING', 'REQUEST_ACCEPTED'], 'REQUEST_REVOKED', by);
    if (!revoked) return false;
    const chain = [requestId];
    while (chain.length > 0) {
      const { rows } = await sql<{ request_id: string }>`
        SELECT d.request_id FROM onerecord_delegations d, onerecord_delegations up
         WHERE up.request_id = ${chain.pop() as string} AND d.company_id = up.grantee_company_id AND d.company_id <> d.holder_company_id
           AND d.object_ids && up.object_ids AND d.status IN ('REQUEST_PENDING', 'REQUEST_ACCEPTED')`.execute(trx);
      for (const row of rows) if (await move(trx, row.request_id, ['REQUEST_PENDING', 'REQUEST_ACCEPTED'], 'REQUEST_REVOKED', by)) chain.push(row.request_id);
    }
    return true;
  });
}

/** Whether an accepted, unexpired delegation lets the company do this with the object. */
export async function isPermitted(db: Db, companyId: string, objectId: string, permission: Permission): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM onerecord_delegations
       WHERE status = 'REQUEST_ACCEPTED' AND grantee_company_id = ${companyId} AND object_ids @> ARRAY[${objectId}]::text[]
         AND ${permission} = ANY (permissions) AND (expires_at IS NULL OR expires_at > clock_timestamp())) AS found`.execute(db);
  return rows[0]?.found === true;
}

/** Which of these objects an accepted, unexpired delegation lets the company do this with (one query). */
export async function permittedAmong(db: Db, companyId: string, objectIds: readonly string[], permission: Permission): Promise<Set<string>> {
  if (objectIds.length === 0) return new Set();
  const { rows } = await sql<{ object_id: string }>`
    SELECT DISTINCT o.object_id FROM unnest(${[...objectIds]}::text[]) AS o (object_id)
     WHERE EXISTS (
       SELECT 1 FROM onerecord_delegations d
        WHERE d.status = 'REQUEST_ACCEPTED' AND d.grantee_company_id = ${companyId} AND d.object_ids @> ARRAY[o.object_id]
          AND ${permission} = ANY (d.permissions) AND (d.expires_at IS NULL OR d.expires_at > clock_timestamp()))`.execute(db);
  return new Set(rows.map((row) => row.object_id));
}

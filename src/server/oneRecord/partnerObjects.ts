import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { applyChange, type Change } from '../../domain/oneRecord/changes';
import type { StoredNode } from '../../domain/oneRecord/objectReading';
import type { Db } from '../db/database';
import type { RequestLife, RequestStatus, RequestStatusEntry } from '../../domain/oneRecord/actionRequests';

/**
 * Logistics objects partners create on the ONE Record server (issue 37, 4), and the change requests made of them.
 * The company whose user or client created an object is its holder: only it sees the object (deny by default),
 * and a change it asks for is accepted and applied at once (API 2.3.0: the holder's own action requests "SHOULD
 * be accepted and processed directly"), as one transaction with the object's row locked: the revision the change
 * was for is checked, the change applied, the new revision kept beside the old ones, and the request recorded
 * with its status and the status it had before. A historical GET reads the revision of its time.
 */

/** Who asks: a user or a registered client of a company, with the organisation it stands for. */
export interface Requester {
  companyId: string;
  userId?: string;
  clientId?: string;
  organisationIri: string;
}

export interface PartnerObject {
  objectId: string;
  type: string;
  companyId: string;
  revision: number;
  latestRevision: number;
  body: StoredNode;
  /** When this revision began. */
  since: Date;
}

/** Who asked, as a row keeps it. */
const requesterColumns = (requester: Requester) => ({
  company_id: requester.companyId,
  user_id: requester.userId ?? null,
  client_id: requester.clientId ?? null,
});

/** Keeps a new object as its revision 1; 'exists' when the id is taken. */
export async function createObject(db: Db, objectId: string, type: string, body: StoredNode, requester: Requester): Promise<'created' | 'exists'> {
  return db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('onerecord_objects')
      .values({
        object_id: objectId,
        object_type: type,
        ...requesterColumns(requester),
        organisation_iri: requester.organisationIri,
        body: JSON.stringify(body),
      })
      .onConflict((conflict) => conflict.column('object_id').doNothing())
      .returning('created_at')
      .executeTakeFirst();
    if (!created) return 'exists';
    await trx
      .insertInto('onerecord_object_revisions')
      .values({ object_id: objectId, revision: 1, body: JSON.stringify(body), valid_from: created.created_at })
      .execute();
    return 'created';
  });
}

/** The object as it is now, or as it was at `at` (undefined: no such object, or not yet at that time). */
export async function partnerObject(db: Db, objectId: string, at?: Date): Promise<PartnerObject | undefined> {
  const current = await db
    .selectFrom('onerecord_objects')
    .select(['object_id', 'object_type', 'company_id', 'revision', 'body', 'modified_at'])
    .where('object_id', '=', objectId)
    .executeTakeFirst();
  if (!current) return undefined;
  const base = { objectId, type: current.object_type, companyId: current.company_id, latestRevision: current.revision };
  if (!at || at >= current.modified_at) return { ...base, revision: current.revision, body: current.body as StoredNode, since: current.modified_at };
  const then = await db
    .selectFrom('onerecord_object_revisions')
    .select(['revision', 'body', 'valid_from'])
    .where('object_id', '=', objectId)
    .where('valid_from', '<=', at)
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
  return then ? { ...base, revision: then.revision, body: then.body as StoredNode, since: then.valid_from } : undefined;
}

/** Several objects at once, as they are now or were at `at` (those that existed then): two queries at most. */
export async function partnerObjectsOf(db: Db, objectIds: readonly string[], at?: Date): Promise<Map<string, PartnerObject>> {
  const found = new Map<string, PartnerObject>();
  if (objectIds.length === 0) return found;
  const rows = await db
    .selectFrom('onerecord_objects')
    .select(['object_id', 'object_type', 'company_id', 'revision', 'body', 'modified_at'])
    .where('object_id', 'in', [...objectIds])
    .execute();
  const older: string[] = [];
  for (const row of rows) {
    if (at && at < row.modified_at) older.push(row.object_id);
    else
      found.set(row.object_id, {
        objectId: row.object_id,
        type: row.object_type,
        companyId: row.company_id,
        latestRevision: row.revision,
        revision: row.revision,
        body: row.body as StoredNode,
        since: row.modified_at,
      });
  }
  if (older.length > 0 && at) {
    const { rows: then } = await sql<{ object_id: string; revision: number; body: unknown; valid_from: Date }>`
      SELECT DISTINCT ON (object_id) object_id, revision, body, valid_from FROM onerecord_object_revisions
       WHERE object_id = ANY(${older}::text[]) AND valid_from <= ${at}
       ORDER BY object_id, revision DESC`.execute(db);
    const current = new Map(rows.map((row) => [row.object_id, row]));
    for (const row of then) {
      const now = current.get(row.object_id);
      if (now)
        found.set(row.object_id, {
          objectId: row.object_id,
          type: now.object_type,
          companyId: now.company_id,
          latestRevision: now.revision,
          revision: row.revision,
          body: row.body as StoredNode,
          since: row.valid_from,
        });
    }
  }
  return found;
}

/** Whether the object exists, whose it is and since when (for its events and its audit trail). */
export async function holderOf(db: Db, objectId: string): Promise<{ companyId: string; createdAt: Date } | undefined> {
  const row = await db.selectFrom('onerecord_objects').select(['company_id', 'created_at']).where('object_id', '=', objectId).executeTakeFirst();
  return row ? { companyId: row.company_id, createdAt: row.created_at } : undefined;
}

export type ChangeOutcome =
  | { ok: true; requestId: string }
  | { ok: false; reason: 'revision'; latest: number }
  | { ok: false; reason: 'unprocessable'; message: string; property?: string };

/** Applies a change to the locked object as its next revision (at `now`); the reason when it cannot be applied. */
async function applyLocked(
  trx: Db,
  objectId: string,
  object: { revision: number; body: unknown },
  change: Change,
  now: Date,
): Promise<{ ok: true } | { ok: false; message: string; property?: string }> {
  const applied = applyChange(object.body as StoredNode, change.operations);
  if (!applied.ok) return applied;
  const revision = object.revision + 1;
  const body = JSON.stringify(applied.value);
  await trx.updateTable('onerecord_objects').set({ revision, body, modified_at: now }).where('object_id', '=', objectId).execute();
  await trx.insertInto('onerecord_object_revisions').values({ object_id: objectId, revision, body, valid_from: now }).execute();
  return { ok: true };
}

/**
 * A change asked of an object: the holder's is applied at once and recorded as accepted; another company's (a
 * delegate's, with PATCH_LOGISTICS_OBJECT) is checked against the revision it is for and recorded as pending, for the
 * holder to accept or reject. Either way a change for an older revision, or one that cannot be applied whole, is
 * refused and nothing is kept.
 */
export async function requestChange(db: Db, objectId: string, change: Change, requester: Requester, holder: boolean): Promise<ChangeOutcome> {
  return db.transaction().execute(async (trx) => {
    const object = await trx
      .selectFrom('onerecord_objects')
      .select(['revision', 'body'])
      .where('object_id', '=', objectId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (change.revision !== object.revision) return { ok: false as const, reason: 'revision' as const, latest: object.revision };
    const { rows } = await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(trx);
    const now = rows[0].now;
    if (holder) {
      const applied = await applyLocked(trx, objectId, object, change, now);
      if (!applied.ok) return { ok: false as const, reason: 'unprocessable' as const, message: applied.message, property: applied.property };
    } else {
      const checked = applyChange(object.body as StoredNode, change.operations);
      if (!checked.ok) return { ok: false as const, reason: 'unprocessable' as const, message: checked.message, property: checked.property };
    }
    const requestId = randomUUID();
    const history: RequestStatusEntry[] = holder ? [{ status: 'REQUEST_PENDING', since: now.toISOString(), changedBy: requester.organisationIri }] : [];
    await trx
      .insertInto('onerecord_action_requests')
      .values({
        request_id: requestId,
        request_type: 'ChangeRequest',
        object_id: objectId,
        ...requesterColumns(requester),
        requested_by: requester.organisationIri,
        requested_at: now,
        status: holder ? 'REQUEST_ACCEPTED' : 'REQUEST_PENDING',
        status_since: now,
        status_history: JSON.stringify(history),
        for_revision: change.revision,
        change: JSON.stringify(change),
      })
      .execute();
    return { ok: true as const, requestId };
  });
}

/**
 * A partner's change request to an object derived from a portal's shipment (checked by the caller: for the shipment's
 * latest revision, and one the FWB can take), recorded pending for an operator to decide on the AWB detail page.
 */
export async function requestShipmentChange(db: Db, objectId: string, shipmentId: string, change: Change, requester: Requester): Promise<string> {
  const requestId = randomUUID();
  await db
    .insertInto('onerecord_action_requests')
    .values({
      request_id: requestId,
      request_type: 'ChangeRequest',
      object_id: objectId,
      shipment_id: shipmentId,
      ...requesterColumns(requester),
      requested_by: requester.organisationIri,
      status: 'REQUEST_PENDING',
      for_revision: change.revision,
      change: JSON.stringify(change),
    })
    .execute();
  return requestId;
}

/** The change requests of a portal's shipment's objects, newest first. */
export async function shipmentChangeRequests(db: Db, shipmentId: string): Promise<ActionRequestRow[]> {
  const rows = await requests(db).where('r.shipment_id', '=', shipmentId).orderBy('r.requested_at', 'desc').orderBy('r.request_id').limit(100).execute();
  return rows.map(requestOf);
}

/** Moves a change request on, from one of `from`, recording the status it had; false when it was in none of them. */
export async function moveChange(trx: Db, requestId: string, from: RequestStatus[], to: RequestStatus, by: string, extra = sql``): Promise<boolean> {
  const { rows } = await sql<{ request_id: string }>`
    UPDATE onerecord_action_requests
       SET status = ${to}, status_since = clock_timestamp(),
           status_history = status_history || jsonb_build_array(jsonb_build_object('status', status, 'since', status_since, 'changedBy', ${by}::text))
           ${extra}
     WHERE request_id = ${requestId} AND status IN (${sql.join(from)})
     RETURNING request_id`.execute(trx);
  return rows.length === 1;
}

/**
 * The holder's decision on a pending change request. Accepted, it is applied (as one, to the revision it was for) and
 * the other pending requests of that revision are rejected; one that cannot be applied any more becomes
 * REQUEST_FAILED with the reason. False when the request was not pending.
 */
export async function decideChange(db: Db, requestId: string, status: 'REQUEST_ACCEPTED' | 'REQUEST_REJECTED', by: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('onerecord_action_requests')
      .select(['object_id', 'for_revision', 'change', 'status'])
      .where('request_id', '=', requestId)
      .forUpdate()
      .executeTakeFirst();
    if (request?.status !== 'REQUEST_PENDING') return false;
    if (status === 'REQUEST_REJECTED') return moveChange(trx, requestId, ['REQUEST_PENDING'], status, by);
    const object = await trx
      .selectFrom('onerecord_objects')
      .select(['revision', 'body'])
      .where('object_id', '=', request.object_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await moveChange(trx, requestId, ['REQUEST_PENDING'], 'REQUEST_ACCEPTED', by);
    const { rows } = await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(trx);
    const applied =
      object.revision === request.for_revision
        ? await applyLocked(trx, request.object_id, object, request.change as Change, rows[0].now)
        : { ok: false as const, message: `The logistics object is at revision ${object.revision}, not ${request.for_revision}.` };
    if (!applied.ok) {
      const error = { title: 'Unprocessable request', message: applied.message, property: applied.property };
      await moveChange(trx, requestId, ['REQUEST_ACCEPTED'], 'REQUEST_FAILED', by, sql`, errors = ${JSON.stringify([error])}::jsonb`);
      return true;
    }
    // The other pending requests of that revision can no longer be applied to it.
    const others = await trx
      .selectFrom('onerecord_action_requests')
      .select('request_id')
      .where('object_id', '=', request.object_id)
      .where('for_revision', '=', request.for_revision)
      .where('status', '=', 'REQUEST_PENDING')
      .execute();
    for (const other of others) await moveChange(trx, other.request_id, ['REQUEST_PENDING'], 'REQUEST_REJECTED', by);
    return true;
  });
}

/** The requester (or holder) revokes a pending change request; false when it was not pending. */
export const revokeChange = (db: Db, requestId: string, by: string) =>
  moveChange(db, requestId, ['REQUEST_PENDING'], 'REQUEST_REVOKED', by, sql`, revoked_by = ${by}::text, revoked_at = clock_timestamp()`);

export interface ActionRequestRow extends RequestLife {
  requestId: string;
  type: string;
  objectId: string;
  /** The portal's shipment whose derived object the request changes; null for a partner's object. */
  shipmentId: string | null;
  forRevision: number;
  holderCompanyId: string;
  companyId: string;
  change: Change;
  /** Why an accepted change could not be applied (REQUEST_FAILED). */
  errors: { title: string; message: string; property?: string }[];
}

const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One action request with its object's holder; undefined for no such request. */
export async function actionRequest(db: Db, requestId: string): Promise<ActionRequestRow | undefined> {
  if (!REQUEST_ID.test(requestId)) return undefined;
  const row = await requests(db).where('r.request_id', '=', requestId.toLowerCase()).executeTakeFirst();
  return row ? requestOf(row) : undefined;
}

/** Action requests with their object's holder. */
function requests(db: Db) {
  return db
    .selectFrom('onerecord_action_requests as r')
    .leftJoin('onerecord_objects as o', 'o.object_id', 'r.object_id')
    .leftJoin('shipments as s', 's.shipment_id', 'r.shipment_id')
    .select([
      'r.request_id',
      'r.request_type',
      'r.object_id',
      'r.shipment_id',
      'r.for_revision',
      // A partner's object's holder; for a portal's shipment, its carrier.
      sql<string>`coalesce(o.company_id, s.carrier_id)`.as('holder'),
      'r.company_id',
      'r.requested_by',
      'r.requested_at',
      'r.status',
      'r.status_since',
      'r.status_history',
      'r.change',
      'r.errors',
      'r.revoked_by',
      'r.revoked_at',
    ]);
}

function requestOf(row: {
  request_id: string;
  request_type: string;
  object_id: string;
  shipment_id: string | null;
  for_revision: number;
  holder: string;
  company_id: string;
  requested_by: string;
  requested_at: Date;
  status: RequestStatus;
  status_since: Date;
  status_history: unknown;
  change: unknown;
  errors: unknown;
  revoked_by: string | null;
  revoked_at: Date | null;
}): ActionRequestRow {
  return {
    requestId: row.request_id,
    type: row.request_type,
    objectId: row.object_id,
    shipmentId: row.shipment_id === null ? null : String(row.shipment_id),
    forRevision: row.for_revision,
    holderCompanyId: row.holder,
    companyId: row.company_id,
    requestedBy: row.requested_by,
    requestedAt: row.requested_at,
    status: row.status,
    statusSince: row.status_since,
    history: row.status_history as RequestStatusEntry[],
    change: row.change as Change,
    errors: (row.errors as ActionRequestRow['errors'] | null) ?? [],
    revokedBy: row.revoked_by,
    revokedAt: row.revoked_at,
  };
}

/** The object's change requests, oldest first: those made from `from` to `to` and of the statuses given (all when none). */
export async function auditTrail(
  db: Db,
  objectId: string,
  { from, to, statuses }: { from?: Date; to?: Date; statuses: readonly RequestStatus[] },
): Promise<ActionRequestRow[]> {
  let query = requests(db).where('r.object_id', '=', objectId);
  if (from) query = query.where('r.requested_at', '>=', from);
  if (to) query = query.where('r.requested_at', '<=', to);
  if (statuses.length > 0) query = query.where('r.status', 'in', statuses);
  const rows = await query.orderBy('r.requested_at').orderBy('r.request_id').execute();
  return rows.map(requestOf);
}

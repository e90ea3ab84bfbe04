import { CompanyType } from '../../domain/access';
import type { AirWaybill } from '../../domain/cargoMessages/model';
import type { Change } from '../../domain/oneRecord/changes';
import { editedWaybill, type EditedWaybill } from '../../domain/oneRecord/shipmentEdits';
import { logisticsObjectIri } from '../../domain/oneRecord/vocabulary';
import type { Reading } from '../../domain/oneRecord/objectReading';
import { modifyRefusal, type ShipmentStatus } from '../../domain/shipmentStatus';
import type { DecisionAnswer, OneRecordChangeDecision, OneRecordChangeRequest } from '../../domain/shipmentWire';
import { ShipmentMessages } from '../../domain/shipmentMessages';
import { ingestWithin, lockAwbMessages } from '../compliance/ingest';
import type { Db } from '../db/database';
import type { JobQueue } from '../jobs/jobQueue';
import { writeShipmentEvent } from '../shipments/actionLog';
import { changeShipment, decisionAnswer, refusal, staleRefusal, type ChangeOutcome, type ChangingCaller } from '../shipments/decisionGuard';
import type { ShipmentRow } from '../shipments/shipmentRecord';
import { companyObjectId } from './callers';
import { currentObjects, revisionsOf } from './objects';
import { moveChange, shipmentChangeRequests, type ActionRequestRow } from './partnerObjects';
import { sql } from 'kysely';

/**
 * Partners' change requests to the objects the portal derives from a shipment (issue 37, 4). A request is checked
 * when made (for the shipment's latest revision; one the FWB can take: shipmentEdits.ts) and waits for an operator of
 * a company that decides on the shipment, on its AWB detail page. Accepted, it makes the FWB the change describes
 * and takes it in as a newer FWB, in the same transaction as the decision: a new revision, screened and evaluated
 * again, its history written, a live event to the browsers and a LOGISTICS_OBJECT_UPDATED notification to
 * subscribers. A request made for an older revision, or that no longer applies, fails with the reason.
 */

/**
 * What a shipment's objects become under a change, from the shipment as it is now. The objects are the row's, kept
 * from its second mapping (currentObjects): a shipment of 9,999 pieces takes about 60 ms to map, and the detail
 * page's list reads up to 100 requests of one shipment.
 */
function editOf(shipment: ShipmentRow, objectId: string, operations: Change['operations'], base: string): Promise<Reading<EditedWaybill>> {
  const shipmentId = String(shipment.shipment_id);
  const waybill = shipment.waybill as AirWaybill;
  const { objects } = currentObjects(shipment, { at: [shipment.message_date] }, base);
  const object = objects.get(objectId);
  if (!object) return Promise.resolve({ ok: false, message: 'The shipment no longer has this logistics object.' });
  return editedWaybill(waybill, object, objectId.slice(shipmentId.length + 1), operations, (number) =>
    logisticsObjectIri(base, `${shipmentId}-piece-${number}`),
  );
}

export type AskOutcome =
  | { ok: true; edits: EditedWaybill['edits'] }
  | { ok: false; reason: 'revision'; latest: number }
  | { ok: false; reason: 'unprocessable'; message: string; property?: string };

/** Checks a partner's change of a shipment's object: for its latest revision, and one the FWB can take. */
export async function checkShipmentChange(db: Db, shipment: ShipmentRow, objectId: string, change: Change, base: string): Promise<AskOutcome> {
  const latest = (await revisionsOf(db, shipment)).at.length;
  if (change.revision !== latest) return { ok: false, reason: 'revision', latest };
  const edit = await editOf(shipment, objectId, change.operations, base);
  return edit.ok ? { ok: true, edits: edit.value.edits } : { ok: false, reason: 'unprocessable', message: edit.message, property: edit.property };
}

/**
 * Who the requesting organisations are, as an operator knows them: a portal company by its name (`company-{id}`), a
 * registered ONE Record client by its company's name and its own; any other by its IRI alone (undefined here).
 */
async function requesterNames(db: Db, iris: readonly string[], base: string): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const companyPrefix = logisticsObjectIri(base, companyObjectId(''));
  const companyIds = iris.filter((iri) => iri.startsWith(companyPrefix)).map((iri) => decodeURIComponent(iri.slice(companyPrefix.length)));
  if (companyIds.length > 0)
    for (const company of await db.selectFrom('companies').select(['company_id', 'company_name']).where('company_id', 'in', companyIds).execute())
      names.set(logisticsObjectIri(base, companyObjectId(company.company_id)), company.company_name);
  const others = iris.filter((iri) => !names.has(iri));
  if (others.length > 0)
    for (const client of await db
      .selectFrom('onerecord_clients as c')
      .innerJoin('companies as co', 'co.company_id', 'c.company_id')
      .select(['c.organisation_iri', 'c.name', 'co.company_name'])
      .where('c.organisation_iri', 'in', others)
      .orderBy('c.created_at')
      .execute())
      if (!names.has(client.organisation_iri)) names.set(client.organisation_iri, `${client.name} (${client.company_name})`);
  return names;
}

/** A change request of the shipment as the AWB detail page shows it. */
async function requestView(
  row: ActionRequestRow,
  shipment: ShipmentRow,
  latestRevision: number,
  base: string,
  names: Map<string, string>,
): Promise<OneRecordChangeRequest> {
  const edit =
    row.status === 'REQUEST_PENDING' && row.forRevision === latestRevision ? await editOf(shipment, row.objectId, row.change.operations, base) : undefined;
  return {
    RequestId: row.requestId,
    RequestIri: `${base}/action-requests/${row.requestId}`,
    ObjectIri: logisticsObjectIri(base, row.objectId),
    RequestedBy: row.requestedBy,
    RequestedByName: names.get(row.requestedBy) ?? null,
    RequestedAt: row.requestedAt.toISOString(),
    Status: row.status.replace('REQUEST_', '') as OneRecordChangeRequest['Status'],
    StatusSince: row.statusSince.toISOString(),
    Description: row.change.description ?? null,
    ForRevision: row.forRevision,
    Current: row.forRevision === latestRevision,
    Changes: edit?.ok ? edit.value.edits.map((each) => ({ What: each.what, From: each.from, To: each.to })) : [],
    Problem:
      row.errors[0]?.message ??
      (edit && !edit.ok
        ? edit.message
        : row.status === 'REQUEST_PENDING' && row.forRevision !== latestRevision
          ? ShipmentMessages.oneRecordChangeOutdated
          : null),
  };
}

/** The shipment's change requests, newest first (the caller has checked the user may see the shipment). */
export async function changeRequestsOf(db: Db, shipment: ShipmentRow, base: string): Promise<OneRecordChangeRequest[]> {
  const rows = await shipmentChangeRequests(db, String(shipment.shipment_id));
  if (rows.length === 0) return [];
  const [revisions, names] = await Promise.all([revisionsOf(db, shipment), requesterNames(db, [...new Set(rows.map((row) => row.requestedBy))], base)]);
  return Promise.all(rows.map((row) => requestView(row, shipment, revisions.at.length, base, names)));
}

const summary = (edits: EditedWaybill['edits']) => edits.map((edit) => `${edit.what}: ${edit.from || '(none)'} -> ${edit.to || '(none)'}`).join('; ');

/**
 * An operator's decision on a pending change request, as every shipment change is made (decisionGuard.ts): in the
 * company's scope, not while another user handles the shipment, on the UpdateDT the operator saw. Accepted, the FWB
 * it makes is taken in (ingest.ts) in the same transaction; one that no longer applies is recorded failed, with why.
 */
export async function decideShipmentChange(
  caller: ChangingCaller & { jobs?: JobQueue },
  request: OneRecordChangeDecision,
  { base, autoAcceptDelaySeconds }: { base: string; autoAcceptDelaySeconds: number },
): Promise<ChangeOutcome<DecisionAnswer>> {
  return changeShipment(caller, request, async ({ trx, shipment, shipmentId }) => {
    const refused = modifyRefusal({ companyTypeId: caller.scope.companyTypeId, status: shipment.status as ShipmentStatus });
    if (refused) return refusal(refused.reason, refused.message);
    // Messages for the AWB wait, and an accepted change reads the revision it replaces under the same lock. The
    // lock comes before the shipment's row is locked, as when a message is taken in (no two wait on each other).
    await lockAwbMessages(trx, { prefix: shipment.awb_prefix, suffix: shipment.awb_suffix });
    const current = await trx.selectFrom('shipments').select('update_dt').where('shipment_id', '=', shipmentId).forUpdate().executeTakeFirstOrThrow();
    if (current.update_dt.toISOString() !== request.UpdateDT) return staleRefusal(current.update_dt.toISOString());
    const found = await trx
      .selectFrom('onerecord_action_requests')
      .select(['request_id', 'object_id', 'status', 'for_revision', 'change', 'requested_by'])
      .where('request_id', '=', request.RequestId)
      .where('shipment_id', '=', shipmentId)
      .forUpdate()
      .executeTakeFirst();
    if (!found) return refusal('changeRequestNotFound', ShipmentMessages.oneRecordChangeNotFound);
    if (found.status !== 'REQUEST_PENDING')
      return refusal('changeRequestDecided', ShipmentMessages.oneRecordChangeDecided.replace('{status}', found.status.replace('REQUEST_', '').toLowerCase()));
    const by = logisticsObjectIri(base, companyObjectId(caller.account.companyId));
    const change = found.change as Change;
    const event = (description: string) =>
      writeShipmentEvent(trx, { shipmentId, kind: 'ONE_RECORD', description, companyId: caller.account.companyId, userId: caller.account.userId });
    const answer = async () => {
      const row = await trx.selectFrom('shipments').select(['status', 'update_dt']).where('shipment_id', '=', shipmentId).executeTakeFirstOrThrow();
      return { kind: 'ok' as const, data: decisionAnswer(shipmentId, row) };
    };
    const fail = async (message: string) => {
      const error = { title: 'Unprocessable request', message };
      await moveChange(trx, found.request_id, ['REQUEST_PENDING'], 'REQUEST_FAILED', by, sql`, errors = ${JSON.stringify([error])}::jsonb`);
      await event(`ONE Record change request ${found.request_id} of ${found.requested_by} could not be applied: ${message}`);
      return answer();
    };
    if (request.Decision === 'reject') {
      await moveChange(trx, found.request_id, ['REQUEST_PENDING'], 'REQUEST_REJECTED', by);
      const edit = await editOf(shipment, found.object_id, change.operations, base);
      await event(`ONE Record change request ${found.request_id} of ${found.requested_by} rejected${edit.ok ? `: ${summary(edit.value.edits)}` : ''}`);
      return answer();
    }
    const latest = (await revisionsOf(trx, shipment)).at.length;
    if (found.for_revision !== latest)
      return fail(`The change was made for revision ${found.for_revision}; the shipment is at revision ${latest} (a newer FWB came meanwhile).`);
    const edit = await editOf(shipment, found.object_id, change.operations, base);
    if (!edit.ok) return fail(edit.message);
    const carrierId = shipment.carrier_id;
    if (!carrierId) return fail('The shipment has no carrier to take its FWB in for.');
    await moveChange(trx, found.request_id, ['REQUEST_PENDING'], 'REQUEST_ACCEPTED', by);
    const received = await ingestWithin(
      trx,
      {
        db: trx,
        account: { companyId: carrierId, userId: caller.account.userId, companyTypeId: CompanyType.AIRLINE },
        autoAcceptDelaySeconds,
        ...(caller.jobs ? { jobs: caller.jobs } : {}),
        receipt: `FWB made from ONE Record change request ${found.request_id} of ${found.requested_by}, accepted by ${caller.account.companyId}/${caller.account.userId}`,
      },
      edit.value.fwb,
    );
    if (received.kind !== 'done' || received.outcome !== 'updated')
      throw new Error(`The FWB of change request ${found.request_id} was not taken in: ${JSON.stringify(received)}`);
    await event(`ONE Record change request ${found.request_id} of ${found.requested_by} accepted: ${summary(edit.value.edits)}`);
    // The other pending requests were made for the revision this one replaced.
    const others = await trx
      .selectFrom('onerecord_action_requests')
      .select('request_id')
      .where('shipment_id', '=', shipmentId)
      .where('status', '=', 'REQUEST_PENDING')
      .where('for_revision', '=', found.for_revision)
      .execute();
    for (const other of others) await moveChange(trx, other.request_id, ['REQUEST_PENDING'], 'REQUEST_REJECTED', by);
    return answer();
  });
}

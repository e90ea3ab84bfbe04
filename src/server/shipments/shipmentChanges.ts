import { freeRemarkProblem } from '../../domain/remark';
import { ShipmentMessages } from '../../domain/shipmentMessages';
import {
  acceptDocumentRefusal,
  DECIDED_STATUSES,
  modifyRefusal,
  SENDABLE_FROM,
  sendRefusal,
  SHIPMENT_STATUSES,
  type ShipmentStatus,
} from '../../domain/shipmentStatus';
import { formatSpecialHandlingCodes, parseSpecialHandlingCodes, specialHandlingCodesProblem } from '../../domain/specialHandling';
import {
  SEND_TARGETS,
  type AcceptDocumentRequest,
  type SendTarget,
  type DecisionAnswer,
  type ModifyRequest,
  type SendRequest,
  type SendTargetCheck,
} from '../../domain/shipmentWire';
import type { AirWaybill, HouseManifest } from '../../domain/cargoMessages';
import { outboundRouteRefusal, type ShipmentRoute } from '../../domain/outboundMessages';
import { formatAwbNumber } from '../../domain/awb';
import type { RuleLists } from '../../domain/compliance';
import { queueOutbound } from '../compliance/outbound';
import { routeLists, shipmentRoute } from '../compliance/shipmentRoute';
import { findShipments, type ShipmentRecord } from './shipmentRecord';
import { writeActionLog, writeShipmentEvent, writeShipmentEvents, type ActionLogEntry } from './actionLog';
import type { DecisionCaller } from './decisions';
import { decisionAnswer, changeShipment, refusal, staleRefusal, updateIfUnchanged, type ChangeOutcome } from './decisionGuard';

/** Modify (operator-editable data), Accept Additional Document, and Send to ACAS, ACI, the terminal or CSS. */

const ALL_STATUSES_BUT_PROCESSING = SHIPMENT_STATUSES.filter((status) => status !== 'Processing');

/** Special handling codes, the operator's remarks and document remarks; each change is its own history line and log entry. */
export async function modifyShipment(caller: DecisionCaller, request: ModifyRequest): Promise<ChangeOutcome<DecisionAnswer>> {
  const codes = request.SpecialHandlingCodes?.flatMap((code) => parseSpecialHandlingCodes(code));
  if (codes) {
    const problem = specialHandlingCodesProblem(codes);
    if (problem) return { kind: 'invalid', message: problem };
  }
  for (const text of [request.OperatorRemarks, ...(request.DocumentRemarks ?? []).map((entry) => entry.Remarks)]) {
    const problem = freeRemarkProblem(text);
    if (problem) return { kind: 'invalid', message: problem };
  }
  return changeShipment(caller, request, async ({ trx, shipment, shipmentId }) => {
    const refused = modifyRefusal({ companyTypeId: caller.scope.companyTypeId, status: shipment.status as ShipmentStatus });
    if (refused) return refusal(refused.reason, refused.message);
    const changes: string[] = [];
    const set: { special_handling_codes?: string[]; operator_remarks?: string } = {};
    if (codes && formatSpecialHandlingCodes(codes) !== formatSpecialHandlingCodes(shipment.special_handling_codes)) {
      set.special_handling_codes = codes;
      changes.push(
        `Special handling codes: ${formatSpecialHandlingCodes(shipment.special_handling_codes) || '(none)'} -> ${formatSpecialHandlingCodes(codes) || '(none)'}`,
      );
    }
    const remarks = request.OperatorRemarks?.trim();
    if (remarks !== undefined && remarks !== shipment.operator_remarks) {
      set.operator_remarks = remarks;
      changes.push(`Remarks: ${remarks || '(cleared)'}`);
    }
    const documentChanges: { id: string; name: string; docType: string; remarks: string }[] = [];
    if (request.DocumentRemarks && request.DocumentRemarks.length > 0) {
      const documents = await trx
        .selectFrom('shipment_documents')
        .select(['document_id', 'file_name', 'doc_type', 'remarks'])
        .where('shipment_id', '=', shipmentId)
        .where(
          'document_id',
          'in',
          request.DocumentRemarks.map((entry) => entry.ShipmentDocumentID),
        )
        .execute();
      for (const entry of request.DocumentRemarks) {
        const document = documents.find((row) => String(row.document_id) === entry.ShipmentDocumentID);
        if (!document) return refusal('documentNotFound', ShipmentMessages.recordNotFound);
        if (document.remarks !== entry.Remarks.trim())
          documentChanges.push({ id: entry.ShipmentDocumentID, name: document.file_name, docType: document.doc_type, remarks: entry.Remarks.trim() });
      }
    }
    if (changes.length === 0 && documentChanges.length === 0) return refusal('nothingChanged', ShipmentMessages.nothingModified);
    const updated = await updateIfUnchanged(trx, shipmentId, request.UpdateDT, ALL_STATUSES_BUT_PROCESSING, set);
    if (!updated) return staleRefusal();
    for (const change of documentChanges) {
      await trx.updateTable('shipment_documents').set({ remarks: change.remarks }).where('document_id', '=', change.id).execute();
      changes.push(`Document ${change.name} remarks: ${change.remarks || '(cleared)'}`);
    }
    const logEntries: ActionLogEntry[] = [];
    await writeShipmentEvents(
      trx,
      changes.map((change) => ({ shipmentId, kind: 'MODIFY', description: change, companyId: caller.account.companyId, userId: caller.account.userId })),
    );
    for (const change of changes) {
      const document = documentChanges.find((entry) => change.startsWith(`Document ${entry.name} `));
      logEntries.push({
        actType: 'Modify',
        docType: document?.docType ?? 'AWB',
        docName: document?.name ?? '',
        documentId: document?.id ?? null,
        remarks: change,
        shipmentId,
        awbPrefix: shipment.awb_prefix,
        awbSuffix: shipment.awb_suffix,
      });
    }
    await writeActionLog(trx, caller.account, caller.ip, logEntries);
    return { kind: 'ok', data: decisionAnswer(shipmentId, updated) };
  });
}

/** A document added to an accepted or rejected shipment waits for acceptance (spec 2 "Accept Additional Document"). */
export async function acceptAdditionalDocument(caller: DecisionCaller, request: AcceptDocumentRequest): Promise<ChangeOutcome<DecisionAnswer>> {
  return changeShipment(caller, request, async ({ trx, shipment, shipmentId }) => {
    const refused = acceptDocumentRefusal({ companyTypeId: caller.scope.companyTypeId, status: shipment.status as ShipmentStatus });
    if (refused) return refusal(refused.reason, refused.message);
    const document = await trx
      .selectFrom('shipment_documents')
      .select(['document_id', 'file_name', 'doc_type', 'awaiting_acceptance'])
      .where('shipment_id', '=', shipmentId)
      .where('document_id', '=', request.ShipmentDocumentID)
      .executeTakeFirst();
    if (!document) return refusal('documentNotFound', ShipmentMessages.recordNotFound);
    if (!document.awaiting_acceptance) return refusal('notAwaiting', ShipmentMessages.noDocumentToAccept);
    const updated = await updateIfUnchanged(trx, shipmentId, request.UpdateDT, DECIDED_STATUSES, {});
    if (!updated) return staleRefusal();
    await trx
      .updateTable('shipment_documents')
      .set({ awaiting_acceptance: false, accepted_by: caller.account.userId, accepted_at: new Date() })
      .where('document_id', '=', request.ShipmentDocumentID)
      .execute();
    const text = `Additional document accepted: ${document.file_name} (${document.doc_type})`;
    await writeShipmentEvent(trx, {
      shipmentId,
      kind: 'ACCEPT_DOCUMENT',
      description: text,
      companyId: caller.account.companyId,
      userId: caller.account.userId,
    });
    await writeActionLog(trx, caller.account, caller.ip, [
      {
        actType: 'Accept',
        docType: document.doc_type,
        docName: document.file_name,
        documentId: request.ShipmentDocumentID,
        remarks: text,
        shipmentId,
        awbPrefix: shipment.awb_prefix,
        awbSuffix: shipment.awb_suffix,
      },
    ]);
    return { kind: 'ok', data: decisionAnswer(shipmentId, updated) };
  });
}

/**
 * Why a message cannot go for a shipment now, whatever its UpdateDT: the status and company refusals
 * of sendRefusal, the route refusals of outboundRouteRefusal, and a shipment without the FWB it came
 * with. awbsend refuses by it, and sendtargets tells it beforehand.
 */
function sendCheck(
  caller: DecisionCaller,
  shipment: ShipmentRecord,
  target: SendTarget,
  route: ShipmentRoute,
): { reason: string; message: string } | undefined {
  return (
    sendRefusal({ companyTypeId: caller.scope.companyTypeId, status: shipment.status as ShipmentStatus }) ??
    outboundRouteRefusal(target, route) ??
    (shipment.waybill ? undefined : { reason: 'notSendable', message: ShipmentMessages.notSendable })
  );
}

/** Send ACAS, ACI, Terminal or CSS: queues the message (compliance/outbound.ts); an accepted shipment becomes Submit. */
export async function sendShipment(caller: DecisionCaller, request: SendRequest): Promise<ChangeOutcome<DecisionAnswer>> {
  // The carrier's lists are read before the row is locked, as the sanction review reads them: loading them (after a
  // list change) takes connections of the pool, which a transaction holding one must not wait for: with every
  // connection held by such transactions, none would go on.
  const carrier = await caller.db.selectFrom('shipments').select('carrier_id').where('shipment_id', '=', request.ShipmentId).executeTakeFirst();
  const lists = await routeLists(caller.db, carrier?.carrier_id ?? null);
  return changeShipment(caller, request, async ({ trx, shipment, shipmentId }) => {
    const refused = sendCheck(caller, shipment, request.Target, shipmentRoute(lists, shipment));
    if (refused) return refusal(refused.reason, refused.message);
    const updated = await updateIfUnchanged(trx, shipmentId, request.UpdateDT, SENDABLE_FROM, { status: 'Submit' });
    if (!updated) return staleRefusal();
    const messageId = await queueOutbound(
      trx,
      caller.jobs,
      { outboundAddresses: caller.outboundAddresses },
      {
        shipmentId,
        target: request.Target,
        waybill: shipment.waybill as AirWaybill,
        ...(shipment.house_manifest ? { manifest: shipment.house_manifest as HouseManifest } : {}),
        companyId: caller.account.companyId,
        userId: caller.account.userId,
      },
    );
    const text = `${request.Target} message ${messageId} queued for ${caller.outboundAddresses[request.Target]}`;
    await writeShipmentEvent(trx, { shipmentId, kind: 'SEND', description: text, companyId: caller.account.companyId, userId: caller.account.userId });
    await writeActionLog(trx, caller.account, caller.ip, [
      { actType: 'Send', docType: request.Target, remarks: text, shipmentId, awbPrefix: shipment.awb_prefix, awbSuffix: shipment.awb_suffix },
    ]);
    return { kind: 'ok', data: decisionAnswer(shipmentId, updated) };
  });
}

/**
 * Which messages each shipment may be sent now, and why not the others, as awbsend would answer
 * (sendCheck), so the screen can offer only what will be taken: the shipments are read in one query
 * and each carrier's lists once. A shipment the caller may not open is refused every target with the
 * access message.
 */
export async function sendTargetChecks(caller: DecisionCaller, shipmentIds: readonly string[]): Promise<SendTargetCheck[]> {
  const refusedAll = (message: string) => Object.fromEntries(SEND_TARGETS.map((target) => [target, message]));
  const listsByCarrier = new Map<string | null, Promise<RuleLists>>();
  const listsOf = (carrierId: string | null) => {
    let lists = listsByCarrier.get(carrierId);
    if (!lists) {
      lists = routeLists(caller.db, carrierId);
      listsByCarrier.set(carrierId, lists);
    }
    return lists;
  };
  const lookups = await findShipments(caller.db, caller.scope, shipmentIds);
  const checks: SendTargetCheck[] = [];
  for (const [index, found] of lookups.entries()) {
    const shipmentId = shipmentIds[index];
    // The AWB number is told only to a company that sees the shipment's row (a borrower does).
    if (found.kind === 'notFound' || found.access === 'none') {
      checks.push({ ShipmentId: shipmentId, AWBNumber: '', Refused: refusedAll(ShipmentMessages.awbNotAccessible) });
      continue;
    }
    const { shipment } = found;
    const awb = formatAwbNumber({ prefix: shipment.awb_prefix, suffix: shipment.awb_suffix });
    if (found.access === 'lent') {
      checks.push({ ShipmentId: shipmentId, AWBNumber: awb, Refused: refusedAll(ShipmentMessages.awbLent) });
      continue;
    }
    const route = shipmentRoute(await listsOf(shipment.carrier_id), shipment);
    const refused: SendTargetCheck['Refused'] = {};
    for (const target of SEND_TARGETS) {
      const why = sendCheck(caller, shipment, target, route);
      if (why) refused[target] = why.message;
    }
    checks.push({ ShipmentId: shipmentId, AWBNumber: awb, Refused: refused });
  }
  return checks;
}

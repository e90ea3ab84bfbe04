import { freeRemarkProblem, remarkProblem } from '../../domain/remark';
import { ShipmentMessages } from '../../domain/shipmentMessages';
import { ACCEPTABLE_FROM, acceptRefusal, MARKABLE_FROM, markRefusal, REJECTABLE_FROM, rejectRefusal, type ShipmentStatus } from '../../domain/shipmentStatus';
import type { ApproveRequest, DecisionAnswer, MarkRequest, RejectRequest } from '../../domain/shipmentWire';
import { formatMessage } from '../../domain/statusCodes';
import type { AccountProfile } from '../auth/accounts';
import type { Db } from '../db/database';
import type { Config } from '../config';
import type { JobQueue } from '../jobs/jobQueue';
import type { ActionType } from '../../domain/actionLog';
import { writeActionLog, writeShipmentEvent } from './actionLog';
import { decisionFacts } from './detail';
import { privilegeFor } from '../compliance/privilege';
import { decisionAnswer, changeShipment, refusal, staleRefusal, updateIfUnchanged, type ChangeOutcome } from './decisionGuard';
import { lookupDescriptions } from './lookupCodes';
import type { CompanyScope } from './scope';
import type { AccessCache } from '../auth/accessCache';
import type { ShipmentEventKind } from '../../domain/shipmentEvents';

/** Accept (awbapprove), reject (awbreject) and mark (the eyeball check), each with its history line and user log entry. */

export interface DecisionCaller {
  db: Db;
  /** The caller's permissions, as the access cache keeps them. */
  access: Pick<AccessCache, 'roleHoldsFunction'>;
  scope: CompanyScope;
  account: AccountProfile;
  ip: string;
  lockMinutes: number;
  /** For the work a change calls for (outbound messages); absent where no queue runs. */
  jobs?: JobQueue;
  outboundAddresses: Config['outboundAddresses'];
}

const pendingNote = (pending: boolean) => (pending ? ' (decided on newer FWB/FHL data the user had not reloaded)' : '');

/** A decision's two records, in its transaction: the shipment's history line and the user's log entry. */
async function recordDecision(
  trx: Parameters<typeof writeActionLog>[0],
  caller: DecisionCaller,
  shipment: { awb_prefix: string; awb_suffix: string },
  shipmentId: string,
  record: { kind: ShipmentEventKind; actType: ActionType; history: string; logRemarks: string; details?: Record<string, unknown> },
): Promise<void> {
  const { account } = caller;
  await writeShipmentEvent(trx, {
    shipmentId,
    kind: record.kind,
    description: record.history,
    companyId: account.companyId,
    userId: account.userId,
    ...(record.details ? { details: record.details } : {}),
  });
  await writeActionLog(trx, account, caller.ip, [
    { actType: record.actType, docType: 'AWB', remarks: record.logRemarks, shipmentId, awbPrefix: shipment.awb_prefix, awbSuffix: shipment.awb_suffix },
  ]);
}

export async function approveShipment(caller: DecisionCaller, request: ApproveRequest): Promise<ChangeOutcome<DecisionAnswer>> {
  const remark = request.ApproveReason?.trim() ?? '';
  const problem = remarkProblem(remark, request.ApproveType === 'SOFT_BLOCK');
  if (problem) return { kind: 'invalid', message: problem };
  return changeShipment(caller, request, async ({ trx, shipment, shipmentId }) => {
    const privilege = await privilegeFor(trx, shipment, caller.account);
    const refused = acceptRefusal(decisionFacts(shipment, caller.scope, privilege), request.ApproveType, remark !== '');
    if (refused) return refusal(refused.reason, refused.message);
    const updated = await updateIfUnchanged(trx, shipmentId, request.UpdateDT, ACCEPTABLE_FROM, { status: 'Accept' });
    if (!updated) return staleRefusal();
    const kind = request.ApproveType === 'SOFT_BLOCK' ? 'accepted with the soft block acknowledged' : 'accepted';
    await recordDecision(trx, caller, shipment, shipmentId, {
      kind: 'ACCEPT',
      actType: 'Accept',
      history: `Shipment ${kind}${remark ? `: ${remark}` : ''}${pendingNote(request.PendingUpdate)}`,
      logRemarks: `${remark}${pendingNote(request.PendingUpdate)}`,
      details: { approveType: request.ApproveType, pendingUpdate: request.PendingUpdate },
    });
    return { kind: 'ok', data: decisionAnswer(shipmentId, updated) };
  });
}

export async function rejectShipment(caller: DecisionCaller, request: RejectRequest): Promise<ChangeOutcome<DecisionAnswer>> {
  if (request.RejectReasons.length === 0) return { kind: 'invalid', message: ShipmentMessages.rejectReasonRequired };
  for (const reason of request.RejectReasons) {
    const problem = freeRemarkProblem(reason.Remarks);
    if (problem) return { kind: 'invalid', message: problem };
  }
  const [reasons, remarks] = await Promise.all([
    lookupDescriptions(caller.db, 1, caller.scope.companyId),
    lookupDescriptions(caller.db, 11, caller.scope.companyId),
  ]);
  for (const reason of request.RejectReasons) {
    if (!reasons.has(reason.Code)) return { kind: 'invalid', message: formatMessage(ShipmentMessages.unknownRejectReason, { code: reason.Code }) };
    if (reason.AdditionalRemarkCode && !remarks.has(reason.AdditionalRemarkCode)) {
      return { kind: 'invalid', message: formatMessage(ShipmentMessages.unknownAdditionalRemark, { code: reason.AdditionalRemarkCode }) };
    }
  }
  const described = request.RejectReasons.map((reason) =>
    [`${reason.Code} ${reasons.get(reason.Code)}`, reason.AdditionalRemarkCode ? remarks.get(reason.AdditionalRemarkCode) : '', reason.Remarks?.trim() ?? '']
      .filter(Boolean)
      .join(' - '),
  ).join('; ');
  return changeShipment(caller, request, async ({ trx, shipment, shipmentId }) => {
    const refused = rejectRefusal(decisionFacts(shipment, caller.scope));
    if (refused) return refusal(refused.reason, refused.message);
    const updated = await updateIfUnchanged(trx, shipmentId, request.UpdateDT, REJECTABLE_FROM, { status: 'Reject' });
    if (!updated) return staleRefusal();
    await recordDecision(trx, caller, shipment, shipmentId, {
      kind: 'REJECT',
      actType: 'Reject',
      history: `Shipment rejected: ${described}${pendingNote(request.PendingUpdate)}`,
      logRemarks: `${described}${pendingNote(request.PendingUpdate)}`,
      details: { rejectReasons: request.RejectReasons, pendingUpdate: request.PendingUpdate },
    });
    return { kind: 'ok', data: decisionAnswer(shipmentId, updated) };
  });
}

/** Records the eyeball check (spec 2 "tabs for eyeball checking"): PASS lets an Eyeball shipment be accepted. */
export async function markShipment(caller: DecisionCaller, request: MarkRequest): Promise<ChangeOutcome<DecisionAnswer>> {
  const remarks = request.Remarks?.trim() ?? '';
  const problem = freeRemarkProblem(remarks);
  if (problem) return { kind: 'invalid', message: problem };
  return changeShipment(caller, request, async ({ trx, shipment, shipmentId }) => {
    const refused = markRefusal({ companyTypeId: caller.scope.companyTypeId, status: shipment.status as ShipmentStatus });
    if (refused) return refusal(refused.reason, refused.message);
    const check = { result: request.Result, remarks, userId: caller.account.userId, companyId: caller.account.companyId, at: new Date().toISOString() };
    const updated = await updateIfUnchanged(trx, shipmentId, request.UpdateDT, MARKABLE_FROM, { eyeball_check: JSON.stringify(check) });
    if (!updated) return staleRefusal();
    const text = `Eyeball check recorded: ${request.Result}${remarks ? ` - ${remarks}` : ''}`;
    await recordDecision(trx, caller, shipment, shipmentId, { kind: 'MARK', actType: 'Mark', history: text, logRemarks: text });
    return { kind: 'ok', data: decisionAnswer(shipmentId, updated) };
  });
}

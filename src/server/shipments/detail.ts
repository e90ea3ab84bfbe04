import { formatAwbNumber, hasValidCheckDigit } from '../../domain/awb';
import { isDocumentArchived, type DocumentType, type PouchKind } from '../../domain/shipmentDocuments';
import {
  acceptRefusal,
  blockApplies,
  acceptDocumentRefusal,
  markRefusal,
  modifyRefusal,
  rejectRefusal,
  type AcceptanceBlock,
  type DecisionFacts,
  type PrivilegeFacts,
  type ShipmentStatus,
} from '../../domain/shipmentStatus';
import { openHitCount } from '../../domain/sanctionReview';
import { complianceSummary, reviewedHitsOf, wireComplianceChecks, wireSanctionHits } from '../compliance/storedHits';
import type { AwbDetail, EyeballCheck, HandlingState, Party, ShipmentDocumentRow } from '../../domain/shipmentWire';
import type { CachedShipment, DocumentDbRow } from './shipmentCache';
import { StatusCode } from '../../domain/statusCodes';
import { heldByOtherMessage, ShipmentMessages } from '../../domain/shipmentMessages';
import { ownsAwb, type CompanyScope } from './scope';
import type { ShipmentRow } from './shipmentRecord';
import { logisticsObjectIri } from '../../domain/oneRecord/vocabulary';
import { waybillObjectId } from '../../domain/oneRecord/waybillObjects';

/** The detail page's data (GET awbapi/awbdetail): the shipment, its documents and history, and what the user may do. */

export function blockOf(shipment: ShipmentRow): AcceptanceBlock | null {
  return shipment.acceptance_block
    ? { kind: shipment.acceptance_block, reason: shipment.acceptance_block_reason ?? '', companies: shipment.acceptance_block_companies }
    : null;
}

export function decisionFacts(shipment: ShipmentRow, scope: CompanyScope, privilege?: PrivilegeFacts): DecisionFacts {
  return {
    status: shipment.status as ShipmentStatus,
    companyId: scope.companyId,
    companyTypeId: scope.companyTypeId,
    block: blockOf(shipment),
    eyeballChecked: shipment.eyeball_check?.result === 'PASS',
    openSanctionHits: openHitCount(reviewedHitsOf(shipment.sanction_hits)),
    ...(privilege ? { privilege } : {}),
  };
}

/** The documents' list as the page shows it, `now` deciding which are archived. */
export function documentRows(rows: readonly DocumentDbRow[], now: Date = new Date()): ShipmentDocumentRow[] {
  return rows.map((row) => ({
    ShipmentDocumentID: String(row.document_id),
    FileName: row.file_name,
    DocType: row.doc_type as DocumentType,
    PouchKind: row.pouch_kind as PouchKind | null,
    Remarks: row.remarks,
    UpdatedOn: row.updated_on.toISOString(),
    UserId: row.user_id,
    SizeBytes: row.size_bytes,
    Archived: isDocumentArchived(row.doc_type, row.updated_on, now),
    AwaitingAcceptance: row.awaiting_acceptance,
  }));
}

function eyeballOf(shipment: ShipmentRow): EyeballCheck | null {
  const check = shipment.eyeball_check;
  return check ? { Result: check.result, Remarks: check.remarks, UserId: check.userId, At: check.at } : null;
}

/** The shipment mapped for the page and the printouts (no documents, history or permissions). */
export function shipmentData(shipment: ShipmentRow) {
  const detail = shipment.detail as Record<string, unknown>;
  const record = (key: string) => (detail[key] && typeof detail[key] === 'object' ? (detail[key] as Record<string, unknown>) : null);
  const list = <T>(key: string) => (Array.isArray(detail[key]) ? (detail[key] as T[]) : []);
  return {
    ShipmentId: String(shipment.shipment_id),
    AWBPrefix: shipment.awb_prefix,
    AWBSuffix: shipment.awb_suffix,
    AWBNumber: formatAwbNumber({ prefix: shipment.awb_prefix, suffix: shipment.awb_suffix }),
    Status: shipment.status as ShipmentStatus,
    UpdateDT: shipment.update_dt.toISOString(),
    Origin: shipment.origin,
    Destination: shipment.destination,
    Pieces: shipment.pieces,
    Weight: Number(shipment.weight_kg),
    Volume: shipment.volume_m3 === null ? null : Number(shipment.volume_m3),
    GoodsDescription: shipment.goods_description,
    SpecialHandlingCodes: shipment.special_handling_codes,
    OperatorRemarks: shipment.operator_remarks,
    Shipper: shipment.shipper as Party,
    Consignee: shipment.consignee as Party,
    Notify: (shipment.notify as Party | null) ?? null,
    Agent: (shipment.agent as Party | null) ?? null,
    Routing: shipment.routing as AwbDetail['Routing'],
    FlightDate: shipment.flight_date,
    MessageDate: shipment.message_date.toISOString(),
    STD: shipment.std ? shipment.std.toISOString() : null,
    Rate: record('rate'),
    Charges: record('charges'),
    Dimensions: list<Record<string, unknown>>('dimensions'),
    Licence: record('licence'),
    Declaration: record('declaration'),
    Security: record('security'),
    HsCodes: list<string>('hsCodes'),
    CustomsDeclarations: list<AwbDetail['CustomsDeclarations'][number]>('customsDeclarations'),
    Persons: list<AwbDetail['Persons'][number]>('persons'),
    Houses: list<AwbDetail['Houses'][number]>('houses'),
    SanctionHits: wireSanctionHits(shipment.sanction_hits),
    ComplianceChecks: wireComplianceChecks(shipment.compliance_checks),
    Compliance: complianceSummary(shipment.evaluation, shipment.auto_accept_at),
    Eyeball: eyeballOf(shipment),
    CheckDigitValid: hasValidCheckDigit(shipment.awb_suffix),
  };
}

export type ShipmentData = ReturnType<typeof shipmentData>;

/** What the detail shows the same to everyone who may see it: the shipment and its history. */
type FixedPart = Omit<AwbDetail, 'Documents' | 'Block' | 'Handling' | 'Lendings' | 'Can' | 'Why'>;
/** What depends on the caller (the block, the lock, the lendings the owner sees, what they may do) or on the time (archived documents). */
type CallerPart = Pick<AwbDetail, 'Documents' | 'Block' | 'Handling' | 'Lendings' | 'Can' | 'Why'>;

/** The fixed part of a cached copy as JSON, worked out once per copy (it reads the row and the history only). */
const fixedJson = new WeakMap<CachedShipment, string>();
function fixedPartJson(cached: CachedShipment, shipment: ShipmentRow, oneRecordBase: string): string {
  let json = fixedJson.get(cached);
  if (json === undefined) {
    const fixed: FixedPart = {
      ...shipmentData(shipment),
      OneRecordWaybill: logisticsObjectIri(oneRecordBase, waybillObjectId(String(shipment.shipment_id))),
      History: cached.history,
    };
    json = JSON.stringify(fixed);
    fixedJson.set(cached, json);
  }
  return json;
}

function callerPart(cached: CachedShipment, shipment: ShipmentRow, scope: CompanyScope, handling: HandlingState, privilege?: PrivilegeFacts): CallerPart {
  const documents = documentRows(cached.documents);
  const facts = decisionFacts(shipment, scope, privilege);
  const block = blockOf(shipment);
  const status = facts.status;
  // To whom it is lent is the owner's business only (a handler or forwarder of the shipment is not told).
  const owner = ownsAwb(scope, shipment);
  const lendings = owner ? cached.lendings : null;
  return {
    Documents: documents,
    Block: block ? { Kind: block.kind, Reason: block.reason, AppliesToMe: blockApplies(block, scope.companyId) } : null,
    Handling: handling,
    Lendings: lendings,
    ...permissions(),
  };

  /** What the user may do now, and for each action they may not, why (a disabled button's description). */
  function permissions(): Pick<CallerPart, 'Can' | 'Why'> {
    const held = handling.HeldBy ? heldByOtherMessage(handling.HeldBy) : undefined;
    const awaiting = documents.some((document) => document.AwaitingAcceptance);
    const reasons: Record<keyof AwbDetail['Can'], string | undefined> = {
      // A soft block still allows acceptance (with a remark), so it is checked as acknowledged here.
      Accept: held ?? acceptRefusal(facts, 'SOFT_BLOCK', true)?.message,
      Reject: held ?? rejectRefusal(facts)?.message,
      Mark: held ?? markRefusal(facts)?.message,
      Modify: held ?? modifyRefusal(facts)?.message,
      AcceptDocument: held ?? acceptDocumentRefusal(facts)?.message ?? (awaiting ? undefined : ShipmentMessages.noDocumentAwaiting),
      Upload: status === 'Processing' ? ShipmentMessages.autoAcceptanceInProgress : undefined,
      // Lending changes no status: only the owner, and (as every change) not while another user handles it.
      Lend: owner ? held : ShipmentMessages.onlyOwnerLends,
      TakeBack: owner ? (held ?? (cached.lendings.length > 0 ? undefined : ShipmentMessages.nothingLent)) : ShipmentMessages.onlyOwnerLends,
    };
    const entries = Object.entries(reasons) as [keyof AwbDetail['Can'], string | undefined][];
    return {
      Can: Object.fromEntries(entries.map(([action, reason]) => [action, reason === undefined])) as AwbDetail['Can'],
      Why: Object.fromEntries(entries.filter(([, reason]) => reason !== undefined)) as AwbDetail['Why'],
    };
  }
}

/**
 * The answer of GET awbdetail, `{"status":1,"data":AwbDetail}`, as JSON text: the fixed part comes
 * from the cached copy's JSON, only the caller's part is serialised per call.
 */
export function detailAnswerJson(
  cached: CachedShipment,
  shipment: ShipmentRow,
  scope: CompanyScope,
  handling: HandlingState,
  oneRecordBase: string,
  privilege?: PrivilegeFacts,
): string {
  const fixed = fixedPartJson(cached, shipment, oneRecordBase);
  const mine = JSON.stringify(callerPart(cached, shipment, scope, handling, privilege));
  return `{"status":${StatusCode.SUCCESS},"data":${fixed.slice(0, -1)},${mine.slice(1)}}`;
}

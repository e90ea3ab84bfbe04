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
import type { CompanyScope } from './scope';
import type { ShipmentRecord } from './shipmentRecord';


/** The detail page's data (GET awbapi/awbdetail): the shipment, its documents and history, and what the user may do. */

export function blockOf(shipment: ShipmentRecord): AcceptanceBlock | null {
  return shipment.acceptance_block ? { kind: shipment.acceptance_block, reason: shipment.acceptance_block_reason ?? '', companies: shipment.acceptance_block_companies } : null;
}

export function decisionFacts(shipment: ShipmentRecord, scope: CompanyScope, privilege?: PrivilegeFacts): DecisionFacts {
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

function eyeballOf(shipment: ShipmentRecord): EyeballCheck | null {
  const check = shipment.eyeball_check;
  return check ? { Result: check.result, Remarks: check.remarks, UserId: check.userId, At: check.at } : null;
}

/** The shipment mapped for the page and the printouts (no documents, history or permissions). */
export function shipmentData(shipment: ShipmentRecord) {
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

/** shipmentData of a cached copy, worked out once per copy (it reads the row only). */
const mapped = new WeakMap<CachedShipment, ShipmentData>();
function shipmentDataOf(cached: CachedShipment, shipment: ShipmentRecord): ShipmentData {
  let data = mapped.get(cached);
  if (!data) {
    data = shipmentData(shipment);
    mapped.set(cached, data);
  }
  return data;
}

/** The detail of a shipment as the cache holds it (shipmentCache.ts), for the caller's company. */
export function buildDetail(cached: CachedShipment, shipment: ShipmentRecord, scope: CompanyScope, handling: HandlingState, privilege?: PrivilegeFacts): AwbDetail {
  const documents = documentRows(cached.documents);
  const history = cached.history;
  const facts = decisionFacts(shipment, scope, privilege);
  const block = blockOf(shipment);
  const free = handling.HeldBy === null;
  const status = facts.status;
  return {
    ...shipmentDataOf(cached, shipment),
    Documents: documents,
    History: history,
    Block: block ? { Kind: block.kind, Reason: block.reason, AppliesToMe: blockApplies(block, scope.companyId) } : null,
    Handling: handling,
    Can: {
      // A soft block still allows acceptance (with a remark), so it is checked as acknowledged here.
      Accept: free && acceptRefusal(facts, 'SOFT_BLOCK', true) === undefined,
      Reject: free && rejectRefusal(facts) === undefined,
      Mark: free && markRefusal(facts) === undefined,
      Modify: free && modifyRefusal(facts) === undefined,
      AcceptDocument: free && acceptDocumentRefusal(facts) === undefined && documents.some((document) => document.AwaitingAcceptance),
      Upload: status !== 'Processing',
    },
  };
}

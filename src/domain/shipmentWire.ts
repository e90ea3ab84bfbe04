import type { HitState } from './sanctionReview';
import type { ActionType } from './actionLog';
import type { ApproveTypeValue, ShipmentStatus } from './shipmentStatus';
import type { DocumentType, PouchKind, ShareOption } from './shipmentDocuments';
import type { ShipmentLending } from './lending';
import type { RiskLevel } from './sanctionRisk';

/**
 * The wire formats of /awbapi and /logapi (spec 3 "Request payloads", CONTRACTS.md "Shipments"),
 * shared by the browser and the server. Answers are `{ status, data?, message? }`.
 */

export interface AwbTag {
  AWBPrefix: string;
  AWBSuffix: string;
}

/** A shipment id as the API carries it: a positive bigint in decimal. */
export const SHIPMENT_ID_PATTERN = /^[1-9][0-9]{0,17}$/;

export const SUMMARY_SORT_FIELDS = [
  'AWBNumber',
  'Status',
  'Origin',
  'Destination',
  'FlightDate',
  'MessageDate',
  'STD',
  'Pieces',
  'Weight',
  'UpdateDT',
] as const;
export type SummarySortField = (typeof SUMMARY_SORT_FIELDS)[number];

export interface DbOptions {
  /** From 1. */
  CurrentPage: number;
  PageSize: number;
  FieldName: SummarySortField;
  OrderBy: 'ASC' | 'DESC';
}

export const DEFAULT_DB_OPTIONS: DbOptions = { CurrentPage: 1, PageSize: 10, FieldName: 'AWBNumber', OrderBy: 'ASC' };
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * What needs an operator's attention (issue 18): shipments with sanction hits nobody has looked at
 * (OpenHits), hits escalated for a compliance officer's review (AwaitingReview), a denied hit
 * (DeniedHit), a hard block from the rules (HardBlock), and undecided shipments whose flight leaves
 * within 24 hours (DepartingSoon). A row carries the first four as marks; a filter of several kinds
 * lists the shipments with any of them.
 */
export const ATTENTION_KINDS = ['OpenHits', 'AwaitingReview', 'DeniedHit', 'HardBlock', 'DepartingSoon'] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];
export function isAttentionKind(text: string): text is AttentionKind {
  return (ATTENTION_KINDS as readonly string[]).includes(text);
}
/** The marks a summary row carries (DepartingSoon is the STD column's to show). */
export type RowAttention = Exclude<AttentionKind, 'DepartingSoon'>;
/** How soon a flight leaves for DepartingSoon. */
export const DEPARTING_SOON_HOURS = 24;

/** Optional filters; each date range within 7 days (spec 5). Dates are 'YYYY-MM-DD' (STD: its UTC day). */
export interface SummaryFilters {
  FlightDateFrom?: string;
  FlightDateTo?: string;
  MessageDateFrom?: string;
  MessageDateTo?: string;
  STDFrom?: string;
  STDTo?: string;
  Status?: ShipmentStatus[];
  /** Any of these kinds of attention (ATTENTION_KINDS). */
  Attention?: AttentionKind[];
  /** Only open shipments with open hits whose message came this long ago (an overview backlog figure's list). */
  HitAge?: HitAgeBucket;
}

export interface AwbSummaryRequest {
  fieldSearch: AwbTag[];
  dbOptions: DbOptions;
  filters?: SummaryFilters;
  /** The list shown again with the criteria it was last asked with (after an action, on a live change): not a search of its own, so not logged as one. */
  reload?: boolean;
}

export interface AwbSummaryRow {
  ShipmentId: string;
  AWBPrefix: string;
  AWBSuffix: string;
  AWBNumber: string;
  Status: ShipmentStatus;
  Origin: string;
  Destination: string;
  Pieces: number;
  Weight: number;
  FlightNo: string;
  FlightDate: string;
  MessageDate: string;
  STD: string | null;
  UpdateDT: string;
  SpecialHandlingCodes: string[];
  /** Lent to this company: the row is shown, its details are not. */
  IsLent: boolean;
  /** The 8th digit matches the first 7 mod 7. */
  CheckDigitValid: boolean;
  /** What needs attention on it (empty for a lent row: its details are not the borrower's). */
  Attention: RowAttention[];
}

/** A searched AWB that gave no row: not found at all, or not this company's to see. */
export interface AwbSearchMiss extends AwbTag {
  Reason: 'notFound' | 'notAccessible';
  Message: string;
}

export interface AwbSummaryAnswer {
  total: number;
  rows: AwbSummaryRow[];
  missing: AwbSearchMiss[];
}

export interface ApproveRequest {
  ShipmentId: string;
  ApproveType: ApproveTypeValue;
  ApproveReason: string;
  UpdateDT: string;
  PendingUpdate: boolean;
}

export interface RejectReason {
  /** A code of the MIP action list (getlookupcode/1). */
  Code: string;
  /** A code of the additional remarks (getlookupcode/11). */
  AdditionalRemarkCode?: string;
  Remarks?: string;
}

export interface RejectRequest {
  ShipmentId: string;
  RejectReasons: RejectReason[];
  UpdateDT: string;
  PendingUpdate: boolean;
}

export interface DecisionAnswer {
  ShipmentId: string;
  Status: ShipmentStatus;
  UpdateDT: string;
}

export interface MarkRequest {
  ShipmentId: string;
  Result: 'PASS' | 'FAIL';
  Remarks?: string;
  UpdateDT: string;
}

export interface ModifyRequest {
  ShipmentId: string;
  UpdateDT: string;
  SpecialHandlingCodes?: string[];
  OperatorRemarks?: string;
  DocumentRemarks?: { ShipmentDocumentID: string; Remarks: string }[];
}

export interface AcceptDocumentRequest {
  ShipmentId: string;
  ShipmentDocumentID: string;
  UpdateDT: string;
}

export interface CheckUpdateAnswer {
  IsUpdated: boolean;
  /** FWB or FHL data arrived after the given UpdateDT. */
  IsFwbFhlUpdated: boolean;
  UpdateDT: string;
  Status: ShipmentStatus;
}

export interface LookupCode {
  Code: string;
  Description: string;
}

export interface Party {
  name: string;
  address: string;
  city: string;
  country: string;
  postcode?: string;
  phone?: string;
  accountNumber?: string;
  iataCode?: string;
}

export interface ShipmentDocumentRow {
  ShipmentDocumentID: string;
  FileName: string;
  DocType: DocumentType;
  PouchKind: PouchKind | null;
  Remarks: string;
  UpdatedOn: string;
  UserId: string;
  SizeBytes: number | null;
  Archived: boolean;
  /** Added to a decided shipment and not accepted yet. */
  AwaitingAcceptance: boolean;
}

export interface ShipmentEventRow {
  At: string;
  Kind: string;
  Description: string;
  CompanyId: string | null;
  UserId: string | null;
}

export interface HandlingState {
  /** This user holds the lock (or needs none). */
  HeldByMe: boolean;
  /** Another user holds it: the page is read-only. */
  HeldBy: { UserId: string; UserName: string; CompanyId: string; Since: string } | null;
}

/** A sanction hit (spec 3 "Sanction result") with its review (sanctionReview.ts). */
export interface SanctionHit {
  hitId: string;
  state: HitState;
  riskLevel: 'LOW' | 'MEDIUM' | 'HIGH';
  matchedPhrase: string;
  /** Who or what was screened: Shipper, Consignee, Notify, Agent or Goods (of a house, when hawb is given). */
  party: string;
  hawb: string | null;
  screenedText: string;
  score: number;
  method: string;
  list: string;
  entryId: string;
  entryName: string;
  programs: string[];
  citation: string;
  exportEmbargo: boolean;
  importEmbargo: boolean;
  controlledCommodity: string | null;
  /** The entry's other names as listed. */
  aliases: string[];
  /** The official source's version the entry was found in (issue 34); null for the company's own rows. */
  sourceVersion: { versionId: string; publishedAt: string | null; importedAt: string } | null;
  /** Why the name hit: how (fuzzy, exact, keyword, wildcard), the words paired and how, and the score; null for hits stored before it was kept. */
  explanation: {
    how: string;
    score: number;
    summary: string;
    words: { listed: string; screened: string; how: string; similarity: number }[];
    missing: string[];
    extra: string[];
    /** The party's country is not the entry's: the score was lowered by `lowered`. */
    country?: { party: string; listed: string; lowered: number };
  } | null;
  /** The latest decision, and all of them, oldest first. */
  action: HitActionWire | null;
  actions: HitActionWire[];
}

export interface HitActionWire {
  decision: string;
  state: HitState;
  by: string;
  companyId: string;
  at: string;
  remarks: string;
  /** The Sanction Whitelist row that cleared the hit (decision WHITELIST). */
  whitelistRowId?: string;
}

/** A finding of the rules engine: which row of which list fired, and why (compliance/findings.ts). */
export interface ComplianceCheck {
  rule: string;
  result: 'PASS' | 'WARN' | 'FAIL';
  message: string;
  list: string;
  rowId: string | null;
  effect: string;
}

/** What the rules engine concluded beyond its findings. */
export interface ComplianceSummary {
  EvaluatedAt: string | null;
  OriginCountry: string | null;
  DestinationCountry: string | null;
  AddedSpecialHandlingCodes: string[];
  MappedDescriptions: string[];
  SuggestedRejectReasons: string[];
  AutoAcceptAt: string | null;
}

export interface EyeballCheck {
  Result: 'PASS' | 'FAIL';
  Remarks: string;
  UserId: string;
  At: string;
}

export interface AwbDetail {
  ShipmentId: string;
  AWBPrefix: string;
  AWBSuffix: string;
  AWBNumber: string;
  Status: ShipmentStatus;
  UpdateDT: string;
  Origin: string;
  Destination: string;
  Pieces: number;
  Weight: number;
  Volume: number | null;
  GoodsDescription: string;
  SpecialHandlingCodes: string[];
  OperatorRemarks: string;
  Shipper: Party;
  Consignee: Party;
  Notify: Party | null;
  Agent: Party | null;
  Routing: { carrier: string; flightNumber: string; date: string; from: string; to: string }[];
  FlightDate: string;
  MessageDate: string;
  STD: string | null;
  Rate: Record<string, unknown> | null;
  Charges: Record<string, unknown> | null;
  Dimensions: Record<string, unknown>[];
  Licence: Record<string, unknown> | null;
  Declaration: Record<string, unknown> | null;
  Security: Record<string, unknown> | null;
  HsCodes: string[];
  CustomsDeclarations: { countryCode: string; customsId: string; informationId: string; otherCustomsInfo: string; supplementaryInfo: string }[];
  Persons: { idOrLicense: string; name: string; stationCode: string; verifier: string }[];
  Houses: { hawbNumber: string; pieces: number; weightKg: number; description: string; shipper: string; consignee: string }[];
  Documents: ShipmentDocumentRow[];
  History: ShipmentEventRow[];
  Block: { Kind: 'HARD' | 'SOFT'; Reason: string; AppliesToMe: boolean } | null;
  Eyeball: EyeballCheck | null;
  SanctionHits: SanctionHit[];
  ComplianceChecks: ComplianceCheck[];
  Compliance: ComplianceSummary;
  Handling: HandlingState;
  /** To whom the shipment is lent: told to the airline that owns it only (null for everyone else: theirs is not to lend). */
  Lendings: ShipmentLending[] | null;
  /** What this user may do now (the server checks again on every call); Lend and TakeBack: the owning airline's. */
  Can: { Accept: boolean; Reject: boolean; Mark: boolean; Modify: boolean; AcceptDocument: boolean; Upload: boolean; Lend: boolean; TakeBack: boolean };
  /** For each action the user may not take now, why (the server's own refusal); a disabled button's description. */
  Why: Partial<Record<keyof AwbDetail['Can'], string>>;
  CheckDigitValid: boolean;
  /** The IRI of the shipment's master Waybill as a ONE Record logistics object (issue 37). */
  OneRecordWaybill: string;
}

/** A partner's ONE Record change request to one of the shipment's objects (GET awbapi/onerecordchanges/{id}). */
export interface OneRecordChangeRequest {
  RequestId: string;
  RequestIri: string;
  /** The logistics object it changes. */
  ObjectIri: string;
  /** The organisation that asked (its IRI). */
  RequestedBy: string;
  /** Its name when the portal knows it: a portal company's, or a registered client's with its company's. */
  RequestedByName: string | null;
  RequestedAt: string;
  Status: 'PENDING' | 'ACCEPTED' | 'REJECTED' | 'FAILED' | 'REVOKED';
  StatusSince: string;
  Description: string | null;
  ForRevision: number;
  /** Made for the shipment's latest revision: it may still be accepted. */
  Current: boolean;
  /** What it changes, for a pending request that still applies. */
  Changes: { What: string; From: string; To: string }[];
  /** Why it failed, or why a pending one would. */
  Problem: string | null;
}

/** POST awbapi/onerecordchange: an operator's decision on a pending change request. */
export interface OneRecordChangeDecision {
  ShipmentId: string;
  UpdateDT: string;
  RequestId: string;
  Decision: 'accept' | 'reject';
}

export interface ShareRequest {
  ShipmentIds: string[];
  ShareOptions: ShareOption[];
  EmailList: string;
}

export interface ShareAnswer {
  Sent: number;
  Attachments: string[];
  /** Shipments that had none of the chosen documents. */
  WithoutDocuments: string[];
}

export const SEND_TARGETS = ['ACAS', 'ACI', 'TERMINAL', 'CSS'] as const;
export type SendTarget = (typeof SEND_TARGETS)[number];

export interface SendRequest {
  ShipmentId: string;
  Target: SendTarget;
  UpdateDT: string;
}

/** POST awbapi/sendtargets: for each shipment, why each message would be refused now (a target absent is sendable). */
export interface SendTargetCheck {
  ShipmentId: string;
  AWBNumber: string;
  Refused: Partial<Record<SendTarget, string>>;
}

/** spec 3 "Action log" payload. */
export interface ActionLogRequest {
  ActType: ActionType;
  DocType?: string;
  strRemk?: string;
  isLogTransactionHistory?: boolean;
  ShipmentID?: string;
  ShipmentDocumentID?: string;
  AWBPrefix?: string;
  AWBSuffix?: string;
  LogLevel?: number;
}

/** spec 3 "Client log" payload. */
export interface ClientLogRequest {
  iMsg: string;
  iLogType: number;
}

export interface ShipmentLogRow {
  id: string;
  DateTime: string;
  ActionType: string;
  UserId: string;
  AWBNumber: string;
  DocumentName: string;
  DocumentType: string;
  Remarks: string;
}

export interface OverviewAnswer {
  Today: string;
  /** Counts by status for flights of today, and of the last 7 days (today included). */
  TodayByStatus: Record<ShipmentStatus, number>;
  Last7DaysByStatus: Record<ShipmentStatus, number>;
  /** The screening backlog and what blocks or presses, over the company's open shipments (issue 18). */
  Attention: AttentionCounts;
}

/** Open sanction hits by how long their shipment has waited since its message came: under 1 hour, 1 to 4, 4 to 24, over 24. */
export const HIT_AGE_BUCKETS = ['under1h', 'under4h', 'under24h', 'older'] as const;
export type HitAgeBucket = (typeof HIT_AGE_BUCKETS)[number];
/** The hours since the shipment's message each bucket spans: from (inclusive) to (exclusive; none: no end). */
export const HIT_AGE_HOURS: Record<HitAgeBucket, readonly [from: number, to: number | null]> = {
  under1h: [0, 1],
  under4h: [1, 4],
  under24h: [4, 24],
  older: [24, null],
};

export function isHitAgeBucket(value: unknown): value is HitAgeBucket {
  return (HIT_AGE_BUCKETS as readonly unknown[]).includes(value);
}

export interface AttentionCounts {
  /** Open shipments with hits nobody has decided yet, by age. */
  OpenHitsByAge: Record<HitAgeBucket, number>;
  AwaitingReview: number;
  DeniedHit: number;
  HardBlock: number;
  DepartingSoon: number;
}

/**
 * How the Sanction Check took a listed name: a match (at or over the threshold), whitelisted (at
 * or over it, but a whitelist row clears it: not a match), or for review (below the threshold).
 */
export type SanctionCheckOutcome = 'match' | 'whitelisted' | 'review';

/** The whitelist row that clears a name, with the scope it holds in. */
export interface SanctionCheckWhitelisting {
  RowId: string;
  /** Any, or the one party role the row clears. */
  PartyRole: string;
  CountryCode: string | null;
  ValidUntil: string | null;
  Reason: string | null;
}

/** One listed name the Sanction Check (GET /awbapi/sanction/search) found, with its score. */
export interface SanctionCheckHit {
  EntryId: string;
  ListName: string;
  EntryName: string;
  MatchedPhrase: string;
  Score: number;
  Method: string;
  /** The risk label of a match (sanctionRisk.ts); null for a whitelisted name and a name for review. */
  RiskLevel: RiskLevel | null;
  Outcome: SanctionCheckOutcome;
  /** The whitelist row that clears the name for some party, at or below the threshold; null when none does. */
  Whitelist: SanctionCheckWhitelisting | null;
  PartyType: string;
  Programs: string[];
  Citation: string;
}

/** The Sanction Check's answer: the best names against the company's sanction list of ListSize entries. */
export interface SanctionCheckAnswer {
  Name: string;
  /** The fuzzy threshold: names at or over it are matches (or whitelisted), below it down to ReviewFrom for review. */
  Threshold: number;
  ReviewFrom: number;
  ListSize: number;
  /** At most the limit asked for, best first: those at or over the threshold, then those for review. */
  Hits: SanctionCheckHit[];
  /** More names come that near than the limit let through. */
  More: boolean;
}

/** What screening a shipment again (POST /awbapi/sanction/resend) did for each one asked for. */
export interface SanctionResendOutcome {
  ShipmentId: string;
  AWBNumber: string | null;
  Outcome: 'screened' | 'notFound' | 'notAccessible' | 'notScreenable';
  Status: string | null;
  Hits: number;
  OpenHits: number;
}

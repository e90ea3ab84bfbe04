import { hasTokens } from '../../../dataProviders/tokenCookies';
import type { HttpClient } from '../../../dataProviders/httpClient';
import { StatusCode } from '../../domain/statusCodes';
import type {
  AcceptDocumentRequest,
  ApproveRequest,
  AwbDetail,
  AwbSummaryAnswer,
  AwbSummaryRequest,
  CheckUpdateAnswer,
  DecisionAnswer,
  HandlingState,
  LookupCode,
  MarkRequest,
  ModifyRequest,
  OneRecordChangeDecision,
  OneRecordChangeRequest,
  OverviewAnswer,
  RejectRequest,
  SendRequest,
  SendTargetCheck,
  ShareAnswer,
  ShareRequest,
  ActionLogRequest,
  ComplianceCheck,
  ComplianceSummary,
  EyeballCheck,
  SanctionCheckAnswer,
  SanctionHit,
  SanctionResendOutcome,
} from '../../domain/shipmentWire';
import type { SanctionDecision } from '../../domain/sanctionReview';
import type { LendableCompany, LendingRequest } from '../../domain/lending';
import { compactUpdateDt } from '../../domain/updateDt';
import type { PrintKind } from '../../domain/shipmentDocuments';

/**
 * The /awbapi and /logapi calls of the shipment screens, typed by the shared wire formats.
 * Statuses a screen shows itself (not found, lent, refusals) come back as ApiError through
 * `callerHandles`; everything else follows the httpClient's answer mapping (error pages, sign-out).
 */

/** Statuses the shipment screens answer themselves. */
export const SHIPMENT_SCREEN_STATUSES = [StatusCode.SHIPMENT_NOT_FOUND, StatusCode.USER_ACL_EXCEPTION, StatusCode.FAILURE, StatusCode.IP_RESTRICTION] as const;
/** Decisions also show validation messages (the dialogs check first; the server may still refuse). */
const DECISION_STATUSES = [...SHIPMENT_SCREEN_STATUSES, StatusCode.VALIDATION_FAIL] as const;

export interface SanctionDetail {
  ShipmentId: string;
  AWBPrefix: string;
  AWBSuffix: string;
  AWBNumber: string;
  Status: string;
  UpdateDT: string;
  SanctionHits: SanctionHit[];
  ComplianceChecks: ComplianceCheck[];
  Compliance: ComplianceSummary;
  Eyeball: EyeballCheck | null;
  HeldBy: HandlingState['HeldBy'];
  /** Escalate: escalate and cancel escalation; Review: approve, deny and clear (compliance reviewers). */
  Can: { Mark: boolean; Escalate: boolean; Review: boolean; Resend: boolean };
}

export interface SanctionSaveRequest {
  ShipmentId: string;
  AWBPrefix: string;
  AWBSuffix: string;
  UpdateDT: string;
  PendingUpdate: boolean;
  decisions: { HitId: string; Decision: SanctionDecision; Remark: string }[];
}

export interface MessageAnswer {
  MessageId: string;
  Kind: 'FWB' | 'FHL' | 'FMA' | 'FNA';
  Outcome: 'created' | 'updated' | 'unchanged' | 'pending' | 'acknowledged';
  AWBNumber: string;
  ShipmentId?: string | null;
  Status?: string | null;
  UpdateDT?: string | null;
  Findings?: number;
  OpenHits?: number;
  OutboundState?: string;
}

/** A message the parser refused: each fault with its line (1-based) and reason. */
export interface MessageFaultWire {
  Line: number;
  Code: string;
  Segment?: string;
  Reason: string;
}

export interface SearchNextQuery {
  ShipmentId: string;
  Direction: 'next' | 'previous';
  FieldName: string;
  OrderBy: 'ASC' | 'DESC';
  AWBs: string[];
  filters: Record<string, string | string[] | undefined>;
}

export interface FileTicketRequest {
  Kind: 'view' | 'download' | 'print';
  ShipmentId: string;
  DocumentIds?: string[];
  PrintKind?: PrintKind;
}

/**
 * How long a change of a shipment (accept, reject, mark, modify, accept a document, send, share)
 * may go unanswered before the screen gives up and shows spec 8's 'Network Timeout...' message.
 */
export const SHIPMENT_ACTION_TIMEOUT_MS = 30_000;

/** A change got no answer in time: whether the server made it is unknown, so the user refreshes. */
export class ShipmentCallTimeout extends Error {
  override readonly name = 'ShipmentCallTimeout';
  constructor(
    readonly path: string,
    readonly timeoutMs: number,
  ) {
    super(`No answer from ${path} within ${timeoutMs / 1000} s`);
  }
}

export function createShipmentApi(http: HttpClient, { actionTimeoutMs = SHIPMENT_ACTION_TIMEOUT_MS }: { actionTimeoutMs?: number } = {}) {
  const post = async <T>(path: string, body: unknown, callerHandles: readonly number[] = DECISION_STATUSES, signal?: AbortSignal): Promise<T> =>
    (await http.api<{ data: T }>(path, { method: 'POST', body, callerHandles, signal })).json.data;
  const get = async <T>(path: string, callerHandles: readonly number[] = SHIPMENT_SCREEN_STATUSES): Promise<T> =>
    (await http.api<{ data: T }>(path, { callerHandles })).json.data;
  /** A change, aborted when unanswered after actionTimeoutMs (the httpClient passes the abort on untouched). */
  const change = async <T>(path: string, body: unknown): Promise<T> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), actionTimeoutMs);
    try {
      return await post<T>(path, body, DECISION_STATUSES, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) throw new ShipmentCallTimeout(path, actionTimeoutMs);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    summary: (request: AwbSummaryRequest) => post<AwbSummaryAnswer>('/awbapi/awbsummary', request, SHIPMENT_SCREEN_STATUSES),
    detail: (shipmentId: string) => get<AwbDetail>(`/awbapi/awbdetail/${encodeURIComponent(shipmentId)}`),
    detailByAwb: (prefix: string, suffix: string) => get<AwbDetail>(`/awbapi/awbdetail/${prefix}/${suffix}`),
    sanction: (shipmentId: string) => get<SanctionDetail>(`/awbapi/sanction/detail/${encodeURIComponent(shipmentId)}`),
    lookupCodes: (lookupType: 1 | 11) => get<LookupCode[]>(`/awbapi/util/getlookupcode/${lookupType}`),
    checkUpdate: (shipmentId: string, updateDt: string) =>
      get<CheckUpdateAnswer>(`/awbapi/util/awbcheckupdate/${encodeURIComponent(shipmentId)}/${compactUpdateDt(updateDt)}`),
    overview: (today: string) => get<OverviewAnswer>(`/awbapi/overview?Today=${today}`),
    searchNext: (query: SearchNextQuery) => {
      const params = new URLSearchParams({ ShipmentId: query.ShipmentId, Direction: query.Direction, FieldName: query.FieldName, OrderBy: query.OrderBy });
      if (query.AWBs.length > 0) params.set('AWBs', query.AWBs.join(','));
      for (const [key, value] of Object.entries(query.filters)) {
        if (Array.isArray(value) ? value.length > 0 : value) params.set(key, Array.isArray(value) ? value.join(',') : value!);
      }
      return get<{ ShipmentId: string; AWBPrefix: string; AWBSuffix: string } | null>(`/awbapi/searchnext?${params}`);
    },
    approve: (request: ApproveRequest) => change<DecisionAnswer>('/awbapi/awbapprove', request),
    reject: (request: RejectRequest) => change<DecisionAnswer>('/awbapi/awbreject', request),
    mark: (request: MarkRequest) => change<DecisionAnswer>('/awbapi/awbmark', request),
    modify: (request: ModifyRequest) => change<DecisionAnswer>('/awbapi/awbmodify', request),
    acceptDocument: (request: AcceptDocumentRequest) => change<DecisionAnswer>('/awbapi/acceptdocument', request),
    send: (request: SendRequest) => change<DecisionAnswer>('/awbapi/awbsend', request),
    /** Why each message would be refused now for each shipment (ACAS to the US, ACI to Canada, accepted ones only). */
    sendTargets: (shipmentIds: string[]) => post<SendTargetCheck[]>('/awbapi/sendtargets', { ShipmentIds: shipmentIds }, SHIPMENT_SCREEN_STATUSES),
    lend: (request: LendingRequest) => change<DecisionAnswer>('/awbapi/awblend', request),
    takeBack: (request: LendingRequest) => change<DecisionAnswer>('/awbapi/awbtakeback', request),
    /** Partners' ONE Record change requests to the shipment (issue 37), and an operator's decision on a pending one. */
    oneRecordChanges: (shipmentId: string) => get<OneRecordChangeRequest[]>(`/awbapi/onerecordchanges/${encodeURIComponent(shipmentId)}`),
    decideOneRecordChange: (request: OneRecordChangeDecision) => change<DecisionAnswer>('/awbapi/onerecordchange', request),
    lendableCompanies: (shipmentId: string) => get<LendableCompany[]>(`/awbapi/util/lendcompanies/${encodeURIComponent(shipmentId)}`),
    share: (request: ShareRequest) => change<ShareAnswer>('/awbapi/share', request),
    sanctionSave: (request: SanctionSaveRequest) =>
      change<{ ShipmentId: string; UpdateDT: string; Status: string; OpenHits: number }>('/awbapi/sanction/save', request),
    sanctionResend: (shipmentIds: string[]) => change<SanctionResendOutcome[]>('/awbapi/sanction/resend', { ResendList: shipmentIds }),
    /** POST /awbapi/messages: an FWB, FHL, XFWB, XFHL (or FMA/FNA) as the gateway sends it; refusals come back as ApiError with the faults. */
    sendMessage: async (text: string) => {
      const type = text.trimStart().startsWith('<') ? 'application/xml' : 'text/plain';
      return (
        await http.api<{ data: MessageAnswer }>('/awbapi/messages', { method: 'POST', body: new Blob([text], { type }), callerHandles: DECISION_STATUSES })
      ).json.data;
    },
    nameCheck: (name: string, limit: number) =>
      get<SanctionCheckAnswer>(`/awbapi/sanction/search?name=${encodeURIComponent(name)}&limit=${limit}`, [
        ...SHIPMENT_SCREEN_STATUSES,
        StatusCode.VALIDATION_FAIL,
      ]),
    renewHandling: (shipmentId: string) => post<HandlingState>(`/awbapi/renewhandling/${encodeURIComponent(shipmentId)}`, undefined, SHIPMENT_SCREEN_STATUSES),
    /**
     * Releases the lock; nothing when the user has signed out already (sign-out released it before
     * ending the session, and a call without tokens would only end in the session-expired page).
     */
    releaseHandling: (shipmentId: string): Promise<void> =>
      hasTokens()
        ? http.api(`/awbapi/deletehandling/${encodeURIComponent(shipmentId)}`, { method: 'POST', validateStatus: false }).then(
            () => undefined,
            () => undefined,
          )
        : Promise.resolve(),
    fileTicket: (request: FileTicketRequest) => post<{ Url: string; ExpiresInSeconds: number; AWBNumber: string }>('/awbapi/fileticket', request),
    upload: (form: FormData) =>
      post<{ ShipmentDocumentID: string; FileName: string; PouchKind: string; AwaitingAcceptance: boolean }>('/awbapi/document/upload', form),
    logAction: (request: ActionLogRequest) => post<{ Logged: boolean }>('/logapi/actionlogging', request, SHIPMENT_SCREEN_STATUSES),
    /** An absolute URL of a path the API host answered (file links). */
    apiUrl: (path: string) => http.apiUrl(path),
  };
}

export type ShipmentApi = ReturnType<typeof createShipmentApi>;

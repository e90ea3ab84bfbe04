/**
 * The life of a ONE Record action request (API 2.3.0, api:RequestStatus): a change request, a subscription request
 * or an access delegation request is pending until its holder accepts or rejects it; an accepted change may fail to
 * apply; the requester may revoke it.
 */
export const REQUEST_STATUSES = ['REQUEST_PENDING', 'REQUEST_ACCEPTED', 'REQUEST_REJECTED', 'REQUEST_FAILED', 'REQUEST_REVOKED'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const isRequestStatus = (text: string): text is RequestStatus => (REQUEST_STATUSES as readonly string[]).includes(text);

/** A status a request had, since when, and who moved it on. */
export interface RequestStatusEntry {
  status: RequestStatus;
  since: string;
  changedBy: string;
}

/** What every action request tells of its life: who asked and when, its status and how it came there, its revocation. */
export interface RequestLife {
  requestedBy: string;
  requestedAt: Date;
  status: RequestStatus;
  statusSince: Date;
  history: RequestStatusEntry[];
  revokedBy: string | null;
  revokedAt: Date | null;
}

import { useCallback } from 'react';
import { ApiError, ErrorPageError, InvalidProfileError, NetworkError, SessionExpiredError } from '../../../dataProviders/httpErrors';
import { LogLevel } from '../../domain/statusCodes';
import { sendClientLog } from '../login/afterSignIn';
import { useHttpClient } from '../users/useHttpClient';
import type { ShipmentOutcome } from './outcomes';
import { ShipmentCallTimeout } from './shipmentApi';

/**
 * Failures of the shipment screens (a download, a print, a share, a decision that got no answer)
 * reported to /logapi/clientlogging (spec 7, 9) through the one client-log sender, so support sees
 * what the user met. Best effort: a log that cannot be sent is not shown to the user.
 */

export interface ShipmentFailure {
  /** What the user tried, e.g. 'Accept', 'Download', 'Print cargoreceipt'. */
  action: string;
  shipmentId?: string;
  awb?: string;
  error: unknown;
}

/** A refusal the server explained (stale, blocked, not found) is an answer, not a failure: warning; no answer or a broken one: error. */
export function failureLevel(error: unknown): number {
  return error instanceof ApiError ? LogLevel.warning : LogLevel.error;
}

function describeError(error: unknown): string {
  if (error instanceof ShipmentCallTimeout) return `no answer within ${error.timeoutMs / 1000} s`;
  if (error instanceof ApiError) return `refused with status ${error.status} (HTTP ${error.httpStatus}): ${error.message}`;
  if (error instanceof ErrorPageError)
    return error.httpStatus === 0
      ? 'no response (error page shown)'
      : `HTTP ${error.httpStatus}${error.bodyStatus !== undefined ? `, status ${error.bodyStatus}` : ''} (error page ${error.page} shown)`;
  if (error instanceof NetworkError) return 'no response';
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

export function describeShipmentFailure(failure: ShipmentFailure): string {
  const subject = failure.awb ? ` of AWB ${failure.awb}` : '';
  const id = failure.shipmentId ? ` (shipment ${failure.shipmentId})` : '';
  const page = typeof window === 'undefined' ? '' : ` on ${window.location.pathname}`;
  return `${failure.action}${subject}${id} failed${page}: ${describeError(failure.error)}`.slice(0, 4000);
}

/** Whether the failure is worth a client log: not when the user was signed out (the log call could not be sent anyway). */
export function isReportable(error: unknown): boolean {
  return !(error instanceof SessionExpiredError || error instanceof InvalidProfileError);
}

/** Decisions report only what is not an answer of the server: no answer in time, no response, a broken answer. */
export function isDecisionNetworkFailure(error: unknown): boolean {
  return isReportable(error) && !(error instanceof ApiError);
}

/** The reporter of the shipment screens: `report({ action, shipmentId, awb, error })`. */
export function useShipmentFailureLog(): (failure: ShipmentFailure) => void {
  const http = useHttpClient();
  return useCallback(
    (failure: ShipmentFailure) => {
      if (isReportable(failure.error)) void sendClientLog(http, describeShipmentFailure(failure), failureLevel(failure.error));
    },
    [http],
  );
}

/** Reports the outcomes of a decision (one or bulk) that failed without an answer of the server. */
export function reportDecisionFailures(report: (failure: ShipmentFailure) => void, action: string, outcomes: readonly ShipmentOutcome[]): void {
  for (const outcome of outcomes) {
    if (!outcome.ok && isDecisionNetworkFailure(outcome.error)) report({ action, shipmentId: outcome.id, awb: outcome.awb, error: outcome.error });
  }
}

/**
 * What an answer means (spec 7 "Handling of answers", ARCHITECTURE.md "Request flow"), as a pure
 * function so the rules can be read in one place. HTTP 401 is handled before this (refresh, retry).
 *
 * A body `status` of spec 8 decides when present and not SUCCESS, whatever the HTTP code, so that a
 * status the caller handles (e.g. SHIPMENT_NOT_FOUND) reaches it with its message even if the server
 * sent it with a 4xx. Without a body status the HTTP code decides. The generic failure statuses
 * (FAILURE, VALIDATION_FAIL, ...) say nothing more than the HTTP code, so on HTTP 403 and 404 the
 * code's error page wins over the 500 page ("HTTP 403 and 404: error page"): the server's own 404
 * answers carry FAILURE.
 */

import { StatusCode } from '../src/domain/statusCodes';
import type { ErrorPageCode } from './httpErrors';

export type AnswerMeaning =
  | { kind: 'success' }
  | { kind: 'errorPage'; page: ErrorPageCode }
  | { kind: 'invalidProfile' }
  | { kind: 'callerError'; status: number; message: string }
  | { kind: 'tooManyRequests' };

const SERVER_ERROR_STATUSES: ReadonlySet<number> = new Set([
  StatusCode.FAILURE,
  StatusCode.VALIDATION_FAIL,
  StatusCode.SYSTEM_EXCEPTION,
  StatusCode.NO_RESPONSE,
]);

export function bodyStatusOf(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const status = (body as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}

function bodyMessageOf(body: unknown): string {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : '';
}

/**
 * @param callerHandles body statuses the caller deals with itself: they become a callerError
 *   instead of a page or a sign-out (e.g. FAILURE in a bulk accept that summarises each outcome).
 */
export function meaningOfAnswer(httpStatus: number, body: unknown, callerHandles: readonly number[] = []): AnswerMeaning {
  if (httpStatus === 429) return { kind: 'tooManyRequests' };

  const status = bodyStatusOf(body);
  if (status !== undefined && status !== StatusCode.SUCCESS) {
    if (callerHandles.includes(status)) return { kind: 'callerError', status, message: bodyMessageOf(body) };
    if (status === StatusCode.USER_PROFILE_INVALID) return { kind: 'invalidProfile' };
    if (status === StatusCode.USER_ACL_EXCEPTION) return { kind: 'errorPage', page: 403 };
    if (SERVER_ERROR_STATUSES.has(status)) return { kind: 'errorPage', page: httpStatus === 403 || httpStatus === 404 ? httpStatus : 500 };
    return { kind: 'callerError', status, message: bodyMessageOf(body) };
  }

  if (httpStatus >= 200 && httpStatus < 300) return { kind: 'success' };
  if (httpStatus === 403 || httpStatus === 404) return { kind: 'errorPage', page: httpStatus };
  return { kind: 'errorPage', page: 500 };
}

/**
 * react-admin's DataProvider over the classic envelope API: ra-data-simple-rest for the URL and query
 * conventions (`sort`, `range`, `filter`, `Content-Range`), the httpClient for the bearer, the
 * envelope (create, update, delete and their *Many forms are all non-GET) and the answer mapping.
 * Answers come as `{status, data, total?}`; simple-rest wants the bare `data`, so it is unwrapped here.
 */

import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, type DataProvider } from 'react-admin';
import { StatusCode } from '../src/domain/statusCodes';
import { bodyStatusOf } from './answerMapping';
import type { HttpAnswer, HttpClient } from './httpClient';
import { ApiError } from './httpErrors';

export interface SimpleRestRequest {
  method?: string;
  body?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal | null;
}

/** `{status, data, total}` -> `data`, with a Content-Range made from `total` if the header did not come through. */
export function unwrapClassicAnswer(answer: HttpAnswer): HttpAnswer {
  if (bodyStatusOf(answer.json) === undefined) return answer;
  const { data, total } = answer.json as { data?: unknown; total?: unknown };
  let headers = answer.headers;
  if (typeof total === 'number' && Array.isArray(data) && !headers.has('Content-Range')) {
    headers = new Headers(headers);
    headers.set('Content-Range', `items ${data.length ? `0-${data.length - 1}` : '*'}/${total}`);
  }
  return { ...answer, headers, json: data };
}

/**
 * The refusals a form deals with itself rather than an error page: field problems (VALIDATION_FAIL
 * with `errors`, shown on the form's fields) and FAILURE (a duplicate, a stale version, a row gone).
 */
export const FORM_REFUSALS: readonly number[] = [StatusCode.VALIDATION_FAIL, StatusCode.FAILURE];

/** A form refusal as react-admin's HttpError, whose `body.errors` land on the form fields; anything else as it is. */
function asFormError(error: unknown): unknown {
  if (!(error instanceof ApiError) || !FORM_REFUSALS.includes(error.status)) return error;
  return new HttpError(error.message, error.httpStatus, (error.body ?? {}) as Record<string, unknown>);
}

/**
 * The fetch ra-data-simple-rest calls: the classic API through the httpClient, the answer unwrapped.
 * Writes hand the form refusals back to the form; `refusalsOnReads` does so for reads too (the
 * rule-list screens, where a row may be gone by the time it is opened).
 */
export function classicRestFetch(httpClient: HttpClient, { refusalsOnReads = false } = {}) {
  return async (url: string, options: SimpleRestRequest = {}): Promise<HttpAnswer> => {
    const handled = refusalsOnReads || (options.method ?? 'GET') !== 'GET';
    try {
      return unwrapClassicAnswer(
        await httpClient.request('classic', url, {
          method: options.method,
          body: options.body,
          headers: options.headers,
          signal: options.signal,
          ...(handled ? { callerHandles: FORM_REFUSALS } : {}),
        }),
      );
    } catch (error) {
      throw asFormError(error);
    }
  };
}

export function createDataProvider(httpClient: HttpClient): DataProvider {
  const classicBase = httpClient.classicUrl('').replace(/\/+$/, '');
  return simpleRestProvider(classicBase, classicRestFetch(httpClient));
}

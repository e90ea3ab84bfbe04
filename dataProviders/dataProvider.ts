/**
 * react-admin's DataProvider over the classic envelope API: ra-data-simple-rest for the URL and query
 * conventions (`sort`, `range`, `filter`, `Content-Range`), the httpClient for the bearer, the
 * envelope (create, update, delete and their *Many forms are all non-GET) and the answer mapping.
 * Answers come as `{status, data, total?}`; simple-rest wants the bare `data`, so it is unwrapped here.
 */

import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { bodyStatusOf } from './answerMapping';
import type { HttpAnswer, HttpClient } from './httpClient';

interface SimpleRestRequest {
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

export function createDataProvider(httpClient: HttpClient): DataProvider {
  const classicBase = httpClient.classicUrl('').replace(/\/+$/, '');
  const fetchClassicJson = async (url: string, options: SimpleRestRequest = {}) =>
    unwrapClassicAnswer(
      await httpClient.request('classic', url, {
        method: options.method,
        body: options.body,
        headers: options.headers,
        signal: options.signal,
      }),
    );
  return simpleRestProvider(classicBase, fetchClassicJson);
}

import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { bearer } from './testApp';

/** The classic envelope around a request body, as the browser's httpClient makes it (fields overridable for the envelope's own tests). */
export function envelope(request: unknown, overrides: Record<string, unknown> = {}) {
  return { request, app_id: 2, token: randomUUID(), ts: Math.floor(Date.now() / 1000), ...overrides };
}

/** A call to the classic envelope API the way the browser's httpClient makes it: non-GET bodies in an envelope. */
export function classicCall(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  const headers = { ...bearer(token), 'content-type': 'application/json' };
  if (method === 'GET') return app.inject({ method, url: `/classicapi${url}`, headers: bearer(token), remoteAddress });
  return app.inject({ method, url: `/classicapi${url}`, headers, payload: JSON.stringify(envelope(body ?? {})), remoteAddress });
}

/** `?sort=..&range=..&filter=..` as ra-data-simple-rest writes it. */
export function listQuery(options: { sort?: [string, string]; range?: [number, number]; filter?: Record<string, unknown> }): string {
  const params = new URLSearchParams();
  if (options.sort) params.set('sort', JSON.stringify(options.sort));
  if (options.range) params.set('range', JSON.stringify(options.range));
  if (options.filter) params.set('filter', JSON.stringify(options.filter));
  return `?${params.toString()}`;
}

/** The user id part of a record id ("DEMOAIR|bob" in a URL). */
export function userPath(companyId: string, userId: string, suffix = ''): string {
  return `/users/${encodeURIComponent(`${companyId}|${userId}`)}${suffix}`;
}

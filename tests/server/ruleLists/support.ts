import type { LightMyRequestResponse } from 'fastify';
import { envelope } from '../classicCall';
import { bearer, signIn, type TestApp } from '../testApp';

export { envelope, listQuery } from '../classicCall';

/** Calls of the classic API as the browser makes them: bearer token, and every non-GET body in an envelope. */

export interface ClassicCaller {
  get(url: string): Promise<LightMyRequestResponse>;
  send(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** A body sent as it is, without an envelope. */
  raw(method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown): Promise<LightMyRequestResponse>;
}

export async function classicCaller(t: TestApp, companyId = 'DEMOAIR', userId = 'admin', password = 'Admin#12345'): Promise<ClassicCaller> {
  const token = (await signIn(t.app, companyId, userId, password)).access_token;
  const headers = { ...bearer(token), 'content-type': 'application/json' };
  return {
    get: (url) => t.app.inject({ method: 'GET', url, headers: bearer(token) }),
    send: (method, url, payload = {}) => t.app.inject({ method, url, headers, payload: JSON.stringify(envelope(payload)) }),
    raw: (method, url, body) => t.app.inject({ method, url, headers, payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  };
}

export function csvFile(text: string) {
  return Buffer.from(text, 'utf8').toString('base64');
}

import { randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_VERSION, CARGO, CONTENT_LANGUAGE, CONTENT_TYPE, CONTEXT } from '../../domain/oneRecord/vocabulary';
import { JSON_TOO_DEEP, jsonNestingDepth, MAX_JSON_DEPTH } from '../http/jsonBody';

/**
 * How the ONE Record server answers (issue 37): JSON-LD bodies with the API version and language headers, every
 * refusal an api:Error with the standard title, and how a partner's JSON-LD body is read.
 */

/** The ONE Record API 2.3.0 standard error titles. */
const TITLES: Record<number, string> = {
  400: 'Invalid request',
  401: 'Not authenticated',
  403: 'Not authorized',
  404: 'Logistics Object not found',
  409: 'Conflict',
  415: 'Unsupported content type',
  422: 'Unprocessable request',
};

/** What the document says a route answers: JSON-LD (sent as bytes, so no serialiser reads it). */
export const jsonLdAnswer = (description: string) => ({
  description,
  content: { [CONTENT_TYPE]: { schema: Type.Unsafe<Buffer>({ type: 'object', description: 'JSON-LD (ONE Record API 2.3.0, data model 3.3.0)' }) } },
});
export const REFUSALS = {
  400: jsonLdAnswer('api:Error: a malformed parameter'),
  401: jsonLdAnswer('api:Error: no valid bearer token'),
  403: jsonLdAnswer('api:Error: not shared with the caller’s company, or not from its addresses, or a role without the shipment function'),
  404: jsonLdAnswer('api:Error: no such logistics object (or not at that time)'),
  415: jsonLdAnswer('api:Error: an Accept header without application/ld+json'),
};
/** What a borrower is told of an object of a lent shipment it does not see (borrowerView.ts). */
export const LENT_REFUSAL =
  'This air waybill is lent to your company: you see what its summary shows (its number, airports, pieces, weight, handling codes and decisions), not its details.';

/** A 201 or 204 with no body: what the document says. */
export const noBody = (description: string) => ({ description: `no body: ${description}`, type: 'null' });

export function sendError(reply: FastifyReply, status: number, message: string, resource?: string, property?: string) {
  const body = {
    '@context': CONTEXT,
    // An IRI of its own (a blank node's id is not kept when a client frames the answer).
    '@id': `urn:uuid:${randomUUID()}`,
    '@type': 'api:Error',
    'api:hasTitle': TITLES[status] ?? 'Error',
    'api:hasErrorDetail': [
      {
        '@type': 'api:ErrorDetail',
        'api:hasCode': String(status),
        'api:hasMessage': message,
        ...(resource ? { 'api:hasResource': resource } : {}),
        ...(property ? { 'api:hasProperty': property } : {}),
      },
    ],
  };
  return reply
    .code(status)
    .header('Content-Type', `${CONTENT_TYPE}; version=${API_VERSION}`)
    .header('Content-Language', CONTENT_LANGUAGE)
    .send(Buffer.from(JSON.stringify(body)));
}

/** Whether the Accept header takes JSON-LD (absent, `*\/*`, `application/*` or `application/ld+json`, whatever its version). */
export function acceptsJsonLd(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept.split(',').some((range) => ['*/*', 'application/*', CONTENT_TYPE].includes(range.split(';')[0].trim().toLowerCase()));
}

export function sendJsonLd(reply: FastifyReply, node: object, headers: Record<string, string> = {}) {
  reply.header('Content-Type', `${CONTENT_TYPE}; version=${API_VERSION}`).header('Content-Language', CONTENT_LANGUAGE);
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  // As bytes: Fastify would rewrite the media type of a text body (quoting the version, adding a charset).
  return reply.send(Buffer.from(JSON.stringify({ '@context': CONTEXT, ...node })));
}

/** The headers of a logistics object's answer. */
export function objectHeaders(type: string, revision: number, latest: number, lastModified: Date, location: string): Record<string, string> {
  return {
    Type: type.replace(/^cargo:/, CARGO),
    Revision: String(revision),
    'Latest-Revision': String(latest),
    'Last-Modified': lastModified.toUTCString(),
    Location: location,
  };
}

/**
 * A partner's JSON-LD body (the content type parser keeps it as text): its JSON, or undefined when the refusal was
 * sent (415 for another content type, 400 for text that is not JSON, nests too deep or holds what PostgreSQL cannot store).
 */
export function jsonLdBody(request: FastifyRequest, reply: FastifyReply, resource: string): { json: unknown } | undefined {
  const type = request.headers['content-type']?.split(';')[0].trim().toLowerCase();
  if (type !== CONTENT_TYPE) {
    sendError(reply, 415, `Send the body as ${CONTENT_TYPE}.`, resource);
    return undefined;
  }
  const text = typeof request.body === 'string' ? request.body : '';
  if (jsonNestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    sendError(reply, 400, JSON_TOO_DEEP, resource);
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    sendError(reply, 400, 'The body is not JSON.', resource);
    return undefined;
  }
  // PostgreSQL stores no text holding NUL or half a surrogate pair, and no IRI or value of ONE Record needs either.
  // Text decoded from UTF-8 holds neither, so only JSON's escapes can write them.
  if (ESCAPED_UNSTORABLE.test(text) && holdsUnstorable(json)) {
    sendError(
      reply,
      400,
      'The body holds the NUL character (\\u0000) or half a surrogate pair (\\uD800-\\uDFFF alone), which no ONE Record text may hold.',
      resource,
    );
    return undefined;
  }
  return { json };
}

/** A JSON escape that may write NUL or a surrogate. */
const ESCAPED_UNSTORABLE = /\\u(?:0000|[dD][89a-fA-F])/;

/** A surrogate that is not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Whether a parsed JSON value holds NUL or a lone surrogate in any of its names or texts. */
function holdsUnstorable(value: unknown): boolean {
  if (typeof value === 'string') return unstorable(value);
  if (Array.isArray(value)) return value.some(holdsUnstorable);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([name, item]) => unstorable(name) || holdsUnstorable(item));
  return false;
}

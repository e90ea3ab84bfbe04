import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A test-time guard on the routes' response schemas (issue 21): Fastify's serialiser writes only what
 * a response schema declares, and rounds a number to the type it declares, so a schema that forgot a
 * field would silently take it from the answer. With this guard (BuildOptions.checkAnswers, which the
 * server tests turn on) an answer whose serialised JSON differs from the JSON of what the handler sent
 * fails with a 500 that names the route and the first difference, so every server test and the fuzzer
 * also check every response schema they pass through. Production does not pay for the comparison.
 */

const sent = new WeakMap<FastifyRequest, string>();

/** Where two JSON values first differ, as a path (`data.rows[3].Status`), or undefined when equal. */
export function firstDifference(expected: unknown, actual: unknown, path = ''): string | undefined {
  if (isDeepStrictEqual(expected, actual)) return undefined;
  if (expected && actual && typeof expected === 'object' && typeof actual === 'object' && Array.isArray(expected) === Array.isArray(actual)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const key of keys) {
      const found = firstDifference(
        (expected as Record<string, unknown>)[key],
        (actual as Record<string, unknown>)[key],
        Array.isArray(expected) ? `${path}[${key}]` : path ? `${path}.${key}` : key,
      );
      if (found) return found;
    }
  }
  return `${path || '(the answer)'}: sent ${JSON.stringify(expected)?.slice(0, 120)}, serialised ${JSON.stringify(actual)?.slice(0, 120)}`;
}

export function installAnswerCheck(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    sent.set(request, JSON.stringify(payload));
    return payload;
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const before = sent.get(request);
    if (before === undefined || typeof payload !== 'string') return payload;
    sent.delete(request);
    const difference = firstDifference(JSON.parse(before), JSON.parse(payload));
    if (difference) throw new Error(`The response schema of ${request.method} ${request.routeOptions.url} changed the answer at ${difference}`);
    return payload;
  });
}

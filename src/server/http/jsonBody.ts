import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * JSON bodies, parsed as Fastify does (secure-json-parse, refusing __proto__ and constructor
 * poisoning), once a linear scan has found them nested no deeper than MAX_JSON_DEPTH. A body of
 * 100,000 nested brackets (200 KB, well under the size limit) held the event loop for 150 ms in
 * JSON.parse; no body the API takes nests more than a few levels.
 */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP = `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`;

/** The deepest nesting of arrays and objects in a JSON text (brackets inside strings not counted); stops once past `stopAbove`. */
export function jsonNestingDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22) {
      index = stringEnd(text, index);
    } else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return deepest;
}

/**
 * The index of the quote closing the string opened at `open` (the text's length when none does): the
 * next quote not escaped, found with indexOf rather than a character at a time (an import's base64 file
 * is one string of megabytes: scanned by hand it held the event loop for 130 ms).
 */
function stringEnd(text: string, open: number): number {
  let quote = open;
  for (;;) {
    quote = text.indexOf('"', quote + 1);
    if (quote === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
}

export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestingDepth(body as string, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(Object.assign(new Error(JSON_TOO_DEEP) as FastifyError, { statusCode: 400 }), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}

import type { FastifyReply } from 'fastify';
import { Type, type Static } from 'typebox';
import { StatusCode } from '../../domain/statusCodes';

/**
 * ra-data-simple-rest list conventions: `sort=["field","ASC"]`, `range=[0,24]`, `filter={...}`,
 * answered with `Content-Range: resource 0-24/319` and, in the body, `{status, data, total}`.
 */

export const MAX_PAGE_ROWS = 200;

/** The querystring schema of a list route: three JSON texts, each parsed and checked by `parseListQuery`. */
export const listQuerystringSchema = Type.Object({
  sort: Type.Optional(Type.String({ maxLength: 200 })),
  range: Type.Optional(Type.String({ maxLength: 100 })),
  filter: Type.Optional(Type.String({ maxLength: 2000 })),
});

export type ListQueryText = Static<typeof listQuerystringSchema>;

export interface ListQuery<Field extends string> {
  sortField: Field;
  descending: boolean;
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

/** A 400 answer through the app's error handler: VALIDATION_FAIL with this message. */
export function badRequest(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 400 });
}

function parseJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`The ${name} parameter must be JSON.`);
  }
}

export function parseListQuery<Field extends string>(query: ListQueryText, sortable: readonly Field[], defaultSort: Field): ListQuery<Field> {
  let sortField = defaultSort;
  let descending = false;
  if (query.sort !== undefined) {
    const sort = parseJson(query.sort, 'sort');
    if (!Array.isArray(sort) || sort.length !== 2 || !sortable.includes(sort[0] as Field) || (sort[1] !== 'ASC' && sort[1] !== 'DESC')) {
      throw badRequest(`The sort parameter must be ["field","ASC" or "DESC"] with a field among ${sortable.join(', ')}.`);
    }
    sortField = sort[0] as Field;
    descending = sort[1] === 'DESC';
  }
  let offset = 0;
  let limit = 25;
  if (query.range !== undefined) {
    const range = parseJson(query.range, 'range');
    const valid = Array.isArray(range) && range.length === 2 && range.every((n) => Number.isSafeInteger(n) && n >= 0) && range[1] >= range[0];
    if (!valid) throw badRequest('The range parameter must be [first, last] row numbers, first <= last.');
    if (range[1] - range[0] + 1 > MAX_PAGE_ROWS) throw badRequest(`The range parameter may span at most ${MAX_PAGE_ROWS} rows.`);
    offset = range[0];
    limit = range[1] - range[0] + 1;
  }
  let filter: Record<string, unknown> = {};
  if (query.filter !== undefined) {
    const parsed = parseJson(query.filter, 'filter');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest('The filter parameter must be a JSON object.');
    filter = parsed as Record<string, unknown>;
  }
  return { sortField, descending, offset, limit, filter };
}

/** A text filter value, or undefined when absent; anything but a short string is refused. */
export function textFilter(filter: Record<string, unknown>, name: string, maxLength = 100): string | undefined {
  const value = filter[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > maxLength) throw badRequest(`The ${name} filter must be text of at most ${maxLength} characters.`);
  return value;
}

/** Sends one page with its Content-Range, the way simple-rest reads the total. */
export function sendPage<T>(reply: FastifyReply, resource: string, rows: readonly T[], offset: number, total: number): FastifyReply {
  const range = rows.length > 0 ? `${offset}-${offset + rows.length - 1}` : '*';
  reply.header('Content-Range', `${resource} ${range}/${total}`);
  return reply.send({ status: StatusCode.SUCCESS, data: rows, total });
}

/** LIKE pattern of a search text, with its own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

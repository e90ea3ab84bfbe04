import jsonld from 'jsonld';

/**
 * Reading a partner's JSON-LD body (issue 37): expanded with jsonld in safe mode (a term it cannot expand, or a
 * value it would drop, fails), with no context fetched: a context named by address is refused, since a server
 * does not call out on a partner's say-so. The expanded form is the one every reader checks, whatever form
 * (compacted, expanded, flattened) the partner sent.
 */

export type Expanded = Record<string, unknown>;

export type Expansion = { ok: true; nodes: Expanded[] } | { ok: false; message: string };

export async function expandSafely(body: unknown): Promise<Expansion> {
  let remote: string | undefined;
  const documentLoader = async (url: string) => {
    remote = url;
    throw new Error(`remote context ${url}`);
  };
  try {
    const nodes = (await jsonld.expand(body as jsonld.JsonLdDocument, { safe: true, documentLoader } as jsonld.Options.Expand)) as Expanded[];
    return { ok: true, nodes };
  } catch (error) {
    if (remote) return { ok: false, message: `The context ${remote} is not fetched: write the context in the body, or the properties as full IRIs.` };
    const reason = (error as { details?: { event?: { message?: string } }; message?: string }).details?.event?.message ?? (error as Error).message;
    return { ok: false, message: `The body is not JSON-LD this server reads: ${reason}` };
  }
}

export const isAbsoluteIri = (value: unknown): value is string => typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\S+$/i.test(value);

const API_NS = 'https://onerecord.iata.org/ns/api#';
const XSD_DATE_TIME = 'http://www.w3.org/2001/XMLSchema#dateTime';
type Field<T> = { ok: true; value: T | undefined } | { ok: false; message: string; property: string };

/** An optional true-or-false api: property of an expanded node. */
export function optionalFlag(node: Expanded, name: string): Field<boolean> {
  const given = (node[`${API_NS}${name}`] as Expanded[] | undefined) ?? [];
  if (given.length === 0) return { ok: true, value: undefined };
  const value = given[0]['@value'];
  if (given.length === 1 && (value === true || value === false || value === 'true' || value === 'false'))
    return { ok: true, value: value === true || value === 'true' };
  return { ok: false, message: `api:${name}, when given, is true or false.`, property: `${API_NS}${name}` };
}

/** The optional api:hasDescription of an expanded node: one text. */
export function optionalDescription(node: Expanded): Field<string> {
  const given = (node[`${API_NS}hasDescription`] as Expanded[] | undefined) ?? [];
  if (given.length === 0) return { ok: true, value: undefined };
  if (given.length === 1 && typeof given[0]['@value'] === 'string') return { ok: true, value: given[0]['@value'] };
  return { ok: false, message: 'api:hasDescription, when given, is one text.', property: `${API_NS}hasDescription` };
}

/** The optional api:expiresAt of an expanded node: one date and time, still to come. */
export function optionalExpiry(node: Expanded): Field<Date> {
  const given = (node[`${API_NS}expiresAt`] as Expanded[] | undefined) ?? [];
  if (given.length === 0) return { ok: true, value: undefined };
  const property = `${API_NS}expiresAt`;
  const text = given[0]['@value'];
  const at = typeof text === 'string' && (given[0]['@type'] === undefined || given[0]['@type'] === XSD_DATE_TIME) ? new Date(text) : undefined;
  if (given.length > 1 || !at || Number.isNaN(at.getTime()) || !/T\d{2}:\d{2}/.test(String(text)))
    return { ok: false, message: 'api:expiresAt, when given, is one date and time (xsd:dateTime).', property };
  if (at.getTime() <= Date.now()) return { ok: false, message: 'api:expiresAt is already past.', property };
  return { ok: true, value: at };
}

/**
 * The one node a partner's body must be, expanded safely: a JSON object, holding exactly one node, of the class
 * `type` (a full IRI) when one is named. `what` says what the body should be, as the refusals say it (`an
 * api:Subscription`). Each reader then checks the node's own properties.
 */
export async function readOneNode(body: unknown, what: string, type?: string): Promise<{ ok: true; node: Expanded } | { ok: false; message: string }> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, message: `The body must be one JSON-LD object, ${what}.` };
  const expansion = await expandSafely(body);
  if (!expansion.ok) return expansion;
  if (expansion.nodes.length !== 1) return { ok: false, message: `The body must hold exactly one node, ${what}.` };
  const [node] = expansion.nodes;
  if (type && !((node['@type'] as string[] | undefined) ?? []).includes(type)) {
    const short = what.replace(/^an? /, '');
    return { ok: false, message: `The body's @type must be ${short} (${type}).` };
  }
  return { ok: true, node };
}

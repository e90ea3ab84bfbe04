import { isAbsoluteIri, readOneNode, type Expanded } from './jsonLdReading';
import { isClass, isLogisticsObjectClass, isUnknownCode, mostSpecific, propertyOf, singleValuedOf } from './ontology';
import { API, CARGO, CONTEXT, XSD } from './vocabulary';

/**
 * Logistics objects partners create on this server (issue 37, 4; API 2.3.0 "Create a Logistics Object"), read
 * from their JSON-LD and checked against the pinned ontologies before anything is kept: one node whose class
 * inherits from cargo:LogisticsObject, every class and property one the data model names, each property a link
 * or an embedded object where it takes one and a literal of its range where it takes a literal (written in the
 * range's canonical form), at most one value where the model allows one, and codes of closed code lists that
 * exist. Objects inside it (a Value, a Person, an Address) are kept inside it, each with an id the server gives
 * (`{object IRI}#{n}`), so that a change may name them. What the server sets (revisions, events) is refused.
 */

/** A literal as kept: its lexical form, with its datatype unless a plain (or language-tagged) string. */
export interface Literal {
  '@value': string;
  '@type'?: string;
  '@language'?: string;
}
/** A link to an object kept elsewhere: a logistics object of this server or another, or a code. */
export interface Link {
  '@id': string;
}
/** A node as kept: its id, its classes and its properties (full IRIs), each with its values. */
export interface StoredNode {
  '@id': string;
  '@type': string[];
  [property: string]: Value[] | string | string[];
}
export type Value = Literal | Link | StoredNode;

/** Whether a kept value is an object inside the logistics object (not a literal, not a link). */
export const isNode = (value: Value): value is StoredNode => !('@value' in value) && '@type' in value;

export type Reading<T> = { ok: true; value: T } | { ok: false; message: string; property?: string };
const refuse = (message: string, property?: string): { ok: false; message: string; property?: string } => ({
  ok: false,
  message,
  ...(property ? { property } : {}),
});

/** A property's IRI as people write it (`cargo:grossWeight`). */
export const shortName = (iri: string) =>
  iri.startsWith(CARGO) ? `cargo:${iri.slice(CARGO.length)}` : iri.startsWith(API) ? `api:${iri.slice(API.length)}` : iri;

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const finite = (text: string) => (DECIMAL.test(text) && Number.isFinite(Number(text)) ? String(Number(text)) : undefined);
const whole = (least: bigint | undefined) => (text: string) =>
  /^[+-]?\d{1,30}$/.test(text) && (least === undefined || BigInt(text) >= least) ? String(BigInt(text)) : undefined;
const DATE_TIME = /^-?\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const DURATION = /^-?P(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;

/** Each XSD range the data model uses: its literals' canonical form (undefined: not a literal of it), and how it is told. */
const RANGES: Record<string, { canonical: (text: string) => string | undefined; told: string }> = {
  [`${XSD}boolean`]: {
    canonical: (text) => (text === 'true' || text === '1' ? 'true' : text === 'false' || text === '0' ? 'false' : undefined),
    told: 'true or false',
  },
  [`${XSD}double`]: { canonical: finite, told: 'a number' },
  [`${XSD}integer`]: { canonical: whole(undefined), told: 'a whole number' },
  [`${XSD}nonNegativeInteger`]: { canonical: whole(0n), told: 'a whole number of 0 or more' },
  [`${XSD}positiveInteger`]: { canonical: whole(1n), told: 'a whole number of 1 or more' },
  [`${XSD}dateTime`]: {
    canonical: (text) => (DATE_TIME.test(text) && !Number.isNaN(new Date(text).getTime()) ? text : undefined),
    told: 'a date and time, e.g. 2026-11-30T08:15:00Z',
  },
  [`${XSD}anyURI`]: { canonical: (text) => (isAbsoluteIri(text) ? text : undefined), told: 'an absolute IRI' },
  [`${XSD}duration`]: { canonical: (text) => (DURATION.test(text) ? text : undefined), told: 'an ISO 8601 duration, e.g. PT2H' },
};
const NUMERIC = [`${XSD}double`, `${XSD}decimal`, `${XSD}float`, `${XSD}integer`, `${XSD}nonNegativeInteger`, `${XSD}positiveInteger`];

/** A literal of `property` (its range `range`) as kept, or why it is not one. */
export function literalOf(property: string, range: string | null, value: { '@value': unknown; '@type'?: unknown; '@language'?: unknown }): Reading<Literal> {
  const raw = value['@value'];
  const given = typeof value['@type'] === 'string' ? value['@type'] : undefined;
  const name = shortName(property);
  if (range === null || range === `${XSD}string`) {
    if (typeof raw !== 'string' || (given !== undefined && given !== `${XSD}string` && range !== null)) return refuse(`${name} takes text.`, property);
    const literal: Literal = { '@value': raw };
    if (given && given !== `${XSD}string`) literal['@type'] = given;
    if (typeof value['@language'] === 'string') literal['@language'] = value['@language'];
    return { ok: true, value: literal };
  }
  const kind = RANGES[range];
  const compatible = given === undefined || given === range || (NUMERIC.includes(given) && NUMERIC.includes(range));
  const text =
    typeof raw === 'string' ? raw : typeof raw === 'number' && range !== `${XSD}boolean` ? String(raw) : typeof raw === 'boolean' ? String(raw) : undefined;
  const canonical = kind && compatible && text !== undefined ? kind.canonical(text) : text;
  if (canonical === undefined || !compatible || (typeof raw === 'boolean' && range !== `${XSD}boolean`))
    return refuse(`${name} takes ${kind?.told ?? `a literal of ${range}`}.`, property);
  return { ok: true, value: { '@value': canonical, '@type': range } };
}

/** Gives the objects kept inside a logistics object their ids. */
export type IdMaker = () => string;

/**
 * Checks an expanded node (of a posted logistics object, or of one a change produced) and gives it the form it is
 * kept in. `own` says whether an id is one this server gave an object inside the logistics object.
 */
export function checkNode(node: Expanded, id: string, newId: IdMaker, own: (id: string) => boolean, top: boolean): Reading<StoredNode> {
  const types = node['@type'];
  if (!Array.isArray(types) || types.length === 0)
    return refuse(top ? 'The logistics object needs an @type.' : 'Every object inside a logistics object needs an @type.');
  for (const type of types as string[]) if (!isClass(type)) return refuse(`${shortName(type)} is not a class of the ONE Record data model 3.3.0.`);
  if (top && !(types as string[]).some(isLogisticsObjectClass))
    return refuse('The body must be a logistics object: its @type a class of the data model that inherits from cargo:LogisticsObject, e.g. cargo:Piece.');
  const single = singleValuedOf(types as string[]);
  const kept: StoredNode = { '@id': id, '@type': [...(types as string[])] };
  for (const [property, values] of Object.entries(node)) {
    if (property === '@id' || property === '@type') continue;
    if (property.startsWith('@')) return refuse(`${property} is not taken in a logistics object.`);
    if (property === `${CARGO}events`) return refuse('cargo:events is not written into a logistics object: post events to its /logistics-events.', property);
    if (property.startsWith(API)) return refuse(`${shortName(property)} is set by the server.`, property);
    const kind = propertyOf(property);
    if (!kind) return refuse(`${shortName(property)} is not a property of the ONE Record data model 3.3.0.`, property);
    const list = values as Expanded[];
    if (single.has(property) && list.length > 1) return refuse(`${shortName(property)} takes one value.`, property);
    const out: Value[] = [];
    for (const value of list) {
      if ('@list' in value) return refuse(`${shortName(property)}: lists (@list) are not taken; give the values as a set.`, property);
      if ('@value' in value) {
        if (kind.kind !== 'datatype') return refuse(`${shortName(property)} takes a link or an object, not a literal.`, property);
        const literal = literalOf(property, kind.range, value as { '@value': unknown });
        if (!literal.ok) return literal;
        out.push(literal.value);
        continue;
      }
      if (kind.kind !== 'object') return refuse(`${shortName(property)} takes a literal, not an object.`, property);
      const keys = Object.keys(value);
      const valueId = value['@id'];
      // A link: its @id alone, or with the linked object's @type (which is the linked object's to say: not kept).
      const isLink = keys.every((key) => key === '@id' || key === '@type');
      if (isLink && typeof valueId === 'string' && !valueId.startsWith('_:') && !own(valueId)) {
        if (!isAbsoluteIri(valueId)) return refuse(`${shortName(property)} links ${valueId}, which is not an absolute IRI.`, property);
        if (isUnknownCode(valueId)) return refuse(`${shortName(property)}: ${valueId} is no code of its code list.`, property);
        out.push({ '@id': valueId });
        continue;
      }
      if (typeof valueId === 'string' && !valueId.startsWith('_:') && !own(valueId))
        return refuse(
          `${shortName(property)}: an object written inside a logistics object gets its id from the server; link another logistics object by its @id alone.`,
          property,
        );
      const inner = checkNode(value, typeof valueId === 'string' && own(valueId) ? valueId : newId(), newId, own, false);
      if (!inner.ok) return inner;
      out.push(inner.value);
    }
    if (out.length > 0) kept[property] = out;
  }
  return { ok: true, value: kept };
}

export interface NewObject {
  /** The id the partner gave it (in its @id under this server's base), if any. */
  givenId?: string;
  node: StoredNode;
  /** Its most specific class (the Type header). */
  type: string;
}

/** The ids partners may give the objects they create, and the server gives: letters, digits and `-._~`, at most 64. */
export const PARTNER_OBJECT_ID = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,63}$/;

/**
 * Reads a posted body as a new logistics object at `objectIri(id)`: the id given in its @id (an IRI under
 * `objectsBase`) or, without one, `newObjectId()`. `reserved` says which ids are not a partner's to give.
 */
export async function readNewObject(
  body: unknown,
  { objectsBase, newObjectId, reserved }: { objectsBase: string; newObjectId: () => string; reserved: (id: string) => boolean },
): Promise<Reading<NewObject>> {
  if (body && typeof body === 'object' && '@graph' in body) return refuse('A logistics object is posted without @graph: send its one node.');
  // Its class is checked with its properties (checkNode): any class that inherits from cargo:LogisticsObject.
  const read = await readOneNode(body, 'a logistics object');
  if (!read.ok) return read;
  const { node } = read;
  let givenId: string | undefined;
  const iri = node['@id'];
  if (typeof iri === 'string' && !iri.startsWith('_:')) {
    const id = iri.startsWith(objectsBase) ? iri.slice(objectsBase.length) : undefined;
    if (id === undefined || !PARTNER_OBJECT_ID.test(id) || reserved(id))
      return refuse(`The @id, when given, must be ${objectsBase}{id}, the id of letters, digits and -._~ (at most 64), and not one of the portal's own.`);
    givenId = id;
  }
  const objectIri = `${objectsBase}${givenId ?? newObjectId()}`;
  let embedded = 0;
  const checked = checkNode(
    node,
    objectIri,
    () => `${objectIri}#${++embedded}`,
    () => false,
    true,
  );
  if (!checked.ok) return checked;
  return {
    ok: true,
    value: { ...(givenId ? { givenId } : {}), node: checked.value, type: mostSpecific(checked.value['@type']) ?? checked.value['@type'][0] },
  };
}

/**
 * A kept node as the server answers it: properties and classes by prefix (`cargo:`), one value without its array,
 * and a literal of the datatype the answers' context gives its property written bare (a number as a JSON number).
 */
export function compactNode(node: StoredNode): Record<string, unknown> {
  const out: Record<string, unknown> = { '@id': node['@id'], '@type': node['@type'].length === 1 ? shortName(node['@type'][0]) : node['@type'].map(shortName) };
  for (const [property, values] of Object.entries(node)) {
    if (property === '@id' || property === '@type') continue;
    const key = shortName(property);
    const compacted = (values as Value[]).map((value) => compactValue(key, value));
    out[key] = compacted.length === 1 ? compacted[0] : compacted;
  }
  return out;
}

const COERCED = CONTEXT as Record<string, { '@type'?: string } | string>;
const NUMBERS = ['xsd:double', 'xsd:integer', 'xsd:positiveInteger', 'xsd:nonNegativeInteger'];

function compactValue(key: string, value: Value): unknown {
  if ('@value' in value) {
    const datatype = (value as Literal)['@type'];
    if (!datatype) return value['@language'] ? value : value['@value'];
    const short = datatype.startsWith(XSD) ? `xsd:${datatype.slice(XSD.length)}` : datatype;
    const coerced = COERCED[key];
    if (typeof coerced === 'object' && coerced['@type'] === short) {
      const number = Number(value['@value']);
      return NUMBERS.includes(short) && String(number) === value['@value'] ? number : value['@value'];
    }
    return { '@value': value['@value'], '@type': short };
  }
  return isNode(value) ? compactNode(value) : { '@id': value['@id'] };
}

/** Every node of a kept object by its id: the object itself and each object inside it. */
export function nodesById(node: StoredNode, into = new Map<string, StoredNode>()): Map<string, StoredNode> {
  into.set(node['@id'], node);
  for (const [property, values] of Object.entries(node))
    if (property !== '@id' && property !== '@type') for (const value of values as Value[]) if (isNode(value)) nodesById(value, into);
  return into;
}

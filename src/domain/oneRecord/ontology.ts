import index from './ontologyIndex.json' with { type: 'json' };
import { CARGO, CODE_LISTS } from './vocabulary';

/**
 * What the server knows of the pinned ONE Record ontologies (API 2.3.0, cargo data model 3.3.0, code lists
 * 1.1.0): the index scripts/oneRecordOntology.ts writes from them. Used to check what partners send; the tests
 * check answers against the ontologies themselves.
 */

const classes: Record<string, string[]> = index.classes;
const objectProperties: Record<string, string | null> = index.objectProperties;
const datatypeProperties: Record<string, string | null> = index.datatypeProperties;
const codeLists: Record<string, string[]> = index.codeLists;
const singleValued: Record<string, string[]> = index.singleValued;
const enumerations: Record<string, string[]> = index.enumerations;
const codes = new Map(Object.entries(codeLists).map(([list, members]) => [list, new Set(members)]));

export const LOGISTICS_OBJECT = `${CARGO}LogisticsObject`;

export const isClass = (name: string) => Object.hasOwn(classes, name);

/** A class whose instances are logistics objects (cargo:LogisticsObject or one of its subclasses). */
export const isLogisticsObjectClass = (name: string) => name === LOGISTICS_OBJECT || (classes[name]?.includes(LOGISTICS_OBJECT) ?? false);

export const isSubclassOf = (name: string, ancestor: string) => classes[name]?.includes(ancestor) ?? false;

/** The most specific of a node's classes: the first that is no superclass of another (the Type header). */
export function mostSpecific(types: readonly string[]): string | undefined {
  return types.find((type) => !types.some((other) => other !== type && classes[other]?.includes(type)));
}

export type PropertyKind = { kind: 'datatype'; range: string | null } | { kind: 'object'; range: string | null } | undefined;

export function propertyOf(name: string): PropertyKind {
  if (Object.hasOwn(datatypeProperties, name)) return { kind: 'datatype', range: datatypeProperties[name] };
  if (Object.hasOwn(objectProperties, name)) return { kind: 'object', range: objectProperties[name] };
  return undefined;
}

/** Whether an IRI of the code-list namespace names no code of its list when that list is closed (it names its codes). */
export function isUnknownCode(iri: string): boolean {
  if (!iri.startsWith(CODE_LISTS)) return false;
  const members = codes.get(iri.split('#')[0]);
  return members !== undefined && !members.has(iri);
}

/** The properties a node of these classes may hold one value of at most. */
export function singleValuedOf(types: readonly string[]): Set<string> {
  const result = new Set<string>();
  for (const type of types) for (const name of [type, ...(classes[type] ?? [])]) for (const property of singleValued[name] ?? []) result.add(property);
  return result;
}

/** The members of an enumeration of the API ontology (e.g. api:NotificationEventType), as IRIs. */
export const membersOf = (enumeration: string): readonly string[] => enumerations[enumeration] ?? [];

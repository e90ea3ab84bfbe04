import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Parser, type Quad } from 'n3';

/**
 * Writes src/domain/oneRecord/ontologyIndex.json: what the server needs of the pinned ONE Record ontologies
 * (../shared/reference/one-record/ontology: API 2.3.0, cargo data model 3.3.0, code lists 1.1.0) to check the
 * logistics objects and changes partners send. Each class with its superclasses, each property with its kind
 * and range, and the codes of each closed code list. Run `npm run onerecord-ontology` after the pinned
 * ontologies change; a test checks the committed index is the one these files give.
 */

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';
const OWL = 'http://www.w3.org/2002/07/owl#';
const CODE_LISTS = 'https://onerecord.iata.org/ns/code-lists/';
const API = 'https://onerecord.iata.org/ns/api#';
const FILES = ['IATA-1R-DM-Ontology.ttl', 'ONE-Record-API-Ontology.ttl', 'IATA-1R-CL-Ontology.ttl'];

export interface OntologyIndex {
  /** Each class (its IRI) with all its named superclasses, nearest first. */
  classes: Record<string, string[]>;
  /** Each object property with its range when it is one named class. */
  objectProperties: Record<string, string | null>;
  /** Each datatype property with its XSD range (a range restricted by a pattern: the restricted datatype). */
  datatypeProperties: Record<string, string | null>;
  /** Each closed code list (a code-list class naming its codes) with its codes' IRIs. */
  codeLists: Record<string, string[]>;
  /** Each class with the properties its restrictions allow one value of at most (its superclasses' not repeated). */
  singleValued: Record<string, string[]>;
  /** Each enumeration of the API ontology (api:NotificationEventType, api:RequestStatus...) with its members. */
  enumerations: Record<string, string[]>;
}

export function ontologyIndex(directory: string): OntologyIndex {
  const quads: Quad[] = [];
  for (const file of FILES) quads.push(...new Parser().parse(readFileSync(path.join(directory, file), 'utf8')));
  const superOf = new Map<string, string[]>();
  const restricted = new Map<string, string>();
  const ranges = new Map<string, string | null>();
  const classes = new Set<string>();
  const objectProperties = new Set<string>();
  const datatypeProperties = new Set<string>();
  const individuals = new Set<string>();
  const typesOf = new Map<string, string[]>();
  /** The blank restriction nodes: the property each is on, and whether it allows one value at most. */
  const restrictionOn = new Map<string, string>();
  const atMostOne = new Set<string>();
  const ONE = [`${OWL}maxCardinality`, `${OWL}maxQualifiedCardinality`, `${OWL}qualifiedCardinality`, `${OWL}cardinality`];
  for (const quad of quads) {
    if (quad.predicate.value === `${OWL}onDatatype`) restricted.set(quad.subject.value, quad.object.value);
    if (quad.subject.termType !== 'BlankNode') continue;
    if (quad.predicate.value === `${OWL}onProperty`) restrictionOn.set(quad.subject.value, quad.object.value);
    if (ONE.includes(quad.predicate.value) && Number(quad.object.value) <= 1) atMostOne.add(quad.subject.value);
  }
  const singleValued = new Map<string, string[]>();
  for (const { subject, predicate, object } of quads) {
    if (subject.termType !== 'NamedNode') continue;
    if (predicate.value === `${RDFS}subClassOf` && object.termType === 'NamedNode')
      superOf.set(subject.value, [...(superOf.get(subject.value) ?? []), object.value]);
    else if (predicate.value === `${RDFS}subClassOf` && atMostOne.has(object.value) && restrictionOn.has(object.value))
      singleValued.set(subject.value, [...(singleValued.get(subject.value) ?? []), restrictionOn.get(object.value) as string]);
    else if (predicate.value === `${RDFS}range`)
      ranges.set(subject.value, object.termType === 'NamedNode' ? object.value : (restricted.get(object.value) ?? null));
    else if (predicate.value === RDF_TYPE) {
      if (object.value === `${OWL}Class`) classes.add(subject.value);
      else if (object.value === `${OWL}ObjectProperty`) objectProperties.add(subject.value);
      else if (object.value === `${OWL}DatatypeProperty`) datatypeProperties.add(subject.value);
      else if (object.value === `${OWL}NamedIndividual`) individuals.add(subject.value);
      else typesOf.set(subject.value, [...(typesOf.get(subject.value) ?? []), object.value]);
    }
  }
  const ancestors = (name: string, seen = new Set<string>()): string[] => {
    const result: string[] = [];
    for (const parent of superOf.get(name) ?? []) {
      if (seen.has(parent)) continue;
      seen.add(parent);
      result.push(parent, ...ancestors(parent, seen));
    }
    return result;
  };
  const sorted = <T>(entries: [string, T][]) => Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const codeLists = new Map<string, string[]>();
  for (const individual of individuals)
    if (individual.startsWith(CODE_LISTS)) {
      const list = individual.split('#')[0];
      codeLists.set(list, [...(codeLists.get(list) ?? []), individual]);
    }
  const enumerations = new Map<string, string[]>();
  for (const individual of individuals)
    if (individual.startsWith(API)) for (const type of typesOf.get(individual) ?? []) enumerations.set(type, [...(enumerations.get(type) ?? []), individual]);
  return {
    classes: sorted([...classes].map((name) => [name, ancestors(name)])),
    objectProperties: sorted([...objectProperties].map((name) => [name, ranges.get(name) ?? null])),
    datatypeProperties: sorted([...datatypeProperties].map((name) => [name, ranges.get(name) ?? null])),
    codeLists: sorted([...codeLists].map(([list, codes]) => [list, codes.sort()])),
    singleValued: sorted([...singleValued].map(([name, properties]) => [name, [...new Set(properties)].sort()])),
    enumerations: sorted([...enumerations].map(([name, members]) => [name, members.sort()])),
  };
}

export const ONTOLOGY_DIRECTORY = path.join(import.meta.dirname, '../../shared/reference/one-record/ontology');
export const INDEX_FILE = path.join(import.meta.dirname, '../src/domain/oneRecord/ontologyIndex.json');

if (process.argv[1] === import.meta.filename) {
  writeFileSync(INDEX_FILE, `${JSON.stringify(ontologyIndex(ONTOLOGY_DIRECTORY))}\n`);
  console.log(`wrote ${path.relative(process.cwd(), INDEX_FILE)}`);
}

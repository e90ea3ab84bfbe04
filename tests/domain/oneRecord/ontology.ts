import { readFileSync } from 'node:fs';
import path from 'node:path';
import jsonld from 'jsonld';
import { Parser, type Quad } from 'n3';
import { shapeProblems } from './shapes';

/**
 * The pinned ONE Record ontologies (../shared/reference/one-record/ontology: API 2.3.0, cargo data model 3.3.0,
 * code lists 1.1.0), read with n3, and a check of a JSON-LD answer against them: expanded with jsonld in safe
 * mode (a term it cannot expand fails), turned into triples, and each triple's class, property, code and
 * literal datatype looked up in the ontologies; then validated against SHACL shapes derived from the ontologies'
 * restrictions (shapes.ts).
 */

const DIR = path.join(import.meta.dirname, '../../../../shared/reference/one-record/ontology');
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const OWL = 'http://www.w3.org/2002/07/owl#';
const RDFS_RANGE = 'http://www.w3.org/2000/01/rdf-schema#range';
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const CODE_LISTS = 'https://onerecord.iata.org/ns/code-lists/';

interface Ontology {
  classes: Set<string>;
  objectProperties: Set<string>;
  /** Datatype properties, with their range when it is a plain XSD datatype. */
  datatypeProperties: Map<string, string | undefined>;
  individuals: Set<string>;
  /** Code lists (classes of the code-list namespace) that name at least one code: closed lists. */
  closedLists: Set<string>;
}

let loaded: Ontology | undefined;
let ontologyQuads: Quad[] | undefined;

/** The pinned ontologies' triples, read once. */
function quadsOfOntologies(): Quad[] {
  if (ontologyQuads) return ontologyQuads;
  ontologyQuads = [];
  for (const file of ['IATA-1R-DM-Ontology.ttl', 'ONE-Record-API-Ontology.ttl', 'IATA-1R-CL-Ontology.ttl'])
    ontologyQuads.push(...new Parser().parse(readFileSync(path.join(DIR, file), 'utf8')));
  return ontologyQuads;
}

/** The classes, properties and codes of the pinned ontologies. */
export function ontology(): Ontology {
  if (loaded) return loaded;
  const quads = quadsOfOntologies();
  const result: Ontology = { classes: new Set(), objectProperties: new Set(), datatypeProperties: new Map(), individuals: new Set(), closedLists: new Set() };
  const ranges = new Map<string, string>();
  /** A range restricted by a pattern is a blank node whose owl:onDatatype names the datatype. */
  const restricted = new Map<string, string>();
  for (const quad of quads) if (quad.predicate.value === `${OWL}onDatatype`) restricted.set(quad.subject.value, quad.object.value);
  for (const quad of quads) {
    if (quad.predicate.value === RDFS_RANGE)
      ranges.set(quad.subject.value, quad.object.termType === 'NamedNode' ? quad.object.value : (restricted.get(quad.object.value) ?? ''));
    if (quad.predicate.value !== RDF_TYPE || quad.subject.termType !== 'NamedNode') continue;
    const kind = quad.object.value;
    if (kind === `${OWL}Class`) result.classes.add(quad.subject.value);
    else if (kind === `${OWL}ObjectProperty`) result.objectProperties.add(quad.subject.value);
    else if (kind === `${OWL}DatatypeProperty`) result.datatypeProperties.set(quad.subject.value, undefined);
    else if (kind === `${OWL}NamedIndividual`) result.individuals.add(quad.subject.value);
  }
  for (const property of result.datatypeProperties.keys()) {
    const range = ranges.get(property);
    if (range?.startsWith(XSD)) result.datatypeProperties.set(property, range);
  }
  for (const individual of result.individuals) if (individual.startsWith(CODE_LISTS)) result.closedLists.add(individual.split('#')[0]);
  loaded = result;
  return result;
}

/** The datatypes a literal of a range may carry (xsd:string's literals also stand for ranges restricted by a pattern). */
const ACCEPTED: Record<string, string[]> = {
  [`${XSD}double`]: [`${XSD}double`],
  [`${XSD}decimal`]: [`${XSD}decimal`, `${XSD}integer`],
  [`${XSD}positiveInteger`]: [`${XSD}positiveInteger`],
  [`${XSD}nonNegativeInteger`]: [`${XSD}nonNegativeInteger`],
};

/** What in a JSON-LD document the ontologies do not know, as readable lines (none: it conforms as far as this checks). */
export async function ontologyProblems(document: object): Promise<string[]> {
  const known = ontology();
  const expanded = await jsonld.expand(document as jsonld.JsonLdDocument, { safe: true } as jsonld.Options.Expand);
  const nquads = (await jsonld.toRDF(expanded, { format: 'application/n-quads' })) as unknown as string;
  const problems: string[] = [];
  const data = new Parser({ format: 'N-Quads' }).parse(nquads);
  for (const quad of data) {
    const property = quad.predicate.value;
    if (property === RDF_TYPE) {
      if (!known.classes.has(quad.object.value)) problems.push(`unknown class ${quad.object.value}`);
      continue;
    }
    if (known.objectProperties.has(property)) {
      if (quad.object.termType === 'Literal') problems.push(`${property} takes a link, got the literal "${quad.object.value}"`);
      else if (quad.object.value.startsWith(CODE_LISTS) && known.closedLists.has(quad.object.value.split('#')[0]) && !known.individuals.has(quad.object.value))
        problems.push(`${property}: no such code ${quad.object.value}`);
      continue;
    }
    if (known.datatypeProperties.has(property)) {
      if (quad.object.termType !== 'Literal') {
        problems.push(`${property} takes a literal, got ${quad.object.value}`);
        continue;
      }
      const range = known.datatypeProperties.get(property);
      const datatype = quad.object.datatype.value;
      if (range && datatype !== range && !(ACCEPTED[range] ?? []).includes(datatype))
        problems.push(`${property}: a ${datatype} literal where the range is ${range}`);
      continue;
    }
    problems.push(`unknown property ${property}`);
  }
  problems.push(...(await shapeProblems(quadsOfOntologies(), data)));
  return [...new Set(problems)];
}

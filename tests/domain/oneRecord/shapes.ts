import { DataFactory, Store, type BlankNode, type NamedNode, type Quad, type Quad_Object, type Quad_Subject } from 'n3';
import SHACLValidator from 'rdf-validate-shacl';

/**
 * SHACL shapes derived from the OWL restrictions of the pinned ontologies (issue 37, 5; the brief's section 5: the
 * TTLs have no shapes, their restrictions are the only machine-readable constraints), and a validation of an answer
 * with rdf-validate-shacl. Each class's restrictions become a node shape of that class (its subclasses' instances
 * too: the data is validated with the ontologies' class hierarchy beside it):
 * - owl:allValuesFrom a datatype: sh:datatype (xsd:decimal also takes xsd:integer, as JSON-LD writes a whole
 *   number); a datatype restricted by a pattern: its base datatype; a class: a link or an embedded object
 *   (sh:nodeKind sh:BlankNodeOrIRI, not sh:class: a linked object of another server has no type here);
 * - owl:maxCardinality and owl:minCardinality: sh:maxCount and sh:minCount;
 * - owl:qualifiedCardinality, owl:maxQualifiedCardinality and owl:minQualifiedCardinality on a class or data
 *   range: sh:qualifiedValueShape with the same reading of the class or data range, and its counts.
 */

const { namedNode, blankNode, literal, quad } = DataFactory;
const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';
const OWL = 'http://www.w3.org/2002/07/owl#';
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const SH = 'http://www.w3.org/ns/shacl#';
const sh = (name: string) => namedNode(`${SH}${name}`);
const rdf = (name: string) => namedNode(`${RDF}${name}`);
const integer = (value: string) => literal(value, namedNode(`${XSD}integer`));

/** Datatypes a literal of a datatype may also carry. */
const ALSO: Record<string, string[]> = { [`${XSD}decimal`]: [`${XSD}integer`] };

interface Shapes {
  shapes: Quad[];
  /** The ontologies' named subclass links, added to the data so that a class's shape targets its subclasses' instances. */
  hierarchy: Quad[];
}

let derived: Shapes | undefined;

/** The shapes of the ontologies' quads (derived once). */
export function shapesOf(ontologyQuads: readonly Quad[]): Shapes {
  if (derived) return derived;
  const about = new Map<string, Quad[]>();
  for (const item of ontologyQuads) {
    const list = about.get(item.subject.value);
    if (list) list.push(item);
    else about.set(item.subject.value, [item]);
  }
  const objectOf = (subject: string, predicate: string) => about.get(subject)?.find((item) => item.predicate.value === predicate)?.object;
  const shapes: Quad[] = [];
  const add = (subject: Quad_Subject, predicate: NamedNode, object: Quad_Object) => shapes.push(quad(subject, predicate, object));

  /** What a value of a class or data range must be, as constraints on `node` (a property shape or a qualified value shape). */
  const constrain = (node: BlankNode, range: Quad_Object) => {
    if (range.termType === 'BlankNode') {
      const base = objectOf(range.value, `${OWL}onDatatype`);
      if (base) add(node, sh('datatype'), base as NamedNode);
      return;
    }
    if (range.value === `${RDFS}Literal`) add(node, sh('nodeKind'), sh('Literal'));
    else if (range.value.startsWith(XSD)) {
      const also = ALSO[range.value];
      if (!also) {
        add(node, sh('datatype'), range as NamedNode);
        return;
      }
      // sh:or of one shape per datatype, as an RDF list.
      const options = [range.value, ...also].map((datatype) => {
        const option = blankNode();
        add(option, sh('datatype'), namedNode(datatype));
        return option;
      });
      let rest: Quad_Object = rdf('nil');
      for (const option of options.reverse()) {
        const cell = blankNode();
        add(cell, rdf('first'), option);
        add(cell, rdf('rest'), rest);
        rest = cell;
      }
      add(node, sh('or'), rest);
    } else add(node, sh('nodeKind'), sh('BlankNodeOrIRI'));
  };

  const hierarchy: Quad[] = [];
  for (const item of ontologyQuads) {
    if (item.predicate.value !== `${RDFS}subClassOf` || item.subject.termType !== 'NamedNode') continue;
    if (item.object.termType === 'NamedNode') {
      hierarchy.push(item);
      continue;
    }
    const restriction = item.object.value;
    const property = objectOf(restriction, `${OWL}onProperty`);
    if (property?.termType !== 'NamedNode') continue;
    const shape = namedNode(`urn:shape:${item.subject.value}`);
    add(shape, rdf('type'), sh('NodeShape'));
    add(shape, sh('targetClass'), item.subject as NamedNode);
    const constraint = blankNode();
    add(shape, sh('property'), constraint);
    add(constraint, sh('path'), property);
    const all = objectOf(restriction, `${OWL}allValuesFrom`);
    if (all) constrain(constraint, all);
    const max = objectOf(restriction, `${OWL}maxCardinality`);
    if (max) add(constraint, sh('maxCount'), integer(max.value));
    const min = objectOf(restriction, `${OWL}minCardinality`);
    if (min) add(constraint, sh('minCount'), integer(min.value));
    const on = objectOf(restriction, `${OWL}onClass`) ?? objectOf(restriction, `${OWL}onDataRange`);
    if (on) {
      const qualified = blankNode();
      constrain(qualified, on);
      add(constraint, sh('qualifiedValueShape'), qualified);
      const exactly = objectOf(restriction, `${OWL}qualifiedCardinality`);
      const most = objectOf(restriction, `${OWL}maxQualifiedCardinality`) ?? exactly;
      const least = objectOf(restriction, `${OWL}minQualifiedCardinality`) ?? exactly;
      if (most) add(constraint, sh('qualifiedMaxCount'), integer(most.value));
      if (least) add(constraint, sh('qualifiedMinCount'), integer(least.value));
    }
  }
  derived = { shapes, hierarchy };
  return derived;
}

let validator: SHACLValidator | undefined;

/** What in the data (an answer's quads) the shapes refuse, as readable lines. */
export async function shapeProblems(ontologyQuads: readonly Quad[], data: readonly Quad[]): Promise<string[]> {
  const { shapes, hierarchy } = shapesOf(ontologyQuads);
  validator ??= new SHACLValidator(new Store(shapes));
  const report = await validator.validate(new Store([...data, ...hierarchy]));
  return report.results.map(
    (result) =>
      `shape: ${result.focusNode?.value} ${result.path?.value ?? ''}: ${result.message.map((message) => message.value).join('; ') || result.sourceConstraintComponent?.value}`,
  );
}

import { isAbsoluteIri, readOneNode, type Expanded } from './jsonLdReading';
import { checkNode, literalOf, nodesById, shortName, type Reading, type StoredNode, type Value } from './objectReading';
import { isClass, isLogisticsObjectClass, isUnknownCode, propertyOf } from './ontology';
import { API, CARGO, XSD } from './vocabulary';

/**
 * Changes to a logistics object (issue 37, 4; API 2.3.0 "Update a Logistics Object"): an api:Change read from a
 * partner's PATCH body, and its operations applied to the object as kept. Applying is atomic: every DELETE first,
 * then every ADD, and the result checked against the ontologies as a posted object is; any operation that
 * cannot be applied (a subject that is neither the object nor an object inside it, a value to delete it does not
 * hold, a property or value the data model does not take) leaves the object as it was and says why. A blank node
 * (`_:b0`) in an ADD makes a new object inside the logistics object, given its id by the server.
 */

export interface OperationObject {
  datatype: string;
  value: string;
}
export interface Operation {
  op: 'ADD' | 'DELETE';
  s: string;
  p: string;
  o: OperationObject[];
}
export interface Change {
  revision: number;
  description?: string;
  notify: boolean;
  operations: Operation[];
}

const refuse = (message: string, property?: string): { ok: false; message: string; property?: string } => ({
  ok: false,
  message,
  ...(property ? { property } : {}),
});

const values = (node: Expanded, property: string) => (node[`${API}${property}`] as Expanded[] | undefined) ?? [];
const text = (value: Expanded | undefined) => (value && typeof value['@value'] === 'string' ? value['@value'] : undefined);
const CHANGE_KEYS = ['@type', '@id', 'hasLogisticsObject', 'hasRevision', 'hasDescription', 'notifyRequestStatusChange', 'hasOperation'];
const OPERATION_KEYS = ['@type', '@id', 'op', 's', 'p', 'o'];
const OBJECT_KEYS = ['@type', '@id', 'hasDatatype', 'hasValue'];
const unknownKeys = (node: Expanded, known: string[]) => Object.keys(node).filter((key) => !known.some((name) => key === name || key === `${API}${name}`));

/** Reads a PATCH body as a Change of the logistics object at `objectIri`. */
export async function readChange(body: unknown, objectIri: string): Promise<Reading<Change>> {
  const read = await readOneNode(body, 'an api:Change', `${API}Change`);
  if (!read.ok) return read;
  const { node } = read;
  const unknown = unknownKeys(node, CHANGE_KEYS);
  if (unknown.length > 0) return refuse(`An api:Change holds no ${unknown.map(shortName).join(', ')}.`, unknown[0]);
  const target = values(node, 'hasLogisticsObject');
  if (target.length !== 1 || target[0]['@id'] !== objectIri)
    return refuse(`api:hasLogisticsObject must be the logistics object patched: ${objectIri}.`, `${API}hasLogisticsObject`);
  const revisionValue = values(node, 'hasRevision')[0]?.['@value'];
  const revision =
    typeof revisionValue === 'number' ? revisionValue : typeof revisionValue === 'string' && /^\d{1,9}$/.test(revisionValue) ? Number(revisionValue) : 0;
  if (values(node, 'hasRevision').length !== 1 || !Number.isInteger(revision) || revision < 1)
    return refuse('api:hasRevision is required: the revision of the logistics object the change is for (a whole number of 1 or more).', `${API}hasRevision`);
  const description = values(node, 'hasDescription');
  if (description.length > 1 || (description.length === 1 && text(description[0]) === undefined))
    return refuse('api:hasDescription, when given, is one text.', `${API}hasDescription`);
  const notifyValue = values(node, 'notifyRequestStatusChange')[0]?.['@value'];
  if (notifyValue !== undefined && typeof notifyValue !== 'boolean' && notifyValue !== 'true' && notifyValue !== 'false')
    return refuse('api:notifyRequestStatusChange, when given, is true or false.', `${API}notifyRequestStatusChange`);
  const operations: Operation[] = [];
  const given = values(node, 'hasOperation');
  if (given.length === 0) return refuse('A change needs at least one api:Operation in api:hasOperation.', `${API}hasOperation`);
  for (const [index, operation] of given.entries()) {
    const where = `Operation ${index + 1}`;
    const unknownInOperation = unknownKeys(operation, OPERATION_KEYS);
    if (unknownInOperation.length > 0)
      return refuse(`${where}: an api:Operation holds no ${unknownInOperation.map(shortName).join(', ')}.`, unknownInOperation[0]);
    const op = values(operation, 'op');
    const kind = op.length === 1 ? op[0]['@id'] : undefined;
    if (kind !== `${API}ADD` && kind !== `${API}DELETE`) return refuse(`${where}: api:op must be api:ADD or api:DELETE.`, `${API}op`);
    const s = text(values(operation, 's')[0]);
    if (!s || values(operation, 's').length !== 1)
      return refuse(`${where}: api:s must name the subject, the logistics object or an object inside it.`, `${API}s`);
    const p = text(values(operation, 'p')[0]);
    if (!p || values(operation, 'p').length !== 1 || !isAbsoluteIri(p)) return refuse(`${where}: api:p must be the IRI of one property.`, `${API}p`);
    if (p === `${CARGO}events`) return refuse(`${where}: cargo:events is never changed: post events to the object's /logistics-events.`, p);
    const objects: OperationObject[] = [];
    for (const object of values(operation, 'o')) {
      const unknownInObject = unknownKeys(object, OBJECT_KEYS);
      const datatype = text(values(object, 'hasDatatype')[0]) ?? (values(object, 'hasDatatype')[0]?.['@id'] as string | undefined);
      const value = text(values(object, 'hasValue')[0]);
      if (unknownInObject.length > 0 || !datatype || value === undefined)
        return refuse(`${where}: each api:o is an api:OperationObject with one api:hasDatatype and one api:hasValue.`, `${API}o`);
      objects.push({ datatype, value });
    }
    if (objects.length === 0) return refuse(`${where}: api:o is required.`, `${API}o`);
    operations.push({ op: kind === `${API}ADD` ? 'ADD' : 'DELETE', s, p, o: objects });
  }
  return {
    ok: true,
    value: {
      revision,
      ...(description.length === 1 ? { description: text(description[0]) } : {}),
      notify: notifyValue === true || notifyValue === 'true',
      operations,
    },
  };
}

/** Applies a change's operations to a kept logistics object: the object as it becomes, or why it cannot. */
export function applyChange(object: StoredNode, operations: readonly Operation[]): Reading<StoredNode> {
  const objectIri = object['@id'];
  const copy = structuredClone(object);
  const byId = nodesById(copy);
  let last = 0;
  for (const id of byId.keys()) {
    const number = /#(\d{1,9})$/.exec(id);
    if (number) last = Math.max(last, Number(number[1]));
  }
  const blanks = new Map<string, StoredNode>();
  const linked = new Set<string>();
  const blank = (name: string) => {
    let node = blanks.get(name);
    if (!node) {
      node = { '@id': `${objectIri}#${++last}`, '@type': [] };
      blanks.set(name, node);
    }
    return node;
  };
  const literalFor = (p: string, range: string | null, o: OperationObject) =>
    literalOf(p, range, { '@value': o.value, ...(o.datatype === `${XSD}string` ? {} : { '@type': o.datatype }) });

  for (const { s, p, o } of operations.filter((operation) => operation.op === 'DELETE')) {
    const target = byId.get(s);
    if (!target) return refuse(`${s} is neither the logistics object nor an object inside it.`);
    const held = (target[p] as Value[] | undefined) ?? [];
    for (const item of o) {
      const kind = propertyOf(p);
      const literal = item.datatype.startsWith(XSD) ? literalFor(p, kind?.kind === 'datatype' ? kind.range : null, item) : undefined;
      const at = held.findIndex((value) =>
        '@value' in value
          ? literal?.ok === true && literal.value['@value'] === value['@value'] && (literal.value['@type'] ?? null) === (value['@type'] ?? null)
          : value['@id'] === item.value,
      );
      if (at < 0) return refuse(`${shortName(p)} of ${s} holds no ${item.value} to delete.`, p);
      held.splice(at, 1);
    }
    if (held.length === 0) delete target[p];
  }

  for (const { s, p, o } of operations.filter((operation) => operation.op === 'ADD')) {
    const target = s.startsWith('_:') ? blank(s) : byId.get(s);
    if (!target) return refuse(`${s} is neither the logistics object nor an object inside it.`);
    const kind = propertyOf(p);
    if (!kind) return refuse(`${shortName(p)} is not a property of the ONE Record data model 3.3.0.`, p);
    const added: Value[] = [];
    for (const item of o) {
      if (item.datatype.startsWith(XSD)) {
        if (kind.kind !== 'datatype') return refuse(`${shortName(p)} takes a link or an object, not a literal.`, p);
        const literal = literalFor(p, kind.range, item);
        if (!literal.ok) return literal;
        added.push(literal.value);
        continue;
      }
      if (kind.kind !== 'object') return refuse(`${shortName(p)} takes a literal, not an object.`, p);
      if (item.value.startsWith('_:')) {
        if (!isClass(item.datatype) || isLogisticsObjectClass(item.datatype))
          return refuse(`${item.value}: a new object inside the logistics object needs api:hasDatatype naming its class (not a logistics object's).`, p);
        const node = blank(item.value);
        node['@type'] = [item.datatype];
        linked.add(item.value);
        added.push(node);
        continue;
      }
      if (!isAbsoluteIri(item.value)) return refuse(`${shortName(p)}: ${item.value} is not an absolute IRI.`, p);
      if (isUnknownCode(item.value)) return refuse(`${shortName(p)}: ${item.value} is no code of its code list.`, p);
      added.push({ '@id': item.value });
    }
    target[p] = [...((target[p] as Value[] | undefined) ?? []), ...added];
  }
  for (const name of blanks.keys()) if (!linked.has(name)) return refuse(`${name} is never linked from the logistics object.`);

  // The result as a posted object is checked (classes, properties, literals, one value where the model allows one).
  return checkNode(
    copy as unknown as Expanded,
    objectIri,
    () => `${objectIri}#${++last}`,
    (id) => id.startsWith(`${objectIri}#`),
    true,
  );
}

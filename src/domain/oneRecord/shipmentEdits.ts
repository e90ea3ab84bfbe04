import { isDeepStrictEqual } from 'node:util';
import { writeFwb } from '../cargoMessages';
import type { AirWaybill, CargoParty, WeightUnit } from '../cargoMessages/model';
import { GOODS_TEXT_MAX } from '../cargoMessages/rates';
import { applyChange, type Operation } from './changes';
import { expandSafely } from './jsonLdReading';
import { checkNode, isNode, shortName, type Literal, type Reading, type StoredNode, type Value } from './objectReading';
import { CARGO, CODE_LISTS, CONTEXT } from './vocabulary';
import type { JsonLdNode } from './waybillObjects';

/**
 * A partner's change request to one of the objects the portal derives from a shipment's FWB (issue 37, 4): what it
 * would make of the air waybill. Only what a newer FWB would change and the portal can write back into one is taken:
 * the total gross weight, the number of pieces and the goods description of the master Shipment, and the names and
 * addresses of its parties. The change is applied to the object as served (its embedded objects named by their ids,
 * waybillObjects.ts), then read back into the waybill, which must still be an FWB the portal can write. An operator
 * accepts it on the AWB detail page; the FWB it makes is then taken in as a newer FWB would be.
 */

/** One thing a change request changes, as the AWB detail page and the history say it. */
export interface ShipmentEdit {
  what: string;
  from: string;
  to: string;
}

export interface EditedWaybill {
  waybill: AirWaybill;
  edits: ShipmentEdit[];
  /** The FWB text that makes it. */
  fwb: string;
}

const refuse = (message: string, property?: string): { ok: false; message: string; property?: string } => ({
  ok: false,
  message,
  ...(property ? { property } : {}),
});

const PARTIES = { shipper: 'Shipper', consignee: 'Consignee', notify: 'Notify party' } as const;
type PartyPart = keyof typeof PARTIES;
const UNITS: Record<string, WeightUnit> = { [`${CODE_LISTS}MeasurementUnitCode#KGM`]: 'K', [`${CODE_LISTS}MeasurementUnitCode#LBR`]: 'L' };

/** A served object as kept (full IRIs, each property's values in a list), so a change can be applied to it. */
export async function storedFormOf(node: JsonLdNode): Promise<StoredNode> {
  // What the server sets (api:) is not the object's data, and is not changed by a request.
  const data = Object.fromEntries(Object.entries(node).filter(([key]) => !key.startsWith('api:')));
  const expansion = await expandSafely({ '@context': CONTEXT, ...data });
  if (!expansion.ok || expansion.nodes.length !== 1) throw new Error(`The served object ${node['@id']} does not expand to one node.`);
  const iri = node['@id'];
  const stored = checkNode(
    expansion.nodes[0],
    iri,
    () => {
      throw new Error(`An embedded object of ${iri} has no id.`);
    },
    (id) => id.startsWith(`${iri}#`),
    true,
  );
  if (!stored.ok) throw new Error(`The served object ${iri} is not a valid logistics object: ${stored.message}`);
  return stored.value;
}

const values = (node: StoredNode | undefined, property: string) => (node?.[`${CARGO}${property}`] as Value[] | undefined) ?? [];
const textOf = (node: StoredNode | undefined, property: string) => {
  const [value] = values(node, property);
  return value && '@value' in value ? (value as Literal)['@value'] : undefined;
};
const nodeOf = (node: StoredNode | undefined, property: string) => values(node, property).find(isNode);
const changedProperties = (before: StoredNode, after: StoredNode) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => key !== '@id' && key !== '@type' && !isDeepStrictEqual(before[key] ?? null, after[key] ?? null),
  );
const weightText = (weight: { value: number; unit: WeightUnit }) => `${weight.value} ${weight.unit === 'K' ? 'kg' : 'lb'}`;

/**
 * What the change makes of the shipment's waybill: applied to `object` (one of the shipment's objects as served,
 * `part` its part of the id: `shipment`, `shipper`, `consignee-location` ...), or why it cannot be taken.
 */
export async function editedWaybill(
  waybill: AirWaybill,
  object: JsonLdNode,
  part: string,
  operations: readonly Operation[],
  pieceIri: (number: number) => string,
): Promise<Reading<EditedWaybill>> {
  const before = await storedFormOf(object);
  const applied = applyChange(before, operations);
  if (!applied.ok) return applied;
  const after = applied.value;
  const changed = changedProperties(before, after);
  if (changed.length === 0) return refuse('The change changes nothing.');
  const edited = structuredClone(waybill);
  const edits: ShipmentEdit[] = [];
  const notTaken = (property: string) =>
    refuse(
      `${shortName(property)} of this object is not changed by a request: of the portal's shipments, a request changes the master Shipment's ` +
        'cargo:totalGrossWeight, cargo:pieces and cargo:goodsDescription, and the names (cargo:name) and addresses (cargo:address) of its shipper, consignee and notify party; the rest changes by a newer FWB or FHL.',
      property,
    );

  if (part === 'shipment') {
    for (const property of changed) {
      const consignment = edited.consignment;
      if (property === `${CARGO}totalGrossWeight`) {
        const value = nodeOf(after, 'totalGrossWeight');
        const amount = Number(textOf(value, 'numericalValue'));
        const unitLink = values(value, 'unit')[0];
        const unit = unitLink && '@id' in unitLink ? UNITS[unitLink['@id']] : undefined;
        if (!value || !Number.isFinite(amount) || amount <= 0 || !unit || values(after, 'totalGrossWeight').length !== 1)
          return refuse(
            'cargo:totalGrossWeight must stay one cargo:Value with a cargo:numericalValue above 0 and a cargo:unit of KGM or LBR (MeasurementUnitCode).',
            property,
          );
        const weight = { unit, value: amount };
        edits.push({ what: 'Total gross weight', from: weightText(consignment.weight), to: weightText(weight) });
        consignment.weight = weight;
        if (edited.rateLines.length === 1 && edited.rateLines[0].grossWeight) edited.rateLines[0].grossWeight = { ...weight };
      } else if (property === `${CARGO}pieces`) {
        const links = values(after, 'pieces').map((value) => ('@id' in value ? value['@id'] : ''));
        const count = links.length;
        const expected = Array.from({ length: count }, (_, index) => pieceIri(index + 1));
        if (count === 0 || count > 9999 || !isDeepStrictEqual([...links].sort(), [...expected].sort()))
          return refuse(
            `cargo:pieces must link the shipment's pieces 1 to n (n from 1 to 9,999), each once: to add a piece, add ${pieceIri(consignment.pieces + 1)}; to remove one, delete ${pieceIri(consignment.pieces)}.`,
            property,
          );
        edits.push({ what: 'Pieces', from: String(consignment.pieces), to: String(count) });
        consignment.pieces = count;
        if (edited.rateLines.length === 1 && edited.rateLines[0].pieces !== undefined) edited.rateLines[0].pieces = count;
      } else if (property === `${CARGO}goodsDescription`) {
        const text = (textOf(after, 'goodsDescription') ?? '').trim().toUpperCase();
        if (!text || text.length > GOODS_TEXT_MAX || values(after, 'goodsDescription').length !== 1)
          return refuse(`cargo:goodsDescription must be one text of 1 to ${GOODS_TEXT_MAX} characters (an FWB's nature of goods).`, property);
        const goods = edited.rateLines.flatMap((rate) => rate.goods.flatMap((item) => (item.kind === 'NG' || item.kind === 'NC' ? [item.text] : [])));
        edits.push({ what: 'Goods', from: goods.join(' '), to: text });
        edited.rateLines.forEach((rate, index) => {
          rate.goods = rate.goods.filter((item) => item.kind !== 'NG' && item.kind !== 'NC');
          if (index === 0) rate.goods.unshift({ kind: 'NG', text });
        });
      } else return notTaken(property);
    }
  } else if (part in PARTIES || part === 'agent') {
    for (const property of changed) {
      if (property !== `${CARGO}name`) return notTaken(property);
      const name = (textOf(after, 'name') ?? '').trim().toUpperCase();
      if (!name || values(after, 'name').length !== 1) return refuse('cargo:name must stay one text.', property);
      const party = part === 'agent' ? edited.agent : edited[part as PartyPart];
      if (!party) return refuse('The waybill has no such party.', property);
      edits.push({ what: `${part === 'agent' ? 'Agent' : PARTIES[part as PartyPart]} name`, from: party.name, to: name });
      party.name = name;
    }
  } else if (part.endsWith('-location') && part.slice(0, -'-location'.length) in PARTIES) {
    const partyPart = part.slice(0, -'-location'.length) as PartyPart;
    const party = edited[partyPart] as CargoParty;
    for (const property of changed) if (property !== `${CARGO}address`) return notTaken(property);
    const address = nodeOf(after, 'address');
    if (!address || values(after, 'address').length !== 1) return refuse('cargo:address must stay one cargo:Address.', `${CARGO}address`);
    const text = (node: StoredNode | undefined, property: string) => textOf(node, property)?.trim().toUpperCase() || undefined;
    const next: CargoParty = {
      ...party,
      streetAddress: values(address, 'streetAddressLines').flatMap((value) => ('@value' in value ? [(value as Literal)['@value'].trim().toUpperCase()] : [])),
      place: text(address, 'cityName') ?? '',
      postcode: text(address, 'textualPostCode'),
      stateProvince: text(nodeOf(address, 'regionCode'), 'code'),
      countryCode: text(nodeOf(address, 'country'), 'code') ?? '',
    };
    const who = PARTIES[partyPart];
    const fields: [string, (value: CargoParty) => string][] = [
      ['street', (value) => value.streetAddress.join(', ')],
      ['city', (value) => value.place],
      ['postcode', (value) => value.postcode ?? ''],
      ['state or province', (value) => value.stateProvince ?? ''],
      ['country', (value) => value.countryCode],
    ];
    for (const [what, read] of fields) if (read(party) !== read(next)) edits.push({ what: `${who} ${what}`, from: read(party), to: read(next) });
    if (edits.length === 0) return refuse('The change changes nothing the FWB says of the address.', `${CARGO}address`);
    edited[partyPart] = next;
  } else if (part.startsWith('house-'))
    return refuse("The objects of a house waybill change by a newer FHL: a request changes the master's shipment and parties only.");
  else return refuse(`${shortName(changed[0])} of this object is not changed by a request.`, changed[0]);

  // What the FWB says is written in capitals and canonical numbers: a change may come to what it says already.
  const made = edits.filter((edit) => edit.from !== edit.to);
  if (made.length === 0 || isDeepStrictEqual(edited, waybill)) return refuse('The change changes nothing the FWB says: it says so already.');
  const written = writeFwb(edited);
  if (!written.ok) return refuse(`The FWB this change would make is not valid: ${written.faults.map((fault) => `${fault.path}: ${fault.reason}`).join(' ')}`);
  return { ok: true, value: { waybill: edited, edits: made, fwb: written.text } };
}

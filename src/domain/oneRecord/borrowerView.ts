import type { JsonLdNode } from './waybillObjects';

/**
 * What a company a shipment is lent to sees of its logistics objects (issue 37, 4: "a borrower sees what a
 * borrower sees"). In the portal a borrower sees a lent shipment in its summary, never its details (spec 6): its
 * number, airports, pieces, weight, handling codes and status. Over ONE Record it sees the same and no more: the
 * master Waybill with its number and airports, the Shipment with its weight and pieces, each Piece with its
 * handling codes, the two airports, and the decisions (events and Checks, which tell the status). Parties, goods,
 * charges, the booking, security and customs, and the houses stay out; their objects are refused, and the links
 * to them are left out of what it sees.
 */

/** The properties a borrower sees, by the object's part of its id (`{shipmentId}-{part}`). */
const SEEN = {
  waybill: [
    'api:usesOrchestration',
    'cargo:waybillType',
    'cargo:waybillPrefix',
    'cargo:waybillNumber',
    'cargo:departureLocation',
    'cargo:arrivalLocation',
    'cargo:shipment',
  ],
  shipment: ['cargo:waybill', 'cargo:totalGrossWeight', 'cargo:pieces'],
  piece: ['cargo:ofShipment', 'cargo:specialHandlingCodes', 'cargo:textualHandlingInstructions'],
} as const;

const PIECE_PART = /^piece-[1-9][0-9]{0,3}$/;

const keep = (node: JsonLdNode, properties: readonly string[]): JsonLdNode =>
  Object.fromEntries(Object.entries(node).filter(([key]) => key === '@id' || key === '@type' || properties.includes(key))) as JsonLdNode;

/** Made once per mapping of a shipment (its objects never change: a newer FWB is a new mapping). */
const viewOf = new WeakMap<Map<string, JsonLdNode>, Map<string, JsonLdNode>>();

/** A borrower's view of a shipment's objects: those it sees, each with what it sees of it. */
export function borrowerView(shipmentId: string, objects: Map<string, JsonLdNode>): Map<string, JsonLdNode> {
  const known = viewOf.get(objects);
  if (known) return known;
  const view = new Map<string, JsonLdNode>();
  const waybill = objects.get(`${shipmentId}-waybill`);
  if (waybill) {
    view.set(`${shipmentId}-waybill`, keep(waybill, SEEN.waybill));
    // The airports the Waybill names, whole: a location code.
    for (const property of ['cargo:departureLocation', 'cargo:arrivalLocation']) {
      // A link of a revision read with `at` carries it (`…-location-fra?at=…`).
      const iri = (waybill[property] as { '@id'?: string } | undefined)?.['@id']?.split('?')[0];
      const id = iri?.slice(iri.lastIndexOf('/') + 1);
      const airport = id === undefined ? undefined : objects.get(id);
      if (id !== undefined && airport) view.set(id, airport);
    }
  }
  const shipment = objects.get(`${shipmentId}-shipment`);
  if (shipment) view.set(`${shipmentId}-shipment`, keep(shipment, SEEN.shipment));
  const prefix = `${shipmentId}-`;
  for (const [id, node] of objects) if (PIECE_PART.test(id.slice(prefix.length)) && id.startsWith(prefix)) view.set(id, keep(node, SEEN.piece));
  viewOf.set(objects, view);
  return view;
}

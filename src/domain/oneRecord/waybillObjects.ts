import type { AirWaybill, CargoParty, CustomsInformation, HouseManifest, HouseWaybill, PrepaidCollect, Volume, Weight } from '../cargoMessages/model';
import { customsEntriesOf, securityDeclarationOf } from '../cargoMessages';
import { isCode, type ClosedCodeList } from './codeLists';
import { code, logisticsObjectIri, ORCHESTRATION_VERSION } from './vocabulary';

/**
 * A shipment the portal read from its FWB (and FHL) as ONE Record logistics objects (issue 37, 2), following
 * the orchestration's FWB mapping (BRIEF.md, section 3): the master Waybill, its Shipment and Pieces, the
 * parties' companies and locations, the booking with its transport movements, the rate lines and other
 * charges, the security declaration and customs information; each house of an FHL as a house Waybill linked
 * to the master. Every object derived from one shipment has an id of the shipment's (`{shipmentId}-{part}`),
 * so the ids are stable across the shipment's revisions and say whose access decides (its shipment's).
 *
 * Objects link to each other by IRI; what is not a logistics object in the data model (Party, Address, Value,
 * WaybillLineItem ...) is embedded in its logistics object.
 */

export type JsonLdNode = { '@id': string; '@type': string } & Record<string, unknown>;

/** The objects of one shipment by id, and the id of its master Waybill. */
export interface ShipmentObjects {
  waybillId: string;
  objects: Map<string, JsonLdNode>;
}

export interface ShipmentSource {
  shipmentId: string;
  waybill: AirWaybill;
  manifest?: HouseManifest | null;
}

/** An id the portal gives an object derived from a shipment: the shipment's id, then the object's part (`815-piece-3`). */
export const DERIVED_ID_PATTERN = /^([1-9][0-9]{0,17})-([a-z0-9]+(?:-[a-z0-9]+){0,4})$/;

/** The id of a shipment's master Waybill (GET awbdetail's OneRecordWaybill is its IRI). */
export const waybillObjectId = (shipmentId: string) => `${shipmentId}-waybill`;

/** The shipment an object id belongs to, or undefined for an id the portal never derives. */
export function shipmentIdOf(objectId: string): string | undefined {
  return DERIVED_ID_PATTERN.exec(objectId)?.[1];
}

const WEIGHT_UNITS: Record<Weight['unit'], string> = { K: 'KGM', L: 'LBR' };
const VOLUME_UNITS: Record<Volume['unit'], string> = { MC: 'MTQ', CC: 'CMQ', CF: 'FTQ', CI: 'INQ' };

const weightValue = (weight: Weight) => ({
  '@type': 'cargo:Value',
  'cargo:numericalValue': weight.value,
  'cargo:unit': code('MeasurementUnitCode', WEIGHT_UNITS[weight.unit]),
});
const volumeValue = (volume: Volume) => ({
  '@type': 'cargo:Value',
  'cargo:numericalValue': volume.value,
  'cargo:unit': code('MeasurementUnitCode', VOLUME_UNITS[volume.unit]),
});
const money = (amount: number, currency: string) => ({
  '@type': 'cargo:CurrencyValue',
  'cargo:numericalValue': amount,
  'cargo:currencyUnit': code('CurrencyCode', currency),
});
const prepaidCollect = (value: PrepaidCollect) => code('PrepaidCollectIndicator', value);
/** The code's link when its closed list holds it, else undefined. */
const knownCode = (list: ClosedCodeList, value: string | undefined) => (value !== undefined && isCode(list, value) ? code(list, value) : undefined);
/** The codes of `values` that the closed list holds, as links. */
const knownCodes = (list: ClosedCodeList, values: readonly string[]) => values.filter((value) => isCode(list, value)).map((value) => code(list, value));
const unknownCodes = (list: ClosedCodeList, values: readonly string[]) => values.filter((value) => !isCode(list, value));
const codeListElement = (value: string, listName: string) => ({ '@type': 'cargo:CodeListElement', 'cargo:code': value, 'cargo:codeListName': listName });
/** Leaves out what is undefined, an empty string or an empty list: the data model has no empty values. */
function compact<T extends Record<string, unknown>>(node: T): T {
  return Object.fromEntries(
    Object.entries(node).filter(([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)),
  ) as T;
}

export function shipmentObjects(source: ShipmentSource, base: string): ShipmentObjects {
  const { shipmentId, waybill } = source;
  const objects = new Map<string, JsonLdNode>();
  const iri = (part: string) => logisticsObjectIri(base, `${shipmentId}-${part}`);
  const link = (part: string) => ({ '@id': iri(part) });
  const add = (part: string, type: string, properties: Record<string, unknown>) => {
    const node = nameEmbedded({ '@id': iri(part), '@type': type, ...compact(properties) } as JsonLdNode);
    objects.set(`${shipmentId}-${part}`, node);
    return { '@id': node['@id'] };
  };
  const partFor = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

  const airport = (code3: string) =>
    add(`location-${partFor(code3)}`, 'cargo:Location', {
      'cargo:locationCodes': [codeListElement(code3, 'IATA location code')],
      'cargo:locationType': 'Airport',
    });

  /** A party of the waybill (or a house): its company, that company's location with the address, and the Party embedded with its role. */
  const party = (part: string, role: string, from: CargoParty) => {
    const location = add(`${part}-location`, 'cargo:Location', {
      'cargo:address': compact({
        '@type': 'cargo:Address',
        'cargo:streetAddressLines': from.streetAddress.filter(Boolean),
        'cargo:cityName': from.place,
        'cargo:regionCode': from.stateProvince ? codeListElement(from.stateProvince, 'State or province') : undefined,
        'cargo:textualPostCode': from.postcode,
        'cargo:country': codeListElement(from.countryCode, 'ISO 3166-1 alpha-2'),
      }),
    });
    const company = add(part, 'cargo:Company', {
      'cargo:name': from.name,
      'cargo:basedAtLocation': location,
      'cargo:contactDetails': from.contacts.map((contact) => ({
        '@type': 'cargo:ContactDetail',
        'cargo:textualValue': contact.number,
        'cargo:contactDetailType': codeListElement(contact.type, 'Cargo-IMP contact identifier'),
      })),
    });
    return compact({
      '@type': 'cargo:Party',
      'cargo:partyRole': code('ParticipantIdentifier', role),
      'cargo:partyDetails': company,
      'cargo:accountNumbers': from.accountNumber ? [{ '@type': 'cargo:AccountNumber', 'cargo:textualValue': from.accountNumber }] : [],
    });
  };

  const parties = [party('shipper', 'SHP', waybill.shipper), party('consignee', 'CNE', waybill.consignee)];
  if (waybill.notify) parties.push(party('notify', 'NFY', waybill.notify));
  if (waybill.agent) {
    const agent = waybill.agent;
    const company = add('agent', 'cargo:Company', {
      'cargo:name': agent.name,
      'cargo:iataCargoAgentCode': agent.iataCode,
      'cargo:iataCargoAgentLocationIdentifier': agent.cassAddress,
      'cargo:basedAtLocation': add('agent-location', 'cargo:Location', { 'cargo:locationName': agent.place }),
    });
    parties.push(
      compact({
        '@type': 'cargo:Party',
        'cargo:partyRole': code('ParticipantIdentifier', 'AGT'),
        'cargo:partyDetails': company,
        'cargo:accountNumbers': agent.accountNumber ? [{ '@type': 'cargo:AccountNumber', 'cargo:textualValue': agent.accountNumber }] : [],
      }),
    );
  }

  const consignment = waybill.consignment;
  const origin = airport(consignment.origin);
  const destination = airport(consignment.destination);
  const pieceLinks = Array.from({ length: consignment.pieces }, (_, index) => link(`piece-${index + 1}`));
  const hsCodes = waybill.rateLines.flatMap((rate) => rate.goods.flatMap((item) => (item.kind === 'NH' ? [item.hsCode] : [])));
  const products = [...new Set(hsCodes)].map((hsCode, index) =>
    add(`product-${index + 1}`, 'cargo:Product', { 'cargo:hsCode': codeListElement(hsCode, 'Harmonized System') }),
  );
  // What every piece carries alike, made once: a shipment may have 9,999 pieces (the FWB's limit).
  const pieceProperties = compact({
    'cargo:ofShipment': link('shipment'),
    'cargo:specialHandlingCodes': knownCodes('SpecialHandlingCode', waybill.specialHandlingCodes),
    // An SPH code the list does not hold, as the handling instruction it is.
    'cargo:textualHandlingInstructions': unknownCodes('SpecialHandlingCode', waybill.specialHandlingCodes).join(' '),
    'cargo:contentProducts': products,
  });
  for (let index = 0; index < consignment.pieces; index++) {
    const part = `piece-${index + 1}`;
    objects.set(`${shipmentId}-${part}`, { '@id': iri(part), '@type': 'cargo:Piece', ...pieceProperties });
  }

  const security = securityDeclarationOf(waybill.customsInformation);
  const regulatedEntity = (entity: NonNullable<typeof security>['regulatedEntities'][number]) =>
    compact({
      '@type': 'cargo:RegulatedEntity',
      'cargo:regulatedEntityIdentifier': entity.identifier,
      'cargo:regulatedEntityCategory': knownCode('RegulatedEntityCategoryCode', entity.category),
    });
  const securityLink = security
    ? add('security', 'cargo:SecurityDeclaration', {
        'cargo:issuedForShipment': link('shipment'),
        'cargo:securityStatus': knownCode('SecurityStatus', security.securityStatus),
        'cargo:screeningMethods': knownCodes('ScreeningMethod', security.screeningMethods),
        'cargo:otherScreeningMethods': unknownCodes('ScreeningMethod', security.screeningMethods).join(' '),
        'cargo:groundsForExemption': knownCodes('ScreeningExemption', security.exemptions),
        'cargo:regulatedEntityIssuer': security.regulatedEntities.filter((entity) => entity.role === 'ISS').map(regulatedEntity)[0],
        'cargo:otherRegulatedEntities': security.regulatedEntities.filter((entity) => entity.role !== 'ISS').map(regulatedEntity),
        // SN names the person as written (a name or an employee number): kept whole as the last name.
        'cargo:issuedBy': security.signatory ? add('security-signatory', 'cargo:Person', { 'cargo:lastName': security.signatory }) : undefined,
        // SD: an ISO date and time when it was readable (securityDeclarationOf), in UTC as the e-CSD gives it.
        'cargo:issuedOn': security.issuedAt && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(security.issuedAt) ? `${security.issuedAt}:00Z` : undefined,
      })
    : undefined;

  const customs = customsObjects(waybill.customsInformation, (index, properties) =>
    add(`customs-${index + 1}`, 'cargo:CustomsInformation', { 'cargo:issuedForShipment': link('shipment'), ...properties }),
  );

  const goods = waybill.rateLines.flatMap((rate) => rate.goods.flatMap((item) => (item.kind === 'NG' || item.kind === 'NC' ? [item.text] : [])));
  add('shipment', 'cargo:Shipment', {
    'cargo:waybill': link('waybill'),
    'cargo:goodsDescription': goods.join(' '),
    'cargo:totalGrossWeight': weightValue(consignment.weight),
    'cargo:totalVolume': consignment.volume ? volumeValue(consignment.volume) : undefined,
    'cargo:pieces': pieceLinks,
    'cargo:involvedParties': parties,
    'cargo:textualHandlingInstructions': [...waybill.specialServiceRequests, ...waybill.otherServiceInformation].filter(Boolean),
    'cargo:securityDeclarations': securityLink ? [securityLink] : [],
    'cargo:customsInformation': customs,
  });

  // The booking: one transport movement per flight of the FLT line, from the routing's airports.
  const stops = [consignment.origin, ...waybill.routing.map((leg) => leg.airport)];
  if (stops.at(-1) !== consignment.destination) stops.push(consignment.destination);
  const movements = waybill.flights.map((flight, index) => {
    const from = stops[index] ?? consignment.origin;
    const to = stops[index + 1] ?? consignment.destination;
    const carrier = add(`carrier-${partFor(flight.carrier)}`, 'cargo:Carrier', { 'cargo:airlineCode': flight.carrier });
    return {
      '@type': 'cargo:ActivitySequence',
      'cargo:sequenceNumber': String(index + 1),
      'cargo:activity': add(`movement-${index + 1}`, 'cargo:TransportMovement', {
        'cargo:transportIdentifier': `${flight.carrier}${flight.flightNumber}`,
        'cargo:modeCode': code('ModeCode', 'AIR_TRANSPORT'),
        'cargo:departureLocation': from === consignment.origin ? origin : airport(from),
        'cargo:arrivalLocation': to === consignment.destination ? destination : airport(to),
        'cargo:operatingParties': [{ '@type': 'cargo:Party', 'cargo:partyRole': code('ParticipantIdentifier', 'AIR'), 'cargo:partyDetails': carrier }],
      }),
    };
  });
  const booking =
    movements.length > 0
      ? add('booking', 'cargo:Booking', {
          'cargo:issuedForWaybill': link('waybill'),
          'cargo:activitySequences': movements,
          'cargo:departureLocation': origin,
          'cargo:arrivalLocation': destination,
        })
      : undefined;

  const charges = waybill.chargeDeclarations;
  let firstPiece = 1;
  const lineItems = waybill.rateLines.map((rate, index) => {
    const pieces = rate.pieces ?? 0;
    const references = Array.from({ length: Math.max(0, Math.min(pieces, consignment.pieces - firstPiece + 1)) }, (_, offset) =>
      link(`piece-${firstPiece + offset}`),
    );
    firstPiece += references.length;
    return compact({
      '@type': 'cargo:WaybillLineItem',
      'cargo:lineItemNumber': index + 1,
      'cargo:rateClassCode': knownCode('RateClassCode', rate.rateClass),
      'cargo:rateGrossWeight': rate.grossWeight ? weightValue(rate.grossWeight) : undefined,
      'cargo:chargeableWeight':
        rate.chargeableWeight !== undefined
          ? weightValue({ unit: rate.grossWeight?.unit ?? consignment.weight.unit, value: rate.chargeableWeight })
          : undefined,
      'cargo:rateCharge': rate.rateOrCharge !== undefined ? money(rate.rateOrCharge, charges.currency) : undefined,
      'cargo:lineItemPackages': references.length > 0 ? [{ '@type': 'cargo:LineItemPackage', 'cargo:pieceReferences': references }] : [],
    });
  });

  const houses = (source.manifest?.houses ?? []).map((house, index) => houseWaybill(house, index + 1));

  add('waybill', 'cargo:Waybill', {
    'api:usesOrchestration': ORCHESTRATION_VERSION,
    'cargo:waybillType': { '@id': 'cargo:MASTER' },
    'cargo:waybillPrefix': consignment.awb.prefix,
    'cargo:waybillNumber': consignment.awb.suffix,
    'cargo:departureLocation': origin,
    'cargo:arrivalLocation': destination,
    'cargo:shipment': link('shipment'),
    'cargo:referredBookingOption': booking,
    'cargo:waybillLineItems': lineItems,
    'cargo:otherCharges': waybill.otherCharges.map((charge) =>
      compact({
        '@type': 'cargo:OtherCharge',
        'cargo:otherChargeCode': knownCode('OtherChargeCode', charge.chargeCode),
        // A charge code the list does not hold, as the charge's description.
        'cargo:reasonDescription': isCode('OtherChargeCode', charge.chargeCode) ? undefined : charge.chargeCode,
        'cargo:entitlement': code('EntitlementCode', charge.entitlement),
        'cargo:chargePaymentType': prepaidCollect(charge.prepaidCollect),
        'cargo:otherChargeAmount': money(charge.amount, charges.currency),
      }),
    ),
    'cargo:weightValuationIndicator': prepaidCollect(charges.weightValuation),
    'cargo:otherChargesIndicator': prepaidCollect(charges.otherCharges),
    'cargo:carrierChargeCode': knownCode('ChargeCode', charges.chargeCode),
    'cargo:declaredValueForCarriage': charges.carriageValue === 'NVD' ? undefined : money(charges.carriageValue, charges.currency),
    'cargo:declaredValueForCustoms': charges.customsValue === 'NCV' ? undefined : money(charges.customsValue, charges.currency),
    'cargo:accountingNotes': waybill.accounting.map((line) => ({
      '@type': 'cargo:AccountingNote',
      'cargo:accountingNoteIdentifier': line.identifier,
      'cargo:accountingNoteText': line.information,
    })),
    'cargo:consignorDeclarationSignature': waybill.certification,
    'cargo:carrierDeclarationSignature': waybill.execution.signature,
    'cargo:carrierDeclarationDate': `${waybill.execution.date}T00:00:00Z`,
    'cargo:carrierDeclarationPlace': add('execution-location', 'cargo:Location', { 'cargo:locationName': waybill.execution.place }),
    'cargo:shippingRefNo': waybill.reference?.fileReference,
    'cargo:houseWaybills': houses,
  });

  function houseWaybill(house: HouseWaybill, number: number) {
    const part = `house-${number}`;
    const houseParties = [
      ...(house.shipper ? [party(`${part}-shipper`, 'SHP', house.shipper)] : []),
      ...(house.consignee ? [party(`${part}-consignee`, 'CNE', house.consignee)] : []),
    ];
    add(`${part}-shipment`, 'cargo:Shipment', {
      'cargo:waybill': link(`${part}-waybill`),
      'cargo:goodsDescription': [house.manifestDescription, ...house.goodsDescription].filter(Boolean).join(' '),
      'cargo:totalGrossWeight': weightValue(house.weight),
      'cargo:involvedParties': houseParties,
      'cargo:customsInformation': customsObjects(house.customsInformation, (index, properties) =>
        add(`${part}-customs-${index + 1}`, 'cargo:CustomsInformation', { 'cargo:issuedForShipment': link(`${part}-shipment`), ...properties }),
      ),
    });
    return add(`${part}-waybill`, 'cargo:Waybill', {
      'api:usesOrchestration': ORCHESTRATION_VERSION,
      'cargo:waybillType': { '@id': 'cargo:HOUSE' },
      'cargo:waybillNumber': house.hawb.toUpperCase().replace(/[^A-Z0-9]/g, ''),
      'cargo:masterWaybill': link('waybill'),
      'cargo:departureLocation': house.origin === consignment.origin ? origin : airport(house.origin),
      'cargo:arrivalLocation': house.destination === consignment.destination ? destination : airport(house.destination),
      'cargo:shipment': link(`${part}-shipment`),
    });
  }

  return { waybillId: waybillObjectId(shipmentId), objects };
}

/**
 * Gives every object embedded in a derived logistics object (a Value, a Party, an Address) its embedded object id,
 * as API 2.3.0 requires ("Blank Nodes and Embedded Objects"), so that a change request can name it: the id of what
 * holds it, `#` (then `-`), the property's name, and for a property of several values the value's place, or the
 * party's role (`815-shipment#involvedParties-shp`, `815-shipment#totalGrossWeight`). They follow from the FWB's
 * structure, so a newer FWB keeps them.
 */
function nameEmbedded(node: JsonLdNode): JsonLdNode {
  const name = (value: unknown, id: string) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return;
    const inner = value as Record<string, unknown>;
    if (inner['@type'] === undefined || inner['@id'] !== undefined) return;
    inner['@id'] = id;
    within(inner, id, '-');
  };
  const within = (holder: Record<string, unknown>, id: string, separator: string) => {
    for (const [key, value] of Object.entries(holder)) {
      if (key.startsWith('@')) continue;
      const property = `${id}${separator}${key.slice(key.indexOf(':') + 1)}`;
      if (!Array.isArray(value)) name(value, property);
      else
        value.forEach((item, index) => {
          const role = (item as Record<string, { '@id'?: string } | undefined>)?.['cargo:partyRole']?.['@id'];
          name(item, `${property}-${role ? role.slice(role.lastIndexOf('#') + 1).toLowerCase() : index + 1}`);
        });
    }
  };
  within(node, node['@id'], '#');
  return node;
}

/** The OCI lines that are customs information (not the security declaration's), each as one CustomsInformation object. */
function customsObjects(lines: readonly CustomsInformation[], add: (index: number, properties: Record<string, unknown>) => { '@id': string }) {
  return customsEntriesOf(lines as CustomsInformation[])
    .filter((entry) => entry.informationIdentifier && !['ISS', 'OSS'].includes(entry.informationIdentifier))
    .map((entry, index) =>
      add(index, {
        'cargo:ociLineNumber': index + 1,
        'cargo:country': entry.countryCode ? codeListElement(entry.countryCode, 'ISO 3166-1 alpha-2') : undefined,
        'cargo:subjectCode': codeListElement(entry.informationIdentifier as string, 'Customs information identifier'),
        'cargo:contentCode': entry.customsInformationIdentifier
          ? codeListElement(entry.customsInformationIdentifier, 'Customs, security and regulatory control information identifier')
          : undefined,
        'cargo:otherCustomsInformation': entry.supplementaryInformation,
      }),
    );
}

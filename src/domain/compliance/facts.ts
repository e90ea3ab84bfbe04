import { formatAwbNumber } from '../awb';
import { customsEntriesOf } from '../cargoMessages/customs';
import type { AirWaybill, CargoParty, HouseManifest } from '../cargoMessages/model';

/**
 * What the rules engine knows of a shipment: read from its FWB (and the FHL of its houses), plus
 * the carrier it is evaluated for and the day. Everything the rule lists can test is here, in one
 * plain shape, so the engine never reads a message format.
 */

export type PartyRole = 'Shipper' | 'Consignee' | 'Notify' | 'Agent';

export interface PartyFacts {
  role: PartyRole;
  name: string;
  address: string;
  countryCode?: string;
  /** The house waybill the party belongs to; none for the master's parties. */
  hawb?: string;
}

export interface HouseFacts {
  hawb: string;
  origin: string;
  destination: string;
  goods: string[];
  hsCodes: string[];
  specialHandlingCodes: string[];
}

export interface ShipmentFacts {
  awb: string;
  /** The carrier the lists are kept for: the company id of the airline owning the AWB prefix. */
  carrierId: string;
  origin: string;
  destination: string;
  /** Airports the routing passes between origin and destination. */
  transit: string[];
  specialHandlingCodes: string[];
  /** Goods descriptions of the master (NG/NC lines), one text per rate line. */
  goods: string[];
  /** HS codes of the master and of every house. */
  hsCodes: string[];
  parties: PartyFacts[];
  /** The IATA agent code of the AGT line (7 digits), and its CASS address when given. */
  agentCode?: string;
  agentCassAddress?: string;
  /** The gross weight of the consignment in kilograms (pounds converted), and its pieces. */
  weightKg?: number;
  pieces?: number;
  /** The currency the AWB is charged in. */
  currency?: string;
  /** Export or import licence numbers given in OCI lines (customs information identifier LI). */
  licences: string[];
  houses: HouseFacts[];
  /** The day of evaluation, yyyy-mm-dd. */
  date: string;
}

function partyFacts(role: PartyRole, party: CargoParty | undefined, hawb?: string): PartyFacts[] {
  if (!party) return [];
  const address = [...party.streetAddress, party.place, party.stateProvince, party.postcode].filter(Boolean).join(', ');
  return [{ role, name: party.name, address, countryCode: party.countryCode, ...(hawb ? { hawb } : {}) }];
}

const POUND_KG = 0.45359237;

/** The customs information identifier that carries a licence number (OCI ///LI/EL123456). */
export const LICENCE_IDENTIFIER = 'LI';

/** The goods texts of a waybill (NG and NC lines), one per rate line that has any. */
export function goodsDescriptionsOf(waybill: AirWaybill): string[] {
  return waybill.rateLines.map((rate) => rate.goods.flatMap((item) => (item.kind === 'NG' || item.kind === 'NC' ? [item.text] : [])).join(' ')).filter(Boolean);
}

/** A customs entry that carries a licence number. */
export function isLicenceEntry(entry: { customsInformationIdentifier?: string; supplementaryInformation?: string }): boolean {
  return entry.customsInformationIdentifier === LICENCE_IDENTIFIER && Boolean(entry.supplementaryInformation);
}

export function factsFromWaybill(waybill: AirWaybill, manifest: HouseManifest | undefined, context: { carrierId: string; date: string }): ShipmentFacts {
  const goods = goodsDescriptionsOf(waybill);
  const masterHs = waybill.rateLines.flatMap((rate) => rate.goods.flatMap((item) => (item.kind === 'NH' ? [item.hsCode] : [])));
  const houses: HouseFacts[] = (manifest?.houses ?? []).map((house) => ({
    hawb: house.hawb,
    origin: house.origin,
    destination: house.destination,
    goods: [house.manifestDescription, ...house.goodsDescription].filter(Boolean),
    hsCodes: house.hsCodes,
    specialHandlingCodes: house.specialHandlingCodes,
  }));
  const stops = waybill.routing.map((leg) => leg.airport);
  const licences = [...waybill.customsInformation, ...(manifest?.houses ?? []).flatMap((house) => house.customsInformation)]
    .map((line) => customsEntriesOf([line])[0])
    .filter(isLicenceEntry)
    .map((entry) => entry.supplementaryInformation as string);
  return {
    awb: formatAwbNumber(waybill.consignment.awb),
    carrierId: context.carrierId,
    origin: waybill.consignment.origin,
    destination: waybill.consignment.destination,
    transit: stops.filter((airport) => airport !== waybill.consignment.destination),
    specialHandlingCodes: [...new Set(waybill.specialHandlingCodes)],
    goods,
    hsCodes: [...new Set([...masterHs, ...houses.flatMap((house) => house.hsCodes)])],
    parties: [
      ...partyFacts('Shipper', waybill.shipper),
      ...partyFacts('Consignee', waybill.consignee),
      ...partyFacts('Notify', waybill.notify),
      ...(waybill.agent ? [{ role: 'Agent' as const, name: waybill.agent.name, address: waybill.agent.place }] : []),
      ...(manifest?.houses ?? []).flatMap((house) => [
        ...partyFacts('Shipper', house.shipper, house.hawb),
        ...partyFacts('Consignee', house.consignee, house.hawb),
      ]),
    ],
    ...(waybill.agent?.iataCode ? { agentCode: waybill.agent.iataCode } : {}),
    ...(waybill.agent?.cassAddress ? { agentCassAddress: waybill.agent.cassAddress } : {}),
    weightKg: waybill.consignment.weight.unit === 'L' ? Math.round(waybill.consignment.weight.value * POUND_KG * 10) / 10 : waybill.consignment.weight.value,
    pieces: waybill.consignment.pieces,
    currency: waybill.chargeDeclarations.currency,
    licences,
    houses,
    date: context.date,
  };
}

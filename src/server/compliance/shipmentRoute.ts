import { locationCountry, type RuleLists } from '../../domain/compliance';
import type { RouteStop, ShipmentRoute } from '../../domain/outboundMessages';
import type { Party } from '../../domain/shipmentWire';
import type { Db } from '../db/database';
import type { FlightLeg } from '../db/schema';
import { carrierRules } from './carrierRules';

/**
 * A shipment's route with the country of each airport, as the rules engine finds it
 * (compliance/geography.ts): the carrier's Location Code List first; else, for the origin and the
 * destination, the shipper's and the consignee's address. A stop on the way that the list lacks has
 * no known country.
 */

export interface RoutedShipment {
  carrier_id: string | null;
  origin: string;
  destination: string;
  routing: unknown;
  shipper: unknown;
  consignee: unknown;
}

const NO_LISTS: RuleLists = {};

function legsOf(routing: unknown): FlightLeg[] {
  return Array.isArray(routing) ? (routing as FlightLeg[]).filter((leg) => leg && typeof leg === 'object') : [];
}

function partyCountry(party: unknown): string | undefined {
  const country = party && typeof party === 'object' ? (party as Partial<Party>).country : undefined;
  return typeof country === 'string' && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : undefined;
}

/** The airports a shipment stops at between origin and destination, in order, each once. */
export function transitAirports(shipment: Pick<RoutedShipment, 'origin' | 'destination' | 'routing'>): string[] {
  const stops = legsOf(shipment.routing).flatMap((leg) => [leg.from, leg.to]);
  const transit: string[] = [];
  for (const stop of stops) {
    const airport = typeof stop === 'string' ? stop.toUpperCase() : '';
    if (airport && airport !== shipment.origin && airport !== shipment.destination && !transit.includes(airport)) transit.push(airport);
  }
  return transit;
}

/**
 * The rule lists a shipment's route is read by: its carrier's, as the engine reads them (carrierRules
 * keeps them per carrier while they do not change); none for a shipment without a carrier.
 */
export async function routeLists(db: Db, carrierId: string | null): Promise<RuleLists> {
  return carrierId ? (await carrierRules(db, carrierId)).lists : NO_LISTS;
}

/** The route by `lists`, the carrier's (routeLists). */
export function shipmentRoute(lists: RuleLists, shipment: RoutedShipment): ShipmentRoute {
  const stop = (airport: string, fallback?: string): RouteStop => {
    const country = locationCountry(lists, airport) ?? fallback;
    return country ? { airport, country } : { airport };
  };
  return {
    origin: stop(shipment.origin, partyCountry(shipment.shipper)),
    transit: transitAirports(shipment).map((airport) => stop(airport)),
    destination: stop(shipment.destination, partyCountry(shipment.consignee)),
  };
}

import { sql } from 'kysely';
import type { RouteStop, ShipmentRoute } from '../../domain/outboundMessages';
import type { Party } from '../../domain/shipmentWire';
import type { Db } from '../db/database';
import type { FlightLeg } from '../db/schema';

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

/** Countries of the airports by the carrier's Location Code List (one query for all of them). */
async function listedCountries(db: Db, carrierId: string | null, airports: string[]): Promise<Map<string, string>> {
  const countries = new Map<string, string>();
  if (!carrierId || airports.length === 0) return countries;
  const rows = await db
    .selectFrom('rule_list_rows')
    .select([sql<string>`upper(row_values ->> 'airportCode')`.as('airport'), sql<string | null>`upper(row_values ->> 'countryCode')`.as('country')])
    .where('company_id', '=', carrierId)
    .where('list_name', '=', 'locationcodelist')
    .where(sql<string>`upper(row_values ->> 'airportCode')`, 'in', airports)
    .orderBy('row_id')
    .execute();
  for (const row of rows) if (row.country && !countries.has(row.airport)) countries.set(row.airport, row.country);
  return countries;
}

export async function shipmentRoute(db: Db, shipment: RoutedShipment): Promise<ShipmentRoute> {
  const transit = transitAirports(shipment);
  const listed = await listedCountries(db, shipment.carrier_id, [...new Set([shipment.origin, ...transit, shipment.destination])]);
  const stop = (airport: string, fallback?: string): RouteStop => {
    const country = listed.get(airport) ?? fallback;
    return country ? { airport, country } : { airport };
  };
  return {
    origin: stop(shipment.origin, partyCountry(shipment.shipper)),
    transit: transit.map((airport) => stop(airport)),
    destination: stop(shipment.destination, partyCountry(shipment.consignee)),
  };
}

import { formatMessage } from './statusCodes';

/**
 * Outbound messages (issue 6) as the server keeps them and the outbound screen filters and colours
 * them: the receivers, the states of a message, and which states the grid's Resend and Cancel take.
 */

export const OUTBOUND_TARGETS = ['ACAS', 'ACI', 'TERMINAL', 'CSS'] as const;
export type OutboundTarget = (typeof OUTBOUND_TARGETS)[number];

export const OUTBOUND_STATES = ['QUEUED', 'SENT', 'ACKNOWLEDGED', 'FAILED', 'CANCELLED'] as const;
export type OutboundState = (typeof OUTBOUND_STATES)[number];

/** Resend: failed, sent, acknowledged or cancelled messages go out again; Cancel: queued ones stop. */
export const OUTBOUND_ACTION_FROM: Record<'resend' | 'cancel', readonly OutboundState[]> = {
  resend: ['SENT', 'ACKNOWLEDGED', 'FAILED', 'CANCELLED'],
  cancel: ['QUEUED'],
};

/**
 * The customs systems among the receivers: each takes the data of shipments that land in its
 * country (at their destination or at a stop on the way), and of no others. Terminal and CSS take
 * any shipment.
 */
export const CUSTOMS_FILINGS: Partial<Record<OutboundTarget, { country: string; countryName: string }>> = {
  ACAS: { country: 'US', countryName: 'the United States' },
  ACI: { country: 'CA', countryName: 'Canada' },
};

/** An airport of a shipment's route with its country, when the Location Code List or the party's address tells it. */
export interface RouteStop {
  airport: string;
  country?: string;
}

/** Where a shipment leaves, stops on the way, and arrives. */
export interface ShipmentRoute {
  origin: RouteStop;
  transit: RouteStop[];
  destination: RouteStop;
}

export const OutboundRouteMessages = {
  notOnRoute: '{target} is only for shipments to or through {country}; this one goes {route}.',
  countryUnknown: 'The country of {airports} is not known (not in the Location Code List): {target} cannot tell whether the shipment lands in {country}.',
} as const;

/** The route as a person reads it: "DXB (AE) - PVG (CN)", an airport of unknown country with a question mark. */
export function routeText(route: ShipmentRoute): string {
  return [route.origin, ...route.transit, route.destination].map((stop) => `${stop.airport} (${stop.country ?? '?'})`).join(' - ');
}

/**
 * Why a message to `target` does not fit the shipment's route, or undefined when it does: ACAS
 * takes shipments that land in the United States, ACI those that land in Canada. A landing whose
 * country is unknown cannot prove the shipment lands there, so it is refused, naming the airports.
 */
export function outboundRouteRefusal(target: OutboundTarget, route: ShipmentRoute): { reason: 'notOnRoute' | 'countryUnknown'; message: string } | undefined {
  const filing = CUSTOMS_FILINGS[target];
  if (!filing) return undefined;
  const landings = [...route.transit, route.destination];
  if (landings.some((stop) => stop.country === filing.country)) return undefined;
  const unknown = landings.filter((stop) => stop.country === undefined).map((stop) => stop.airport);
  const values = { target, country: filing.countryName, route: routeText(route), airports: [...new Set(unknown)].join(', ') };
  if (unknown.length > 0) return { reason: 'countryUnknown', message: formatMessage(OutboundRouteMessages.countryUnknown, values) };
  return { reason: 'notOnRoute', message: formatMessage(OutboundRouteMessages.notOnRoute, values) };
}

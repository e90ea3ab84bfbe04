import { addDays, addHours, addMinutes, formatISO } from 'date-fns';
import { suffixWithCheckDigit } from '../../../domain/awb';
import type { FlightLeg, NewShipment, Party } from '../schema';

/**
 * A deterministic generator of realistic shipments: the same index always gives the same AWB and
 * content, so seeding is idempotent and the benchmark can build millions without repeats.
 */

const SHIPMENT_STATUSES = ['New', 'Error', 'Accept', 'Reject', 'Submit', 'Eyeball', 'Nothing', 'Processing'] as const;
// Weights: most shipments wait for a decision or are decided; every status appears.
const STATUS_WEIGHTS = [30, 8, 20, 8, 12, 10, 7, 5];

/** Airline prefixes and who owns them (the demo world's airlines). */
const PREFIXES = ['160', '297', '618', '020'];
const CARRIER_OF_PREFIX: Record<string, string> = { '160': 'DA', '297': 'DA', '618': 'SK', '020': 'SK' };

const AIRPORTS: { code: string; city: string; country: string }[] = [
  { code: 'HKG', city: 'HONG KONG', country: 'HK' },
  { code: 'SIN', city: 'SINGAPORE', country: 'SG' },
  { code: 'FRA', city: 'FRANKFURT', country: 'DE' },
  { code: 'AMS', city: 'AMSTERDAM', country: 'NL' },
  { code: 'LHR', city: 'LONDON', country: 'GB' },
  { code: 'JFK', city: 'NEW YORK', country: 'US' },
  { code: 'ORD', city: 'CHICAGO', country: 'US' },
  { code: 'DXB', city: 'DUBAI', country: 'AE' },
  { code: 'NRT', city: 'TOKYO', country: 'JP' },
  { code: 'PVG', city: 'SHANGHAI', country: 'CN' },
  { code: 'ICN', city: 'SEOUL', country: 'KR' },
  { code: 'SYD', city: 'SYDNEY', country: 'AU' },
  { code: 'DFW', city: 'DALLAS', country: 'US' },
  { code: 'BOM', city: 'MUMBAI', country: 'IN' },
];

const NAME_HEADS = ['PACIFIC', 'GLOBAL', 'ORIENT', 'NORDIC', 'ATLAS', 'HARBOUR', 'SUMMIT', 'EVEREST', 'MERIDIAN', 'DELTA', 'JADE', 'RHINE', 'CORAL', 'SILVERLINE', 'EASTWIND', 'PIONEER'];
const NAME_TRADES = ['ELECTRONICS', 'TEXTILES', 'PHARMA', 'AUTO PARTS', 'MACHINERY', 'FOODS', 'TRADING', 'INSTRUMENTS', 'APPAREL', 'COMPONENTS', 'SEAFOOD', 'MEDICAL'];
const NAME_SUFFIXES = ['CO LTD', 'GMBH', 'LLC', 'PTE LTD', 'BV', 'INC', 'LIMITED', 'KK'];
const STREETS = ['HARBOUR ROAD', 'INDUSTRIAL PARK', 'CARGO CITY SOUTH', 'AIRPORT BLVD', 'LOGISTICS AVE', 'TECH PARK', 'TRADE CENTRE', 'FREIGHT LANE'];
const GOODS: { description: string; shc: string[]; hs: string }[] = [
  { description: 'CONSOLIDATION AS PER ATTACHED MANIFEST', shc: ['EAW'], hs: '999999' },
  { description: 'ELECTRONIC COMPONENTS', shc: ['EAP'], hs: '854231' },
  { description: 'LITHIUM ION BATTERIES PACKED WITH EQUIPMENT', shc: ['ELI', 'EAP'], hs: '850760' },
  { description: 'PHARMACEUTICALS', shc: ['PIL', 'COL'], hs: '300490' },
  { description: 'FRESH SALMON', shc: ['PER', 'COL'], hs: '030214' },
  { description: 'AUTOMOTIVE SPARE PARTS', shc: ['EAW'], hs: '870899' },
  { description: 'GARMENTS', shc: [], hs: '620342' },
  { description: 'MACHINE PARTS', shc: ['HEA'], hs: '847990' },
  { description: 'DOCUMENTS', shc: ['COU'], hs: '490199' },
  { description: 'PERFUMES', shc: ['RFL'], hs: '330300' },
  { description: 'MEDICAL DEVICES', shc: ['EAP'], hs: '901890' },
  { description: 'FLOWERS', shc: ['PEF'], hs: '060311' },
];

const FORWARDERS: { companyId: string | null; name: string; iataCode: string }[] = [
  { companyId: 'DEMOFWD', name: 'DEMO FREIGHT FORWARDING LTD', iataCode: '3360525' },
  { companyId: 'FASTFWD', name: 'FAST FORWARDERS GMBH', iataCode: '2347110' },
  { companyId: null, name: 'INDEPENDENT CARGO AGENTS', iataCode: '1190044' },
];

/** mulberry32: a small, fast, seedable PRNG; one per shipment so each index is independent. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)];
}

function weighted<T>(next: () => number, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let roll = next() * total;
  for (let i = 0; i < items.length; i++) {
    roll -= weights[i];
    if (roll < 0) return items[i];
  }
  return items[items.length - 1];
}

function party(next: () => number, airport: { city: string; country: string }): Party {
  return {
    name: `${pick(next, NAME_HEADS)} ${pick(next, NAME_TRADES)} ${pick(next, NAME_SUFFIXES)}`,
    address: `${1 + Math.floor(next() * 980)} ${pick(next, STREETS)}`,
    city: airport.city,
    country: airport.country,
    postcode: String(10000 + Math.floor(next() * 89999)),
    phone: `+${10 + Math.floor(next() * 89)} ${100000000 + Math.floor(next() * 899999999)}`,
  };
}

export function generatedAwb(index: number): { prefix: string; suffix: string } {
  const prefix = PREFIXES[index % PREFIXES.length];
  const serial = 1_000_000 + Math.floor(index / PREFIXES.length) * 7 + (index % 5);
  return { prefix, suffix: suffixWithCheckDigit(serial) };
}

/** The shipment at `index`, dated relative to `today` (spread over the last 30 days and the next 3). */
export function generateShipment(index: number, today: Date): NewShipment {
  const next = random(index * 2654435761 + 17);
  const { prefix, suffix } = generatedAwb(index);
  const origin = pick(next, AIRPORTS);
  let destination = pick(next, AIRPORTS);
  if (destination.code === origin.code) destination = AIRPORTS[(AIRPORTS.indexOf(origin) + 3) % AIRPORTS.length];
  const goods = pick(next, GOODS);
  const forwarder = pick(next, FORWARDERS);
  const pieces = 1 + Math.floor(next() ** 2 * 120);
  const weight = Math.round((pieces * (2 + next() * 60)) * 10) / 10;
  const volume = Math.round(weight / (120 + next() * 200) * 1000) / 1000;
  const carrier = CARRIER_OF_PREFIX[prefix];
  const flightDate = addDays(today, Math.floor(next() * 33) - 30);
  const std = addMinutes(addHours(flightDate, 6 + Math.floor(next() * 16)), Math.floor(next() * 4) * 15);
  const messageDate = addHours(std, -(4 + Math.floor(next() * 60)));
  const viaHub = next() < 0.35 ? pick(next, AIRPORTS) : undefined;
  const legs: FlightLeg[] = [];
  const day = formatISO(flightDate, { representation: 'date' });
  if (viaHub && viaHub.code !== origin.code && viaHub.code !== destination.code) {
    legs.push({ carrier, flightNumber: `${carrier}${100 + Math.floor(next() * 800)}`, date: day, from: origin.code, to: viaHub.code });
    legs.push({ carrier, flightNumber: `${carrier}${100 + Math.floor(next() * 800)}`, date: formatISO(addDays(flightDate, 1), { representation: 'date' }), from: viaHub.code, to: destination.code });
  } else {
    legs.push({ carrier, flightNumber: `${carrier}${100 + Math.floor(next() * 800)}`, date: day, from: origin.code, to: destination.code });
  }
  const status = weighted(next, SHIPMENT_STATUSES, STATUS_WEIGHTS);
  const ratePerKg = Math.round((1.5 + next() * 6) * 100) / 100;
  const chargeable = Math.max(weight, Math.round(volume * 166.67 * 10) / 10);
  const shipper = party(next, origin);
  const consignee = party(next, destination);
  const hasNotify = next() < 0.3;
  return {
    awb_prefix: prefix,
    awb_suffix: suffix,
    status,
    origin: origin.code,
    destination: destination.code,
    pieces,
    weight_kg: weight.toFixed(1),
    volume_m3: volume.toFixed(3),
    goods_description: goods.description,
    special_handling_codes: goods.shc,
    shipper: JSON.stringify(shipper),
    consignee: JSON.stringify(consignee),
    notify: hasNotify ? JSON.stringify(party(next, destination)) : null,
    agent: JSON.stringify({ name: forwarder.name, address: '', city: origin.city, country: origin.country, iataCode: forwarder.iataCode }),
    agent_company_id: forwarder.companyId,
    routing: JSON.stringify(legs),
    detail: JSON.stringify({
      rate: { rateClass: 'Q', chargeableWeightKg: chargeable, rate: ratePerKg, total: Math.round(chargeable * ratePerKg * 100) / 100, currency: 'USD' },
      charges: { prepaidWeightCharge: Math.round(chargeable * ratePerKg * 100) / 100, otherChargesDueCarrier: Math.round(next() * 200 * 100) / 100, paymentMode: next() < 0.7 ? 'PP' : 'CC' },
      dimensions: [{ pieces, lengthCm: 40 + Math.floor(next() * 80), widthCm: 30 + Math.floor(next() * 60), heightCm: 20 + Math.floor(next() * 60) }],
      hsCodes: [goods.hs],
      declaration: { valueForCarriage: 'NVD', valueForCustoms: 'NCV', insurance: 'XXX' },
      licence: next() < 0.1 ? { number: `EL${100000 + Math.floor(next() * 899999)}`, type: 'EXPORT' } : null,
      customsDeclarations: [
        { countryCode: origin.country, customsId: 'SHP', informationId: 'T', otherCustomsInfo: `TAX${Math.floor(next() * 1e6)}`, supplementaryInfo: '' },
        { countryCode: destination.country, customsId: 'CNE', informationId: 'T', otherCustomsInfo: `TAX${Math.floor(next() * 1e6)}`, supplementaryInfo: '' },
      ],
      persons: [{ idOrLicense: `RA${10000 + Math.floor(next() * 89999)}`, name: `${pick(next, ['J', 'M', 'K', 'S'])}. ${pick(next, ['CHAN', 'MUELLER', 'SMITH', 'TAN', 'SATO', 'KIM'])}`, stationCode: origin.code, verifier: 'RA' }],
      security: { status: 'SPX', screeningMethod: pick(next, ['XRY', 'ETD', 'PHS']), regulatedAgent: forwarder.iataCode },
    }),
    flight_date: formatISO(flightDate, { representation: 'date' }),
    message_date: messageDate,
    std,
    update_dt: messageDate,
  };
}

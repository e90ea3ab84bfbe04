import { addDays, format } from 'date-fns';
import { suffixWithCheckDigit } from '../../../domain/awb';
import {
  writeFhl,
  writeFwb,
  type AirWaybill,
  type CargoParty,
  type CustomsInformation,
  type GoodsData,
  type HouseManifest,
  type HouseWaybill,
} from '../../../domain/cargoMessages';
import { LICENCE_IDENTIFIER } from '../../../domain/compliance';
import { pick, seededRandom as random } from '../../../domain/seededRandom';

/**
 * The demo world's shipments as the messages that bring them: a deterministic generator of
 * Cargo-IMP FWB (and, for consolidations, FHL) texts. The seed reads them with the same parser the
 * message API uses; the same index always gives the same messages, so seeding is idempotent and the
 * benchmark can make millions without repeats. A few shipments carry what the demo rule lists
 * react to (listed parties, embargoed routes, controlled goods, data errors), so every status and
 * every kind of finding appears.
 */

/** What happened to the shipment after its FWB, in the demo's history. */
export type SeedPlan = 'open' | 'Accept' | 'Reject' | 'Submit' | 'Nothing';
const PLANS: readonly SeedPlan[] = ['open', 'Accept', 'Reject', 'Submit', 'Nothing'];
const PLAN_WEIGHTS = [50, 20, 8, 14, 8];

export interface GeneratedShipment {
  index: number;
  fwb: string;
  fhl?: string;
  /** When the FWB arrived (the FHL five minutes later). */
  receivedAt: Date;
  std: Date;
  plan: SeedPlan;
  /** When an operator decided it (an open one: its receipt, as nobody did). */
  decidedAt: Date;
}

/** Airline prefixes and who owns them (the demo world's airlines), with their flight designators. */
const PREFIXES = ['160', '297', '618', '020'];
const CARRIER_OF_PREFIX: Record<string, string> = { '160': 'DA', '297': 'DA', '618': 'SK', '020': 'SK' };
/** The demo airline that owns each prefix. */
export const OWNER_OF_PREFIX: Record<string, string> = { '160': 'DEMOAIR', '297': 'DEMOAIR', '618': 'SKYAIR', '020': 'SKYAIR' };

export const AIRPORTS: readonly { code: string; city: string; country: string; currency: string }[] = [
  { code: 'HKG', city: 'HONG KONG', country: 'HK', currency: 'HKD' },
  { code: 'SIN', city: 'SINGAPORE', country: 'SG', currency: 'SGD' },
  { code: 'FRA', city: 'FRANKFURT', country: 'DE', currency: 'EUR' },
  { code: 'AMS', city: 'AMSTERDAM', country: 'NL', currency: 'EUR' },
  { code: 'LHR', city: 'LONDON', country: 'GB', currency: 'GBP' },
  { code: 'JFK', city: 'NEW YORK', country: 'US', currency: 'USD' },
  { code: 'ORD', city: 'CHICAGO', country: 'US', currency: 'USD' },
  { code: 'DXB', city: 'DUBAI', country: 'AE', currency: 'AED' },
  { code: 'NRT', city: 'TOKYO', country: 'JP', currency: 'JPY' },
  { code: 'PVG', city: 'SHANGHAI', country: 'CN', currency: 'CNY' },
  { code: 'ICN', city: 'SEOUL', country: 'KR', currency: 'KRW' },
  { code: 'SYD', city: 'SYDNEY', country: 'AU', currency: 'AUD' },
  { code: 'DFW', city: 'DALLAS', country: 'US', currency: 'USD' },
  { code: 'BOM', city: 'MUMBAI', country: 'IN', currency: 'INR' },
];
/** Destinations that the demo's country and location rules act on, used now and then. */
const RULED_DESTINATIONS: readonly { code: string; city: string; country: string }[] = [
  { code: 'SVO', city: 'MOSCOW', country: 'RU' },
  { code: 'IKA', city: 'TEHRAN', country: 'IR' },
  { code: 'KBL', city: 'KABUL', country: 'AF' },
  { code: 'LAX', city: 'LOS ANGELES', country: 'US' },
];

const NAME_HEADS = [
  'PACIFIC',
  'GLOBAL',
  'ORIENT',
  'NORDIC',
  'ATLAS',
  'HARBOUR',
  'SUMMIT',
  'EVEREST',
  'MERIDIAN',
  'DELTA',
  'JADE',
  'RHINE',
  'CORAL',
  'SILVERLINE',
  'EASTWIND',
  'PIONEER',
];
const NAME_TRADES = [
  'ELECTRONICS',
  'TEXTILES',
  'PHARMA',
  'AUTO PARTS',
  'MACHINERY',
  'FOODS',
  'TRADING',
  'INSTRUMENTS',
  'APPAREL',
  'COMPONENTS',
  'SEAFOOD',
  'MEDICAL',
];
const NAME_SUFFIXES = ['CO LTD', 'GMBH', 'LLC', 'PTE LTD', 'BV', 'INC', 'LIMITED', 'KK'];
const STREETS = ['HARBOUR ROAD', 'INDUSTRIAL PARK', 'CARGO CITY SOUTH', 'AIRPORT BLVD', 'LOGISTICS AVE', 'TECH PARK', 'TRADE CENTRE', 'FREIGHT LANE'];
const GOODS: readonly { description: string; shc: string[]; hs: string }[] = [
  { description: 'CONSOLIDATION AS PER ATTACHED MANIFEST', shc: ['EAW'], hs: '' },
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
  { description: 'LIVE ANIMALS', shc: ['AVI'], hs: '010619' },
];
/** Parties the demo sanction lists name (internal entries and early SDN entries), written as a shipper would. */
const LISTED_PARTIES = [
  'GLOBAL STAR GENERAL TRADING LLC',
  'ORIENT EXPRESS LOGISTICS',
  'KOMID TRADING OFFICE',
  'GALAX TRADING CO LTD',
  'CUBAFRUTAS SA',
  'ETCO INTERNATIONAL COMMODITIES LTD',
  'CIMEX IBERICA SL',
];

/** The agents of the demo AWBs; the demo IATA Agent Code List ties the first three to portal forwarders. */
const FORWARDERS: readonly { name: string; iataCode: string; cass?: string; companyId: string | null }[] = [
  { name: 'DEMO FREIGHT FORWARDING LTD', iataCode: '3347001', companyId: 'DEMOFWD' },
  { name: 'FAST FORWARDERS GMBH', iataCode: '2347512', companyId: 'FASTFWD' },
  { name: 'DEMO FREIGHT FORWARDING KOWLOON', iataCode: '3347002', cass: '0001', companyId: 'DEMOFWD' },
  { name: 'INDEPENDENT CARGO AGENTS', iataCode: '1190044', companyId: null },
];

/** The portal forwarder acting for a demo agent code, as the demo IATA Agent Code List says. */
export function demoAgentCompany(iataCode: string | undefined): string | null {
  return FORWARDERS.find((forwarder) => forwarder.iataCode === iataCode)?.companyId ?? null;
}

function weighted<T>(next: () => number, items: readonly T[], weights: readonly number[]): T {
  let roll = next() * weights.reduce((sum, weight) => sum + weight, 0);
  for (let i = 0; i < items.length; i++) {
    roll -= weights[i];
    if (roll < 0) return items[i];
  }
  return items[items.length - 1];
}

export function generatedAwb(index: number): { prefix: string; suffix: string } {
  const prefix = PREFIXES[index % PREFIXES.length];
  const serial = 1_000_000 + Math.floor(index / PREFIXES.length) * 7 + (index % 5);
  return { prefix, suffix: suffixWithCheckDigit(serial) };
}

function companyName(next: () => number): string {
  return `${pick(next, NAME_HEADS)} ${pick(next, NAME_TRADES)} ${pick(next, NAME_SUFFIXES)}`;
}

function party(next: () => number, airport: { city: string; country: string }, name = companyName(next)): CargoParty {
  return {
    name,
    streetAddress: [`${1 + Math.floor(next() * 980)} ${pick(next, STREETS)}`],
    place: airport.city,
    countryCode: airport.country,
    postcode: String(10000 + Math.floor(next() * 89999)),
    contacts: [{ type: 'TE', number: `${10 + Math.floor(next() * 89)}${100000000 + Math.floor(next() * 899999999)}` }],
  };
}

/** Splits a description into Cargo-IMP goods lines of at most 20 characters, at spaces (NC for a consolidation). */
function goodsLines(description: string): GoodsData[] {
  const kind = description.startsWith('CONSOLIDATION') ? 'NC' : 'NG';
  const lines: string[] = [];
  for (const word of description.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= 20) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word.slice(0, 20));
  }
  return lines.map((text) => ({ kind, text }));
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

function securityLines(next: () => number, agent: { iataCode: string }, country: string, at: Date): CustomsInformation[] {
  return [
    { countryCode: country, informationIdentifier: 'ISS', customsInformationIdentifier: 'RA', supplementaryInformation: `${country}RA${agent.iataCode}` },
    { customsInformationIdentifier: 'ED', supplementaryInformation: format(addDays(at, 400), 'MMyy') },
    { customsInformationIdentifier: 'SS', supplementaryInformation: 'SPX' },
    { customsInformationIdentifier: 'SM', supplementaryInformation: pick(next, ['XRY', 'ETD', 'PHS', 'EDD']) },
    {
      customsInformationIdentifier: 'SN',
      supplementaryInformation: `${pick(next, ['J', 'M', 'K', 'S'])} ${pick(next, ['CHAN', 'MUELLER', 'SMITH', 'TAN', 'SATO', 'KIM'])}`,
    },
    { customsInformationIdentifier: 'SD', supplementaryInformation: format(at, 'ddMMMyyHHmm').toUpperCase() },
  ];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When the shipment flies, when its FWB came and when it was decided, as a terminal sees them at
 * `now` (the moment the world is seeded), from the shipment's own draws (each in [0, 1)). An open
 * shipment flies ahead: later today or in the next four days, a few left from the last five hours;
 * a decided one mostly flew in the last 30 days, some fly in the next two and a half. Nothing is
 * after `now` (the FWB, the FHL and the evaluation up to 20 minutes after it are at least half an
 * hour old), and a decision, with the terminal message and its acknowledgement up to 15 minutes
 * after it, is at least 20 minutes old and 45 minutes before its flight.
 */
function timesOf(
  now: Date,
  open: boolean,
  draws: { flight: number; late: number; lead: number; gap: number },
): { std: Date; receivedAt: Date; decidedAt: Date } {
  const base = Math.floor(now.getTime() / MINUTE) * MINUTE;
  const endOfDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const u = draws.flight;
  let flies: number;
  if (open) {
    if (u < 0.08) flies = base - (u / 0.08) * 5 * HOUR;
    else if (u < 0.35) flies = base + ((u - 0.08) / 0.27) * Math.max(endOfDay - base, 2 * HOUR);
    else flies = endOfDay + ((u - 0.35) / 0.65) * 4 * DAY;
  } else {
    flies = u < 0.75 ? base - HOUR - (u / 0.75) * 30 * DAY : base - HOUR + ((u - 0.75) / 0.25) * 2.5 * DAY;
  }
  const std = Math.floor(flies / (5 * MINUTE)) * 5 * MINUTE;
  // The FWB comes 4 to 64 hours before the flight; had that been after `now`, it came in the last day (the last hours, for a decided one).
  const earlier = (latest: number, spanMinutes: number) => latest - Math.floor(draws.late * spanMinutes) * MINUTE;
  let received = std - (4 * 60 + Math.floor(draws.lead * 60 * 60)) * MINUTE;
  if (open) {
    if (received > base - 30 * MINUTE) received = earlier(base - 30 * MINUTE, 23 * 60);
    return { std: new Date(std), receivedAt: new Date(received), decidedAt: new Date(received) };
  }
  const latest = Math.min(std - 45 * MINUTE, base - 20 * MINUTE);
  if (received > latest - 40 * MINUTE) received = earlier(latest - 40 * MINUTE, 240);
  const decided = Math.min(received + (30 + Math.floor(draws.gap * 300)) * MINUTE, latest);
  return { std: new Date(std), receivedAt: new Date(received), decidedAt: new Date(decided) };
}

const isoDate = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The shipment at `index`, dated relative to `now` (timesOf); the same index and `now` always give
 * the same messages. `plan` overrides the drawn one (the seed leaves open, and dates as open, a
 * shipment the rules do not let it accept), with every other draw as it was.
 */
export function generateShipmentMessages(index: number, now: Date, plan?: SeedPlan): GeneratedShipment {
  const next = random(index * 2654435761 + 17);
  const awb = generatedAwb(index);
  const origin = pick(next, AIRPORTS);
  let destination: { code: string; city: string; country: string } = pick(next, AIRPORTS);
  if (destination.code === origin.code) destination = AIRPORTS[(AIRPORTS.indexOf(origin) + 3) % AIRPORTS.length];
  // About one shipment in twenty-five flies where the demo's country or location rules speak.
  const ruled = next() < 0.04;
  if (ruled) destination = pick(next, RULED_DESTINATIONS);
  const goods = pick(next, GOODS);
  const forwarder = pick(next, FORWARDERS);
  const pieces = 1 + Math.floor(next() ** 2 * 120);
  const weight = round(pieces * (2 + next() * 60), 1);
  const volume = round(weight / (120 + next() * 200), 2) || 0.01;
  const carrier = CARRIER_OF_PREFIX[awb.prefix];
  // The dates' draws where they always were (the third is no longer used), so the rest of the shipment stays as it was; the dates follow from the plan.
  const flightDraw = next();
  const lateDraw = next();
  next();
  const leadDraw = next();
  const viaHub = next() < 0.35 ? pick(next, AIRPORTS) : undefined;
  const hub = viaHub && viaHub.code !== origin.code && viaHub.code !== destination.code ? viaHub : undefined;
  const drawnPlan = weighted(next, PLANS, PLAN_WEIGHTS);
  const gapDraw = next();
  const chosenPlan = plan ?? drawnPlan;
  const { std, receivedAt, decidedAt } = timesOf(now, chosenPlan === 'open', { flight: flightDraw, late: lateDraw, lead: leadDraw, gap: gapDraw });

  // What the demo lists react to, now and then.
  const roll = next();
  const listedParty = roll < 0.03 ? pick(next, LISTED_PARTIES) : undefined;
  const missingHs = roll >= 0.03 && roll < 0.05;
  const cash = roll >= 0.05 && roll < 0.06;
  const toOrder = roll >= 0.06 && roll < 0.07;
  const licence = next() < 0.1;
  const description = cash ? 'BANK NOTES AND CASH' : goods.description;
  const hsCode = missingHs ? '000000' : goods.hs;

  const shipper = party(next, origin, listedParty && next() < 0.5 ? listedParty : undefined);
  const consignee = party(next, destination, listedParty && shipper.name !== listedParty ? listedParty : toOrder ? 'TO ORDER OF THE SHIPPER' : undefined);
  const chargeable = Math.max(weight, round(volume * 166.67, 1));
  const ratePerKg = round(1.5 + next() * 6, 2);
  const total = round(chargeable * ratePerKg, 2);
  const otherCarrier = round(next() * 200, 2);
  const currency = next() < 0.8 ? 'USD' : origin.currency;
  const collect = next() >= 0.7;
  const executed = isoDate(receivedAt);
  const stops = hub ? [hub.code, destination.code] : [destination.code];
  const flightNumber = () => String(100 + Math.floor(next() * 800));
  // The flight day is the STD's (UTC) day; a second leg flies the next day.
  const firstDay = std.getUTCDate();

  const waybill: AirWaybill = {
    version: 16,
    consignment: {
      awb,
      origin: origin.code,
      destination: destination.code,
      shipmentDescriptionCode: 'T',
      pieces,
      weight: { unit: 'K', value: weight },
      volume: { unit: 'MC', value: volume },
    },
    flights: stops.map((_, leg) => ({ carrier, flightNumber: flightNumber(), day: leg === 0 ? firstDay : addDays(std, 1).getUTCDate() })),
    routing: stops.map((airport) => ({ airport, carrier })),
    shipper,
    consignee,
    agent: { iataCode: forwarder.iataCode, ...(forwarder.cass ? { cassAddress: forwarder.cass } : {}), name: forwarder.name, place: origin.city.slice(0, 17) },
    specialServiceRequests: [],
    ...(next() < 0.3 || toOrder ? { notify: party(next, destination) } : {}),
    accounting: [{ identifier: 'GEN', information: collect ? 'FREIGHT COLLECT' : 'FREIGHT PREPAID' }],
    chargeDeclarations: {
      currency,
      chargeCode: collect ? 'CC' : 'PP',
      weightValuation: collect ? 'C' : 'P',
      otherCharges: collect ? 'C' : 'P',
      carriageValue: 'NVD',
      customsValue: 'NCV',
      insuranceAmount: 'XXX',
    },
    rateLines: [
      {
        pieces,
        grossWeight: { unit: 'K', value: weight },
        rateClass: 'Q',
        chargeableWeight: chargeable,
        rateOrCharge: ratePerKg,
        total,
        goods: [
          ...goodsLines(description),
          {
            kind: 'ND',
            weight: { unit: 'K', value: weight },
            dimensions: {
              unit: 'CMT',
              length: 40 + Math.floor(next() * 80),
              width: 30 + Math.floor(next() * 60),
              height: 20 + Math.floor(next() * 60),
              pieces,
            },
          },
          ...(hsCode ? [{ kind: 'NH' as const, hsCode }] : []),
        ],
      },
    ],
    otherCharges: otherCarrier > 0 ? [{ prepaidCollect: collect ? 'C' : 'P', chargeCode: 'MY', entitlement: 'C', amount: otherCarrier }] : [],
    ...(collect
      ? { collectSummary: { weightCharge: total, totalOtherChargesDueCarrier: otherCarrier, total: round(total + otherCarrier, 2) } }
      : { prepaidSummary: { weightCharge: total, totalOtherChargesDueCarrier: otherCarrier, total: round(total + otherCarrier, 2) } }),
    certification: pick(next, ['J SMITH', 'M CHAN', 'K MUELLER', 'S TAN']),
    execution: { date: executed, place: origin.city.slice(0, 17), signature: 'ISSUED BY CARRIER' },
    otherServiceInformation: [],
    specialHandlingCodes: goods.shc,
    customsInformation: [
      ...securityLines(next, forwarder, origin.country, receivedAt),
      {
        countryCode: origin.country,
        informationIdentifier: 'SHP',
        customsInformationIdentifier: 'T',
        supplementaryInformation: `TAX${Math.floor(next() * 1e6)}`,
      },
      {
        countryCode: destination.country,
        informationIdentifier: 'CNE',
        customsInformationIdentifier: 'T',
        supplementaryInformation: `TAX${Math.floor(next() * 1e6)}`,
      },
      ...(licence
        ? [
            {
              countryCode: origin.country,
              informationIdentifier: 'EXP',
              customsInformationIdentifier: LICENCE_IDENTIFIER,
              supplementaryInformation: `EL${100000 + Math.floor(next() * 899999)}`,
            },
          ]
        : []),
    ],
    otherSegments: [],
  };
  const fwb = writeFwb(waybill);
  if (!fwb.ok) throw new Error(`The generated FWB ${awb.prefix}-${awb.suffix} cannot be written: ${JSON.stringify(fwb.faults)}`);

  let fhl: string | undefined;
  if (goods.description.startsWith('CONSOLIDATION')) {
    const houses: HouseWaybill[] = Array.from({ length: 2 + Math.floor(next() * 4) }, (_, house) => {
      const item = pick(
        next,
        GOODS.filter((candidate) => !candidate.description.startsWith('CONSOLIDATION') && candidate.hs !== ''),
      );
      const housePieces = 1 + Math.floor(next() * 20);
      return {
        hawb: `H${String(index).padStart(7, '0')}${house + 1}`.slice(-12),
        origin: origin.code,
        destination: destination.code,
        pieces: housePieces,
        weight: { unit: 'K', value: round(5 + next() * 400, 1) },
        slac: housePieces,
        manifestDescription: item.description.slice(0, 15).trim(),
        specialHandlingCodes: item.shc,
        goodsDescription: [item.description],
        hsCodes: [item.hs],
        customsInformation: [],
        shipper: party(next, origin),
        consignee: party(next, destination),
      };
    });
    const manifest: HouseManifest = { version: 4, master: waybill.consignment, houses };
    const written = writeFhl(manifest);
    if (!written.ok) throw new Error(`The generated FHL ${awb.prefix}-${awb.suffix} cannot be written: ${JSON.stringify(written.faults)}`);
    fhl = written.text;
  }
  return { index, fwb: fwb.text, ...(fhl ? { fhl } : {}), receivedAt, std, plan: chosenPlan, decidedAt };
}

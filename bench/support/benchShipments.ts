import { suffixWithCheckDigit } from '../../src/domain/awb';
import type { AirWaybill, CargoParty } from '../../src/domain/cargoMessages';
import { applyVariant } from '../../src/domain/screening/evaluation/nameVariants';
import { pick, seededRandom } from '../../src/domain/seededRandom';
import { holdsListedName, listedWordSets, type SanctionListEntry } from '../../src/domain/screening';
import { literalOfMatchingValue } from '../../src/domain/wildcard';

/**
 * Realistic air waybills for the screening benchmark, the same for the same index: forwarders,
 * manufacturers and traders of the usual air-cargo lanes, with addresses and goods, and now and
 * then (about 2 in 100) a party that is a listed name written a little differently. Generated
 * company names that hold a whole listed name (AL BARAKA TRADING holds BARAKA TRADING COMPANY) are
 * drawn again: they are hits, not clean names. Planted names are Default-matched listed names
 * (vessels and aircraft are matched Exact, as listed) that fit a party name line (35 characters).
 */

const CITIES: { place: string; country: string; airport: string; streets: string[] }[] = [
  { place: 'HONG KONG', country: 'HK', airport: 'HKG', streets: ['12 HARBOUR ROAD WANCHAI', '88 QUEENSWAY ADMIRALTY', '3 CHEUNG YUE STREET'] },
  { place: 'SHENZHEN', country: 'CN', airport: 'SZX', streets: ['BAOAN AVENUE 1088', 'NANSHAN TECH PARK BLDG 5'] },
  { place: 'SHANGHAI', country: 'CN', airport: 'PVG', streets: ['288 NANJING ROAD WEST', 'PUDONG AIRPORT CARGO AREA'] },
  { place: 'SINGAPORE', country: 'SG', airport: 'SIN', streets: ['1 CHANGI NORTH STREET', '30 TUAS AVENUE 8'] },
  { place: 'FRANKFURT', country: 'DE', airport: 'FRA', streets: ['CARGO CITY SOUTH BLDG 556', 'HANAUER LANDSTRASSE 220'] },
  { place: 'AMSTERDAM', country: 'NL', airport: 'AMS', streets: ['PELIKAANWEG 2', 'STRAWINSKYLAAN 1001'] },
  { place: 'LONDON', country: 'GB', airport: 'LHR', streets: ['SHOREHAM ROAD EAST', '45 BISHOPSGATE'] },
  { place: 'NEW YORK', country: 'US', airport: 'JFK', streets: ['147-29 182ND STREET', '350 FIFTH AVENUE'] },
  { place: 'CHICAGO', country: 'US', airport: 'ORD', streets: ['800 W TOUHY AVE', '233 S WACKER DR'] },
  { place: 'DUBAI', country: 'AE', airport: 'DXB', streets: ['JEBEL ALI FREE ZONE LOB 15', 'SHEIKH ZAYED ROAD TOWER 2'] },
  { place: 'TOKYO', country: 'JP', airport: 'NRT', streets: ['2-1 MARUNOUCHI CHIYODA-KU', 'NARITA CARGO BLDG 7'] },
  { place: 'SEOUL', country: 'KR', airport: 'ICN', streets: ['272 GONGHANG-RO', '152 TEHERAN-RO GANGNAM-GU'] },
  { place: 'MUMBAI', country: 'IN', airport: 'BOM', streets: ['ANDHERI EAST SAHAR ROAD', 'NARIMAN POINT MAKER CHAMBERS'] },
  { place: 'ISTANBUL', country: 'TR', airport: 'IST', streets: ['TAYAKADIN MAH NURI DEMIRAG CAD', 'BUYUKDERE CAD NO 185'] },
  { place: 'SAO PAULO', country: 'BR', airport: 'GRU', streets: ['AV PAULISTA 1842', 'RODOVIA HELIO SMIDT'] },
  { place: 'NAIROBI', country: 'KE', airport: 'NBO', streets: ['AIRPORT NORTH ROAD', 'MOMBASA ROAD PLOT 12'] },
];

const HEADS = [
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
  'GOLDEN GATE',
  'SUNRISE',
  'KESTREL',
  'HORIZON',
  'LOTUS',
  'SAPPHIRE',
  'FALCON',
  'AL BARAKA',
  'DAR AL SALAM',
  'BLUE RIVER',
];
const TRADES = [
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
  'LOGISTICS',
  'CHEMICALS',
  'TELECOM',
];
const FORMS = ['CO LTD', 'GMBH', 'LLC', 'PTE LTD', 'BV', 'INC', 'LIMITED', 'KK', 'FZE', 'PVT LTD'];
const AGENTS = ['SEKO WORLDWIDE', 'DEMO FREIGHT FORWARDING', 'FAST FORWARDERS', 'KUEHNE CARGO SERVICES', 'BLUE SKY LOGISTICS', 'EXPEDITORS AIR CARGO'];
const GOODS = [
  'CONSOLIDATION AS PER ATTACHED MANIFEST',
  'ELECTRONIC COMPONENTS',
  'LITHIUM ION BATTERIES PACKED WITH EQUIPMENT',
  'PHARMACEUTICALS',
  'FRESH SALMON',
  'AUTOMOTIVE SPARE PARTS',
  'GARMENTS',
  'MACHINE PARTS',
  'PRINTED DOCUMENTS',
  'PERFUMES',
  'MEDICAL DEVICES',
  'CUT FLOWERS',
];

type Random = () => number;

function party(random: Random, name: string): CargoParty {
  const city = pick(random, CITIES);
  return {
    name: name.slice(0, 35).trim(),
    streetAddress: [pick(random, city.streets)],
    place: city.place,
    countryCode: city.country,
    postcode: String(10000 + Math.floor(random() * 89999)),
    contacts: [{ type: 'TE', number: String(100000000 + Math.floor(random() * 899999999)) }],
  };
}

const NAME_LINE = 35;

/** What the generator needs of a list, worked out once per list. */
interface ListMaterial {
  wordSets: Set<string>;
  plantable: SanctionListEntry[];
}
const materials = new WeakMap<readonly SanctionListEntry[], ListMaterial>();
function materialOf(listed: readonly SanctionListEntry[]): ListMaterial {
  let material = materials.get(listed);
  if (!material) {
    material = {
      wordSets: listedWordSets(listed),
      plantable: listed.filter((entry) => entry.matchingMethod === 'Default' && (literalOfMatchingValue(entry.name) ?? entry.name).length <= NAME_LINE - 5),
    };
    materials.set(listed, material);
  }
  return material;
}

function companyName(random: Random, material: ListMaterial): string {
  for (;;) {
    const name = `${pick(random, HEADS)} ${pick(random, TRADES)} ${pick(random, FORMS)}`;
    if (!holdsListedName(name, material.wordSets)) return name;
  }
}

/** A listed name written a little differently, in Cargo-IMP characters. */
function listedVariant(random: Random, material: ListMaterial): string | undefined {
  const entry = pick(random, material.plantable);
  const name = literalOfMatchingValue(entry.name) ?? entry.name;
  const variant = applyVariant(pick(random, ['typo', 'word-order', 'suffix', 'punctuation'] as const), name, random, entry.partyType === 'Entity') ?? name;
  const text = variant
    .toUpperCase()
    .replace(/[^A-Z0-9 .,\-()'&]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length >= 3 && text.length <= NAME_LINE ? text : undefined;
}

/** The waybill at `index`; `planted` says whether one of its parties is a listed name written differently, `plantedName` which. */
export function benchWaybill(index: number, listed: readonly SanctionListEntry[]): { waybill: AirWaybill; planted: boolean; plantedName?: string } {
  const random = seededRandom(index * 2_654_435_761 + 97);
  const material = materialOf(listed);
  const planted = random() < 0.02 ? listedVariant(random, material) : undefined;
  const plantedRole = Math.floor(random() * 3);
  const name = (role: number) => (planted && plantedRole === role ? planted : companyName(random, material));
  const shipper = party(random, name(0));
  const consignee = party(random, name(1));
  const origin = pick(random, CITIES);
  let destination = pick(random, CITIES);
  if (destination.airport === origin.airport) destination = CITIES[(CITIES.indexOf(origin) + 5) % CITIES.length];
  const pieces = 1 + Math.floor(random() * 40);
  const weight = Math.round(pieces * (3 + random() * 50) * 10) / 10;
  const goods = pick(random, GOODS);
  const words = goods.split(' ');
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 20) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word.slice(0, 20));
  }
  const waybill: AirWaybill = {
    version: 16,
    consignment: {
      awb: { prefix: '160', suffix: suffixWithCheckDigit(1_000_000 + index) },
      origin: origin.airport,
      destination: destination.airport,
      shipmentDescriptionCode: 'T',
      pieces,
      weight: { unit: 'K', value: weight },
    },
    flights: [{ carrier: 'DA', flightNumber: String(100 + (index % 800)), day: 1 + (index % 28) }],
    routing: [{ airport: destination.airport, carrier: 'DA' }],
    shipper,
    consignee,
    agent: { iataCode: String(1_000_000 + Math.floor(random() * 8_999_999)), name: pick(random, AGENTS), place: origin.place },
    specialServiceRequests: [],
    ...(random() < 0.3 || (planted && plantedRole === 2) ? { notify: party(random, name(2)) } : {}),
    accounting: [],
    chargeDeclarations: {
      currency: 'USD',
      chargeCode: 'PP',
      weightValuation: 'P',
      otherCharges: 'P',
      carriageValue: 'NVD',
      customsValue: 'NCV',
      insuranceAmount: 'XXX',
    },
    rateLines: [
      {
        pieces,
        grossWeight: { unit: 'K', value: weight },
        rateClass: 'Q',
        chargeableWeight: weight,
        rateOrCharge: 3.5,
        total: Math.round(weight * 350) / 100,
        goods: lines.map((text) => ({ kind: 'NG' as const, text })),
      },
    ],
    otherCharges: [],
    execution: { date: '2025-03-01', place: origin.place },
    otherServiceInformation: [],
    specialHandlingCodes: ['EAW'],
    customsInformation: [],
    otherSegments: [],
  };
  return { waybill, planted: planted !== undefined, ...(planted !== undefined ? { plantedName: planted.slice(0, NAME_LINE).trim() } : {}) };
}

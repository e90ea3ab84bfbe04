import { isGenericWord } from '../genericWords';
import { normaliseName } from '../nameNormalisation';
import { foldText } from '../textFolding';
import { pick } from '../../seededRandom';

/**
 * Names of parties that are not on the list: ordinary trading companies and people of the kinds
 * that ship air cargo, and near misses — a listed name with one of its distinctive words replaced,
 * a listed company's generic trade words under another company's distinctive words (PIONEER
 * MACHINES for POWER MACHINES), a listed person's given names with another surname — which a good
 * matcher must not take for the listed party.
 */

type Random = () => number;

const COMPANY_HEADS = [
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
  'BLUE RIVER',
  'SUNRISE',
  'NOVA',
  'KESTREL',
  'ALPINE',
  'BALTIC',
  'CASPIAN SEA',
  'DESERT ROSE',
  'EMERALD',
  'FALCON',
  'GRANITE',
  'HORIZON',
  'IRONBRIDGE',
  'JUPITER',
  'LOTUS',
  'MAPLE LEAF',
  'NILE VALLEY',
  'OASIS',
  'PEARL',
  'QUANTUM',
  'REDWOOD',
  'SAPPHIRE',
  'TIGER',
  'UNITED',
  'VISTA',
  'WILLOW',
  'ZENITH',
  'AL BARAKA',
  'AL FAJR',
  'DAR AL SALAM',
  'SHENZHEN BRIGHT',
  'NINGBO OCEAN',
  'MUMBAI',
  'KARACHI STAR',
  'DUBAI GATEWAY',
  'ISTANBUL',
  'LAGOS',
  'SAO PAULO',
  'HANSEATIC',
];
const COMPANY_TRADES = [
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
  'FREIGHT',
  'IMPORT EXPORT',
  'CHEMICALS',
  'PLASTICS',
  'FURNITURE',
  'TOYS',
  'SPORTS GOODS',
  'COSMETICS',
  'AGRO PRODUCTS',
  'FLOWERS',
  'SPARE PARTS',
  'TELECOM',
  'SOLAR',
  'PRECISION TOOLS',
  'PACKAGING',
  'GARMENTS',
  'SHIPPING',
];
const COMPANY_FORMS = ['CO LTD', 'GMBH', 'LLC', 'PTE LTD', 'BV', 'INC', 'LIMITED', 'KK', 'S.A.', 'FZE', 'SDN BHD', 'PVT LTD', 'SRL', 'AB', ''];

const GIVEN_NAMES = [
  'JOHN',
  'MARIA',
  'WEI',
  'HIROSHI',
  'ANNA',
  'PETER',
  'LUCAS',
  'SOFIA',
  'RAJESH',
  'PRIYA',
  'CHEN',
  'YUKI',
  'DAVID',
  'ELENA',
  'CARLOS',
  'FATIMA',
  'OMAR',
  'AISHA',
  'IVAN',
  'OLGA',
  'KWAME',
  'AMARA',
  'MIGUEL',
  'LAURA',
  'THOMAS',
  'INGRID',
  'HANS',
  'FRANCOIS',
  'GIULIA',
  'MEHMET',
  'AYSE',
  'NGUYEN',
  'MINH',
  'SITI',
  'ARJUN',
  'LI',
  'JIN',
  'SARA',
  'DANIEL',
  'EMMA',
  'YOUSSEF',
  'LEILA',
  'TARIQ',
  'NADIA',
];
const FAMILY_NAMES = [
  'SMITH',
  'GARCIA',
  'ZHANG',
  'TANAKA',
  'MUELLER',
  'ROSSI',
  'SILVA',
  'KUMAR',
  'SHARMA',
  'WANG',
  'SATO',
  'JOHNSON',
  'IVANOVA',
  'LOPEZ',
  'OKAFOR',
  'MENSAH',
  'FERNANDEZ',
  'SCHMIDT',
  'DUBOIS',
  'BIANCHI',
  'YILMAZ',
  'KAYA',
  'TRAN',
  'RAHMAN',
  'PATEL',
  'CHOI',
  'PARK',
  'NIELSEN',
  'JANSEN',
  'NOVAK',
  'KOWALSKI',
  'HORVATH',
  'PAPADOPOULOS',
  'ANDERSSON',
  'OLSEN',
  'MOREAU',
  'HAMDAN',
  'BENALI',
  'OKONKWO',
  'WILLIAMS',
  'BROWN',
  'TAYLOR',
  'NAKAMURA',
  'LEE',
  'HUANG',
  'DIAZ',
  'MORALES',
  'SANTOS',
  'PEREIRA',
  'KOVAC',
];
/** Words to put in place of a listed name's distinctive word. */
const REPLACEMENTS = [
  'MERIDIAN',
  'HARBOUR',
  'CONTINENTAL',
  'SUNRISE',
  'EVERGREEN',
  'PRESTIGE',
  'HORIZON',
  'VANGUARD',
  'CRESCENT',
  'SUMMIT',
  'LIBERTY',
  'PANORAMA',
  'HERITAGE',
  'FRONTIER',
  'CAPITAL',
  'SERENITY',
  'BRIDGEWAY',
  'PINNACLE',
  'MONARCH',
  'ORCHARD',
  'MARINA',
  'CORNERSTONE',
  'MEXICO',
  'KENYA',
  'NORWAY',
  'PORTUGAL',
  'CHILE',
  'GHANA',
  'VIETNAM',
  'DENMARK',
  'URUGUAY',
  'JORDAN',
  'MOROCCO',
  'FINLAND',
  'GONZALEZ',
  'HARRISON',
  'LINDQVIST',
  'MATSUMOTO',
  'OYELARAN',
  'VALENTINO',
  'BERGSTROM',
  'CASTELLANO',
  'FITZGERALD',
  'MAKOWSKI',
];

export function decoyCompanyName(random: Random): string {
  const form = pick(random, COMPANY_FORMS);
  return `${pick(random, COMPANY_HEADS)} ${pick(random, COMPANY_TRADES)}${form ? ` ${form}` : ''}`;
}

export function decoyPersonName(random: Random): string {
  const middle = random() < 0.25 ? ` ${pick(random, GIVEN_NAMES)}` : '';
  return random() < 0.5
    ? `${pick(random, GIVEN_NAMES)}${middle} ${pick(random, FAMILY_NAMES)}`
    : `${pick(random, FAMILY_NAMES)}, ${pick(random, GIVEN_NAMES)}${middle}`;
}

/**
 * A listed name of at least two words with its longest word (the most distinctive) replaced by a
 * different word: BANCO NACIONAL DE CUBA -> BANCO NACIONAL DE MEXICO.
 */
export function nearMiss(listedName: string, random: Random): string | undefined {
  const parts = listedName.toUpperCase().split(/\s+/).filter(Boolean);
  // Legal forms (CO, LTD, COMPANY ...) are not what tells a name apart.
  const distinctive = new Set(normaliseName(listedName).words);
  const candidates = parts.map((part, index) => (distinctive.has(foldText(part)) ? index : -1)).filter((index) => index >= 0);
  if (parts.length < 2 || candidates.length < 2) return undefined;
  const letters = (index: number) => parts[index].replace(/[^A-Z]/g, '').length;
  const longest = candidates.reduce((best, index) => (letters(index) > letters(best) ? index : best));
  parts[longest] = pick(
    random,
    REPLACEMENTS.filter((word) => word !== parts[longest]),
  );
  return parts.join(' ');
}

/**
 * A listed company name with every word that is not a generic trade word (genericWords.ts)
 * replaced by another company's distinctive word, the generic words kept: PJSC POWER MACHINES ->
 * PJSC POWER PIONEER (never the listed name itself); only names with at least one generic and one distinctive word apply.
 */
export function sharedGenericWords(listedName: string, random: Random): string | undefined {
  const parts = listedName.toUpperCase().split(/\s+/).filter(Boolean);
  const distinctive = new Set(normaliseName(listedName).words.filter((word) => !isGenericWord(word) && word.length >= 3));
  const replaced = parts.map((part) => (distinctive.has(foldText(part)) ? pick(random, COMPANY_HEADS) : part));
  const kept = parts.filter((part) => isGenericWord(foldText(part)));
  if (kept.length === 0 || replaced.join(' ') === parts.join(' ')) return undefined;
  return replaced.join(' ');
}

/** A person listed as SURNAME, Given Names with the same given names and another surname: Given Names SMITH. */
export function sharedGivenNames(listedName: string, random: Random): string | undefined {
  const comma = listedName.indexOf(',');
  if (comma < 0) return undefined;
  const given = listedName.slice(comma + 1).trim();
  if (foldText(given).replace(/ /g, '').length < 3) return undefined;
  return random() < 0.5 ? `${given} ${pick(random, FAMILY_NAMES)}` : `${pick(random, FAMILY_NAMES)}, ${given}`;
}

/**
 * A listed person's given names alone, without the family name (issue 34, 4: given names alone never
 * make a hit): RAMIREZ GARCIA, Hector Fabio -> Hector Fabio. Only names with two given words or more
 * of three letters each apply (a single common given name says nothing either way).
 */
export function givenNamesAlone(listedName: string): string | undefined {
  const comma = listedName.indexOf(',');
  if (comma < 0) return undefined;
  const given = listedName
    .slice(comma + 1)
    .trim()
    .split(/\s+/)
    .filter((part) => foldText(part).length >= 3);
  return given.length >= 2 ? given.join(' ') : undefined;
}

import { COUNTRIES, isKnownCountryCode } from '../../countries';
import type { SourceCountry } from './model';

/**
 * Country names as the sanctions lists write them, beside the ISO common names of src/domain/countries.ts:
 * OFAC's own short forms ("Korea, North", "Burma", "Region: Crimea"), the UN's official names ("Iran (Islamic
 * Republic of)", "United Republic of Tanzania") and the adjectives the lists use for a nationality ("Palestinian").
 * OFAC's regions name the country that holds them (Crimea: UA, Gaza and the West Bank: PS).
 */
const LIST_SPELLINGS: Readonly<Record<string, string>> = {
  // OFAC
  'Bahamas, The': 'BS',
  Burma: 'MM',
  'Congo, Democratic Republic of the': 'CD',
  'Congo, Republic of the': 'CG',
  'Cote d Ivoire': 'CI',
  "Cote d'Ivoire": 'CI',
  'Czech Republic': 'CZ',
  'Korea, North': 'KP',
  'Korea, South': 'KR',
  'Man, Isle of': 'IM',
  'Netherlands Antilles': 'CW',
  'Macedonia, The Former Yugoslav Republic of': 'MK',
  'North Macedonia, The Republic of': 'MK',
  Macedonia: 'MK',
  'Region: Crimea': 'UA',
  'Region: Gaza': 'PS',
  'Region: Kafia Kingi': 'SS',
  'Region: Northern Mali': 'ML',
  'The Gambia': 'GM',
  'West Bank': 'PS',
  Gaza: 'PS',
  'Gaza Strip': 'PS',
  Palestine: 'PS',
  Russia: 'RU',
  Turkey: 'TR',
  Brunei: 'BN',
  'Cape Verde': 'CV',
  Swaziland: 'SZ',
  'East Timor': 'TL',
  'Vatican City': 'VA',
  'Holy See': 'VA',
  'Sao Tome and Principe': 'ST',
  'Saint Martin': 'MF',
  'Sint Maarten': 'SX',
  'Micronesia, Federated States of': 'FM',
  'Bosnia-Herzegovina': 'BA',
  'St Kitts and Nevis': 'KN',
  'Comoros Islands': 'KM',
  'Palestinian Territories': 'PS',
  Crimea: 'UA',
  USA: 'US',
  UK: 'GB',
  England: 'GB',
  DRC: 'CD',
  DPRK: 'KP',
  // UN
  'Democratic Republic of the Congo': 'CD',
  'United Republic of Tanzania': 'TZ',
  'Iran (Islamic Republic of)': 'IR',
  'Syrian Arab Republic': 'SY',
  "Democratic People's Republic of Korea": 'KP',
  'Republic of Korea': 'KR',
  'Viet Nam': 'VN',
  "Lao People's Democratic Republic": 'LA',
  'Republic of Moldova': 'MD',
  'Bolivia (Plurinational State of)': 'BO',
  'Venezuela (Bolivarian Republic of)': 'VE',
  'State of Palestine': 'PS',
  'Occupied Palestinian Territory': 'PS',
  'United Kingdom of Great Britain and Northern Ireland': 'GB',
  'United States of America': 'US',
  'Netherlands (Kingdom of the)': 'NL',
  'China, Hong Kong Special Administrative Region': 'HK',
  'China, Macao Special Administrative Region': 'MO',
  'Micronesia (Federated States of)': 'FM',
  'The former Yugoslav Republic of Macedonia': 'MK',
  'Libyan Arab Jamahiriya': 'LY',
  // Adjectives for a nationality
  Palestinian: 'PS',
  Eritrean: 'ER',
  Afghan: 'AF',
  Iraqi: 'IQ',
  Iranian: 'IR',
  Syrian: 'SY',
  Russian: 'RU',
  'Russian Federation': 'RU',
};

/** Lower case, accents and punctuation gone, "the" dropped: "The Gambia" and "Gambia", "Côte d'Ivoire" and "Cote d Ivoire" meet. */
function foldCountry(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bthe\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const CODES_BY_NAME: ReadonlyMap<string, string> = new Map([
  ...COUNTRIES.map((country): [string, string] => [foldCountry(country.name), country.code]),
  ...Object.entries(LIST_SPELLINGS).map(([name, code]): [string, string] => [foldCountry(name), code]),
]);

/** Names looked up already: a list writes the same few hundred names tens of thousands of times. Bounded, as a file may hold anything. */
const looked = new Map<string, string | null>();
const LOOKED_MAX = 5000;

/** The ISO code of a country name as a list writes it ("Korea, North" -> KP, "possibly Palestinian" -> PS), or undefined. */
export function countryCodeOfName(name: string): string | undefined {
  const known = looked.get(name);
  if (known !== undefined) return known ?? undefined;
  const folded = foldCountry(name.replace(/^possibly\s+/i, ''));
  const code = (folded === '' ? undefined : CODES_BY_NAME.get(folded)) ?? null;
  if (looked.size < LOOKED_MAX) looked.set(name, code);
  return code ?? undefined;
}

/** A country named in a list, with its code when known; undefined for an empty text. */
export function countryOf(written: string | undefined): SourceCountry | undefined {
  const name = written?.trim().replace(/\.$/, '');
  if (!name) return undefined;
  const code = countryCodeOfName(name);
  return code ? { name, code } : { name };
}

/** A country given as an ISO alpha-2 code (US_CSL), or, failing that, by name. */
export function countryOfCode(written: string | undefined): SourceCountry | undefined {
  const name = written?.trim();
  if (!name) return undefined;
  return /^[A-Z]{2}$/.test(name) && isKnownCountryCode(name) ? { name, code: name } : countryOf(name);
}

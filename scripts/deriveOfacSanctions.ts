/**
 * Derives the demo sanction list from the OFAC SDN snapshot (public domain, US Treasury), kept in
 * the repository so that `npm start` needs nothing beside it:
 *
 *   npx tsx scripts/deriveOfacSanctions.ts [../shared/data/ofac] > src/server/db/seed/data/ofac-sdn.csv
 *
 * Input: OFAC's legacy CSV files sdn.csv, alt.csv and add.csv (no header, `-0- ` for empty).
 * Output: one row per SDN entry: reference (SDN-{ent_num}), name, party type, program(s), the
 * country of its first address as an ISO code, and its alternative names (aka, fka, nka) joined
 * by semicolons. Names are written as matching values: wildcard characters escaped with `!`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { COUNTRIES } from '../src/domain/countries';
import { escapeMatchingValue } from '../src/domain/wildcard';

const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', '..', 'shared', 'data', 'ofac'));

function read(file: string): string[][] {
  const rows = parse(readFileSync(path.join(dir, file), 'utf8'), { relax_column_count: true, skip_empty_lines: true }) as string[][];
  return rows.map((row) => row.map((cell) => (cell.trim() === '-0-' ? '' : cell.trim())));
}

/** OFAC's country names that differ from the ISO common names. */
const OFAC_COUNTRY_CODES: Record<string, string> = {
  'Bahamas, The': 'BS',
  Burma: 'MM',
  'Congo, Democratic Republic of the': 'CD',
  'Congo, Republic of the': 'CG',
  'Cote d Ivoire': 'CI',
  'Czech Republic': 'CZ',
  'Korea, North': 'KP',
  'Korea, South': 'KR',
  Kosovo: 'XK',
  Laos: 'LA',
  'Man, Isle of': 'IM',
  'Netherlands Antilles': 'CW',
  Palestinian: 'PS',
  'Region: Crimea': 'UA',
  'Region: Gaza': 'PS',
  'Region: Kafia Kingi': 'SS',
  'Region: Northern Mali': 'ML',
  Russia: 'RU',
  'The Gambia': 'GM',
  Turkey: 'TR',
  'Virgin Islands, British': 'VG',
  'West Bank': 'PS',
  Vietnam: 'VN',
  Syria: 'SY',
  Iran: 'IR',
  Tanzania: 'TZ',
  Bolivia: 'BO',
  Venezuela: 'VE',
  Moldova: 'MD',
  Taiwan: 'TW',
};

const byName = new Map(COUNTRIES.map((country) => [country.name.toLowerCase(), country.code]));

function countryCodeOf(name: string): string {
  if (!name || name === 'undetermined') return '';
  return OFAC_COUNTRY_CODES[name] ?? byName.get(name.toLowerCase()) ?? '';
}

const PARTY_TYPES: Record<string, string> = { '': 'Entity', individual: 'Individual', vessel: 'Vessel', aircraft: 'Aircraft' };

const aliases = new Map<string, string[]>();
for (const [entry, , , name] of read('alt.csv')) {
  if (!name || name.includes(';')) continue;
  aliases.set(entry, [...(aliases.get(entry) ?? []), escapeMatchingValue(name.slice(0, 200))]);
}
const countries = new Map<string, string>();
for (const [entry, , , , country] of read('add.csv')) {
  const code = countryCodeOf(country);
  if (code && !countries.has(entry)) countries.set(entry, code);
}

const rows = [['reference', 'name', 'partyType', 'program', 'countryCode', 'aliases']];
const unknownCountries = new Set<string>();
for (const [entry, name, type, program] of read('sdn.csv')) {
  if (!/^\d+$/.test(entry) || !name) continue;
  const programs = program
    .replace(/\]\s*\[/g, ';')
    .replace(/[[\]]/g, '')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  const alternative = (aliases.get(entry) ?? []).filter((alias, index, all) => all.indexOf(alias) === index).slice(0, 100);
  let joined = alternative.join(';');
  while (joined.length > 4000) joined = joined.slice(0, joined.lastIndexOf(';'));
  rows.push([`SDN-${entry}`, escapeMatchingValue(name), PARTY_TYPES[type] ?? 'Entity', programs.join('; ').slice(0, 200), countries.get(entry) ?? '', joined]);
}
for (const [, , , , country] of read('add.csv')) if (country && country !== 'undetermined' && !countryCodeOf(country)) unknownCountries.add(country);
if (unknownCountries.size > 0) console.error(`Countries without a code: ${[...unknownCountries].join(', ')}`);
process.stdout.write(stringify(rows));

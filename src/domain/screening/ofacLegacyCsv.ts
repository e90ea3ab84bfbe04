// The browser build carries its own Buffer, so this domain module runs in the browser as well as in Node.
import { parse } from 'csv-parse/browser/esm/sync';
import { escapeMatchingValue, type MatchingMethod } from '../wildcard';
import type { SanctionListEntry, SanctionPartyType } from './sanctionList';
import { splitPrograms } from './sanctionPrograms';

/**
 * OFAC's legacy CSV files of the SDN list: sdn.csv (ent_num, name, type, program, title, call sign,
 * vessel type, tonnage, GRT, vessel flag, vessel owner, remarks), alt.csv (ent_num, alt_num, type,
 * alternative name, remarks) and add.csv (ent_num, add_num, address, city/state/postal code,
 * country, remarks). No header; `-0- ` stands for an empty field.
 */

export interface OfacLegacyFiles {
  sdn: string;
  alt?: string;
  add?: string;
}

export interface OfacReadOptions {
  /** Matching method for entities and individuals; vessels and aircraft are matched exactly by name. */
  matchingMethod?: MatchingMethod;
}

function rows(text: string | undefined): string[][] {
  if (!text) return [];
  const records = parse(text, { relax_quotes: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  // The files may end with a DOS end-of-file mark; rows must start with the entry number.
  return records.filter((record) => /^\d+$/.test(record[0] ?? '')).map((record) => record.map((cell) => (cell === '-0-' ? '' : cell)));
}

const PARTY_TYPES: Record<string, SanctionPartyType> = { '': 'Entity', individual: 'Individual', vessel: 'Vessel', aircraft: 'Aircraft' };

export function readOfacLegacyCsv(files: OfacLegacyFiles, options: OfacReadOptions = {}): SanctionListEntry[] {
  const aliases = new Map<string, string[]>();
  for (const [entry, , , name] of rows(files.alt)) {
    if (!name) continue;
    const list = aliases.get(entry) ?? [];
    const value = escapeMatchingValue(name);
    if (!list.includes(value)) list.push(value);
    aliases.set(entry, list);
  }
  const addresses = new Map<string, SanctionListEntry['addresses']>();
  for (const [entry, , street, city, country] of rows(files.add)) {
    const list = addresses.get(entry) ?? [];
    list?.push({ ...(street ? { street } : {}), ...(city ? { city } : {}), ...(country ? { country } : {}) });
    addresses.set(entry, list);
  }
  return rows(files.sdn).flatMap(([entry, name, type = '', program = '', , , , , , , , remarks = '']) => {
    if (!name) return [];
    const partyType = PARTY_TYPES[type] ?? 'Entity';
    return [
      {
        entryId: `SDN-${entry}`,
        listName: 'SDN',
        name: escapeMatchingValue(name),
        aliases: aliases.get(entry) ?? [],
        matchingMethod: partyType === 'Vessel' || partyType === 'Aircraft' ? 'Exact' : (options.matchingMethod ?? 'Default'),
        partyType,
        programs: splitPrograms(program),
        riskLevel: 'High',
        addresses: addresses.get(entry) ?? [],
        ...(remarks ? { remarks } : {}),
      } satisfies SanctionListEntry,
    ];
  });
}

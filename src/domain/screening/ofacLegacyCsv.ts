import { escapeMatchingValue, type MatchingMethod } from '../wildcard';
import type { SanctionListEntry } from './sanctionList';
import { parseSourceFiles } from './sources';

/**
 * The SDN list of OFAC's legacy CSV files as screening's list entries (the screening tests and bench read the
 * demo world's 2019 SDN so). The files are read by the OFAC parser of sources/ofacLegacy.ts, the one home of the
 * format; this keeps what screening has used so far: ids SDN-{ent_num}, the strong aliases of alt.csv (not the
 * remarks' weak ones), the addresses with their country as written.
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

/** The entries of the files; a file the parser refuses throws an Error naming its problems. */
export function readOfacLegacyCsv(files: OfacLegacyFiles, options: OfacReadOptions = {}): SanctionListEntry[] {
  const parsed = parseSourceFiles('OFAC_SDN', { primary: files.sdn, ...(files.alt ? { alt: files.alt } : {}), ...(files.add ? { add: files.add } : {}) });
  if (!parsed.ok) {
    const problems = parsed.problems.map((problem) => `${problem.file}${problem.line ? ` line ${problem.line}` : ''}: ${problem.reason}`);
    throw new Error(`The OFAC files are refused: ${problems.join('; ')}`);
  }
  return parsed.entries.map((entry) => {
    const partyType = entry.partyType ?? 'Entity';
    const aliases: string[] = [];
    for (const alias of entry.aliases) {
      const value = escapeMatchingValue(alias.full);
      if (alias.quality === 'strong' && !aliases.includes(value)) aliases.push(value);
    }
    return {
      entryId: `SDN-${entry.listId}`,
      listName: 'SDN',
      name: escapeMatchingValue(entry.name.full),
      aliases,
      matchingMethod: partyType === 'Vessel' || partyType === 'Aircraft' ? 'Exact' : (options.matchingMethod ?? 'Default'),
      partyType,
      programs: entry.programs,
      riskLevel: 'High',
      addresses: entry.addresses.map((address) => ({
        ...(address.street ? { street: address.street } : {}),
        ...(address.city ? { city: address.city } : {}),
        ...(address.country ? { country: address.country.name } : {}),
      })),
      ...(entry.remarks ? { remarks: entry.remarks } : {}),
    } satisfies SanctionListEntry;
  });
}

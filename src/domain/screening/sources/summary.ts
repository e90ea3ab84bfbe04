import type { SourceEntry, SourceFileSummary, SourceId, SourceProblem } from './model';

/** The counts of a parsed file. */
export function summarise(source: SourceId, entries: readonly SourceEntry[], warnings: SourceProblem[], publishedAt?: string): SourceFileSummary {
  const partyTypes: SourceFileSummary['partyTypes'] = { Individual: 0, Entity: 0, Vessel: 0, Aircraft: 0, unknown: 0 };
  let aliases = 0;
  let weakAliases = 0;
  for (const entry of entries) {
    partyTypes[entry.partyType ?? 'unknown'] += 1;
    aliases += entry.aliases.length;
    for (const alias of entry.aliases) if (alias.quality === 'weak') weakAliases += 1;
  }
  return { source, ...(publishedAt ? { publishedAt } : {}), entries: entries.length, aliases, weakAliases, partyTypes, warnings };
}

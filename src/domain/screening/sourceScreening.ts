import { runToEnd } from '../steps';
import { escapeMatchingValue } from '../wildcard';
import type { SanctionListEntry } from './sanctionList';
import type { SourceEntry, SourceName } from './sources/model';

/**
 * An official source's entries as the screener reads them (issue 34). Each entry keeps its id (OFAC_SDN-36) and its
 * source as the list name, so a hit says where it was found.
 * - A person whose family name the list marks is listed as "FAMILY, Given", the shape the screener reads as a person
 *   (surname and given names, middle names a shipment may leave out).
 * - Strong aliases are matched as the primary name is; vessels and aircraft only exactly.
 * - Weak and low-quality aliases (OFAC's "a.k.a." remarks, UN QUALITY Low) hit only on an exact whole-name match:
 *   they become a second screening entry of the same id whose names are matched exactly (ScreenerSet keeps one hit
 *   per entry id).
 */
export function screeningEntriesOf(entries: readonly SourceEntry[]): SanctionListEntry[] {
  return runToEnd(screeningEntriesSteps(entries));
}

/** Entries between two pauses of screeningEntriesSteps: some milliseconds of work. */
const ENTRIES_PER_STEP = 500;

/** screeningEntriesOf, pausing every ENTRIES_PER_STEP entries: a version of 100,000 names took 2.4 s at once. */
export function* screeningEntriesSteps(entries: readonly SourceEntry[]): Generator<void, SanctionListEntry[]> {
  const result: SanctionListEntry[] = [];
  for (const [index, entry] of entries.entries()) {
    if (index % ENTRIES_PER_STEP === ENTRIES_PER_STEP - 1) yield;
    const partyType = entry.partyType ?? 'Entity';
    const exactOnly = partyType === 'Vessel' || partyType === 'Aircraft';
    const strong: string[] = [];
    const weak: string[] = [];
    const primary = listedPhrase(entry.name);
    for (const alias of entry.aliases) {
      const phrase = listedPhrase(alias);
      const into = alias.quality === 'strong' ? strong : weak;
      if (phrase !== primary && !into.includes(phrase)) into.push(phrase);
    }
    const countryCode = entry.nationalities.find((country) => country.code)?.code ?? entry.citizenships.find((country) => country.code)?.code;
    const common = {
      entryId: entry.entryId,
      listName: entry.source,
      partyType,
      programs: entry.programs,
      riskLevel: 'High' as const,
      ...(countryCode ? { countryCode } : {}),
      addresses: entry.addresses.map((address) => ({
        ...(address.street ? { street: address.street } : {}),
        ...(address.city ? { city: address.city } : {}),
        ...(address.country ? { country: address.country.name } : {}),
      })),
      ...(entry.remarks ? { remarks: entry.remarks } : {}),
    };
    result.push({ ...common, name: primary, aliases: strong, matchingMethod: exactOnly ? 'Exact' : 'Default' });
    const weakOnly = weak.filter((phrase) => !strong.includes(phrase));
    if (weakOnly.length > 0) result.push({ ...common, name: weakOnly[0], aliases: weakOnly.slice(1), matchingMethod: 'Exact' });
  }
  return result;
}

/** A name as a matching value (no wildcards): "FAMILY, Given" where the list marks the family name, else as written. */
function listedPhrase(name: SourceName): string {
  const text = name.family && name.given ? `${name.family}, ${name.given}` : name.full;
  return escapeMatchingValue(text.replace(/\s+/g, ' ').trim());
}

import { isMatchingMethod, type MatchingMethod } from '../wildcard';
import type { SanctionListEntry, SanctionPartyType } from './sanctionList';
import { splitPrograms } from './sanctionPrograms';
import type { WhitelistEntry } from './whitelist';

/**
 * The rows of the sanction list and sanction whitelist rule lists (plugins/sanctionList.ts,
 * plugins/sanctionWhitelist.ts) as screening reads them. Field names are the plugins' sources.
 */

type RowValue = string | number | boolean | null | undefined | readonly string[];
export type RuleListRow = Readonly<Record<string, RowValue>>;

const text = (value: RowValue): string | undefined => {
  if (value === null || value === undefined) return undefined;
  const result = (Array.isArray(value) ? value.join(';') : String(value)).trim();
  return result === '' ? undefined : result;
};

/** A list field: an array, or the items joined by ';'. */
const items = (value: RowValue): string[] =>
  Array.isArray(value)
    ? value.map((item) => String(item).trim()).filter(Boolean)
    : (text(value)
        ?.split(';')
        .map((item) => item.trim())
        .filter(Boolean) ?? []);

const PARTY_TYPES: readonly SanctionPartyType[] = ['Entity', 'Individual', 'Vessel', 'Aircraft'];
const ROLES: readonly WhitelistEntry['partyRole'][] = ['Any', 'Shipper', 'Consignee', 'Notify', 'Agent'];

function method(value: RowValue, fallback: MatchingMethod): MatchingMethod {
  return isMatchingMethod(value) ? value : fallback;
}

/** A sanction list row: listSource, reference, matchingValue, matchingMethod, partyType, program, countryCode, aliases, remarks. */
export function sanctionEntryFromRow(row: RuleListRow): SanctionListEntry | undefined {
  const name = text(row.matchingValue);
  const entryId = text(row.reference);
  if (!name || !entryId) return undefined;
  const partyType = PARTY_TYPES.find((type) => type === row.partyType) ?? 'Entity';
  const countryCode = text(row.countryCode);
  const remarks = text(row.remarks);
  return {
    entryId,
    listName: text(row.listSource) ?? 'INTERNAL',
    name,
    aliases: items(row.aliases),
    matchingMethod: method(row.matchingMethod, 'Keyword'),
    partyType,
    programs: splitPrograms(text(row.program) ?? ''),
    ...(countryCode ? { countryCode } : {}),
    ...(remarks ? { remarks } : {}),
  };
}

/** A whitelist row: matchingValue, matchingMethod, partyRole, countryCode, carrierId, sanctionReference, reason, validUntil, status. */
export function whitelistEntryFromRow(row: RuleListRow): WhitelistEntry | undefined {
  const name = text(row.matchingValue);
  if (!name) return undefined;
  const optional = (key: string, value: string | undefined) => (value ? { [key]: value } : {});
  return {
    name,
    matchingMethod: method(row.matchingMethod, 'Exact'),
    partyRole: ROLES.find((role) => role === row.partyRole) ?? 'Any',
    ...optional('countryCode', text(row.countryCode)),
    ...optional('carrierId', text(row.carrierId)),
    ...optional('sanctionReference', text(row.sanctionReference)),
    ...optional('validUntil', text(row.validUntil)?.slice(0, 10)),
    ...optional('reason', text(row.reason)),
    active: (text(row.status) ?? 'Active') === 'Active',
  };
}

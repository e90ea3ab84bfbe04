import { formatISO } from 'date-fns';
import type { RuleRow } from '../../domain/compliance';
import { REVIEW_FLOOR, sanctionRiskLevel } from '../../domain/sanctionRisk';
import { SanctionWhitelist, sanctionEntryFromRow, type SanctionHit, type SanctionListEntry, type WhitelistEntry } from '../../domain/screening';
import type { SanctionCheckAnswer, SanctionCheckHit, SanctionCheckWhitelisting } from '../../domain/shipmentWire';
import type { DecisionCaller } from '../shipments/decisions';
import { carrierRules, type CarrierRules } from './carrierRules';

/**
 * The Sanction Check (function 85): a name checked ad hoc against the caller's company's sanction
 * list. Names at or over the fuzzy threshold are matches, labelled as every list labels them
 * (sanctionRisk.ts), unless a whitelist row clears them, which the answer names; names below it,
 * down to REVIEW_FLOOR, are listed for review, with no risk label: screening would not raise them.
 */

interface WhitelistRow {
  rowId: string;
  entry: WhitelistEntry;
  /** A whitelist of this row alone, to tell which row clears a name. */
  whitelist: SanctionWhitelist;
}

interface CheckLists {
  entries: Map<string, SanctionListEntry>;
  whitelist: WhitelistRow[];
}

/** Read once per version of the company's lists (carrierRules answers a new object when one changes). */
const checkLists = new WeakMap<CarrierRules, CheckLists>();

const entryKey = (listName: string, entryId: string) => `${listName}\u0000${entryId}`;

function listsOf(rules: CarrierRules): CheckLists {
  let lists = checkLists.get(rules);
  if (!lists) {
    // carrierRules reads the sanction list with the deciding lists (DECIDING_LISTS), under its plugin name.
    const rows = rules.lists as Readonly<Record<string, readonly RuleRow[] | undefined>>;
    const entries = new Map<string, SanctionListEntry>();
    for (const row of rows.sanctionlist ?? []) {
      const entry = sanctionEntryFromRow(row.values);
      if (entry) entries.set(entryKey(entry.listName, entry.entryId), entry);
    }
    const whitelist = [...rules.whitelistRows].flatMap(([entry, { rowId }]): WhitelistRow[] =>
      entry.active ? [{ rowId, entry, whitelist: new SanctionWhitelist([entry]) }] : [],
    );
    lists = { entries, whitelist };
    checkLists.set(rules, lists);
  }
  return lists;
}

/**
 * The first active, unexpired whitelist row for this company that clears the hit on a party of this
 * name in the row's own scope (its role, or a shipper for Any, and its country).
 */
function whitelisting(
  rows: readonly WhitelistRow[],
  hit: SanctionHit,
  name: string,
  context: { date: string; carrierId: string },
): SanctionCheckWhitelisting | null {
  for (const { rowId, entry, whitelist } of rows) {
    const subject = {
      role: entry.partyRole === 'Any' ? ('Shipper' as const) : entry.partyRole,
      kind: 'name' as const,
      text: name,
      ...(entry.countryCode ? { countryCode: entry.countryCode } : {}),
    };
    if (whitelist.clearing(hit, subject, context)) {
      return {
        RowId: rowId,
        PartyRole: entry.partyRole,
        CountryCode: entry.countryCode ?? null,
        ValidUntil: entry.validUntil ?? null,
        Reason: entry.reason ?? null,
      };
    }
  }
  return null;
}

export async function checkSanctionName(caller: DecisionCaller, name: string, limit: number, now = new Date()): Promise<SanctionCheckAnswer> {
  const rules = await carrierRules(caller.db, caller.account.companyId);
  const { screener } = rules;
  const lists = listsOf(rules);
  const reviewFrom = Math.min(screener.threshold, REVIEW_FLOOR);
  const found = screener.search(name, { limit: limit + 1, minScore: reviewFrom });
  const context = { date: formatISO(now, { representation: 'date' }), carrierId: rules.carrierId };
  const hits = found.slice(0, limit).map((hit): SanctionCheckHit => {
    const whitelist = whitelisting(lists.whitelist, hit, name, context);
    const outcome = hit.score < screener.threshold ? 'review' : whitelist ? 'whitelisted' : 'match';
    const entry = lists.entries.get(entryKey(hit.listName, hit.entryId)) ?? { listName: hit.listName };
    return {
      EntryId: hit.entryId,
      ListName: hit.listName,
      EntryName: hit.entryName,
      MatchedPhrase: hit.matchedPhrase,
      Score: hit.score,
      Method: hit.method,
      RiskLevel: outcome === 'match' ? sanctionRiskLevel(entry, hit) : null,
      Outcome: outcome,
      Whitelist: whitelist,
      PartyType: hit.partyType,
      Programs: hit.programs,
      Citation: hit.citation,
    };
  });
  return { Name: name, Threshold: screener.threshold, ReviewFrom: reviewFrom, ListSize: rules.sanctionEntries, Hits: hits, More: found.length > limit };
}

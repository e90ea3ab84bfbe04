import { formatISO } from 'date-fns';
import { REVIEW_FLOOR } from '../../domain/sanctionRisk';
import { SanctionWhitelist, type SanctionHit, type WhitelistEntry } from '../../domain/screening';
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

/** The active whitelist rows, each a whitelist of its own: built once per version of the company's lists (carrierRules answers a new object when one changes). */
const whitelistsByRules = new WeakMap<CarrierRules, WhitelistRow[]>();

function whitelistRowsOf(rules: CarrierRules): WhitelistRow[] {
  let rows = whitelistsByRules.get(rules);
  if (!rows) {
    rows = [...rules.whitelistRows].flatMap(([entry, { rowId }]): WhitelistRow[] =>
      entry.active ? [{ rowId, entry, whitelist: new SanctionWhitelist([entry]) }] : [],
    );
    whitelistsByRules.set(rules, rows);
  }
  return rows;
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
  const whitelistRows = whitelistRowsOf(rules);
  const reviewFrom = Math.min(screener.threshold, REVIEW_FLOOR);
  const found = screener.search(name, { limit: limit + 1, minScore: reviewFrom });
  const context = { date: formatISO(now, { representation: 'date' }), carrierId: rules.carrierId };
  const hits = found.slice(0, limit).map((hit): SanctionCheckHit => {
    const whitelist = whitelisting(whitelistRows, hit, name, context);
    const outcome = hit.score < screener.threshold ? 'review' : whitelist ? 'whitelisted' : 'match';
    return {
      EntryId: hit.entryId,
      ListName: hit.listName,
      EntryName: hit.entryName,
      MatchedPhrase: hit.matchedPhrase,
      Score: hit.score,
      Method: hit.method,
      // The screener labels every hit by sanctionRisk.ts's rule; only a match shows its label.
      RiskLevel: outcome === 'match' ? hit.riskLevel : null,
      Outcome: outcome,
      Whitelist: whitelist,
      PartyType: hit.partyType,
      Programs: hit.programs,
      Citation: hit.citation,
    };
  });
  return { Name: name, Threshold: screener.threshold, ReviewFrom: reviewFrom, ListSize: rules.sanctionEntries, Hits: hits, More: found.length > limit };
}

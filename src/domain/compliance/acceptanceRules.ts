import { ROWS_PER_PAUSE, runToEnd } from '../steps';
import type { ShipmentFacts } from './facts';
import type { Finding } from './findings';
import { carrierApplies, itemsOf, shcApplies, textOf, type RuleLists, type RuleRow } from './ruleRows';

/**
 * Who may accept a carrier's shipment at its origin: Acceptance Privilege, explained on the
 * shipment and checked when someone decides. (Location Rules and Acceptance Control declare their
 * effects in their plugins: effectRules.ts.)
 */

/** A list's rows by the stations they name, kept with the rows for as long as that version of the list is in use. */
const rowsByStation = new WeakMap<readonly RuleRow[], Map<string, RuleRow[]>>();

/**
 * The Acceptance Privilege rows by station, built as a generator that pauses every few hundred rows
 * (listsPreparation runs it ahead, in slices); a shipment's evaluation and a decision then look its
 * station up instead of splitting the stations of every row (50,000 rows: over 100 ms a shipment).
 */
export function* privilegeIndexSteps(rows: readonly RuleRow[]): Generator<void, Map<string, RuleRow[]>> {
  let index = rowsByStation.get(rows);
  if (index) return index;
  index = new Map();
  for (let at = 0; at < rows.length; at++) {
    if (at % ROWS_PER_PAUSE === ROWS_PER_PAUSE - 1) yield;
    for (const station of new Set(itemsOf(rows[at].values.acceptanceStations, ';'))) {
      const held = index.get(station);
      if (held) held.push(rows[at]);
      else index.set(station, [rows[at]]);
    }
  }
  rowsByStation.set(rows, index);
  return index;
}

/** The Acceptance Privilege rows of a carrier at a station, for the explanation and the decision-time check. */
export function privilegeRows(lists: RuleLists, carrierId: string, station: string, codes: readonly string[]): RuleRow[] {
  const index = runToEnd(privilegeIndexSteps(lists.acceptanceprivilege ?? []));
  return (index.get(station) ?? []).filter((row) => carrierApplies(row, carrierId) && shcApplies(row, codes));
}

/** Holders named in the explanation; the rest are counted (the list may name thousands at a station). */
const HOLDERS_NAMED = 10;

/** The explanation of who may accept at the shipment's origin, pausing (yielding) every ROWS_PER_PAUSE of the station's rows. */
export function* privilegeSteps(facts: ShipmentFacts, lists: RuleLists, codes: readonly string[]): Generator<void, Finding[]> {
  const index = yield* privilegeIndexSteps(lists.acceptanceprivilege ?? []);
  const atStation = index.get(facts.origin) ?? [];
  const rows: RuleRow[] = [];
  for (let at = 0; at < atStation.length; at++) {
    if (at % ROWS_PER_PAUSE === ROWS_PER_PAUSE - 1) yield;
    if (carrierApplies(atStation[at], facts.carrierId) && shcApplies(atStation[at], codes)) rows.push(atStation[at]);
  }
  if (rows.length === 0) return [];
  const holders = rows
    .slice(0, HOLDERS_NAMED)
    .map((row) => `${textOf(row.values.companyId)}${textOf(row.values.userId) ? `/${textOf(row.values.userId)}` : ''} (${textOf(row.values.privilege)})`);
  if (rows.length > HOLDERS_NAMED) holders.push(`and ${(rows.length - HOLDERS_NAMED).toLocaleString('en-US')} more in the Acceptance Privilege list`);
  return [
    {
      list: 'acceptanceprivilege',
      rowId: rows[0].id,
      rule: `${facts.carrierId} at ${facts.origin}`,
      effect: 'info',
      message: `Besides ${facts.carrierId} itself, only these participants may accept at ${facts.origin}: ${holders.join(', ')}.`,
    },
  ];
}

export type PrivilegeVerdict = { allowed: true; remarkRequired: boolean; mayOverrideSoftBlock: boolean } | { allowed: false; message: string };

/**
 * Whether a participant may accept a carrier's shipment at a station (Acceptance Privilege). The
 * carrier itself always may; where the list names no one for the station, every participant that
 * may decide may; else only those named (a row with a user id names that user only), a soft block
 * only with the Override Soft Block privilege, and with a remark under Accept with Remark.
 */
export function acceptancePrivilege(
  lists: RuleLists,
  who: { companyId: string; userId: string },
  carrierId: string,
  station: string,
  codes: readonly string[],
): PrivilegeVerdict {
  if (who.companyId.toUpperCase() === carrierId.toUpperCase()) return { allowed: true, remarkRequired: false, mayOverrideSoftBlock: true };
  const rows = privilegeRows(lists, carrierId, station, codes);
  if (rows.length === 0) return { allowed: true, remarkRequired: false, mayOverrideSoftBlock: true };
  const mine = rows.filter((row) => {
    const user = textOf(row.values.userId);
    return (
      textOf(row.values.companyId)?.toUpperCase() === who.companyId.toUpperCase() && (user === undefined || user.toLowerCase() === who.userId.toLowerCase())
    );
  });
  if (mine.length === 0) return { allowed: false, message: `${who.companyId} has no acceptance privilege for ${carrierId} at ${station}.` };
  const privileges = new Set(mine.map((row) => textOf(row.values.privilege)));
  return {
    allowed: true,
    remarkRequired: privileges.has('Accept with Remark') && !privileges.has('Accept') && !privileges.has('Override Soft Block'),
    mayOverrideSoftBlock: privileges.has('Override Soft Block'),
  };
}

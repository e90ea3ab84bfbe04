import type { ShipmentFacts } from './facts';
import type { Finding } from './findings';
import { carrierApplies, itemsOf, shcApplies, textOf, type RuleLists, type RuleRow } from './ruleRows';

/**
 * Who may accept a carrier's shipment at its origin: Acceptance Privilege, explained on the
 * shipment and checked when someone decides. (Location Rules and Acceptance Control declare their
 * effects in their plugins: effectRules.ts.)
 */

/** The Acceptance Privilege rows of a carrier at a station, for the explanation and the decision-time check. */
export function privilegeRows(lists: RuleLists, carrierId: string, station: string, codes: readonly string[]): RuleRow[] {
  return (lists.acceptanceprivilege ?? []).filter(
    (row) => carrierApplies(row, carrierId) && itemsOf(row.values.acceptanceStations, ';').includes(station) && shcApplies(row, codes),
  );
}

export function privilegeFindings(facts: ShipmentFacts, lists: RuleLists, codes: readonly string[]): Finding[] {
  const rows = privilegeRows(lists, facts.carrierId, facts.origin, codes);
  if (rows.length === 0) return [];
  const holders = rows.map(
    (row) => `${textOf(row.values.companyId)}${textOf(row.values.userId) ? `/${textOf(row.values.userId)}` : ''} (${textOf(row.values.privilege)})`,
  );
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

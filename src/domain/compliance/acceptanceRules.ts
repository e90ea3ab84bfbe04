import type { ShipmentFacts } from './facts';
import { STRICTNESS, type Finding, type FindingEffect } from './findings';
import { carrierApplies, itemsOf, shcApplies, specificity, textOf, type RuleLists, type RuleRow } from './ruleRows';

/**
 * How a shipment is accepted at its origin: Acceptance Control (by station and handling codes, from
 * an effective date; of the rows that match, the most specific decides, of those equally specific
 * the strictest; without one a person accepts) and Acceptance Privilege (who may accept there).
 * (Location Rules declare their effect in their plugin: effectRules.ts.)
 */

function mostSpecific(rows: RuleRow[], fields: readonly string[], effectOf: (row: RuleRow) => FindingEffect): RuleRow | undefined {
  return [...rows].sort((a, b) => specificity(b, fields) - specificity(a, fields) || STRICTNESS[effectOf(b)] - STRICTNESS[effectOf(a)])[0];
}

const CONTROL_EFFECTS: Record<string, FindingEffect> = {
  'Auto Accept': 'autoAccept',
  'Manual Accept': 'manualAccept',
  'Eyeball Check': 'eyeball',
  Block: 'hardBlock',
};

export function acceptanceControlFindings(facts: ShipmentFacts, lists: RuleLists, codes: readonly string[]): Finding[] {
  const effectOf = (row: RuleRow) => CONTROL_EFFECTS[textOf(row.values.controlType) ?? ''] ?? 'manualAccept';
  const matching = (lists.acceptancecontrol ?? []).filter((row) => {
    const from = textOf(row.values.effectiveFrom)?.slice(0, 10);
    return (
      carrierApplies(row, facts.carrierId) &&
      textOf(row.values.stationCode)?.toUpperCase() === facts.origin &&
      shcApplies(row, codes) &&
      (from === undefined || from <= facts.date)
    );
  });
  const row = mostSpecific(matching, ['shcCodes'], effectOf);
  if (!row) {
    return [
      {
        list: 'acceptancecontrol',
        rule: `${facts.origin} (no rule)`,
        effect: 'manualAccept',
        message: `No acceptance control for ${facts.carrierId} at ${facts.origin}: a person accepts.`,
      },
    ];
  }
  const effect = effectOf(row);
  const scope = `${facts.origin}${textOf(row.values.shcCodes) ? ` ${textOf(row.values.shcCodes)}` : ''}`;
  const remarks = textOf(row.values.remarks);
  const messages: Partial<Record<FindingEffect, string>> = {
    autoAccept: 'Accepted automatically when nothing else stops it.',
    manualAccept: 'A person accepts.',
    eyeball: 'An eyeball check is required before acceptance.',
    hardBlock: 'Acceptance is blocked at this station.',
  };
  return [
    {
      list: 'acceptancecontrol',
      rowId: row.id,
      rule: `${scope} ${textOf(row.values.controlType)}`,
      effect,
      message: `${messages[effect] ?? ''}${remarks ? ` ${remarks}` : ''}`,
      ...(effect === 'hardBlock' ? { category: 'Other' as const } : {}),
    },
  ];
}

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

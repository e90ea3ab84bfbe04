import { ROWS_PER_PAUSE } from '../steps';
import type { ShipmentFacts } from './facts';
import type { Finding } from './findings';
import { carrierApplies, rowMatches, textOf, type RuleLists } from './ruleRows';

/**
 * Validation Rules: when the chosen AWB field matches the row's value, the shipment gets the row's
 * message as an error (no acceptance until a corrected FWB arrives) or a warning. The Goods
 * Description and HS Code fields include the houses; party fields read names.
 */

function fieldTexts(field: string, facts: ShipmentFacts, hsCodes: readonly string[]): { text: string; where: string }[] {
  const parties = (role: string) =>
    facts.parties.filter((party) => party.role === role).map((party) => ({ text: party.name, where: party.hawb ? `house ${party.hawb}` : role.toLowerCase() }));
  switch (field) {
    case 'Shipper':
    case 'Consignee':
    case 'Notify':
    case 'Agent':
      return parties(field);
    case 'Goods Description':
      return [
        ...facts.goods.map((text) => ({ text, where: 'goods description' })),
        ...facts.houses.flatMap((house) => house.goods.map((text) => ({ text, where: `house ${house.hawb}` }))),
      ];
    case 'HS Code':
      return hsCodes.length > 0 ? hsCodes.map((text) => ({ text, where: 'HS code' })) : [{ text: '', where: 'HS code' }];
    case 'Routing':
      return [{ text: [facts.origin, ...facts.transit, facts.destination].join('-'), where: 'routing' }];
    default:
      return [];
  }
}

/**
 * The findings of the Validation Rules, pausing (yielding) every ROWS_PER_PAUSE rows: every row is
 * tried against the shipment, and a list of 50,000 rows took 130 ms a shipment at once.
 */
export function* validationSteps(facts: ShipmentFacts, lists: RuleLists, hsCodes: readonly string[]): Generator<void, Finding[]> {
  const findings: Finding[] = [];
  // A field's texts once per shipment, not once per row (a list of 50,000 rows made them 50,000 times).
  const textsByField = new Map<string, { text: string; where: string }[]>();
  const textsOf = (field: string) => {
    let texts = textsByField.get(field);
    if (!texts) {
      texts = fieldTexts(field, facts, hsCodes);
      textsByField.set(field, texts);
    }
    return texts;
  };
  const rows = lists.validationrules ?? [];
  for (let at = 0; at < rows.length; at++) {
    if (at % ROWS_PER_PAUSE === ROWS_PER_PAUSE - 1) yield;
    const row = rows[at];
    if (!carrierApplies(row, facts.carrierId)) continue;
    const field = textOf(row.values.fieldName) ?? '';
    const hit = textsOf(field).find(({ text }) => rowMatches(text, row, 'matchingValue', row.values.matchingMethod));
    if (!hit) continue;
    const error = textOf(row.values.severity) === 'Error';
    findings.push({
      list: 'validationrules',
      rowId: row.id,
      rule: textOf(row.values.ruleCode) ?? field,
      effect: error ? 'error' : 'warning',
      message: `${textOf(row.values.message) ?? 'Validation rule matched'} (${hit.where}: '${hit.text}')`,
      category: 'Documentation',
    });
  }
  return findings;
}

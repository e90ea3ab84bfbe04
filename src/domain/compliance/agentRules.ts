import type { ShipmentFacts } from './facts';
import type { Finding } from './findings';
import { textOf, type RuleLists } from './ruleRows';

/** IATA Agent Code List: where the carrier keeps one, the AWB's agent must be on it. */
export function agentFindings(facts: ShipmentFacts, lists: RuleLists): Finding[] {
  if (!facts.agentCode || (lists.iataagentcodelist ?? []).length === 0) return [];
  const codes = [facts.agentCode, facts.agentCassAddress ? facts.agentCode + facts.agentCassAddress : ''].filter(Boolean);
  const row = (lists.iataagentcodelist ?? []).find((candidate) => codes.includes(textOf(candidate.values.agentCode) ?? ''));
  if (!row) {
    return [
      {
        list: 'iataagentcodelist',
        rule: facts.agentCode,
        effect: 'warning',
        message: `The agent ${facts.agentCode} is not in the IATA Agent Code List.`,
        category: 'Documentation',
      },
    ];
  }
  const company = textOf(row.values.companyId);
  return [
    {
      list: 'iataagentcodelist',
      rowId: row.id,
      rule: facts.agentCode,
      effect: 'info',
      message: `Agent ${facts.agentCode}: ${textOf(row.values.agentName)}${company ? ` (portal company ${company})` : ''}.`,
    },
  ];
}

import type { ShipmentFacts } from './facts';
import type { Finding } from './findings';
import type { Geography } from './geography';
import { rowMatches, textOf, type RuleLists } from './ruleRows';

/**
 * Commodities: the HS Code Check List (codes that need a check, optionally for one destination
 * country). (The Harmonised Commodity Code List declares its controlled commodities as a plugin
 * effect: effectRules.ts.)
 */

/** Handling codes that declare dangerous goods (IATA DGR: RXB ... RRY, ICE and the general DGR). */
export const DANGEROUS_GOODS_CODES: ReadonlySet<string> = new Set([
  'DGR',
  'RCL',
  'RCM',
  'RCX',
  'RCG',
  'REQ',
  'REX',
  'RFG',
  'RFL',
  'RFS',
  'RFW',
  'RGX',
  'RIS',
  'RMD',
  'RNG',
  'ROP',
  'ROX',
  'RPB',
  'RPG',
  'RRE',
  'RRW',
  'RRY',
  'RSB',
  'RSC',
  'RXB',
  'RXC',
  'RXD',
  'RXE',
  'RXG',
  'RXS',
  'ICE',
  'ELI',
  'ELM',
]);

export function hsCheckFindings(facts: ShipmentFacts, lists: RuleLists, geography: Geography, hsCodes: readonly string[], codes: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  for (const row of lists.hscodechecklist ?? []) {
    const country = textOf(row.values.countryCode)?.toUpperCase();
    if (country && country !== geography.destinationCountry) continue;
    const code = hsCodes.find((candidate) => rowMatches(candidate, row.values.hsCodePattern, 'Exact'));
    if (!code) continue;
    const checkType = textOf(row.values.checkType) ?? 'Licence Required';
    const remarks = textOf(row.values.remarks);
    const where = `HS code ${code}${country ? ` to ${country}` : ''}${remarks ? `: ${remarks}` : ''}`;
    const base = { list: 'hscodechecklist' as const, rowId: row.id, rule: `${textOf(row.values.hsCodePattern)} ${checkType}` };
    switch (checkType) {
      case 'Embargo':
        findings.push({ ...base, effect: 'hardBlock', message: `Embargoed commodity. ${where}`, category: 'Customs' });
        break;
      case 'Dual Use':
        findings.push({ ...base, effect: 'eyeball', message: `Dual-use commodity: check the export authorisation. ${where}`, category: 'Customs' });
        break;
      case 'Dangerous Goods':
        findings.push(
          codes.some((shc) => DANGEROUS_GOODS_CODES.has(shc))
            ? { ...base, effect: 'info', message: `Dangerous goods commodity, declared with a dangerous goods handling code. ${where}` }
            : {
                ...base,
                effect: 'eyeball',
                message: `Dangerous goods commodity without a dangerous goods handling code: check the declaration. ${where}`,
                category: 'Dangerous Goods',
              },
        );
        break;
      default:
        findings.push(
          facts.licences.length > 0
            ? { ...base, effect: 'info', message: `Licence required and given (${facts.licences.join(', ')}). ${where}` }
            : { ...base, effect: 'eyeball', message: `A licence is required and the AWB gives none. ${where}`, category: 'Customs' },
        );
    }
  }
  return findings;
}

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

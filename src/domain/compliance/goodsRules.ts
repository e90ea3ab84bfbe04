import { MAX_SPECIAL_HANDLING_CODES } from '../specialHandling';
import type { ShipmentFacts } from './facts';
import type { Finding } from './findings';
import { carrierApplies, itemsOf, rowMatches, textOf, type RuleLists } from './ruleRows';

/**
 * The goods side: the Description Map turns free-text goods descriptions into a standard one with
 * its HS code and handling codes; the Auto Special Handling Code List adds handling codes by
 * carrier, origin and description. Both feed the later rules (HS code checks, SHC filters).
 */

export interface GoodsOutcome {
  /** The shipment's handling codes after both lists. */
  specialHandlingCodes: string[];
  added: string[];
  /** HS codes after the Description Map added its own. */
  hsCodes: string[];
  mappedDescriptions: string[];
  findings: Finding[];
}

export function goodsRules(facts: ShipmentFacts, lists: RuleLists): GoodsOutcome {
  const findings: Finding[] = [];
  const codes = [...facts.specialHandlingCodes];
  const hsCodes = [...facts.hsCodes];
  const mappedDescriptions: string[] = [];
  const add = (more: string[]): string[] => {
    const fresh = more.filter((code) => !codes.includes(code));
    codes.push(...fresh);
    return fresh;
  };
  const texts = [...facts.goods, ...facts.houses.flatMap((house) => house.goods)];

  for (const text of facts.goods) {
    const row = (lists.descmap ?? []).find((candidate) => rowMatches(text, candidate.values.matchingValue, candidate.values.matchingMethod));
    if (!row) continue;
    const mapped = textOf(row.values.mappedDescription) ?? text;
    const hsCode = textOf(row.values.hsCode);
    const added = add(itemsOf(row.values.shcCodes, '/'));
    if (hsCode && !hsCodes.includes(hsCode)) hsCodes.push(hsCode);
    mappedDescriptions.push(mapped);
    const extras = [hsCode ? `HS code ${hsCode}` : '', added.length > 0 ? `handling codes ${added.join('/')}` : ''].filter(Boolean).join(', ');
    findings.push({
      list: 'descmap',
      rowId: row.id,
      rule: String(row.values.matchingValue),
      effect: 'info',
      message: `'${text}' is mapped to '${mapped}'${extras ? ` with ${extras}` : ''}.`,
    });
  }

  for (const row of lists.autospecialhandlingcodelist ?? []) {
    if (!carrierApplies(row, facts.carrierId)) continue;
    const origin = textOf(row.values.originCode)?.toUpperCase();
    if (origin && origin !== facts.origin) continue;
    const text = texts.find((candidate) => rowMatches(candidate, row.values.matchingValue, row.values.matchingMethod, 'Keyword'));
    if (text === undefined) continue;
    const added = add(itemsOf(row.values.shcCodes, '/'));
    if (added.length === 0) continue;
    findings.push({
      list: 'autospecialhandlingcodelist',
      rowId: row.id,
      rule: String(row.values.matchingValue),
      effect: 'info',
      message: `'${text}' adds the handling codes ${added.join('/')}.`,
    });
  }

  if (codes.length > MAX_SPECIAL_HANDLING_CODES) {
    findings.push({
      list: 'autospecialhandlingcodelist',
      rule: 'Handling codes',
      effect: 'warning',
      message: `The shipment has ${codes.length} handling codes (${codes.join('/')}); at most ${MAX_SPECIAL_HANDLING_CODES} can be sent on.`,
      category: 'Documentation',
    });
  }
  return { specialHandlingCodes: codes, added: codes.filter((code) => !facts.specialHandlingCodes.includes(code)), hsCodes, mappedDescriptions, findings };
}

import { ROWS_PER_PAUSE } from '../steps';
import type { ShipmentFacts } from './facts';
import type { Finding } from './findings';
import { itemsOf, rowMatches, textOf, type RuleLists, type RuleRow } from './ruleRows';

/**
 * The goods side: the Description Map turns free-text goods descriptions into a standard one with
 * its HS code and handling codes, which the later rules see (HS code checks, SHC filters). (The
 * Auto Special Handling Code List declares its codes as a plugin effect: effectRules.ts.)
 */

export interface GoodsOutcome {
  /** The shipment's handling codes after the Description Map. */
  specialHandlingCodes: string[];
  added: string[];
  /** HS codes after the Description Map added its own. */
  hsCodes: string[];
  mappedDescriptions: string[];
  findings: Finding[];
}

/** The goods side, pausing (yielding) every ROWS_PER_PAUSE rows tried: each description is tried against the map's rows until one matches. */
export function* goodsSteps(facts: ShipmentFacts, lists: RuleLists): Generator<void, GoodsOutcome> {
  const findings: Finding[] = [];
  const codes = [...facts.specialHandlingCodes];
  const hsCodes = [...facts.hsCodes];
  const mappedDescriptions: string[] = [];
  const add = (more: string[]): string[] => {
    const fresh = more.filter((code) => !codes.includes(code));
    codes.push(...fresh);
    return fresh;
  };

  const rows = lists.descmap ?? [];
  let tried = 0;
  for (const text of facts.goods) {
    let row: RuleRow | undefined;
    for (const candidate of rows) {
      if (++tried % ROWS_PER_PAUSE === 0) yield;
      if (rowMatches(text, candidate, 'matchingValue', candidate.values.matchingMethod)) {
        row = candidate;
        break;
      }
    }
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

  return { specialHandlingCodes: codes, added: codes.filter((code) => !facts.specialHandlingCodes.includes(code)), hsCodes, mappedDescriptions, findings };
}

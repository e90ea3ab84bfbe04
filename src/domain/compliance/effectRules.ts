import { isMatchingMethod } from '../wildcard';
import type { ShipmentFacts } from './facts';
import type { Finding, FindingEffect } from './findings';
import type { Geography } from './geography';
import { SHIPMENT_FACTS, type EffectCondition, type EffectOutcome, type RuleEffect, type ShipmentFact } from './ruleEffects';
import { itemsOf, rowMatches, textOf, type RuleRow } from './ruleRows';

/**
 * The generic side of the engine: the rows of every list whose plugin declares effects
 * (ruleEffects.ts), evaluated against a shipment's facts. No list is named here; the server hands
 * the lists over with their rows (src/server/compliance/carrierRules.ts).
 */

/** A list whose plugin declares effects, with a carrier's rows of it. */
export interface EffectList {
  /** The plugin name (the finding's list). */
  name: string;
  /** The plugin label, named in the explanation. */
  label: string;
  effects: readonly RuleEffect[];
  rows: readonly RuleRow[];
}

const FINDING_EFFECT: Record<EffectOutcome['kind'], FindingEffect> = {
  hardBlock: 'hardBlock',
  softBlock: 'softBlock',
  warning: 'warning',
  addShc: 'info',
  autoAccept: 'autoAccept',
  validationError: 'error',
};

const VERB: Record<EffectOutcome['kind'], string> = {
  hardBlock: 'Blocked by',
  softBlock: 'Soft block by',
  warning: 'Warning from',
  addShc: 'added by',
  autoAccept: 'Automatic acceptance allowed by',
  validationError: 'Data error found by',
};

/** The shipment's values of a fact, as text (upper-cased codes stay as they are). */
function factValues(fact: ShipmentFact, facts: ShipmentFacts, geography: Geography, codes: readonly string[], hsCodes: readonly string[]): string[] {
  const names = (role?: string) => facts.parties.filter((party) => role === undefined || party.role === role).map((party) => party.name);
  const one = (value: string | number | undefined) => (value === undefined ? [] : [String(value)]);
  switch (fact) {
    case 'origin':
      return [facts.origin];
    case 'destination':
      return [facts.destination];
    case 'originCountry':
      return one(geography.originCountry);
    case 'destinationCountry':
      return one(geography.destinationCountry);
    case 'transit':
      return facts.transit;
    case 'carrier':
      return [facts.carrierId];
    case 'agent':
      return one(facts.agentCode);
    case 'shipper':
      return names('Shipper');
    case 'consignee':
      return names('Consignee');
    case 'notify':
      return names('Notify');
    case 'party':
      return names();
    case 'partyCountry':
      return facts.parties.flatMap((party) => one(party.countryCode));
    case 'goods':
      return [...facts.goods, ...facts.houses.flatMap((house) => house.goods)];
    case 'hsCode':
      return [...hsCodes];
    case 'shc':
      return [...codes];
    case 'currency':
      return one(facts.currency);
    case 'weightKg':
      return one(facts.weightKg);
    case 'pieces':
      return one(facts.pieces);
  }
}

/** Why a condition holds, in words ('' when its row value is empty and it holds for every shipment), or undefined when it does not. */
function conditionHolds(condition: EffectCondition, row: RuleRow, values: readonly string[]): string | undefined {
  const label = SHIPMENT_FACTS[condition.fact];
  const listed = textOf(row.values[condition.field]);
  if (condition.match === 'range') {
    const most = condition.maxField ? textOf(row.values[condition.maxField]) : undefined;
    if (listed === undefined && most === undefined) return condition.required ? undefined : '';
    const hit = values.find((value) => {
      const number = Number(value);
      return Number.isFinite(number) && (listed === undefined || number >= Number(listed)) && (most === undefined || number <= Number(most));
    });
    return hit === undefined ? undefined : `${label} ${hit} within ${listed ?? ''}-${most ?? ''}`;
  }
  if (listed === undefined) return condition.required ? undefined : '';
  const upper = listed.toUpperCase();
  switch (condition.match) {
    case 'equal': {
      const hit = values.find((value) => value.trim().toUpperCase() === upper);
      return hit === undefined ? undefined : `${label} ${hit}`;
    }
    case 'prefix': {
      const hit = values.find((value) => value.trim().toUpperCase().startsWith(upper));
      return hit === undefined ? undefined : `${label} ${hit} (listed ${listed})`;
    }
    case 'inList': {
      const items = new Set(listed.split(/[;/,]/u).map((item) => item.trim().toUpperCase()));
      const hit = values.find((value) => items.has(value.trim().toUpperCase()));
      return hit === undefined ? undefined : `${label} ${hit}`;
    }
    case 'wildcard': {
      const method = typeof condition.method === 'object' ? row.values[condition.method.field] : condition.method;
      const hit = values.find((value) => rowMatches(value, listed, isMatchingMethod(method) ? method : 'Default'));
      return hit === undefined ? undefined : `${label} '${hit}' matches ${listed}`;
    }
  }
}

function rowTakesPart(effect: RuleEffect, row: RuleRow): boolean {
  return Object.entries(effect.onlyRows ?? {}).every(([field, wanted]) => String(row.values[field] ?? '').toUpperCase() === String(wanted).toUpperCase());
}

export interface EffectOutcomes {
  findings: Finding[];
  /** The handling codes after the `addShc` rules. */
  specialHandlingCodes: string[];
  added: string[];
}

/** The findings of every declared effect (addShc rules first; see ruleEffects.ts for the precedence). */
export function ruleEffectFindings(
  lists: readonly EffectList[],
  facts: ShipmentFacts,
  geography: Geography,
  codes: readonly string[],
  hsCodes: readonly string[],
): EffectOutcomes {
  const findings: Finding[] = [];
  const current = [...codes];
  const added: string[] = [];
  // A fact's values are read once per pass over the rows, not once per row (a list may hold thousands).
  const known = new Map<ShipmentFact, string[]>();
  const valuesOf = (fact: ShipmentFact): string[] => {
    let values = known.get(fact);
    if (!values) {
      values = factValues(fact, facts, geography, current, hsCodes);
      known.set(fact, values);
    }
    return values;
  };
  const run = (effect: RuleEffect, list: EffectList) => {
    for (const row of list.rows) {
      if (!rowTakesPart(effect, row)) continue;
      const reasons: string[] = [];
      const holds = effect.when.every((condition) => {
        const why = conditionHolds(condition, row, valuesOf(condition.fact));
        if (why) reasons.push(why);
        return why !== undefined;
      });
      if (!holds) continue;
      const { outcome } = effect;
      let verb = VERB[outcome.kind];
      if (outcome.kind === 'addShc') {
        const fresh = itemsOf(row.values[outcome.field], '/').filter((code) => !current.includes(code));
        if (fresh.length === 0) continue;
        current.push(...fresh);
        added.push(...fresh);
        known.delete('shc');
        verb = `Handling codes ${fresh.join('/')} ${verb}`;
      }
      const remark = effect.remarkField ? textOf(row.values[effect.remarkField]) : undefined;
      const reason = outcome.kind === 'softBlock' && outcome.reasonField ? textOf(row.values[outcome.reasonField]) : undefined;
      const why = reasons.length > 0 ? reasons.join(', ') : 'every shipment';
      const message = `${verb} ${list.label}, row ${row.id}: ${why}.${reason ? ` ${reason}` : ''}${remark ? ` ${remark}` : ''}`;
      findings.push({
        list: list.name,
        rowId: row.id,
        rule: `${list.label} ${row.id}`,
        effect: FINDING_EFFECT[outcome.kind],
        message,
        ...('category' in outcome && outcome.category ? { category: outcome.category } : {}),
      });
    }
  };
  for (const list of lists) for (const effect of list.effects) if (effect.outcome.kind === 'addShc') run(effect, list);
  for (const list of lists) for (const effect of list.effects) if (effect.outcome.kind !== 'addShc') run(effect, list);
  return { findings, specialHandlingCodes: current, added };
}

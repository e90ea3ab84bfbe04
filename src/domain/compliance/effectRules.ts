import { isMatchingMethod } from '../wildcard';
import type { ShipmentFacts } from './facts';
import { STRICTNESS, type Finding, type FindingEffect } from './findings';
import type { Geography } from './geography';
import {
  isAlternatives,
  isOutcomeByField,
  SHIPMENT_FACTS,
  type EffectCondition,
  type EffectOutcome,
  type EffectTest,
  type RowFilter,
  type RuleEffect,
  type ShipmentFact,
} from './ruleEffects';
import { itemsOf, rowMatches, specificity, textOf, type RuleRow } from './ruleRows';

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
  eyeball: 'eyeball',
  info: 'info',
  addShc: 'info',
  autoAccept: 'autoAccept',
  manualAccept: 'manualAccept',
  validationError: 'error',
};

const VERB: Record<EffectOutcome['kind'], string> = {
  hardBlock: 'Blocked by',
  softBlock: 'Soft block by',
  warning: 'Warning from',
  eyeball: 'Eyeball check required by',
  info: 'Noted by',
  addShc: 'added by',
  autoAccept: 'Automatic acceptance allowed by',
  manualAccept: 'Manual acceptance asked by',
  validationError: 'Data error found by',
};

/** The shipment's values of a fact, as text (upper-cased codes stay as they are). */
function factValues(fact: ShipmentFact, facts: ShipmentFacts, geography: Geography, codes: readonly string[], hsCodes: readonly string[]): string[] {
  const names = (role?: string) => facts.parties.filter((party) => role === undefined || party.role === role).map((party) => party.name);
  const one = (value: string | number | undefined) => (value === undefined ? [] : [String(value)]);
  const area = (country: string | undefined) => (country === undefined ? [] : [country, ...geography.regionsOf(country)]);
  switch (fact) {
    case 'origin':
      return [facts.origin];
    case 'destination':
      return [facts.destination];
    case 'originCountry':
      return one(geography.originCountry);
    case 'destinationCountry':
      return one(geography.destinationCountry);
    case 'originArea':
      return area(geography.originCountry);
    case 'destinationArea':
      return area(geography.destinationCountry);
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
    case 'licence':
      return [...facts.licences];
    case 'date':
      return [facts.date];
  }
}

/** Why a condition holds: in words ('' when its row value is empty and it holds for every shipment) and the shipment's value that made it; undefined when it does not. */
interface Held {
  why: string;
  value?: string;
}

function conditionHolds(condition: EffectCondition, row: RuleRow, values: readonly string[]): Held | undefined {
  const label = SHIPMENT_FACTS[condition.fact];
  const listed = textOf(row.values[condition.field]);
  if (condition.match === 'range') {
    const most = condition.maxField ? textOf(row.values[condition.maxField]) : undefined;
    if (listed === undefined && most === undefined) return condition.required ? undefined : { why: '' };
    const hit = values.find((value) => {
      const number = Number(value);
      return Number.isFinite(number) && (listed === undefined || number >= Number(listed)) && (most === undefined || number <= Number(most));
    });
    return hit === undefined ? undefined : { why: `${label} ${hit} within ${listed ?? ''}-${most ?? ''}`, value: hit };
  }
  if (listed === undefined) return condition.required ? undefined : { why: '' };
  const upper = listed.toUpperCase();
  const held = (hit: string | undefined, why: (hit: string) => string) => (hit === undefined ? undefined : { why: why(hit), value: hit });
  switch (condition.match) {
    case 'equal':
      return held(
        values.find((value) => value.trim().toUpperCase() === upper),
        (hit) => `${label} ${hit}`,
      );
    case 'prefix':
      return held(
        values.find((value) => value.trim().toUpperCase().startsWith(upper)),
        (hit) => `${label} ${hit} (listed ${listed})`,
      );
    case 'sharedPrefix':
      return held(
        values.find((value) => {
          const code = value.trim().toUpperCase();
          return code !== '' && (code.startsWith(upper) || upper.startsWith(code));
        }),
        (hit) => `${label} ${hit} (listed ${listed})`,
      );
    case 'atLeast':
      return held(
        values.find((value) => {
          const text = value.trim();
          const [a, b] = [Number(text), Number(listed)];
          return Number.isFinite(a) && Number.isFinite(b) ? a >= b : text >= listed.slice(0, text.length);
        }),
        (hit) => `${label} ${hit} from ${listed}`,
      );
    case 'inList': {
      const items = new Set(listed.split(/[;/,]/u).map((item) => item.trim().toUpperCase()));
      return held(
        values.find((value) => items.has(value.trim().toUpperCase())),
        (hit) => `${label} ${hit}`,
      );
    }
    case 'wildcard': {
      const method = typeof condition.method === 'object' ? row.values[condition.method.field] : condition.method;
      const otherwise = typeof condition.method === 'object' ? (condition.method.otherwise ?? 'Default') : 'Default';
      return held(
        values.find((value) => rowMatches(value, listed, isMatchingMethod(method) ? method : otherwise)),
        (hit) => `${label} '${hit}' matches ${listed}`,
      );
    }
  }
}

function rowHolds(filter: RowFilter | undefined, row: RuleRow): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([field, wanted]) => {
    const value = String(row.values[field] ?? '').toUpperCase();
    return Array.isArray(wanted) ? wanted.some((one) => String(one).toUpperCase() === value) : String(wanted).toUpperCase() === value;
  });
}

/** The outcome a row gets: the rule's, or the one its field chooses; undefined when its value has none. */
function outcomeOf(effect: RuleEffect, row: RuleRow): EffectOutcome | undefined {
  const { outcome } = effect;
  if (!isOutcomeByField(outcome)) return outcome;
  const value = textOf(row.values[outcome.field])?.toUpperCase();
  const chosen = value === undefined ? undefined : Object.entries(outcome.cases).find(([name]) => name.toUpperCase() === value)?.[1];
  return chosen ?? outcome.otherwise;
}

/** A row's value of a field as the explanation spells it. */
function spelled(effect: RuleEffect, row: RuleRow, field: string): string {
  const value = textOf(row.values[field]) ?? '';
  return effect.wording?.[field]?.[value] ?? value;
}

const PLACEHOLDER = /\{(@?)([A-Za-z][A-Za-z0-9]*)\}/gu;
const OPTIONAL = /\[([^[\]]*)\]/gu;

/** Fills a template (see ruleEffects.ts, OutcomeWords.message): placeholders, then optional parts whose placeholders are all given. */
function fill(template: string, value: (at: boolean, name: string) => string): string {
  const one = (text: string) => text.replace(PLACEHOLDER, (_, at: string, name: string) => value(at === '@', name));
  return one(
    template.replace(OPTIONAL, (_, part: string) =>
      Array.from(part.matchAll(PLACEHOLDER)).every(([, at, name]) => value(at === '@', name) !== '') ? part : '',
    ),
  );
}

export interface EffectOutcomes {
  findings: Finding[];
  /** The handling codes after the `addShc` rules. */
  specialHandlingCodes: string[];
  added: string[];
}

function isAddShc(effect: RuleEffect): boolean {
  return !isOutcomeByField(effect.outcome) && effect.outcome.kind === 'addShc';
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
  // firstRowPer: the one value of the fact the rows are tried against.
  let pinned: { fact: ShipmentFact; value: string } | undefined;
  const valuesOf = (fact: ShipmentFact): string[] => {
    if (pinned?.fact === fact) return [pinned.value];
    let values = known.get(fact);
    if (!values) {
      values = factValues(fact, facts, geography, current, hsCodes);
      known.set(fact, values);
    }
    return values;
  };
  /** The finding of a row when the rule fires for it (an addShc row adds its codes). */
  const fire = (effect: RuleEffect, list: EffectList, row: RuleRow): Finding | undefined => {
    if (!rowHolds(effect.onlyRows, row)) return undefined;
    const reasons: string[] = [];
    const matched = new Map<ShipmentFact, string>();
    let because: string | undefined;
    const holds = (condition: EffectCondition): boolean => {
      const held = conditionHolds(condition, row, valuesOf(condition.fact));
      if (held === undefined) return false;
      if (held.why) reasons.push(held.why);
      if (held.value !== undefined && !matched.has(condition.fact)) matched.set(condition.fact, held.value);
      return true;
    };
    const passes = (test: EffectTest): boolean => {
      if (!isAlternatives(test)) return holds(test);
      return test.anyOf.some((alternative) => {
        if (!rowHolds(alternative.onlyRows, row)) return false;
        const before = reasons.length;
        const seen = new Map(matched);
        if (alternative.when.every(holds)) {
          because = alternative.says;
          return true;
        }
        reasons.length = before;
        matched.clear();
        for (const [fact, value] of seen) matched.set(fact, value);
        return false;
      });
    };
    if (!effect.when.every(passes)) return undefined;
    let outcome = outcomeOf(effect, row);
    if (!outcome) return undefined;
    if (outcome.unless) {
      const { fact, anyOf } = outcome.unless;
      const wanted = anyOf && new Set(anyOf.map((value) => value.toUpperCase()));
      const values = valuesOf(fact);
      if (wanted ? values.some((value) => wanted.has(value.toUpperCase())) : values.length > 0) outcome = outcome.unless.outcome;
    }
    let fresh: string[] = [];
    if (outcome.kind === 'addShc') {
      fresh = itemsOf(row.values[outcome.field], '/').filter((code) => !current.includes(code));
      if (fresh.length === 0) return undefined;
      current.push(...fresh);
      added.push(...fresh);
      known.delete('shc');
    }
    const why = reasons.length > 0 ? reasons.join(', ') : 'every shipment';
    const value = (at: boolean, name: string): string => {
      if (!at) return spelled(effect, row, name);
      if (name === 'added') return fresh.join('/');
      if (name === 'row') return row.id;
      if (name === 'list') return list.label;
      if (name === 'because') return because === undefined ? why : fill(because, value);
      if (!(name in SHIPMENT_FACTS)) return '';
      return matched.get(name as ShipmentFact) ?? valuesOf(name as ShipmentFact).join(', ');
    };
    let message: string;
    if (outcome.message !== undefined) message = fill(outcome.message, value);
    else {
      const verb = outcome.kind === 'addShc' ? `Handling codes ${fresh.join('/')} ${VERB.addShc}` : VERB[outcome.kind];
      const remark = effect.remarkField ? textOf(row.values[effect.remarkField]) : undefined;
      const reason = outcome.kind === 'softBlock' && outcome.reasonField ? textOf(row.values[outcome.reasonField]) : undefined;
      message = `${verb} ${list.label}, row ${row.id}: ${why}.${reason ? ` ${reason}` : ''}${remark ? ` ${remark}` : ''}`;
    }
    return {
      list: list.name,
      rowId: row.id,
      rule: effect.rule === undefined ? `${list.label} ${row.id}` : fill(effect.rule, value),
      effect: FINDING_EFFECT[outcome.kind],
      message,
      ...(outcome.category ? { category: outcome.category } : {}),
    };
  };
  const run = (effect: RuleEffect, list: EffectList) => {
    const before = findings.length;
    decide(effect, list);
    if (findings.length > before || !effect.whenNone) return;
    // No row fired: the finding without a row, its templates naming shipment facts.
    const { outcome, rule } = effect.whenNone;
    const value = (at: boolean, name: string): string => {
      if (!at) return '';
      if (name === 'list') return list.label;
      return name in SHIPMENT_FACTS ? valuesOf(name as ShipmentFact).join(', ') : '';
    };
    findings.push({
      list: list.name,
      rule: fill(rule, value),
      effect: FINDING_EFFECT[outcome.kind],
      message: outcome.message === undefined ? `${VERB[outcome.kind]} ${list.label}: no row applies.` : fill(outcome.message, value),
      ...(outcome.category ? { category: outcome.category } : {}),
    });
  };
  const decide = (effect: RuleEffect, list: EffectList) => {
    if (effect.mostSpecific) {
      const fields = effect.mostSpecific;
      let best: { finding: Finding; score: number } | undefined;
      for (const row of list.rows) {
        const finding = fire(effect, list, row);
        if (!finding) continue;
        const score = specificity(row, fields);
        if (!best || score > best.score || (score === best.score && STRICTNESS[finding.effect] > STRICTNESS[best.finding.effect])) best = { finding, score };
      }
      if (best) findings.push(best.finding);
      return;
    }
    const per = effect.firstRowPer;
    if (per === undefined) {
      for (const row of list.rows) {
        const finding = fire(effect, list, row);
        if (finding) findings.push(finding);
      }
      return;
    }
    for (const value of valuesOf(per)) {
      pinned = { fact: per, value };
      for (const row of list.rows) {
        const finding = fire(effect, list, row);
        if (finding) {
          findings.push(finding);
          break;
        }
      }
      pinned = undefined;
    }
  };

  for (const list of lists) for (const effect of list.effects) if (isAddShc(effect)) run(effect, list);
  for (const list of lists) for (const effect of list.effects) if (!isAddShc(effect)) run(effect, list);
  return { findings, specialHandlingCodes: current, added };
}

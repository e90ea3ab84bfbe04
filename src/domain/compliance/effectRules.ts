import { isMatchingMethod, type MatchingMethod } from '../wildcard';
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
  type OutcomeByField,
  type RowFilter,
  type RuleEffect,
  type ShipmentFact,
} from './ruleEffects';
import { ROWS_PER_PAUSE } from '../steps';
import { itemsOf, rowField, rowItems, rowMatcher, rowMatches, specificity, textOf, type RuleRow } from './ruleRows';

/**
 * The generic side of the engine: the rows of every list whose plugin declares effects
 * (ruleEffects.ts), evaluated against a shipment's facts. No list is named here: the engine's
 * caller hands over the lists with their rows (src/server/compliance/carrierRules.ts, effectListsOf). Each row is first tested without words (rowFires); the
 * explanation is built only for a row that fires.
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

/** What the engine needs of a plugin that declares effects (plugins/*.ts): the caller hands plugins over, the domain names none. */
export interface EffectDeclaration {
  name: string;
  label: string;
  effects?: readonly RuleEffect[];
}

/** The lists of the plugins that declare effects, in the plugins' order, each with its rows in `lists` (none when it has none). */
export function effectListsOf(plugins: readonly EffectDeclaration[], lists: Readonly<Record<string, readonly RuleRow[] | undefined>>): EffectList[] {
  return plugins
    .filter((plugin) => (plugin.effects?.length ?? 0) > 0)
    .map((plugin) => ({ name: plugin.name, label: plugin.label, effects: plugin.effects ?? [], rows: lists[plugin.name] ?? [] }));
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

function partyNames(facts: ShipmentFacts, role?: string): string[] {
  return facts.parties.filter((party) => role === undefined || party.role === role).map((party) => party.name);
}

function oneValue(value: string | number | undefined): string[] {
  return value === undefined ? [] : [String(value)];
}

/** The shipment's values of a fact, as text (upper-cased codes stay as they are). */
function factValues(fact: ShipmentFact, facts: ShipmentFacts, geography: Geography, codes: readonly string[], hsCodes: readonly string[]): string[] {
  switch (fact) {
    case 'origin':
      return [facts.origin];
    case 'destination':
      return [facts.destination];
    case 'originCountry':
      return oneValue(geography.originCountry);
    case 'destinationCountry':
      return oneValue(geography.destinationCountry);
    case 'originArea':
      return [...(areaValues(geography, geography.originCountry)?.raw ?? [])];
    case 'destinationArea':
      return [...(areaValues(geography, geography.destinationCountry)?.raw ?? [])];
    case 'transit':
      return facts.transit;
    case 'carrier':
      return [facts.carrierId];
    case 'agent':
      return oneValue(facts.agentCode);
    case 'shipper':
      return partyNames(facts, 'Shipper');
    case 'consignee':
      return partyNames(facts, 'Consignee');
    case 'notify':
      return partyNames(facts, 'Notify');
    case 'party':
      return partyNames(facts);
    case 'partyCountry':
      return facts.parties.flatMap((party) => oneValue(party.countryCode));
    case 'goods':
      return [...facts.goods, ...facts.houses.flatMap((house) => house.goods)];
    case 'hsCode':
      return [...hsCodes];
    case 'shc':
      return [...codes];
    case 'currency':
      return oneValue(facts.currency);
    case 'weightKg':
      return oneValue(facts.weightKg);
    case 'pieces':
      return oneValue(facts.pieces);
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

/** Whether a value is at least the row's: numbers as numbers, else as text (a day, yyyy-mm-dd, from an effective date). */
function atLeast(value: string, listed: string): boolean {
  const text = value.trim();
  const [a, b] = [Number(text), Number(listed)];
  return Number.isFinite(a) && Number.isFinite(b) ? a >= b : text >= listed.slice(0, text.length);
}

/** A wildcard condition's matching method: fixed, or the row's (else its fallback, else Default). */
function wildcardMethod(condition: EffectCondition, row: RuleRow): MatchingMethod {
  if (typeof condition.method !== 'object') return condition.method ?? 'Default';
  const method = row.values[condition.method.field];
  return isMatchingMethod(method) ? method : (condition.method.otherwise ?? 'Default');
}

/** A row filter's fields with the upper-cased values they may hold, worked out once per filter. */
const compiledFilters = new WeakMap<RowFilter, readonly (readonly [string, ReadonlySet<string>])[]>();

function rowHolds(filter: RowFilter | undefined, row: RuleRow): boolean {
  if (!filter) return true;
  let entries = compiledFilters.get(filter);
  if (!entries) {
    entries = Object.entries(filter).map(
      ([field, wanted]) => [field, new Set((Array.isArray(wanted) ? wanted : [wanted]).map((one) => String(one).toUpperCase()))] as const,
    );
    compiledFilters.set(filter, entries);
  }
  for (const [field, wanted] of entries) if (!wanted.has(String(row.values[field] ?? '').toUpperCase())) return false;
  return true;
}

/** A fact's values as read, and trimmed and upper-cased for comparing. */
interface FactValueSet {
  raw: readonly string[];
  upper: readonly string[];
  /** Where each upper-cased value first stands, for a fact of many values (a region-rich area); made when first asked for. */
  positions?: ReadonlyMap<string, number>;
}

function valueSet(raw: readonly string[]): FactValueSet {
  return { raw, upper: raw.map((value) => value.trim().toUpperCase()) };
}

/** A fact with more values than this is looked up through its positions, not scanned, by every row of a list. */
const SCANNED_VALUES = 16;

function positionOf(values: FactValueSet, upper: string): number {
  if (values.upper.length <= SCANNED_VALUES) return values.upper.indexOf(upper);
  if (!values.positions) {
    const positions = new Map<string, number>();
    values.upper.forEach((value, at) => {
      if (!positions.has(value)) positions.set(value, at);
    });
    values.positions = positions;
  }
  return values.positions.get(upper) ?? -1;
}

/**
 * A country's area (the country and the Region List's regions holding it) as compared, kept with the
 * list version's regions of that country: the same for every shipment to or from it, and a Region
 * List of 50,000 rows may put a country in as many regions.
 */
const areas = new WeakMap<readonly string[], Map<string, FactValueSet>>();

function areaValues(geography: Geography, country: string | undefined): FactValueSet | undefined {
  if (country === undefined) return undefined;
  const regions = geography.regionsOf(country);
  let byCountry = areas.get(regions);
  if (!byCountry) {
    byCountry = new Map();
    areas.set(regions, byCountry);
  }
  let area = byCountry.get(country);
  if (!area) {
    area = valueSet([country, ...regions]);
    byCountry.set(country, area);
  }
  return area;
}

/**
 * The shipment's first value that makes a condition hold for a row (as read, not upper-cased);
 * null when it holds without one (its row value is empty and it is not required); undefined when
 * it does not hold. The one matcher of every row (rowFires) and of the explanation (conditionHolds),
 * so the two cannot disagree.
 */
function firstHit(condition: EffectCondition, row: RuleRow, values: FactValueSet): string | null | undefined {
  const { text: listed, upper } = rowField(row, condition.field);
  const { raw, upper: uppers } = values;
  if (condition.match === 'range') {
    const most = condition.maxField ? textOf(row.values[condition.maxField]) : undefined;
    if (listed === undefined && most === undefined) return condition.required ? undefined : null;
    for (const value of raw) {
      const number = Number(value);
      if (Number.isFinite(number) && (listed === undefined || number >= Number(listed)) && (most === undefined || number <= Number(most))) return value;
    }
    return undefined;
  }
  if (listed === undefined || upper === undefined) return condition.required ? undefined : null;
  switch (condition.match) {
    case 'equal': {
      const at = positionOf(values, upper);
      return at < 0 ? undefined : raw[at];
    }
    case 'prefix':
      for (let at = 0; at < uppers.length; at++) if (uppers[at].startsWith(upper)) return raw[at];
      return undefined;
    case 'sharedPrefix':
      for (let at = 0; at < uppers.length; at++) {
        const code = uppers[at];
        if (code !== '' && (code.startsWith(upper) || upper.startsWith(code))) return raw[at];
      }
      return undefined;
    case 'inList': {
      const items = rowItems(row, condition.field);
      for (let at = 0; at < uppers.length; at++) if (items.has(uppers[at])) return raw[at];
      return undefined;
    }
    case 'atLeast':
      for (const value of raw) if (atLeast(value, listed)) return value;
      return undefined;
    case 'wildcard': {
      const method = wildcardMethod(condition, row);
      for (const value of raw) if (rowMatches(value, row, condition.field, method)) return value;
      return undefined;
    }
  }
}

/** The conditions of a rule, those of its alternatives included. */
function* conditionsOf(effect: RuleEffect): Generator<EffectCondition> {
  for (const test of effect.when) {
    if (isAlternatives(test)) for (const alternative of test.anyOf) yield* alternative.when;
    else yield test;
  }
}

/** Compares a row's values, compiles its matching values and splits its lists for every rule of a list now, as firstHit would on its first shipment. */
export function prepareEffectRow(effects: readonly RuleEffect[], row: RuleRow): void {
  for (const effect of effects) {
    for (const condition of conditionsOf(effect)) {
      rowField(row, condition.field);
      if (condition.match === 'inList') rowItems(row, condition.field);
      if (condition.match === 'wildcard') rowMatcher(row, condition.field, wildcardMethod(condition, row));
    }
  }
}

/** Why a condition holds for a row, in words, with the value that made it (firstHit); undefined when it does not. */
function conditionHolds(condition: EffectCondition, row: RuleRow, values: FactValueSet): Held | undefined {
  const hit = firstHit(condition, row, values);
  if (hit === undefined) return undefined;
  if (hit === null) return { why: '' };
  const label = SHIPMENT_FACTS[condition.fact];
  const listed = textOf(row.values[condition.field]);
  switch (condition.match) {
    case 'range': {
      const most = condition.maxField ? textOf(row.values[condition.maxField]) : undefined;
      return { why: `${label} ${hit} within ${listed ?? ''}-${most ?? ''}`, value: hit };
    }
    case 'prefix':
    case 'sharedPrefix':
      return { why: `${label} ${hit} (listed ${listed})`, value: hit };
    case 'atLeast':
      return { why: `${label} ${hit} from ${listed}`, value: hit };
    case 'wildcard':
      return { why: `${label} '${hit}' matches ${listed}`, value: hit };
    case 'equal':
    case 'inList':
      return { why: `${label} ${hit}`, value: hit };
  }
}

/** Whether a rule fires for a row (its filters and every test), without building its explanation. */
function rowFires(effect: RuleEffect, row: RuleRow, pass: { lookup(fact: ShipmentFact): FactValueSet }): boolean {
  if (!rowHolds(effect.onlyRows, row)) return false;
  for (const test of effect.when) {
    if (!isAlternatives(test)) {
      if (firstHit(test, row, pass.lookup(test.fact)) === undefined) return false;
      continue;
    }
    let any = false;
    for (const alternative of test.anyOf) {
      if (!rowHolds(alternative.onlyRows, row)) continue;
      let all = true;
      for (const condition of alternative.when) {
        if (firstHit(condition, row, pass.lookup(condition.fact)) === undefined) {
          all = false;
          break;
        }
      }
      if (all) {
        any = true;
        break;
      }
    }
    if (!any) return false;
  }
  return true;
}

const compiledCases = new WeakMap<OutcomeByField, ReadonlyMap<string, EffectOutcome>>();

/** The outcome a row gets: the rule's, or the one its field chooses; undefined when its value has none. */
function outcomeOf(effect: RuleEffect, row: RuleRow): EffectOutcome | undefined {
  const { outcome } = effect;
  if (!isOutcomeByField(outcome)) return outcome;
  let cases = compiledCases.get(outcome);
  if (!cases) {
    cases = new Map(Object.entries(outcome.cases).map(([name, chosen]) => [name.toUpperCase(), chosen]));
    compiledCases.set(outcome, cases);
  }
  const value = textOf(row.values[outcome.field])?.toUpperCase();
  return (value === undefined ? undefined : cases.get(value)) ?? outcome.otherwise;
}

const compiledAnyOf = new WeakMap<readonly string[], ReadonlySet<string>>();

/** Whether the shipment has the fact an outcome's `unless` names (one of its values, or any). */
function shipmentHas(unless: NonNullable<EffectOutcome['unless']>, values: FactValueSet): boolean {
  if (!unless.anyOf) return values.raw.length > 0;
  let wanted = compiledAnyOf.get(unless.anyOf);
  if (!wanted) {
    wanted = new Set(unless.anyOf.map((value) => value.toUpperCase()));
    compiledAnyOf.set(unless.anyOf, wanted);
  }
  for (const value of values.upper) if (wanted.has(value)) return true;
  return false;
}

/** A row's value of a field as the explanation spells it. */
function spelled(effect: RuleEffect, row: RuleRow, field: string): string {
  const value = textOf(row.values[field]) ?? '';
  return effect.wording?.[field]?.[value] ?? value;
}

const PLACEHOLDER = /\{(@?)([A-Za-z][A-Za-z0-9]*)\}/gu;
const OPTIONAL = /\[([^[\]]*)\]/gu;

/** Fills a template (see ruleEffects.ts, OutcomeWords.message): placeholders, then optional parts whose placeholders are all given. */
/** What a template's placeholders stand for: `value(true, 'hsCode')` for `{@hsCode}`, `value(false, 'remarks')` for `{remarks}`. */
interface Words {
  value(at: boolean, name: string): string;
}

/** A template's parts: text, a placeholder, or an optional part of both. */
type TemplatePart = string | { at: boolean; name: string } | { optional: readonly (string | { at: boolean; name: string })[] };

const parsedTemplates = new Map<string, readonly TemplatePart[]>();

function placeholders(text: string): (string | { at: boolean; name: string })[] {
  const parts: (string | { at: boolean; name: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ at: match[1] === '@', name: match[2] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** A template parsed once (plugins declare a few). */
function parsed(template: string): readonly TemplatePart[] {
  let parts = parsedTemplates.get(template);
  if (!parts) {
    const result: TemplatePart[] = [];
    let last = 0;
    for (const match of template.matchAll(OPTIONAL)) {
      result.push(...placeholders(template.slice(last, match.index)), { optional: placeholders(match[1]) });
      last = match.index + match[0].length;
    }
    result.push(...placeholders(template.slice(last)));
    parts = result;
    parsedTemplates.set(template, parts);
  }
  return parts;
}

function fill(template: string, words: Words): string {
  let text = '';
  for (const part of parsed(template)) {
    if (typeof part === 'string') text += part;
    else if ('name' in part) text += words.value(part.at, part.name);
    else {
      let optional = '';
      let empty = false;
      for (const inner of part.optional) {
        if (typeof inner === 'string') optional += inner;
        else {
          const value = words.value(inner.at, inner.name);
          if (value === '') empty = true;
          optional += value;
        }
      }
      if (!empty) text += optional;
    }
  }
  return text;
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

/**
 * One evaluation of the declared effects for a shipment. Its methods are the class's (no closure is
 * made per shipment or per row): the engine runs it for every shipment of a re-screening.
 */
class EffectPass {
  readonly findings: Finding[] = [];
  readonly current: string[];
  readonly added: string[] = [];
  // A fact's values are read once per pass over the rows, not once per row (a list may hold thousands).
  readonly known = new Map<ShipmentFact, FactValueSet>();
  // firstRowPer: the one value of the fact the rows are tried against.
  private pinned: { fact: ShipmentFact; values: FactValueSet } | undefined;

  constructor(
    private readonly facts: ShipmentFacts,
    private readonly geography: Geography,
    codes: readonly string[],
    private readonly hsCodes: readonly string[],
  ) {
    this.current = [...codes];
  }

  lookup(fact: ShipmentFact): FactValueSet {
    if (this.pinned?.fact === fact) return this.pinned.values;
    let values = this.known.get(fact);
    if (!values) {
      const area = fact === 'originArea' || fact === 'destinationArea';
      values =
        (area && areaValues(this.geography, fact === 'originArea' ? this.geography.originCountry : this.geography.destinationCountry)) ||
        valueSet(factValues(fact, this.facts, this.geography, this.current, this.hsCodes));
      this.known.set(fact, values);
    }
    return values;
  }

  valuesOf(fact: ShipmentFact): readonly string[] {
    return this.lookup(fact).raw;
  }

  *run(effect: RuleEffect, list: EffectList): Generator<void> {
    const before = this.findings.length;
    yield* this.decide(effect, list);
    if (this.findings.length > before || !effect.whenNone) return;
    // No row fired: the finding without a row, its templates naming shipment facts.
    const { outcome, rule } = effect.whenNone;
    const words = new FactWords(this, list);
    this.findings.push({
      list: list.name,
      rule: fill(rule, words),
      effect: FINDING_EFFECT[outcome.kind],
      message: outcome.message === undefined ? `${VERB[outcome.kind]} ${list.label}: no row applies.` : fill(outcome.message, words),
      ...(outcome.category ? { category: outcome.category } : {}),
    });
  }

  /** Rows tried since the last pause: decide pauses (yields) every ROWS_PER_PAUSE of them. */
  private tried = 0;

  /** Whether to pause now: a list of 50,000 rows took 61 ms to try in one step (issue 33's limits bench). */
  private due(): boolean {
    this.tried = (this.tried + 1) % ROWS_PER_PAUSE;
    return this.tried === 0;
  }

  private *decide(effect: RuleEffect, list: EffectList): Generator<void> {
    if (effect.mostSpecific) {
      const fields = effect.mostSpecific;
      // The explanation is built for the row that decides only.
      let best: { row: RuleRow; outcome: EffectOutcome; score: number; strictness: number } | undefined;
      for (const row of list.rows) {
        if (this.due()) yield;
        if (!rowFires(effect, row, this)) continue;
        const outcome = this.outcomeFor(effect, row);
        if (!outcome) continue;
        const score = specificity(row, fields);
        const strictness = STRICTNESS[FINDING_EFFECT[outcome.kind]];
        if (!best || score > best.score || (score === best.score && strictness > best.strictness)) best = { row, outcome, score, strictness };
      }
      const finding = best && this.fire(effect, list, best.row, best.outcome);
      if (finding) this.findings.push(finding);
      return;
    }
    const per = effect.firstRowPer;
    if (per === undefined) {
      for (const row of list.rows) {
        if (this.due()) yield;
        if (!rowFires(effect, row, this)) continue;
        const outcome = this.outcomeFor(effect, row);
        const finding = outcome && this.fire(effect, list, row, outcome);
        if (finding) this.findings.push(finding);
      }
      return;
    }
    for (const value of this.valuesOf(per)) {
      this.pinned = { fact: per, values: valueSet([value]) };
      for (const row of list.rows) {
        if (this.due()) yield;
        if (!rowFires(effect, row, this)) continue;
        const outcome = this.outcomeFor(effect, row);
        const finding = outcome && this.fire(effect, list, row, outcome);
        if (finding) {
          this.findings.push(finding);
          break;
        }
      }
      this.pinned = undefined;
    }
  }

  /** The outcome of a row the rule fires for: the row's (or its field's choice), or the one it gives way to. */
  private outcomeFor(effect: RuleEffect, row: RuleRow): EffectOutcome | undefined {
    const outcome = outcomeOf(effect, row);
    if (outcome?.unless && shipmentHas(outcome.unless, this.lookup(outcome.unless.fact))) return outcome.unless.outcome;
    return outcome;
  }

  /** The finding of a row the rule fires for (rowFires said so), with its explanation; an addShc row adds its codes (none new: no finding). */
  private fire(effect: RuleEffect, list: EffectList, row: RuleRow, outcome: EffectOutcome): Finding | undefined {
    const words = new RowWords(this, effect, list, row);
    if (outcome.kind === 'addShc') {
      const current = this.current;
      words.fresh = itemsOf(row.values[outcome.field], '/').filter((code) => !current.includes(code));
      if (words.fresh.length === 0) return undefined;
    }
    // The conditions again, with their words (the same as rowFires found).
    for (const test of effect.when) if (!words.passes(test)) return undefined;
    if (outcome.kind === 'addShc') {
      this.current.push(...words.fresh);
      this.added.push(...words.fresh);
      this.known.delete('shc');
    }
    let message: string;
    if (outcome.message !== undefined) message = fill(outcome.message, words);
    else {
      const verb = outcome.kind === 'addShc' ? `Handling codes ${words.fresh.join('/')} ${VERB.addShc}` : VERB[outcome.kind];
      const remark = effect.remarkField ? textOf(row.values[effect.remarkField]) : undefined;
      const reason = outcome.kind === 'softBlock' && outcome.reasonField ? textOf(row.values[outcome.reasonField]) : undefined;
      message = `${verb} ${list.label}, row ${row.id}: ${words.explained()}.${reason ? ` ${reason}` : ''}${remark ? ` ${remark}` : ''}`;
    }
    return {
      list: list.name,
      rowId: row.id,
      rule: effect.rule === undefined ? `${list.label} ${row.id}` : fill(effect.rule, words),
      effect: FINDING_EFFECT[outcome.kind],
      message,
      ...(outcome.category ? { category: outcome.category } : {}),
    };
  }
}

/** The words of a finding without a row (whenNone): the shipment's facts and the list's label. */
class FactWords implements Words {
  constructor(
    private readonly pass: EffectPass,
    private readonly list: EffectList,
  ) {}

  value(at: boolean, name: string): string {
    if (!at) return '';
    if (name === 'list') return this.list.label;
    return name in SHIPMENT_FACTS ? this.pass.valuesOf(name as ShipmentFact).join(', ') : '';
  }
}

/** Why a row fires, gathered while its conditions are tested again with their words, and the words of its templates. */
class RowWords implements Words {
  private readonly reasons: string[] = [];
  private readonly matched = new Map<ShipmentFact, string>();
  private because: string | undefined;
  /** Where the reasons of the alternative that held are, for its `says` to stand in their place. */
  private saysAt: [from: number, to: number] | undefined;
  /** The codes an addShc row added. */
  fresh: string[] = [];

  constructor(
    private readonly pass: EffectPass,
    private readonly effect: RuleEffect,
    private readonly list: EffectList,
    private readonly row: RuleRow,
  ) {}

  holds(condition: EffectCondition): boolean {
    const held = conditionHolds(condition, this.row, this.pass.lookup(condition.fact));
    if (held === undefined) return false;
    if (held.why) this.reasons.push(held.why);
    if (held.value !== undefined && !this.matched.has(condition.fact)) this.matched.set(condition.fact, held.value);
    return true;
  }

  passes(test: EffectTest): boolean {
    if (!isAlternatives(test)) return this.holds(test);
    for (const alternative of test.anyOf) {
      if (!rowHolds(alternative.onlyRows, this.row)) continue;
      const before = this.reasons.length;
      const seen = new Map(this.matched);
      if (alternative.when.every((condition) => this.holds(condition))) {
        this.because = alternative.says;
        this.saysAt = alternative.says === undefined ? undefined : [before, this.reasons.length];
        return true;
      }
      this.reasons.length = before;
      this.matched.clear();
      for (const [fact, value] of seen) this.matched.set(fact, value);
    }
    return false;
  }

  why(): string {
    return this.reasons.length > 0 ? this.reasons.join(', ') : 'every shipment';
  }

  /** Why, for the default explanation: the words (`says`) of the alternative that held in place of its conditions'. */
  explained(): string {
    if (this.because === undefined || !this.saysAt) return this.why();
    const [from, to] = this.saysAt;
    return [...this.reasons.slice(0, from), fill(this.because, this), ...this.reasons.slice(to)].join(', ');
  }

  value(at: boolean, name: string): string {
    if (!at) return spelled(this.effect, this.row, name);
    if (name === 'added') return this.fresh.join('/');
    if (name === 'row') return this.row.id;
    if (name === 'list') return this.list.label;
    if (name === 'because') return this.because === undefined ? this.why() : fill(this.because, this);
    if (!(name in SHIPMENT_FACTS)) return '';
    return this.matched.get(name as ShipmentFact) ?? this.pass.valuesOf(name as ShipmentFact).join(', ');
  }
}

/**
 * The findings of every declared effect (addShc rules first; see ruleEffects.ts for the precedence), pausing
 * (yielding) every ROWS_PER_PAUSE rows tried: the engine's evaluation runs in slices (evaluationSteps).
 */
export function* ruleEffectSteps(
  lists: readonly EffectList[],
  facts: ShipmentFacts,
  geography: Geography,
  codes: readonly string[],
  hsCodes: readonly string[],
): Generator<void, EffectOutcomes> {
  const pass = new EffectPass(facts, geography, codes, hsCodes);
  for (const list of lists) for (const effect of list.effects) if (isAddShc(effect)) yield* pass.run(effect, list);
  for (const list of lists) for (const effect of list.effects) if (!isAddShc(effect)) yield* pass.run(effect, list);
  return { findings: pass.findings, specialHandlingCodes: pass.current, added: pass.added };
}

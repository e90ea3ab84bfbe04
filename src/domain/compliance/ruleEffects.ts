import type { MatchingMethod } from '../wildcard';
import type { MipCategory } from './findings';

/**
 * What a rule list's rows do to a shipment, declared by its plugin (plugins/*.ts, `effects`) and
 * evaluated by the engine for every plugin that declares it (ruleEffectSteps). A rule says which
 * shipment facts a row's fields match and how, which rows take part, and the outcome when every
 * condition of a row holds.
 *
 * Precedence (the same as for the built-in lists):
 * 1. `addShc` rules run first, in registry order, after the Description Map; conditions on `shc`
 *    of every later rule see the codes they add.
 * 2. Every other rule then gives one finding per matching row. A hard block beats a soft block (the
 *    acceptance block is the strongest kind, its reason the messages of that kind joined); a
 *    validation error makes the status Error, over Eyeball (an `eyeball` outcome) and New; any
 *    warning, eyeball check, block or error keeps the shipment from automatic acceptance, which an
 *    `autoAccept` finding only allows when nothing else stops it (a person accepts where the
 *    Acceptance Control has no rule for the station).
 * 3. A condition whose row field is empty holds for every shipment (an empty carrier means every
 *    carrier), unless the condition says `required`.
 * 4. `firstRowPer` and `mostSpecific` narrow the findings of a rule to one per value of a fact, or
 *    to the one most specific row.
 * 5. A row's own field may choose the outcome (`OutcomeByField`), and an outcome may give way to
 *    another when the shipment has a fact (`unless`: a licence given, a dangerous goods code declared).
 */

/** The facts of a shipment a condition may test (src/domain/compliance/facts.ts, and the countries the engine derives). */
export const SHIPMENT_FACTS = {
  origin: 'origin',
  destination: 'destination',
  originCountry: 'origin country',
  destinationCountry: 'destination country',
  transit: 'transit airport',
  carrier: 'carrier',
  agent: 'agent',
  shipper: 'shipper',
  consignee: 'consignee',
  notify: 'notify party',
  party: 'party',
  partyCountry: 'party country',
  goods: 'goods description',
  hsCode: 'HS code',
  shc: 'handling code',
  currency: 'currency',
  weightKg: 'weight (kg)',
  pieces: 'pieces',
  licence: 'licence',
  /** The day of evaluation, yyyy-mm-dd. */
  date: 'date',
  /** The origin country and the Region List's regions holding it. */
  originArea: 'origin country or region',
  destinationArea: 'destination country or region',
} as const;
export type ShipmentFact = keyof typeof SHIPMENT_FACTS;

/**
 * How a row's value is compared with a fact's values (a fact such as transit or goods has several;
 * one of them matching is enough), without regard to case:
 * - equal: the same text;
 * - prefix: the fact starts with the row's value (HS code 2844 covers 284410);
 * - atLeast: the fact is the row's value or more (numbers as numbers, else as text: a day from an effective date);
 * - sharedPrefix: one starts with the other (HS code 854231 and the national tariff line 85423100);
 * - wildcard: the spec 5 wildcards * ? # with ! as escape, under `method` (or a matching-method field);
 * - inList: the row's value is a list (its field's separator) holding the fact;
 * - range: the fact (a number) lies between the row's `field` (least) and `maxField` (most); either may be empty.
 */
export type MatchKind = 'equal' | 'prefix' | 'sharedPrefix' | 'wildcard' | 'inList' | 'range' | 'atLeast';

export interface EffectCondition {
  fact: ShipmentFact;
  /** The row's field holding the value (for range: the least). */
  field: string;
  match: MatchKind;
  /** wildcard: a fixed method, or `{ field }` naming the row's matching-method field (when empty: `otherwise`, default 'Default'). */
  method?: MatchingMethod | { field: string; otherwise?: MatchingMethod };
  /** range: the row's field holding the most. */
  maxField?: string;
  /** An empty row value does not hold (by default it holds for every shipment). */
  required?: boolean;
}

/** Values of a row's fields: a row takes part when each field holds the value (or one of the values) given. */
export type RowFilter = Readonly<Record<string, string | number | boolean | readonly (string | number | boolean)[]>>;

/** Holds when one of its alternatives holds; the first that does is the one explained (`{@because}`). */
export interface EffectAlternatives {
  anyOf: readonly EffectAlternative[];
}

export interface EffectAlternative {
  /** Every condition must hold. */
  when: readonly EffectCondition[];
  /** The alternative applies only to rows holding these values (e.g. `{ direction: ['Both', 'Export'] }`). */
  onlyRows?: RowFilter;
  /** How the alternative reads in the explanation (a template, see `message`); by default the words of its conditions. */
  says?: string;
}

/** A condition of a rule: one test of a row against the shipment, or a choice of alternatives. */
export type EffectTest = EffectCondition | EffectAlternatives;

/**
 * Words and category of an outcome.
 * `message` is a template of the explanation; without one it reads
 * "Blocked by {list label}, row {id}: {why the conditions hold}." In a template:
 * - `{field}` is the row's value of a field (as `wording` spells it);
 * - `{@fact}` is the shipment's value that made the condition on that fact hold, or without such a
 *   condition every value of the fact (joined by ', '), e.g. `{@licence}`;
 * - `{@added}` the handling codes an `addShc` row added, `{@because}` the words of the alternative
 *   that held (or of every condition), `{@row}` the row id, `{@list}` the list's label;
 * - `[...]` is left out when a placeholder in it is empty: `HS code {@hsCode}[ to {countryCode}]`.
 */
interface OutcomeWords {
  category?: MipCategory;
  message?: string;
  /**
   * When the shipment has the fact (one of `anyOf`, or any value at all), this outcome instead: an
   * eyeball check for a licence unless the AWB gives one, for dangerous goods unless a dangerous
   * goods handling code is declared.
   */
  unless?: { fact: ShipmentFact; anyOf?: readonly string[]; outcome: EffectOutcome };
}

/** What a matching row does. */
export type EffectOutcome = OutcomeWords &
  (
    | /** Acceptance forbidden; reject allowed. */
    { kind: 'hardBlock' }
    /** Acceptance only with a remark; `reasonField` adds the row's reason to the explanation. */
    | { kind: 'softBlock'; reasonField?: string }
    /** Something to look at; keeps the shipment from automatic acceptance. */
    | { kind: 'warning' }
    /** A manual (eyeball) check must be recorded before acceptance: the status becomes Eyeball. */
    | { kind: 'eyeball' }
    /** Explanation only (a licence seen, a pre-alert to file). */
    | { kind: 'info' }
    /** Adds the handling codes of the row's list field `field` to the shipment. */
    | { kind: 'addShc'; field: string }
    /** Allows automatic acceptance when nothing else stops it. */
    | { kind: 'autoAccept' }
    /** A person accepts: keeps the shipment from automatic acceptance, without anything to look at. */
    | { kind: 'manualAccept' }
    /** A data error: status Error, acceptance refused until a corrected FWB arrives. */
    | { kind: 'validationError' }
  );

export type EffectOutcomeKind = EffectOutcome['kind'];

/** An outcome the row's own field chooses (e.g. its check type: Embargo blocks, Dual Use asks for a check); a value without a case takes `otherwise`, or the row does nothing. */
export interface OutcomeByField {
  field: string;
  cases: Readonly<Record<string, EffectOutcome>>;
  otherwise?: EffectOutcome;
}

export interface RuleEffect {
  /** Every condition must hold for a row to fire. */
  when: readonly EffectTest[];
  /** Only rows whose fields hold these values take part (e.g. `{ active: true }`). */
  onlyRows?: RowFilter;
  outcome: EffectOutcome | OutcomeByField;
  /** A field whose value is added to the explanation (a remark) when the outcome has no `message`. */
  remarkField?: string;
  /** The finding's short rule name, a template like `message` (default: the list's label and the row id). */
  rule?: string;
  /**
   * One finding for each of the shipment's values of this fact, from the first row (in row order)
   * the rule fires for with that value alone: the Harmonised Commodity Code List names each
   * controlled HS code of the AWB once. By default every row that fires gives a finding.
   */
  firstRowPer?: ShipmentFact;
  /**
   * Of the rows that fire, only the most specific gives a finding: the one with the most of these
   * fields given (a row for a destination and handling codes over one for the whole station); of
   * those equally specific the strictest outcome, then the first. Location Rules decide so.
   */
  mostSpecific?: readonly string[];
  /**
   * When no row fires, one finding without a row: Acceptance Control says a person accepts at a
   * station it has no rule for. Its templates may name shipment facts only.
   */
  whenNone?: { outcome: EffectOutcome; rule: string };
  /** How a field's values read in the explanation (`{ direction: { Both: 'both ways' } }`). */
  wording?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** Whether an outcome is chosen by a row field. */
export function isOutcomeByField(outcome: RuleEffect['outcome']): outcome is OutcomeByField {
  return 'cases' in outcome;
}

/** Whether a test is a choice of alternatives. */
export function isAlternatives(test: EffectTest): test is EffectAlternatives {
  return 'anyOf' in test;
}

import type { MatchingMethod } from '../wildcard';
import type { MipCategory } from './findings';

/**
 * What a rule list's rows do to a shipment, declared by its plugin (plugins/*.ts, `effects`) and
 * evaluated by the engine for every plugin that declares it (ruleEffectFindings). A rule says which
 * shipment facts a row's fields match and how, which rows take part, and the outcome when every
 * condition of a row holds.
 *
 * Precedence (the same as for the built-in lists):
 * 1. `addShc` rules run first, in registry order, after the built-in goods lists (Description Map,
 *    Auto SHC); conditions on `shc` of every later rule see the codes they add.
 * 2. Every other rule then gives one finding per matching row. A hard block beats a soft block (the
 *    acceptance block is the strongest kind, its reason the messages of that kind joined); a
 *    validation error makes the status Error, over Eyeball and New; any warning, block or error
 *    keeps the shipment from automatic acceptance, which an `autoAccept` finding only allows when
 *    nothing else stops it (a person accepts where the Acceptance Control has no rule for the station).
 * 3. A condition whose row field is empty holds for every shipment (an empty carrier means every
 *    carrier), unless the condition says `required`.
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
} as const;
export type ShipmentFact = keyof typeof SHIPMENT_FACTS;

/**
 * How a row's value is compared with a fact's values (a fact such as transit or goods has several;
 * one of them matching is enough), without regard to case:
 * - equal: the same text;
 * - prefix: the fact starts with the row's value (HS code 2844 covers 284410);
 * - wildcard: the spec 5 wildcards * ? # with ! as escape, under `method` (or a matching-method field);
 * - inList: the row's value is a list (its field's separator) holding the fact;
 * - range: the fact (a number) lies between the row's `field` (least) and `maxField` (most); either may be empty.
 */
export type MatchKind = 'equal' | 'prefix' | 'wildcard' | 'inList' | 'range';

export interface EffectCondition {
  fact: ShipmentFact;
  /** The row's field holding the value (for range: the least). */
  field: string;
  match: MatchKind;
  /** wildcard: a fixed method, or `{ field }` naming the row's matching-method field (default 'Default'). */
  method?: MatchingMethod | { field: string };
  /** range: the row's field holding the most. */
  maxField?: string;
  /** An empty row value does not hold (by default it holds for every shipment). */
  required?: boolean;
}

/** What a matching row does. */
export type EffectOutcome =
  /** Acceptance forbidden; reject allowed. */
  | { kind: 'hardBlock'; category?: MipCategory }
  /** Acceptance only with a remark; `reasonField` adds the row's reason to the explanation. */
  | { kind: 'softBlock'; category?: MipCategory; reasonField?: string }
  /** Something to look at; keeps the shipment from automatic acceptance. */
  | { kind: 'warning'; category?: MipCategory }
  /** Adds the handling codes of the row's list field `field` to the shipment. */
  | { kind: 'addShc'; field: string }
  /** Allows automatic acceptance when nothing else stops it. */
  | { kind: 'autoAccept' }
  /** A data error: status Error, acceptance refused until a corrected FWB arrives. */
  | { kind: 'validationError'; category?: MipCategory };

export type EffectOutcomeKind = EffectOutcome['kind'];

export interface RuleEffect {
  /** Every condition must hold for a row to fire. */
  when: readonly EffectCondition[];
  /** Only rows whose fields hold these values take part (e.g. `{ active: true }`). */
  onlyRows?: Readonly<Record<string, string | number | boolean>>;
  outcome: EffectOutcome;
  /** A field whose value is added to the explanation (a remark). */
  remarkField?: string;
}

import countryToCurrency from 'country-to-currency';
import { runToEnd } from '../steps';
import type { ShipmentFacts } from './facts';
import type { Finding } from './findings';
import { carrierApplies, itemsOf, textOf, type RuleLists, type RuleRow } from './ruleRows';

/**
 * Where a shipment goes, as the lists see it: the countries of its airports (Location Code List
 * first, else the party's address) and the regions of the Region List, which the Country Rules'
 * declared effect reads (plugins/countryRules.ts); and the currencies its origin takes.
 */

export interface Geography {
  originCountry?: string;
  destinationCountry?: string;
  /** Region codes of each country (Region List). */
  regionsOf(country: string): readonly string[];
}

/**
 * What the lists say of places, derived once per list version: the rows arrays of a version are kept
 * as long as it is in use (carrierRules), so a shipment looks places up instead of scanning the lists
 * (a Region List of 49,000 rows, scanned and copied per country for every shipment, once stopped a
 * server for minutes).
 */
const airportCountries = new WeakMap<readonly RuleRow[], ReadonlyMap<string, string>>();
const countryRegions = new WeakMap<readonly RuleRow[], ReadonlyMap<string, readonly string[]>>();
const NO_ROWS: readonly RuleRow[] = [];
/** Rows read between two pauses of a preparation (see preparedLists.ts). */
const ROWS_PER_STEP = 500;

function* airportCountriesBuild(rows: readonly RuleRow[]): Generator<void, ReadonlyMap<string, string>> {
  const built = new Map<string, string>();
  for (let at = 0; at < rows.length; at++) {
    const row = rows[at];
    const airport = textOf(row.values.airportCode)?.toUpperCase();
    const country = textOf(row.values.countryCode)?.toUpperCase();
    // The first row of an airport decides, as the list's order did.
    if (airport && !built.has(airport)) built.set(airport, country ?? '');
    if (at % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
  }
  return built;
}

function* countryRegionsBuild(rows: readonly RuleRow[]): Generator<void, ReadonlyMap<string, readonly string[]>> {
  const built = new Map<string, string[]>();
  for (let at = 0; at < rows.length; at++) {
    const row = rows[at];
    const code = textOf(row.values.regionCode)?.toUpperCase();
    for (const country of code ? itemsOf(row.values.countryCodes, ';') : []) {
      const held = built.get(country);
      if (held) held.push(code as string);
      else built.set(country, [code as string]);
    }
    if (at % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
  }
  return built;
}

/** The derived value of a list's rows: kept, or built at once (a preparation builds it ahead, in steps). */
function derived<T>(cache: WeakMap<readonly RuleRow[], T>, rows: readonly RuleRow[], build: (rows: readonly RuleRow[]) => Generator<void, T>): T {
  let value = cache.get(rows);
  if (value === undefined) {
    value = runToEnd(build(rows));
    cache.set(rows, value);
  }
  return value;
}

/** Builds the places of the lists in steps, pausing between them (preparedLists.ts). */
export function* placesPreparation(lists: RuleLists): Generator<void> {
  const airports = lists.locationcodelist ?? NO_ROWS;
  if (!airportCountries.has(airports)) airportCountries.set(airports, yield* airportCountriesBuild(airports));
  const regions = lists.regionlist ?? NO_ROWS;
  if (!countryRegions.has(regions)) countryRegions.set(regions, yield* countryRegionsBuild(regions));
}

/** An airport's country by the Location Code List (upper-cased); undefined when the list lacks it. */
export function locationCountry(lists: RuleLists, airport: string): string | undefined {
  return derived(airportCountries, lists.locationcodelist ?? NO_ROWS, airportCountriesBuild).get(airport) || undefined;
}

export function geographyOf(facts: ShipmentFacts, lists: RuleLists, findings: Finding[]): Geography {
  const countryOf = (airport: string, role: 'Shipper' | 'Consignee'): string | undefined => {
    const listed = locationCountry(lists, airport);
    if (listed) return listed;
    const party = facts.parties.find((candidate) => candidate.role === role && !candidate.hawb)?.countryCode;
    findings.push({
      list: 'locationcodelist',
      rule: airport,
      effect: 'info',
      message: party
        ? `${airport} is not in the Location Code List: its country is taken from the ${role.toLowerCase()}'s address (${party}).`
        : `${airport} is not in the Location Code List and the ${role.toLowerCase()} has no country: country rules cannot apply to it.`,
    });
    return party;
  };
  const regions = derived(countryRegions, lists.regionlist ?? NO_ROWS, countryRegionsBuild);
  const originCountry = countryOf(facts.origin, 'Shipper');
  const destinationCountry = countryOf(facts.destination, 'Consignee');
  return {
    ...(originCountry ? { originCountry } : {}),
    ...(destinationCountry ? { destinationCountry } : {}),
    regionsOf: (country) => regions.get(country) ?? [],
  };
}

/** Alternative Currency List: the AWB's currency must be the origin country's own or one listed for its country, carrier and station. */
export function currencyFindings(facts: ShipmentFacts, lists: RuleLists, geography: Geography): Finding[] {
  const currency = facts.currency?.toUpperCase();
  const country = geography.originCountry;
  if (!currency || !country) return [];
  const local = (countryToCurrency as Record<string, string | undefined>)[country];
  const rows = (lists.altcurrencylist ?? []).filter(
    (row) =>
      textOf(row.values.countryCode)?.toUpperCase() === country &&
      carrierApplies(row, facts.carrierId) &&
      (textOf(row.values.stationCode) === undefined || textOf(row.values.stationCode)?.toUpperCase() === facts.origin),
  );
  if (rows.length === 0 || currency === local) return [];
  const allowed = [...new Set([...(local ? [local] : []), ...rows.flatMap((row) => itemsOf(row.values.currencyCodes, ';'))])];
  if (allowed.includes(currency)) return [];
  return [
    {
      list: 'altcurrencylist',
      rowId: rows[0].id,
      rule: `${country} currencies`,
      effect: 'error',
      message: `The AWB is charged in ${currency}; at ${facts.origin} it may be charged in ${allowed.join(', ')}.`,
      category: 'Documentation',
    },
  ];
}

import countryToCurrency from 'country-to-currency';
import type { ShipmentFacts } from './facts';
import type { Finding } from './findings';
import { carrierApplies, itemsOf, textOf, type RuleLists } from './ruleRows';

/**
 * Where a shipment goes, as the lists see it: the countries of its airports (Location Code List
 * first, else the party's address) and the regions of the Region List, which the Country Rules'
 * declared effect reads (plugins/countryRules.ts); and the currencies its origin takes.
 */

export interface Geography {
  originCountry?: string;
  destinationCountry?: string;
  /** Region codes of each country (Region List). */
  regionsOf(country: string): string[];
}

/** An airport's country by the Location Code List (upper-cased); undefined when the list lacks it. */
export function locationCountry(lists: RuleLists, airport: string): string | undefined {
  const row = (lists.locationcodelist ?? []).find((candidate) => textOf(candidate.values.airportCode)?.toUpperCase() === airport);
  return textOf(row?.values.countryCode)?.toUpperCase();
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
  const regions = new Map<string, string[]>();
  for (const row of lists.regionlist ?? []) {
    const code = textOf(row.values.regionCode)?.toUpperCase();
    if (!code) continue;
    for (const country of itemsOf(row.values.countryCodes, ';')) regions.set(country, [...(regions.get(country) ?? []), code]);
  }
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

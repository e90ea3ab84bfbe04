import countryToCurrency from 'country-to-currency';
import type { ShipmentFacts } from './facts';
import type { Finding } from './findings';
import { carrierApplies, itemsOf, shcApplies, textOf, type RuleLists, type RuleRow } from './ruleRows';

/**
 * Where a shipment goes, as the lists see it: the countries of its airports (Location Code List
 * first, else the party's address), the regions of the Region List, and the Country Rules on them.
 */

export interface Geography {
  originCountry?: string;
  destinationCountry?: string;
  /** Region codes of each country (Region List). */
  regionsOf(country: string): string[];
}

function locationCountry(lists: RuleLists, airport: string): string | undefined {
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

const DIRECTION_WORDS: Record<string, string> = { Both: 'both ways', Export: 'export', Import: 'import' };

/** Whether a country rule's country (or a region code of the Region List) covers the country. */
function covers(row: RuleRow, country: string | undefined, geography: Geography): boolean {
  const listed = textOf(row.values.countryCode)?.toUpperCase();
  return !!country && !!listed && (listed === country || geography.regionsOf(country).includes(listed));
}

/** Country Rules: embargo (hard block), licence required (eyeball check unless a licence is given), restricted (soft block), customs pre-alert. */
export function countryRuleFindings(facts: ShipmentFacts, lists: RuleLists, geography: Geography, codes: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  for (const row of lists.countryrules ?? []) {
    if (!carrierApplies(row, facts.carrierId) || !shcApplies(row, codes)) continue;
    const direction = textOf(row.values.direction) ?? 'Both';
    const asExport = direction !== 'Import' && covers(row, geography.originCountry, geography);
    const asImport = direction !== 'Export' && covers(row, geography.destinationCountry, geography);
    if (!asExport && !asImport) continue;
    const country = asExport ? geography.originCountry : geography.destinationCountry;
    const ruleType = textOf(row.values.ruleType) ?? 'Restricted';
    const rule = `${textOf(row.values.countryCode)} ${ruleType} (${DIRECTION_WORDS[direction] ?? direction})`;
    const remarks = textOf(row.values.remarks);
    const why = `${asExport ? 'Export from' : 'Import to'} ${country}${remarks ? `: ${remarks}` : ''}`;
    const base = { list: 'countryrules' as const, rowId: row.id, rule, category: 'Customs' as const };
    switch (ruleType) {
      case 'Embargo':
        findings.push({ ...base, effect: 'hardBlock', message: `Embargo. ${why}` });
        break;
      case 'Licence Required':
        findings.push(
          facts.licences.length > 0
            ? { ...base, effect: 'info', message: `Licence required and given (${facts.licences.join(', ')}). ${why}` }
            : { ...base, effect: 'eyeball', message: `A licence is required and the AWB gives none: check the licence before acceptance. ${why}` },
        );
        break;
      case 'Customs Pre-Alert':
        findings.push({ ...base, effect: 'info', message: `Customs pre-alert to file before loading. ${why}` });
        break;
      default:
        findings.push({ ...base, effect: 'softBlock', message: `Restricted: accept only with a remark. ${why}` });
    }
  }
  return findings;
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

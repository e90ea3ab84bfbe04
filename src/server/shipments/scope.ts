import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { CompanyType } from '../../domain/access';
import type { AccountProfile } from '../auth/accounts';
import type { Db } from '../db/database';

/**
 * Which shipments a company may see (issue 4 "Access"): an airline its prefixes, a forwarder the
 * shipments it is the agent of, a ground handler those whose origin or destination is one of its
 * stations. Lent shipments are seen in the summary only. Every shipment query goes through here.
 */
export interface CompanyScope {
  companyId: string;
  companyTypeId: number;
  prefixes: readonly string[];
  stations: readonly string[];
  /** Shipments lent to the company (a few): listed by id, so the own-scope conditions keep their indexes. */
  lentIds: readonly string[];
  /** The same ids, for accessOf (a notifier asks once per piece of a 9,999-piece FWB). */
  lent: ReadonlySet<string>;
  /**
   * The same ids in a few characters, for the keys of what is kept per view (summary.ts): a borrower of 20,000
   * shipments made every kept count's key 160 kB long, the ids written out again on each search.
   */
  lentKey: string;
}

export async function scopeOf(db: Db, account: Pick<AccountProfile, 'companyId'>): Promise<CompanyScope> {
  const [company, lent] = await Promise.all([
    db
      .selectFrom('companies')
      .select(['company_id', 'company_type_id', 'airline_prefixes', 'stations'])
      .where('company_id', '=', account.companyId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('shipment_lendings').select('shipment_id').where('company_id', '=', account.companyId).execute(),
  ]);
  return {
    companyId: company.company_id,
    companyTypeId: company.company_type_id,
    prefixes: company.airline_prefixes,
    stations: company.stations,
    ...lentTo(lent.map((row) => String(row.shipment_id))),
  };
}

/** A scope's lent shipments, listed, as a set and as a key (equal for the same ids in any order). */
export function lentTo(ids: readonly string[]): Pick<CompanyScope, 'lentIds' | 'lent' | 'lentKey'> {
  const lentKey =
    ids.length === 0
      ? ''
      : `${ids.length}:${createHash('sha256')
          .update([...ids].sort().join(','))
          .digest('base64url')}`;
  return { lentIds: ids, lent: new Set(ids), lentKey };
}

/** The company's own shipments, as a condition on the alias `s` (bpchar arrays keep the indexes usable). */
export function ownShipmentsSql(scope: CompanyScope): RawBuilder<boolean> {
  switch (scope.companyTypeId) {
    case CompanyType.AIRLINE:
      return scope.prefixes.length > 0 ? sql<boolean>`s.awb_prefix = ANY(${[...scope.prefixes]}::bpchar[])` : sql<boolean>`false`;
    case CompanyType.FORWARDER:
      return sql<boolean>`s.agent_company_id = ${scope.companyId}`;
    case CompanyType.GROUND_HANDLER:
      return scope.stations.length > 0
        ? sql<boolean>`(s.origin = ANY(${[...scope.stations]}::bpchar[]) OR s.destination = ANY(${[...scope.stations]}::bpchar[]))`
        : sql<boolean>`false`;
    default:
      return sql<boolean>`false`;
  }
}

/**
 * The company's own shipments as disjoint parts whose sum is the whole: a ground handler's view is
 * "origin is a station" plus "destination is, origin is not", so each part is counted (and cut into
 * pages) from an index of its own instead of reading every row the OR touches.
 */
export function ownPartsSql(scope: CompanyScope): RawBuilder<boolean>[] {
  if (scope.companyTypeId === CompanyType.GROUND_HANDLER && scope.stations.length > 0) {
    const stations = [...scope.stations];
    return [
      sql<boolean>`s.origin = ANY(${stations}::bpchar[])`,
      sql<boolean>`(s.destination = ANY(${stations}::bpchar[]) AND NOT s.origin = ANY(${stations}::bpchar[]))`,
    ];
  }
  return [ownShipmentsSql(scope)];
}

/** Shipments lent to the company that are not its own anyway. */
export function lentOnlySql(scope: CompanyScope): RawBuilder<boolean> {
  return scope.lentIds.length > 0
    ? sql<boolean>`(s.shipment_id = ANY(${[...scope.lentIds]}::bigint[]) AND NOT ${ownShipmentsSql(scope)})`
    : sql<boolean>`false`;
}

/** What the summary shows: own shipments and those lent to the company. */
export function visibleShipmentsSql(scope: CompanyScope): RawBuilder<boolean> {
  return scope.lentIds.length > 0 ? sql<boolean>`(${ownShipmentsSql(scope)} OR s.shipment_id = ANY(${[...scope.lentIds]}::bigint[]))` : ownShipmentsSql(scope);
}

export type ShipmentAccess = 'full' | 'lent' | 'none';

/** One shipment's access for the company: full (its own), lent (summary only: the scope's lendings) or none. */
export function accessOf(
  scope: CompanyScope,
  shipment: { shipment_id: string; awb_prefix: string; agent_company_id: string | null; origin: string; destination: string },
): ShipmentAccess {
  const own =
    (scope.companyTypeId === CompanyType.AIRLINE && scope.prefixes.includes(shipment.awb_prefix)) ||
    (scope.companyTypeId === CompanyType.FORWARDER && shipment.agent_company_id === scope.companyId) ||
    (scope.companyTypeId === CompanyType.GROUND_HANDLER && (scope.stations.includes(shipment.origin) || scope.stations.includes(shipment.destination)));
  if (own) return 'full';
  return scope.lent.has(String(shipment.shipment_id)) ? 'lent' : 'none';
}

/**
 * The owner of an air waybill: the airline whose AWB prefix it bears (companies.airline_prefixes,
 * "the AWB prefixes they own"). Only the owner lends it to another company and takes it back: a
 * forwarder or ground handler sees the shipment as its own work, not as its property to share.
 */
export function ownsAwb(scope: CompanyScope, shipment: { awb_prefix: string }): boolean {
  return scope.companyTypeId === CompanyType.AIRLINE && scope.prefixes.includes(shipment.awb_prefix);
}

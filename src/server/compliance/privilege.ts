import { acceptancePrivilege, type RuleRow } from '../../domain/compliance';
import type { PrivilegeFacts } from '../../domain/shipmentStatus';
import type { AccountProfile } from '../auth/accounts';
import type { Db } from '../db/database';

/**
 * The Acceptance Privilege of a participant for a shipment: what its carrier's list says of the
 * caller at the shipment's origin. The carrier itself needs none; the list is read as it is now
 * (a few rows), so a change applies to the next decision.
 */
export async function privilegeFor(
  db: Db,
  shipment: PrivilegedShipment,
  account: Pick<AccountProfile, 'companyId' | 'userId'>,
): Promise<PrivilegeFacts | undefined> {
  return privilegeFrom(shipment, account, (carrier) => acceptancePrivilegeRows(db, carrier));
}

/** A carrier's Acceptance Privilege list as it is now (the shipment cache keeps it between changes). */
export async function acceptancePrivilegeRows(db: Db, carrier: string): Promise<RuleRow[]> {
  const rows = await db
    .selectFrom('rule_list_rows')
    .select(['row_id', 'row_values'])
    .where('company_id', '=', carrier)
    .where('list_name', '=', 'acceptanceprivilege')
    .execute();
  return rows.map((row): RuleRow => ({ id: String(row.row_id), values: row.row_values as RuleRow['values'] }));
}

type PrivilegedShipment = { carrier_id: string | null; origin: string; special_handling_codes: readonly string[] };

/** The same verdict from the carrier's rows as `rowsOf` gives them (the detail reads them from the shipment cache). */
export async function privilegeFrom(
  shipment: PrivilegedShipment,
  account: Pick<AccountProfile, 'companyId' | 'userId'>,
  rowsOf: (carrier: string) => Promise<RuleRow[]>,
): Promise<PrivilegeFacts | undefined> {
  const carrier = shipment.carrier_id;
  if (!carrier || carrier.toUpperCase() === account.companyId.toUpperCase()) return undefined;
  const lists = { acceptanceprivilege: await rowsOf(carrier) };
  const verdict = acceptancePrivilege(lists, account, carrier, shipment.origin, shipment.special_handling_codes);
  return verdict.allowed
    ? { allowed: true, remarkRequired: verdict.remarkRequired, mayOverrideSoftBlock: verdict.mayOverrideSoftBlock, carrier, station: shipment.origin }
    : { allowed: false, remarkRequired: false, mayOverrideSoftBlock: false, carrier, station: shipment.origin };
}

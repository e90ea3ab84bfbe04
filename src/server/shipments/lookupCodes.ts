import { sql } from 'kysely';
import type { LookupCode } from '../../domain/shipmentWire';
import type { Db } from '../db/database';

/**
 * Lookup lists (spec 7): 1 the MIP action list (reject reasons), 11 the additional remarks.
 * The MIP action list is the company's own admin rule list (plugin `mipactionlist`, function 103)
 * when it keeps one; a company without one gets the portal's standard reasons (lookup_codes).
 */
export async function lookupCodes(db: Db, lookupType: number, companyId: string): Promise<LookupCode[]> {
  if (lookupType === 1) {
    const { rows } = await sql<{ code: string; description: string }>`
      SELECT row_values ->> 'actionCode' AS code, row_values ->> 'description' AS description
      FROM rule_list_rows
      WHERE company_id = ${companyId} AND list_name = 'mipactionlist'
        AND coalesce(row_values ->> 'actionCode', '') <> '' AND coalesce(row_values ->> 'description', '') <> ''
      ORDER BY coalesce((row_values ->> 'sortOrder')::numeric, 0), row_values ->> 'actionCode'`.execute(db);
    if (rows.length > 0) return rows.map((row) => ({ Code: row.code, Description: row.description }));
  }
  const rows = await db
    .selectFrom('lookup_codes')
    .select(['code', 'description'])
    .where('lookup_type', '=', lookupType)
    .where('active', '=', true)
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
  return rows.map((row) => ({ Code: row.code, Description: row.description }));
}

export async function lookupDescriptions(db: Db, lookupType: number, companyId: string): Promise<Map<string, string>> {
  return new Map((await lookupCodes(db, lookupType, companyId)).map((code) => [code.Code, code.Description]));
}

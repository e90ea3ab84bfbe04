import type { Db } from '../../../src/server/db/database';

/** A row of a company's rule list written straight into the database, as if an admin had saved it: its row id. */
export async function addListRow(db: Db, list: string, values: Record<string, string | null>, uniqueKey: string, companyId = 'DEMOAIR'): Promise<string> {
  const row = await db
    .insertInto('rule_list_rows')
    .values({
      company_id: companyId,
      list_name: list,
      row_values: JSON.stringify(values),
      unique_key: uniqueKey,
      created_by: 'test',
      updated_by: 'test',
      updated_at: new Date(),
    })
    .returning('row_id')
    .executeTakeFirstOrThrow();
  return String(row.row_id);
}

/** A company's own sanction list entry, fuzzily matched, without country, aliases or remarks. */
export const INTERNAL_SANCTION_ENTRY = {
  listSource: 'INTERNAL',
  matchingMethod: 'Default',
  partyType: 'Entity',
  program: 'Company policy',
  countryCode: null,
  aliases: null,
  remarks: null,
};

/** SDN-25323 as the whole OFAC list holds it (the test world seeds its first 200 entries only): a vessel, matched Exact as vessels are. */
export const IRAN_CHARAK_ENTRY = {
  listSource: 'SDN',
  reference: 'SDN-25323',
  matchingValue: 'IRAN CHARAK',
  matchingMethod: 'Exact',
  partyType: 'Vessel',
  program: 'IRAN',
  countryCode: null,
  aliases: null,
  remarks: null,
};

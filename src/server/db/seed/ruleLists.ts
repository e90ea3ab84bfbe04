import { ruleListPlugins } from '../../../../plugins';
import type { RuleListPlugin } from '../../../../plugins/types';
import { checkRecord, uniqueKeyOf } from '../../../domain/ruleListValidation';
import type { Db } from '../database';
import { demoRowsOf } from './ruleListDemoRows';

/**
 * Demo rows of every rule list for the demo airlines (the Sanction List's are the company's own
 * entries: the official lists are sources, sanctionSources.ts). A company's list is seeded only
 * while it has never had a row: what an admin deletes stays deleted across restarts.
 */

export const RULE_LIST_DEMO_COMPANIES = ['DEMOAIR', 'SKYAIR'] as const;
const SEED_USER = 'seed';

/** The plugin's demo rows, normalised and checked; a row the rules refuse stops the seed with its problems. */
export function checkedDemoRows(plugin: RuleListPlugin, rows: readonly Record<string, unknown>[]) {
  return rows.map((row, index) => {
    const input = { ...Object.fromEntries(plugin.fields.map((field) => [field.source, field.defaultValue ?? null])), ...row };
    const { values, problems } = checkRecord(plugin.fields, input);
    if (Object.keys(problems).length > 0) throw new Error(`Demo row ${index} of ${plugin.name} is invalid: ${JSON.stringify(problems)}`);
    return { values, uniqueKey: uniqueKeyOf(plugin.uniqueKey, values) };
  });
}

async function listWasUsed(db: Db, companyId: string, listName: string): Promise<boolean> {
  const [row, audit] = await Promise.all([
    db.selectFrom('rule_list_rows').select('row_id').where('company_id', '=', companyId).where('list_name', '=', listName).limit(1).executeTakeFirst(),
    db.selectFrom('audit_log').select('audit_id').where('company_id', '=', companyId).where('entity', '=', listName).limit(1).executeTakeFirst(),
  ]);
  return row !== undefined || audit !== undefined;
}

export interface RuleListSeedOptions {
  /** The lists to seed (the registry by default; a test passes its own). */
  plugins?: readonly RuleListPlugin[];
}

export async function seedRuleLists(db: Db, options: RuleListSeedOptions = {}): Promise<{ rowsAdded: number }> {
  let rowsAdded = 0;
  const companies = await db
    .selectFrom('companies')
    .select('company_id')
    .where('company_id', 'in', [...RULE_LIST_DEMO_COMPANIES])
    .execute();
  for (const plugin of options.plugins ?? ruleListPlugins) {
    const demo = demoRowsOf(plugin);
    for (const { company_id } of companies) {
      if (await listWasUsed(db, company_id, plugin.name)) continue;
      const rows = checkedDemoRows(plugin, demo);
      for (let start = 0; start < rows.length; start += 1000) {
        const batch = rows.slice(start, start + 1000);
        // One statement per batch; the list's unique key keeps a concurrent second seed from doubling rows.
        const result = await db
          .insertInto('rule_list_rows')
          .values(
            batch.map((row) => ({
              company_id,
              list_name: plugin.name,
              row_values: JSON.stringify(row.values),
              unique_key: row.uniqueKey,
              created_by: SEED_USER,
              updated_by: SEED_USER,
              updated_at: new Date(),
            })),
          )
          .onConflict((oc) => oc.constraint('rule_list_rows_unique_key').doNothing())
          .executeTakeFirst();
        rowsAdded += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
    }
  }
  return { rowsAdded };
}

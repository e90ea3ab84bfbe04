import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { ruleListPlugins } from '../../../../plugins';
import type { RuleListPlugin } from '../../../../plugins/types';
import { checkRecord, uniqueKeyOf } from '../../../domain/ruleListValidation';
import type { Db } from '../database';
import { demoRowsOf } from './ruleListDemoRows';
import { projectFile } from '../../projectFiles';

/**
 * Demo rows of every rule list for the demo airlines; the sanction list gets the OFAC SDN entries
 * derived into data/ofac-sdn.csv (see scripts/deriveOfacSanctions.ts). A company's list is seeded
 * only while it has never had a row: what an admin deletes stays deleted across restarts.
 */

export const RULE_LIST_DEMO_COMPANIES = ['DEMOAIR', 'SKYAIR'] as const;
const SEED_USER = 'seed';

/** The OFAC SDN entries as sanction list rows (the first `limit` of them). */
export function ofacSanctionRows(limit = Number.POSITIVE_INFINITY): Record<string, string>[] {
  const text = readFileSync(projectFile('src/server/db/seed/data/ofac-sdn.csv'), 'utf8');
  const records = parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return records.slice(0, limit).map((record) => ({
    listSource: 'SDN',
    reference: record.reference,
    matchingValue: record.name,
    // Names of people and companies are matched fuzzily (Default), the way screening is done; vessel
    // and aircraft names, which are short and common words, only exactly.
    matchingMethod: record.partyType === 'Vessel' || record.partyType === 'Aircraft' ? 'Exact' : 'Default',
    partyType: record.partyType,
    program: record.program,
    countryCode: record.countryCode,
    aliases: record.aliases,
  }));
}

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
  /** How many OFAC entries the sanction list gets (all by default). */
  sanctionEntries?: number;
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
  let ofac: Record<string, string>[] | undefined;
  for (const plugin of options.plugins ?? ruleListPlugins) {
    const demo = demoRowsOf(plugin);
    for (const { company_id } of companies) {
      if (await listWasUsed(db, company_id, plugin.name)) continue;
      let source: readonly Record<string, unknown>[] = demo;
      if (plugin.name === 'sanctionlist') {
        ofac ??= ofacSanctionRows(options.sanctionEntries);
        source = [...demo, ...ofac];
      }
      const rows = checkedDemoRows(plugin, source);
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

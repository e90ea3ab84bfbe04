import { stringify } from 'csv-stringify/sync';
import type { RuleListPlugin } from '../../../plugins/types';
import { neutraliseCsvCell } from '../../domain/csvCell';
import { booleanText } from '../../domain/ruleListValidation';
import type { StoredRow } from './rowStore';

/**
 * CSV files of a rule list: UTF-8 with a byte-order mark (so spreadsheets read accents right), the
 * field labels as header, every cell that a spreadsheet would take for a formula neutralised.
 */

function columnsOf(plugin: RuleListPlugin, sources: readonly string[]) {
  return sources.map((source) => plugin.fields.find((field) => field.source === source)!);
}

/** The file, made a thousand rows at a time (a step each: runInSlices; 50,000 rows at once held the event loop for 160 ms). */
export function* exportCsv(plugin: RuleListPlugin, rows: readonly StoredRow[]): Generator<void, string> {
  const columns = columnsOf(plugin, plugin.exportColumns);
  const parts = [`\uFEFF${stringify([columns.map((field) => field.label)], { record_delimiter: 'windows' })}`];
  for (let from = 0; from < rows.length; from += 1000) {
    const records = rows
      .slice(from, from + 1000)
      .map((row) =>
        columns.map((field) =>
          neutraliseCsvCell(field.type === 'boolean' ? booleanText(row.row_values[field.source] ?? null) : String(row.row_values[field.source] ?? '')),
        ),
      );
    parts.push(stringify(records, { record_delimiter: 'windows' }));
    yield;
  }
  return parts.join('');
}

/** The Import Template: the header row of the import columns. */
export function importTemplateCsv(plugin: RuleListPlugin): string {
  return `\uFEFF${stringify([columnsOf(plugin, plugin.importColumns).map((field) => field.label)], { record_delimiter: 'windows' })}`;
}

export function csvFileName(plugin: RuleListPlugin, what: 'export' | 'template', now: Date = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return what === 'template' ? `${plugin.name}-import-template.csv` : `${plugin.name}-${day}.csv`;
}

import { isUtf8 } from 'node:buffer';
import { CsvError, parse } from 'csv-parse/sync';
import type { RuleListPlugin } from '../../../plugins/types';
import type { RuleValues } from '../../domain/ruleListFields';
import {
  importProblem,
  ImportMessages,
  isFormulaCell,
  resolveHeader,
  RULE_LIST_IMPORT_MAX_BYTES,
  RULE_LIST_IMPORT_MAX_ROWS,
  unneutraliseCell,
  type ImportProblem,
} from '../../domain/ruleListImport';
import { checkRecord, describeKey, fieldHint, uniqueKeyOf, type FieldProblem } from '../../domain/ruleListValidation';
import { defaultsOf } from './rowValues';

/**
 * Reading an import file: the bytes (size, UTF-8), the CSV (csv-parse), the header against the
 * plugin's import columns, then every row with the plugin's field rules. Problems are collected for
 * the whole file, so the report shows them all at once.
 */

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function decodeImportFile(base64: string): { text: string } | { problem: ImportProblem } {
  const compact = base64.replace(/\s+/g, '');
  if (!BASE64.test(compact) || compact.length % 4 === 1) return { problem: importProblem(0, '', ImportMessages.notCsv) };
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length > RULE_LIST_IMPORT_MAX_BYTES)
    return { problem: importProblem(0, '', ImportMessages.tooLarge, { max: RULE_LIST_IMPORT_MAX_BYTES / 1024 / 1024 }) };
  if (!isUtf8(bytes)) return { problem: importProblem(0, '', ImportMessages.notUtf8) };
  // NUL never appears in text: a binary file (a spreadsheet saved as .xlsx, an image) renamed .csv.
  if (bytes.includes(0)) return { problem: importProblem(0, '', ImportMessages.notCsv) };
  return { text: bytes.toString('utf8').replace(/^\uFEFF/, '') };
}

export interface ImportRow {
  line: number;
  values: RuleValues;
  uniqueKey: string;
}

export interface ParsedImport {
  rows: ImportRow[];
  problems: ImportProblem[];
  /** The file's header cell of the key's first field, where a duplicate is reported. */
  keyColumn: string;
}

/** An import report says what was found and what the field takes, besides the form's short message. */
function explain(plugin: RuleListPlugin, source: string, problem: FieldProblem, found: unknown): string {
  if (problem.code !== 'invalidFormat') return problem.message;
  const field = plugin.fields.find((candidate) => candidate.source === source);
  const hint = field ? fieldHint(field) : '';
  return `${problem.message}: "${String(found ?? '')}"${hint ? ` (${hint})` : ''}`;
}

function startLine(endLine: number, cells: readonly string[]): number {
  return endLine - cells.reduce((count, cell) => count + (cell.match(/\n/g)?.length ?? 0), 0);
}

export function parseImportCsv(plugin: RuleListPlugin, text: string): ParsedImport {
  const keyField = plugin.fields.find((field) => field.source === plugin.uniqueKey[0]);
  const empty = (problem: ImportProblem): ParsedImport => ({ rows: [], problems: [problem], keyColumn: keyField?.label ?? '' });
  if (text.trim() === '') return empty(importProblem(0, '', ImportMessages.empty));
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
      to: RULE_LIST_IMPORT_MAX_ROWS + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError)
      return empty(importProblem((error as CsvError & { lines?: number }).lines ?? 0, '', ImportMessages.malformed, { reason: error.message }));
    throw error;
  }
  if (records.length === 0) return empty(importProblem(0, '', ImportMessages.empty));
  if (records.length > RULE_LIST_IMPORT_MAX_ROWS + 1) return empty(importProblem(0, '', ImportMessages.tooManyRows, { max: RULE_LIST_IMPORT_MAX_ROWS }));
  const header = records[0].record.map((cell) => cell.trim());
  const { columns, problems } = resolveHeader(plugin.fields, plugin.importColumns, header, plugin.exportColumns);
  if (problems.length > 0) return { rows: [], problems, keyColumn: keyField?.label ?? '' };
  if (records.length === 1) return empty(importProblem(0, '', ImportMessages.noRows));

  const keyColumn = header[columns.findIndex((field) => field?.source === plugin.uniqueKey[0])] ?? keyField?.label ?? '';
  const columnOf = (source: string) =>
    header[columns.findIndex((field) => field?.source === source)] ?? plugin.fields.find((field) => field.source === source)?.label ?? source;
  const defaults = defaultsOf(
    plugin,
    columns.flatMap((field) => (field ? [field.source] : [])),
  );
  const rows: ImportRow[] = [];
  const firstLineOfKey = new Map<string, number>();
  for (const { record, info } of records.slice(1)) {
    const line = startLine(info.lines, record);
    if (record.length !== header.length) {
      problems.push(importProblem(line, '', ImportMessages.cellCount, { found: record.length, expected: header.length }));
      continue;
    }
    const input: Record<string, unknown> = { ...defaults };
    let formula = false;
    record.forEach((cell, index) => {
      const field = columns[index];
      if (!field) return;
      if (isFormulaCell(cell)) {
        problems.push(importProblem(line, header[index], ImportMessages.formulaCell));
        formula = true;
      }
      input[field.source] = unneutraliseCell(cell);
    });
    if (formula) continue;
    const checked = checkRecord(plugin.fields, input);
    for (const [source, problem] of Object.entries(checked.problems))
      problems.push(importProblem(line, columnOf(source), explain(plugin, source, problem, input[source])));
    if (Object.keys(checked.problems).length > 0) continue;
    const uniqueKey = uniqueKeyOf(plugin.uniqueKey, checked.values);
    const earlier = firstLineOfKey.get(uniqueKey);
    if (earlier !== undefined) {
      problems.push(
        importProblem(
          line,
          keyColumn,
          `${ImportMessages.duplicateInFile.replace('{line}', String(earlier))} (${describeKey(plugin.uniqueKey, checked.values)})`,
        ),
      );
      continue;
    }
    firstLineOfKey.set(uniqueKey, line);
    rows.push({ line, values: checked.values, uniqueKey });
  }
  return { rows, problems, keyColumn };
}

import { isUtf8 } from 'node:buffer';
import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import type { RuleListPlugin } from '../../../plugins/types';
import type { RuleField, RuleValues } from '../../domain/ruleListFields';
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
import { runInSlices } from '../eventLoop';
import { defaultsOf } from './rowValues';

/**
 * Reading an import file: the bytes (size, UTF-8), the CSV (csv-parse), the header against the
 * plugin's import columns, then every row with the plugin's field rules. Problems are collected for
 * the whole file, so the report shows them all at once. A file at the limits (50,000 rows, 5 MB)
 * takes seconds to read, so the CSV is parsed a piece at a time and the rows checked in slices,
 * with the event loop free between them (issue 33: it held every other request for 2.7 s).
 */

const BASE64_PIECE = /^[A-Za-z0-9+/]*$/;
const BASE64_END = /^[A-Za-z0-9+/]*={0,2}$/;
/** Characters of base64 checked per step: an import's 6.7 MB at once held the event loop for 60 ms in the regular expression alone. */
const BASE64_STEP = 1 << 20;

/** The file's text from the form's base64, or the problem that refuses it; checked a megabyte at a time (a step each: runInSlices). */
export function* decodeImportFile(base64: string): Generator<void, { text: string } | { problem: ImportProblem }> {
  const compact = /\s/.test(base64) ? base64.replace(/\s+/g, '') : base64;
  yield;
  for (let from = 0; from < compact.length; from += BASE64_STEP) {
    // The last piece takes the rest, so that the padding is never split from it.
    const last = from + BASE64_STEP >= compact.length - 2;
    const piece = compact.slice(from, last ? compact.length : from + BASE64_STEP);
    if (!(last ? BASE64_END : BASE64_PIECE).test(piece)) return { problem: importProblem(0, '', ImportMessages.notCsv) };
    if (last) break;
    yield;
  }
  if (compact.length % 4 === 1) return { problem: importProblem(0, '', ImportMessages.notCsv) };
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length > RULE_LIST_IMPORT_MAX_BYTES)
    return { problem: importProblem(0, '', ImportMessages.tooLarge, { max: RULE_LIST_IMPORT_MAX_BYTES / 1024 / 1024 }) };
  yield;
  if (!isUtf8(bytes)) return { problem: importProblem(0, '', ImportMessages.notUtf8) };
  // NUL never appears in text: a binary file (a spreadsheet saved as .xlsx, an image) renamed .csv.
  if (bytes.includes(0)) return { problem: importProblem(0, '', ImportMessages.notCsv) };
  yield;
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

type CsvRecord = { record: string[]; info: { lines: number } };

/** Characters of the file handed to the parser at a time, between two turns of the event loop. */
const CSV_PIECE = 16 * 1024;

/** The file's records, or the parser's error, or 'tooMany' past the row limit (the header and one row more). */
async function csvRecords(text: string): Promise<CsvRecord[] | CsvError | 'tooMany'> {
  const parser = parse({ relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true });
  const records: CsvRecord[] = [];
  let tooMany = false;
  parser.on('data', (record: CsvRecord) => {
    records.push(record);
    if (records.length > RULE_LIST_IMPORT_MAX_ROWS + 1 && !tooMany) {
      tooMany = true;
      parser.destroy();
    }
  });
  const ended = finished(parser).then(
    () => undefined,
    (error: unknown) => error,
  );
  for (let at = 0; at < text.length && !tooMany && !parser.destroyed; at += CSV_PIECE) {
    parser.write(text.slice(at, at + CSV_PIECE));
    await nextTurn();
  }
  if (!parser.destroyed) parser.end();
  const error = await ended;
  if (tooMany) return 'tooMany';
  if (error instanceof CsvError) return error;
  if (error) throw error;
  return records;
}

export async function parseImportCsv(plugin: RuleListPlugin, text: string): Promise<ParsedImport> {
  const keyField = plugin.fields.find((field) => field.source === plugin.uniqueKey[0]);
  const empty = (problem: ImportProblem): ParsedImport => ({ rows: [], problems: [problem], keyColumn: keyField?.label ?? '' });
  if (text.trim() === '') return empty(importProblem(0, '', ImportMessages.empty));
  const records = await csvRecords(text);
  if (records === 'tooMany') return empty(importProblem(0, '', ImportMessages.tooManyRows, { max: RULE_LIST_IMPORT_MAX_ROWS }));
  if (records instanceof CsvError)
    return empty(importProblem((records as CsvError & { lines?: number }).lines ?? 0, '', ImportMessages.malformed, { reason: records.message }));
  if (records.length === 0) return empty(importProblem(0, '', ImportMessages.empty));
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
  return runInSlices(checkedRows(plugin, records.slice(1), { header, columns, defaults, keyColumn, columnOf }, problems));
}

/** How the file's columns read: its header, the field of each column, the defaults of the fields it lacks, and the names of columns in the report. */
interface FileColumns {
  header: readonly string[];
  columns: readonly (RuleField | undefined)[];
  defaults: Readonly<Record<string, unknown>>;
  keyColumn: string;
  columnOf(source: string): string;
}

/** Checks every row with the plugin's field rules and the file's own duplicates; pauses every few rows (runInSlices). */
function* checkedRows(plugin: RuleListPlugin, records: readonly CsvRecord[], file: FileColumns, problems: ImportProblem[]): Generator<void, ParsedImport> {
  const { header, columns, defaults, keyColumn, columnOf } = file;
  const rows: ImportRow[] = [];
  const firstLineOfKey = new Map<string, number>();
  for (const [at, { record, info }] of records.entries()) {
    if (at % 100 === 99) yield;
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

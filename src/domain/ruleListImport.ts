import { neutraliseCsvCell } from './csvCell';
import type { RuleField } from './ruleListFields';
import { formatMessage } from './statusCodes';

/**
 * CSV import of a rule list, the rules both sides apply: the browser checks size and encoding before
 * it sends a file, the server checks everything again. A file with any problem imports nothing;
 * the report names the line, the column and the problem.
 */

/** The largest file accepted (the server's body limit follows from it). */
export const RULE_LIST_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most rows one file may hold. */
export const RULE_LIST_IMPORT_MAX_ROWS = 50_000;
/** The report lists at most this many problems (and says how many there are in all). */
export const RULE_LIST_IMPORT_MAX_REPORTED = 500;

export const IMPORT_MODES = ['append', 'replace'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const ImportMessages = {
  tooLarge: 'The file is larger than {max} MB. Split it into smaller files and import them one by one.',
  notUtf8: 'The file is not UTF-8 text. Save it as "CSV UTF-8 (comma delimited)" and import it again.',
  notCsv: 'Please choose a CSV file (.csv).',
  empty: 'The file is empty: it needs a header row and at least one row.',
  noRows: 'The file has a header row but no rows to import.',
  tooManyRows: 'The file has more than {max} rows. Split it into smaller files and import them one by one.',
  malformed: 'The file is not valid CSV: {reason}',
  unknownColumn: 'Unknown column "{column}". The columns are: {columns}.',
  duplicateColumn: 'Column "{column}" appears twice.',
  missingColumn: 'Required column "{column}" is missing.',
  formulaCell: 'Cells may not start with =, +, -, @, a tab or a carriage return: spreadsheet formulas are not imported.',
  cellCount: 'The row has {found} cells; the header has {expected}.',
  duplicateInFile: '* Already in the file at line {line}',
  duplicateInList: '* Already in the list',
  changedMeanwhile: 'The list was changed by someone else while the file was imported: nothing was imported. Please import the file again.',
  rejected: 'Nothing was imported: the file has {count} problem(s). Correct them and import the file again.',
  imported: '{count} row(s) imported.',
  replaced: '{count} row(s) imported; the {removed} row(s) the list held before were removed.',
} as const;

export interface ImportProblem {
  /** Line of the file (1 is the header); 0 for the file as a whole. */
  line: number;
  /** The column's header as written in the file, or '' for the whole row or file. */
  column: string;
  message: string;
}

export function importProblem(line: number, column: string, template: string, values: Record<string, string | number> = {}): ImportProblem {
  return { line, column, message: formatMessage(template, values) };
}

/** A cell a spreadsheet would read as a formula (the same test that export neutralises). */
export function isFormulaCell(text: string): boolean {
  return neutraliseCsvCell(text) !== text;
}

/** An exported cell neutralised with a leading quote reads back as its text. */
export function unneutraliseCell(text: string): string {
  return text.startsWith("'") && isFormulaCell(text.slice(1)) ? text.slice(1) : text;
}

function headerKey(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

/**
 * The fields of an import file's header, by column, matched by label or by source without regard to
 * case or spacing. Columns the list exports but does not import
 * (a status the list sets itself, say) are passed over, so a file exported from the list imports
 * back as it is: their cells are undefined in `columns` and never read.
 */
export function resolveHeader(
  fields: readonly RuleField[],
  importColumns: readonly string[],
  header: readonly string[],
  exportOnlyColumns: readonly string[] = [],
): { columns: (RuleField | undefined)[]; problems: ImportProblem[] } {
  const importable = fields.filter((field) => importColumns.includes(field.source));
  const passedOver = fields.filter((field) => exportOnlyColumns.includes(field.source) && !importColumns.includes(field.source));
  const problems: ImportProblem[] = [];
  const seen = new Set<string>();
  const columns = header.map((cell) => {
    const key = headerKey(cell);
    const matches = (candidate: RuleField) => headerKey(candidate.label) === key || headerKey(candidate.source) === key;
    const field = importable.find(matches);
    if (!field && passedOver.some(matches)) return undefined;
    if (!field) {
      problems.push(importProblem(1, cell, ImportMessages.unknownColumn, { column: cell, columns: importable.map((candidate) => candidate.label).join(', ') }));
    } else if (seen.has(field.source)) {
      problems.push(importProblem(1, cell, ImportMessages.duplicateColumn, { column: cell }));
    } else {
      seen.add(field.source);
    }
    return field;
  });
  for (const field of importable) {
    if (field.required && !field.readOnly && !seen.has(field.source))
      problems.push(importProblem(1, field.label, ImportMessages.missingColumn, { column: field.label }));
  }
  return { columns, problems };
}

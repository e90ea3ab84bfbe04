/**
 * CSV exports must not hand a spreadsheet a formula: a cell that starts with =, +, - or @ (or a tab
 * or carriage return, which some spreadsheets skip before reading one) is prefixed with a quote.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCsvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

import { saveFile } from '../saveFile';
import type { CsvDownload } from './ruleListDataProvider';

/**
 * Hands a CSV answer to the browser as a file download. Reading the answer as text dropped its
 * byte-order mark; it goes back in, so spreadsheets read the file as UTF-8.
 */
export function saveCsv({ fileName, text }: CsvDownload): void {
  const withBom = text.startsWith('\uFEFF') ? text : `\uFEFF${text}`;
  saveFile(new Blob([withBom], { type: 'text/csv;charset=utf-8' }), fileName);
}

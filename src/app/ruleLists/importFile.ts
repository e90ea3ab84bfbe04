import { ImportMessages, RULE_LIST_IMPORT_MAX_BYTES } from '../../domain/ruleListImport';
import { formatMessage } from '../../domain/statusCodes';

/**
 * The browser's checks of an import file before it is sent (the server checks them again): a .csv
 * name, the size limit, UTF-8 text. The file then travels base64-encoded, so the server sees the
 * exact bytes.
 */

export type ReadImportFile = { content: string } | { problem: string };

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

export async function readImportFile(file: File): Promise<ReadImportFile> {
  if (!/\.csv$/i.test(file.name)) return { problem: ImportMessages.notCsv };
  if (file.size > RULE_LIST_IMPORT_MAX_BYTES) return { problem: formatMessage(ImportMessages.tooLarge, { max: RULE_LIST_IMPORT_MAX_BYTES / 1024 / 1024 }) };
  if (file.size === 0) return { problem: ImportMessages.empty };
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { problem: ImportMessages.notUtf8 };
  }
  return { content: toBase64(bytes) };
}

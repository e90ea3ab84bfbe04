// The pouch upload's PDF check, run by the worker threads of pdfCheck.ts's pool: pdf-lib may spend
// seconds of CPU on an untrusted file (random bytes after %PDF-: some 2 to 6 s per MB), which must not
// hold the server's event loop. Plain JavaScript, so that a worker loads it without a TypeScript
// loader: under tsx (npm start), in Vitest's workers and from a compiled build alike.
import { PDFDocument } from 'pdf-lib';

/**
 * Whether an upload is a PDF a reader can open: pdf-lib parses its objects and finds its page tree
 * with at least one page. A file that only starts with `%PDF-` (zeros after it, a renamed text) is not.
 * @param {Uint8Array} content
 * @returns {Promise<boolean>}
 */
export default async function isReadablePdf(content) {
  try {
    const document = await PDFDocument.load(content, { ignoreEncryption: true, updateMetadata: false });
    return document.getPageCount() > 0;
  } catch {
    return false;
  }
}

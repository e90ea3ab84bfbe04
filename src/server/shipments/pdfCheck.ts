import { PDFDocument } from 'pdf-lib';

/**
 * Whether an upload is a PDF a reader can open: pdf-lib parses its objects and finds its page tree
 * with at least one page. A file that only starts with `%PDF-` (10 MB of zeros after it, a renamed
 * text) is not stored. pdf-lib yields to the event loop while it parses, so a large file does not
 * hold up other requests.
 */
export async function isReadablePdf(content: Uint8Array): Promise<boolean> {
  try {
    const document = await PDFDocument.load(content, { ignoreEncryption: true, updateMetadata: false });
    return document.getPageCount() > 0;
  } catch {
    return false;
  }
}

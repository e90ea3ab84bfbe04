import { randomBytes } from 'node:crypto';
import { safeFileName } from './documents';

/**
 * Several documents in one answer (spec 7 "multipart file download"): a multipart/form-data body,
 * one `file` part per document, which the browser reads with Response.formData().
 */
export function multipartBody(files: readonly { fileName: string; contentType: string; content: Buffer }[]): { contentType: string; body: Buffer } {
  const boundary = `----cargo-portal-${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${safeFileName(file.fileName)}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
        'utf8',
      ),
      file.content,
      Buffer.from('\r\n', 'utf8'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}

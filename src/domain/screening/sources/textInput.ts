/**
 * A file's pieces as text. Text pieces are taken as they are; byte pieces are read as UTF-8, a character cut
 * between two pieces joined again (TextDecoder with stream: true), so the server can hand over its upload's bytes
 * as they come. A byte order mark at the start is dropped. Bytes that are not UTF-8 make the file unreadable:
 * the lists publish UTF-8 (and ASCII, its subset), and a file in another encoding would give wrong names.
 */
export class TextInput {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private started = false;
  /** Set when the bytes are not UTF-8. */
  failure: string | undefined;

  read(chunk: string | Uint8Array): string {
    if (this.failure) return '';
    let text: string;
    try {
      text = typeof chunk === 'string' ? this.decoder.decode() + chunk : this.decoder.decode(chunk, { stream: true });
    } catch {
      this.failure = 'the file is not UTF-8 text: it is in another encoding, or it is not a text file';
      return '';
    }
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    return text;
  }

  /** The end of the file: the bytes of a character still waiting, if any. */
  end(): string {
    if (this.failure) return '';
    try {
      return this.decoder.decode();
    } catch {
      this.failure = 'the file is not UTF-8 text: it ends inside a character';
      return '';
    }
  }
}

/** The first characters of a text that is not blank, for telling a file's kind ("<" for XML) and quoting it in a problem. */
export function opening(text: string, length = 40): string {
  const start = text.trimStart();
  return start.length > length ? `${start.slice(0, length)}...` : start;
}

/**
 * Size limits of incoming cargo messages. Cargo-IMP lines are at most 69 characters (the Type B
 * teletype line); one Type B message is at most about 3,500 characters, so a message of 64 KB is
 * already far beyond any real FWB or FHL and only costs memory.
 */
export interface CargoMessageLimits {
  /** Largest accepted message, in bytes of UTF-8. */
  maxBytes: number;
  /** Longest accepted Cargo-IMP line, in characters, without the line end. */
  maxLineLength: number;
  /** Deepest accepted XML element nesting (Cargo-XML needs about 8). */
  maxXmlDepth: number;
}

export const DEFAULT_CARGO_MESSAGE_LIMITS: Readonly<CargoMessageLimits> = Object.freeze({
  maxBytes: 64 * 1024,
  maxLineLength: 69,
  maxXmlDepth: 32,
});

export function withDefaultLimits(limits?: Partial<CargoMessageLimits>): CargoMessageLimits {
  return { ...DEFAULT_CARGO_MESSAGE_LIMITS, ...limits };
}

/** UTF-8 length of a text, without allocating its bytes. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

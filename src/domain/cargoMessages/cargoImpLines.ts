import { FaultList, type ParseOutcome } from './faults';
import { utf8Length, type CargoMessageLimits } from './limits';

/** A non-blank line of a Cargo-IMP message with its 1-based number in the message as received. */
export interface MessageLine {
  number: number;
  text: string;
}

/**
 * A line of a segment cut at its slashes: for `AGT//3360525/0151` the fields are
 * ['', '3360525', '0151']; for the continuation `///ED/0115` they are ['', '', 'ED', '0115'].
 */
export interface SegmentLine {
  number: number;
  text: string;
  fields: string[];
}

export interface Segment {
  tag: string;
  line: number;
  /** The fields after the tag on the tag's own line (none for a bare `SHP`). */
  head: SegmentLine;
  /** The lines that start with '/'. */
  continuations: SegmentLine[];
}

/** Decodes received bytes as UTF-8; a byte sequence that is not UTF-8 is refused with its line. */
export function decodeMessageBytes(bytes: Uint8Array, limits: CargoMessageLimits): ParseOutcome<string> {
  const faults = new FaultList();
  if (bytes.length > limits.maxBytes) {
    faults.add(0, 'too-large', `The message is ${bytes.length} bytes; at most ${limits.maxBytes} bytes are accepted.`);
    return faults.outcome<string>(undefined);
  }
  try {
    return { ok: true, value: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    const lenient = new TextDecoder('utf-8').decode(bytes);
    const at = lenient.indexOf('\uFFFD');
    const line = lenient.slice(0, Math.max(at, 0)).split(/\r\n|\r|\n/).length;
    faults.add(line, 'bad-encoding', 'The message is not UTF-8 text (wrong encoding?): a byte sequence on this line cannot be read.');
    return faults.outcome<string>(undefined);
  }
}

function describeCharacter(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (char === '\t') return `a tab (${hex})`;
  if (code < 0x20 || code === 0x7f) return `the control character ${hex}`;
  return `the character '${char}' (${hex})`;
}

/**
 * Splits a message into numbered lines: any line end is accepted, trailing spaces and blank lines
 * are dropped, lower case is read as upper case (Cargo-IMP is upper case). Refused: an oversize
 * message, characters outside printable ASCII, and lines longer than the Cargo-IMP limit.
 */
export function readMessageLines(text: string, limits: CargoMessageLimits, faults: FaultList): MessageLine[] {
  const bytes = utf8Length(text);
  if (bytes > limits.maxBytes) {
    faults.add(0, 'too-large', `The message is ${bytes} bytes; at most ${limits.maxBytes} bytes are accepted.`);
    return [];
  }
  const lines: MessageLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const number = index + 1;
    const trimmed = raw.replace(/[ ]+$/, '');
    if (trimmed === '') return;
    let badAt = -1;
    for (let column = 0; column < trimmed.length; column++) {
      const code = trimmed.charCodeAt(column);
      if (code < 0x20 || code > 0x7e) {
        badAt = column;
        break;
      }
    }
    if (badAt >= 0) {
      const char = String.fromCodePoint(trimmed.codePointAt(badAt) ?? 0);
      if (char === '\uFFFD')
        faults.add(
          number,
          'bad-encoding',
          `Column ${badAt + 1} holds a character that could not be decoded: the message is not in the encoding it was sent as.`,
        );
      else
        faults.add(
          number,
          'bad-character',
          `Column ${badAt + 1} holds ${describeCharacter(char)}; Cargo-IMP messages use only capital letters, digits, spaces and plain punctuation.`,
        );
      return;
    }
    if (trimmed.length > limits.maxLineLength) {
      faults.add(number, 'line-too-long', `The line is ${trimmed.length} characters long; Cargo-IMP lines are at most ${limits.maxLineLength}.`);
      return;
    }
    lines.push({ number, text: trimmed.toUpperCase() });
  });
  if (lines.length === 0 && faults.isEmpty) faults.add(0, 'empty', 'The message is empty.');
  return lines;
}

/** Type B envelope lines (addresses such as `QK HDQFMDL` and the origin line starting with '.') that may precede the message. */
export function isTypeBEnvelopeLine(text: string): boolean {
  return /^Q[A-Z] [A-Z0-9]{7}( |$)/.test(text) || text.startsWith('.');
}

/** The index of the message identifier line (e.g. `FWB/16`), skipping any Type B envelope before it. */
export function messageIdentifierIndex(lines: MessageLine[]): number {
  let index = 0;
  while (index < lines.length && isTypeBEnvelopeLine(lines[index].text)) index++;
  return index;
}

/** Reads `FWB/16` into its type and version. */
export function readMessageIdentifier(text: string): { type: string; version?: number } | undefined {
  const match = /^([A-Z]{3})(?:\/(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return { type: match[1], version: match[2] === undefined ? undefined : Number(match[2]) };
}

/**
 * Groups lines into segments. A segment starts with its three-letter tag, alone or followed by '/';
 * each following line that starts with '/' continues it.
 */
export function groupSegments(lines: MessageLine[], knownTags: ReadonlySet<string>, faults: FaultList, messageName: string): Segment[] {
  const segments: Segment[] = [];
  let current: Segment | undefined;
  let skipping = false;
  for (const line of lines) {
    if (line.text.startsWith('/')) {
      if (current) current.continuations.push({ number: line.number, text: line.text, fields: line.text.slice(1).split('/') });
      else if (!skipping) faults.add(line.number, 'malformed', `A continuation line (starting with '/') must follow a segment line.`);
      continue;
    }
    const tag = /^([A-Z]{3})(\/|$)/.exec(line.text)?.[1];
    if (tag && knownTags.has(tag)) {
      current = {
        tag,
        line: line.number,
        head: { number: line.number, text: line.text, fields: line.text.length > 3 ? line.text.slice(4).split('/') : [] },
        continuations: [],
      };
      segments.push(current);
      skipping = false;
      continue;
    }
    current = undefined;
    skipping = true;
    if (tag) faults.add(line.number, 'unknown-segment', `${tag} is not a segment of ${messageName}.`, tag);
    else faults.add(line.number, 'malformed', `The line should start with a three-letter segment tag (such as SHP) or with '/'.`);
  }
  return segments;
}

/** All lines of a segment: its head line, then its continuations. */
export function segmentLines(segment: Segment): SegmentLine[] {
  return [segment.head, ...segment.continuations];
}

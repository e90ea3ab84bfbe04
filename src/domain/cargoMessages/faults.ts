/**
 * Why a cargo message is refused: a typed list of faults, each naming the line (1-based, counted in
 * the message as received) and saying in plain English what is wrong there.
 */

export type MessageFaultCode =
  | 'empty'
  | 'too-large'
  | 'bad-encoding'
  | 'bad-character'
  | 'line-too-long'
  | 'unknown-message'
  | 'unsupported-version'
  | 'unknown-segment'
  | 'duplicate-segment'
  | 'missing-segment'
  | 'malformed'
  | 'too-long'
  | 'check-digit'
  | 'unknown-code'
  | 'hostile-xml'
  | 'too-deep';

export interface MessageFault {
  /** 1-based line of the message; 0 when the fault is about the message as a whole (e.g. its size). */
  line: number;
  code: MessageFaultCode;
  /** The segment (e.g. SHP) or XML element the fault is in, when there is one. */
  segment?: string;
  /** Plain English, complete sentence. */
  reason: string;
}

export type ParseOutcome<T> = { ok: true; value: T } | { ok: false; faults: MessageFault[] };

/** A fault found in a model that cannot be written as a message: the field path and the reason. */
export interface ModelFault {
  path: string;
  reason: string;
}

export type WriteOutcome = { ok: true; text: string } | { ok: false; faults: ModelFault[] };

/** Collects faults while a message is read; reading goes on after a fault so that one pass reports them all. */
export class FaultList {
  readonly faults: MessageFault[] = [];

  add(line: number, code: MessageFaultCode, reason: string, segment?: string): undefined {
    this.faults.push(segment ? { line, code, segment, reason } : { line, code, reason });
    return undefined;
  }

  get isEmpty(): boolean {
    return this.faults.length === 0;
  }

  outcome<T>(value: T | undefined): ParseOutcome<T> {
    if (!this.isEmpty || value === undefined) {
      const faults = [...this.faults].sort((a, b) => a.line - b.line);
      return { ok: false, faults };
    }
    return { ok: true, value };
  }
}

/** "Line 7 (SHP): the shipper name is missing." — how a fault reads on one line. */
export function describeFault(fault: MessageFault): string {
  const where = fault.line > 0 ? `Line ${fault.line}` : 'Message';
  return `${where}${fault.segment ? ` (${fault.segment})` : ''}: ${fault.reason}`;
}

import type { SegmentLine } from './cargoImpLines';
import { cargoImpTextProblem } from './fields';
import type { FaultList, ModelFault } from './faults';

/** Checks shared by the segment readers (faults with the line) and writers (faults with the model path). */

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A text field read from a message: `what` reads like "the shipper's name". Returns whether the
 * field is acceptable; an empty optional field is.
 */
export function checkText(value: string, max: number, what: string, line: number, faults: FaultList, segment: string, required = true): boolean {
  if (value === '') {
    if (required) faults.add(line, 'malformed', `${capitalised(what)} is missing.`, segment);
    return !required;
  }
  if (value.length > max) {
    faults.add(line, 'too-long', `${capitalised(what)} is ${value.length} characters long; at most ${max} are allowed.`, segment);
    return false;
  }
  return true;
}

/** The single field of a line that carries one text (a name, a street): '/' cannot appear inside it. */
export function singleField(line: SegmentLine, what: string, faults: FaultList, segment: string): string | undefined {
  if (line.fields.length !== 1) return faults.add(line.number, 'malformed', `${capitalised(what)} must be one field; '/' cannot appear in it.`, segment);
  return line.fields[0];
}

/** Collects the problems of a model that is to be written as Cargo-IMP. */
export class ModelChecks {
  readonly problems: ModelFault[] = [];

  constructor(private readonly base: string) {}

  /** A text field; an optional one may be absent but, when present, not empty. */
  text(value: string | undefined, max: number, field: string, optional = false): void {
    if (optional && value === undefined) return;
    const problem = cargoImpTextProblem(value ?? '', max);
    if (problem) this.add(field, `The ${field} ${problem}.`);
  }

  pattern(value: string | undefined, pattern: RegExp, field: string, expected: string, optional = false): void {
    if (optional && value === undefined) return;
    if (value === undefined || !pattern.test(value)) this.add(field, `The ${field} must be ${expected}.`);
  }

  /** A non-negative number with at most `maxDecimals` decimals and `maxDigits` integer digits. */
  amount(value: number | undefined, field: string, maxDigits: number, maxDecimals: number, optional = false): void {
    if (optional && value === undefined) return;
    if (value === undefined || !Number.isFinite(value) || value < 0) {
      this.add(field, `The ${field} must be a number of at least 0.`);
      return;
    }
    const scaled = value * 10 ** maxDecimals;
    if (Math.abs(scaled - Math.round(scaled)) > 1e-6) this.add(field, `The ${field} has more than ${maxDecimals} decimals.`);
    if (Math.floor(value) >= 10 ** maxDigits) this.add(field, `The ${field} has more than ${maxDigits} digits.`);
  }

  add(field: string, reason: string): void {
    this.problems.push({ path: this.base ? `${this.base}.${field}` : field, reason });
  }

  merge(problems: ModelFault[]): void {
    this.problems.push(...problems);
  }
}

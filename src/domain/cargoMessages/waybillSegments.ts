import type { Segment } from './cargoImpLines';
import { segmentLines } from './cargoImpLines';
import { checkText, ModelChecks } from './fieldChecks';
import { formatCargoDate, readCargoDate } from './fields';
import type { FaultList, ModelFault } from './faults';
import type { AccountingLine, CarrierExecution, FlightBooking, OtherSegment, RoutingLeg, SenderReference } from './model';

/** The smaller FWB segments: FLT, RTG, SSR, OSI, ACC, CER, ISU, REF, SPH and the segments kept as written. */

export const TEXT_LINE_MAX = 65;
export const SPECIAL_HANDLING_MAX = 9;
const FLIGHT = /^([A-Z0-9]{2})(\d{1,4}[A-Z]?)$/;
const ROUTING_LEG = /^([A-Z]{3})([A-Z0-9]{2})$/;
const SHC = /^[A-Z]{3}$/;

/** Splits items over lines of at most `perLine` items. */
function chunk<T>(items: T[], perLine: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += perLine) chunks.push(items.slice(index, index + perLine));
  return chunks;
}

function itemLines(tag: string, items: string[], perLine: number): string[] {
  return chunk(items, perLine).map((part, index) => `${index === 0 ? tag : ''}/${part.join('/')}`);
}

/** FLT/DL8226E/08/DL014/09: flight and day pairs. */
export function readFlights(segment: Segment, faults: FaultList): FlightBooking[] {
  const flights: FlightBooking[] = [];
  for (const line of segmentLines(segment)) {
    if (line.fields.length % 2 !== 0 || line.fields.length === 0) {
      faults.add(line.number, 'malformed', 'Flights come in pairs: carrier and flight number, then the day, e.g. FLT/DL8226/08.', 'FLT');
      continue;
    }
    for (let index = 0; index < line.fields.length; index += 2) {
      const flight = FLIGHT.exec(line.fields[index]);
      const dayText = line.fields[index + 1];
      const day = /^\d{2}$/.test(dayText) ? Number(dayText) : 0;
      if (!flight)
        faults.add(
          line.number,
          'malformed',
          `The flight '${line.fields[index]}' must be a 2-character carrier code and a flight number of up to 4 digits with an optional letter, e.g. DL8226E.`,
          'FLT',
        );
      else if (day < 1 || day > 31) faults.add(line.number, 'malformed', `The flight day '${dayText}' must be two digits from 01 to 31.`, 'FLT');
      else flights.push({ carrier: flight[1], flightNumber: flight[2], day });
    }
  }
  return flights;
}

export function formatFlights(flights: FlightBooking[]): string[] {
  return itemLines(
    'FLT',
    flights.map((flight) => `${flight.carrier}${flight.flightNumber}/${String(flight.day).padStart(2, '0')}`),
    4,
  );
}

export function flightProblems(flights: FlightBooking[], path: string): ModelFault[] {
  const checks = new ModelChecks(path);
  flights.forEach((flight, index) => {
    checks.pattern(
      `${flight.carrier}${flight.flightNumber}`,
      FLIGHT,
      `[${index}]`,
      'a 2-character carrier and a flight number of up to 4 digits with an optional letter',
    );
    checks.pattern(flight.carrier, /^[A-Z0-9]{2}$/, `[${index}].carrier`, '2 letters or digits');
    if (!Number.isInteger(flight.day) || flight.day < 1 || flight.day > 31) checks.add(`[${index}].day`, 'The day must be 1 to 31.');
  });
  return checks.problems;
}

/** RTG/ATLDL/FRADL: airport and carrier of each leg. */
export function readRouting(segment: Segment, faults: FaultList): RoutingLeg[] {
  const legs: RoutingLeg[] = [];
  for (const line of segmentLines(segment)) {
    for (const field of line.fields) {
      const leg = ROUTING_LEG.exec(field);
      if (leg) legs.push({ airport: leg[1], carrier: leg[2] });
      else faults.add(line.number, 'malformed', `The routing leg '${field}' must be an airport (3 letters) and a carrier (2 characters), e.g. FRADL.`, 'RTG');
    }
  }
  return legs;
}

export function formatRouting(legs: RoutingLeg[]): string[] {
  return itemLines(
    'RTG',
    legs.map((leg) => `${leg.airport}${leg.carrier}`),
    8,
  );
}

export function routingProblems(legs: RoutingLeg[], path: string): ModelFault[] {
  const checks = new ModelChecks(path);
  legs.forEach((leg, index) => {
    checks.pattern(leg.airport, /^[A-Z]{3}$/, `[${index}].airport`, '3 letters');
    checks.pattern(leg.carrier, /^[A-Z0-9]{2}$/, `[${index}].carrier`, '2 letters or digits');
  });
  return checks.problems;
}

/** SSR, OSI, TXT: free text, one line each. */
export function readTextLines(segment: Segment, faults: FaultList, what: string): string[] {
  const texts: string[] = [];
  for (const line of segmentLines(segment)) {
    const text = line.fields.join('/');
    if (checkText(text, TEXT_LINE_MAX, what, line.number, faults, segment.tag)) texts.push(text);
  }
  return texts;
}

export function formatTextLines(tag: string, texts: string[]): string[] {
  return texts.map((text, index) => `${index === 0 ? tag : ''}/${text}`);
}

export function textLineProblems(texts: string[], path: string): ModelFault[] {
  const checks = new ModelChecks(path);
  texts.forEach((text, index) => {
    checks.text(text, TEXT_LINE_MAX, `[${index}]`);
  });
  return checks.problems;
}

/** ACC/GEN/SPOT 1208107465 */
export function readAccounting(segment: Segment, faults: FaultList): AccountingLine[] {
  const accounting: AccountingLine[] = [];
  for (const line of segmentLines(segment)) {
    const [identifier = '', ...information] = line.fields;
    const text = information.join('/');
    if (!/^[A-Z]{3}$/.test(identifier))
      faults.add(line.number, 'malformed', `The accounting information identifier '${identifier}' must be 3 letters, e.g. GEN.`, 'ACC');
    else if (checkText(text, 34, 'the accounting information', line.number, faults, 'ACC')) accounting.push({ identifier, information: text });
  }
  return accounting;
}

export function formatAccounting(accounting: AccountingLine[]): string[] {
  return accounting.map((line, index) => `${index === 0 ? 'ACC' : ''}/${line.identifier}/${line.information}`);
}

export function accountingProblems(accounting: AccountingLine[], path: string): ModelFault[] {
  const checks = new ModelChecks(path);
  accounting.forEach((line, index) => {
    checks.pattern(line.identifier, /^[A-Z]{3}$/, `[${index}].identifier`, '3 letters');
    checks.text(line.information, 34, `[${index}].information`);
  });
  return checks.problems;
}

/** CER/signature */
export function readCertification(segment: Segment, faults: FaultList): string | undefined {
  const signature = segment.head.fields.join('/');
  if (segment.continuations.length > 0) faults.add(segment.continuations[0].number, 'malformed', 'CER is one line.', 'CER');
  return checkText(signature, 20, "the shipper's signature", segment.line, faults, 'CER') ? signature : undefined;
}

/** ISU/08DEC10/DALLAS-FORT WORTH/JOSEPH RUFF: date, place, signature. */
export function readExecution(segment: Segment, faults: FaultList): CarrierExecution | undefined {
  const [dateText = '', place = '', signature = '', ...extra] = segment.head.fields;
  const before = faults.faults.length;
  if (segment.continuations.length > 0 || extra.length > 0) faults.add(segment.line, 'malformed', 'ISU is one line: date, place, signature.', 'ISU');
  const date = readCargoDate(dateText);
  if (!date) faults.add(segment.line, 'malformed', `The execution date '${dateText}' must be a real date written like 08DEC10.`, 'ISU');
  checkText(place, 17, 'the place of execution', segment.line, faults, 'ISU');
  checkText(signature, 20, "the carrier's signature", segment.line, faults, 'ISU', false);
  if (faults.faults.length > before || !date) return undefined;
  return { date, place, ...(signature ? { signature } : {}) };
}

export function formatExecution(execution: CarrierExecution): string {
  const fields = [formatCargoDate(execution.date), execution.place];
  if (execution.signature !== undefined) fields.push(execution.signature);
  return `ISU/${fields.join('/')}`;
}

export function executionProblems(execution: CarrierExecution, path: string): ModelFault[] {
  const checks = new ModelChecks(path);
  const [year] = execution.date.split('-');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(execution.date) || readCargoDate(formatCargoDate(execution.date)) !== execution.date) {
    checks.add('date', `The date ${execution.date} must be a real date from 1970 to 2069 (yyyy-mm-dd).`);
  } else if (Number(year) < 1970 || Number(year) > 2069) checks.add('date', 'The date must fall in 1970 to 2069.');
  checks.text(execution.place, 17, 'place');
  checks.text(execution.signature, 20, 'signature', true);
  return checks.problems;
}

const REFERENCE_FIELDS = ['officeMessageAddress', 'fileReference', 'participantIdentifier', 'participantCode', 'airportCityCode'] as const;
const REFERENCE_PATTERNS: Record<(typeof REFERENCE_FIELDS)[number], { pattern: RegExp; expected: string }> = {
  officeMessageAddress: { pattern: /^[A-Z0-9]{7}$/, expected: '7 letters or digits (airport, office function, company)' },
  fileReference: { pattern: /^[A-Z0-9.-](?:[A-Z0-9 .-]{0,13}[A-Z0-9.-])?$/, expected: 'up to 15 letters or digits' },
  participantIdentifier: { pattern: /^[A-Z]{3}$/, expected: '3 letters (e.g. FFW, AGT)' },
  participantCode: { pattern: /^[A-Z0-9]{1,17}$/, expected: 'up to 17 letters or digits' },
  airportCityCode: { pattern: /^[A-Z]{3}$/, expected: '3 letters' },
};

/** REF/office message address/file reference/participant identifier/participant code/airport or city */
export function readReference(segment: Segment, faults: FaultList): SenderReference | undefined {
  const before = faults.faults.length;
  if (segment.head.fields.length > REFERENCE_FIELDS.length || segment.continuations.length > 0)
    faults.add(segment.line, 'malformed', 'REF is one line of at most five fields.', 'REF');
  const reference: SenderReference = {};
  REFERENCE_FIELDS.forEach((key, index) => {
    const value = segment.head.fields[index] ?? '';
    if (value === '') return;
    const { pattern, expected } = REFERENCE_PATTERNS[key];
    if (pattern.test(value)) reference[key] = value;
    else faults.add(segment.line, 'malformed', `The reference field '${value}' must be ${expected}.`, 'REF');
  });
  return faults.faults.length > before ? undefined : reference;
}

export function formatReference(reference: SenderReference): string {
  const fields = REFERENCE_FIELDS.map((key) => reference[key] ?? '');
  while (fields.length > 0 && fields.at(-1) === '') fields.pop();
  return fields.length > 0 ? `REF/${fields.join('/')}` : 'REF';
}

export function referenceProblems(reference: SenderReference, path: string): ModelFault[] {
  const checks = new ModelChecks(path);
  for (const key of REFERENCE_FIELDS) checks.pattern(reference[key], REFERENCE_PATTERNS[key].pattern, key, REFERENCE_PATTERNS[key].expected, true);
  return checks.problems;
}

/** SPH/NSC/EAW/PEF/SCO: special handling codes, at most 9. */
export function readSpecialHandling(segment: Segment, faults: FaultList): string[] {
  const codes: string[] = [];
  for (const line of segmentLines(segment)) {
    for (const code of line.fields) {
      if (SHC.test(code)) codes.push(code);
      else faults.add(line.number, 'malformed', `The special handling code '${code}' must be 3 letters, e.g. EAW.`, segment.tag);
    }
  }
  if (codes.length > SPECIAL_HANDLING_MAX)
    faults.add(segment.line, 'malformed', `${codes.length} special handling codes are given; at most ${SPECIAL_HANDLING_MAX} are allowed.`, segment.tag);
  return codes;
}

export function specialHandlingProblems(codes: string[], path: string): ModelFault[] {
  const checks = new ModelChecks(path);
  if (codes.length > SPECIAL_HANDLING_MAX) checks.add('', `At most ${SPECIAL_HANDLING_MAX} special handling codes fit.`);
  codes.forEach((code, index) => {
    checks.pattern(code, SHC, `[${index}]`, '3 letters');
  });
  return checks.problems;
}

/** A segment kept as written. */
export function readOtherSegment(segment: Segment): OtherSegment {
  return { tag: segment.tag, lines: [segment.head.fields.join('/'), ...segment.continuations.map((line) => line.fields.join('/'))] };
}

export function formatOtherSegment(segment: OtherSegment): string[] {
  const [head = '', ...rest] = segment.lines;
  return [head === '' ? segment.tag : `${segment.tag}/${head}`, ...rest.map((line) => `/${line}`)];
}

export function otherSegmentProblems(segments: OtherSegment[], path: string, allowedTags: ReadonlySet<string>): ModelFault[] {
  const checks = new ModelChecks(path);
  segments.forEach((segment, index) => {
    if (!allowedTags.has(segment.tag)) checks.add(`[${index}].tag`, `${segment.tag} is not a segment kept as written.`);
    segment.lines.forEach((line, lineIndex) => {
      if (!/^[A-Z0-9 .,\-()'":+=?!%&*;<>#@/]*$/.test(line) || line !== line.trimEnd() || line.length > 64)
        checks.add(`[${index}].lines[${lineIndex}]`, 'The line cannot be written as Cargo-IMP.');
      if (lineIndex > 0 && line === '') checks.add(`[${index}].lines[${lineIndex}]`, 'A continuation line cannot be empty.');
    });
  });
  return checks.problems;
}

import { messageIdentifierIndex, readMessageIdentifier, type MessageLine, type Segment } from './cargoImpLines';
import type { FaultList } from './faults';

/** The message identifier line (`FWB/16`, `FHL/4`), after any Type B envelope lines. */
export function readHeader(
  lines: MessageLine[],
  type: string,
  versions: readonly number[],
  faults: FaultList,
): { version: number; line: number; next: number } | undefined {
  const index = messageIdentifierIndex(lines);
  const line = lines[index];
  if (!line) return faults.add(lines.at(-1)?.number ?? 0, 'unknown-message', `The message identifier line (${type}/${versions[0]}) is missing.`);
  const identifier = readMessageIdentifier(line.text);
  if (!identifier || identifier.type !== type) {
    return faults.add(
      line.number,
      'unknown-message',
      `The message should start with its identifier ${type}/${versions.join(' or ')}, not '${line.text.slice(0, 20)}'.`,
    );
  }
  if (identifier.version === undefined)
    return faults.add(line.number, 'unsupported-version', `The identifier must give the version, e.g. ${type}/${versions[0]}.`);
  if (!versions.includes(identifier.version)) {
    return faults.add(
      line.number,
      'unsupported-version',
      `${type}/${identifier.version} is not read here; this portal reads ${versions.map((version) => `${type}/${version}`).join(' and ')}.`,
    );
  }
  return { version: identifier.version, line: line.number, next: index + 1 };
}

/** Segments that may appear once; a second one is a fault. */
export function takeSingle(segments: Segment[], tag: string, faults: FaultList): Segment | undefined {
  const found = segments.filter((segment) => segment.tag === tag);
  for (const extra of found.slice(1)) faults.add(extra.line, 'duplicate-segment', `${tag} appears a second time; it may appear once.`, tag);
  return found[0];
}

/** Reports a mandatory segment that is missing; the fault points at the message identifier line. */
export function requireSegment(
  segment: Segment | undefined,
  tag: string,
  what: string,
  headerLine: number,
  messageType: string,
  faults: FaultList,
): segment is Segment {
  if (segment) return true;
  faults.add(headerLine, 'missing-segment', `The ${messageType} has no ${tag} segment (${what}).`, tag);
  return false;
}

import type { AwbNumber } from '../awb';
import { messageIdentifierIndex, readMessageIdentifier, type MessageLine } from './cargoImpLines';
import { FaultList, type ParseOutcome } from './faults';

/**
 * FMA and FNA: a receiving system's acknowledgement of a Cargo-IMP message (FMA) or its refusal
 * (FNA), each followed by the start of the message it answers:
 *
 *   FNA/1
 *   ACK/INVALID SHIPPER ADDRESS
 *   FWB/16
 *   160-12345675HKGFRA/T10K100
 */

export interface Acknowledgement {
  kind: 'FMA' | 'FNA';
  /** The ACK line's text: what the receiver says. */
  text: string;
  /** The type of the message answered, e.g. FWB. */
  answers: string;
  awb: AwbNumber;
}

export function isAcknowledgement(text: string): boolean {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((line, index) => ({ number: index + 1, text: line.trim().toUpperCase() }))
    .filter((line) => line.text !== '');
  const type = readMessageIdentifier(lines[messageIdentifierIndex(lines)]?.text ?? '')?.type;
  return type === 'FMA' || type === 'FNA';
}

export function readAcknowledgement(text: string): ParseOutcome<Acknowledgement> {
  const faults = new FaultList();
  const lines: MessageLine[] = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((line, index) => ({ number: index + 1, text: line.trim().toUpperCase() }))
    .filter((line) => line.text !== '');
  const start = messageIdentifierIndex(lines);
  const [identifier, ack, answered, awbLine] = lines.slice(start, start + 4);
  const kind = readMessageIdentifier(identifier?.text ?? '')?.type;
  if (kind !== 'FMA' && kind !== 'FNA') {
    faults.add(identifier?.number ?? 0, 'unknown-message', 'An acknowledgement starts with FMA or FNA/1.');
    return faults.outcome<Acknowledgement>(undefined);
  }
  const ackText = /^ACK\/(.{1,65})$/.exec(ack?.text ?? '')?.[1];
  if (ackText === undefined)
    faults.add(
      ack?.number ?? identifier.number,
      'missing-segment',
      `The ${kind} needs an ACK line after its first line (ACK/ and the receiver's text, at most 65 characters).`,
      'ACK',
    );
  const answers = readMessageIdentifier(answered?.text ?? '')?.type;
  if (!answers)
    faults.add(answered?.number ?? identifier.number, 'missing-segment', `The ${kind} must quote the first line of the message it answers (e.g. FWB/16).`);
  const awb = /^(\d{3})-(\d{8})/.exec(awbLine?.text ?? '');
  if (!awb)
    faults.add(
      awbLine?.number ?? identifier.number,
      'malformed',
      `The ${kind} must quote the AWB line of the message it answers (e.g. 160-12345675HKGFRA/T10K100).`,
    );
  if (!faults.isEmpty || ackText === undefined || !answers || !awb) return faults.outcome<Acknowledgement>(undefined);
  return { ok: true, value: { kind, text: ackText.trim(), answers, awb: { prefix: awb[1], suffix: awb[2] } } };
}

import { messageIdentifierIndex, readMessageIdentifier } from './cargoImpLines';
import { FaultList, type ParseOutcome } from './faults';
import { readFhl } from './fhlReader';
import { readFwb } from './fwbReader';
import { utf8Length, withDefaultLimits, type CargoMessageLimits } from './limits';
import type { CargoMessage } from './model';
import { readXfhl, XFHL_ROOTS } from './xml/xfhlReader';
import { readXfwb, XFWB_ROOTS } from './xml/xfwbReader';

/**
 * Reads any of the four shipment messages the portal accepts: Cargo-IMP FWB and FHL, Cargo-XML
 * XFWB and XFHL. Which one it is, is read from the message itself.
 */
export function readCargoMessage(text: string, limits?: Partial<CargoMessageLimits>): ParseOutcome<CargoMessage> {
  const effective = withDefaultLimits(limits);
  const faults = new FaultList();
  const bytes = utf8Length(text);
  if (bytes > effective.maxBytes) {
    faults.add(0, 'too-large', `The message is ${bytes} bytes; at most ${effective.maxBytes} bytes are accepted.`);
    return faults.outcome<CargoMessage>(undefined);
  }
  const body = text.replace(/^\uFEFF/, '');
  const undecodable = body.indexOf('\uFFFD');
  if (undecodable !== -1) {
    const line = body.slice(0, undecodable).split(/\r\n|\r|\n/).length;
    faults.add(line, 'bad-encoding', 'The message holds a character that could not be decoded: it is not in the encoding it was sent as.');
    return faults.outcome<CargoMessage>(undefined);
  }
  if (body.trimStart().startsWith('<')) {
    const root = /<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s>/]/.exec(body.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''))?.[1] ?? '';
    if (XFHL_ROOTS.includes(root)) return mapOutcome(readXfhl(body, effective), (manifest) => ({ kind: 'FHL', format: 'cargo-xml', manifest }));
    if (XFWB_ROOTS.includes(root)) return mapOutcome(readXfwb(body, effective), (waybill) => ({ kind: 'FWB', format: 'cargo-xml', waybill }));
    // Unknown roots still go through the safe reader, so hostile documents are named as such.
    return mapOutcome(readXfwb(body, effective), (waybill) => ({ kind: 'FWB', format: 'cargo-xml', waybill }));
  }
  const lines = body
    .split(/\r\n|\r|\n/)
    .map((line, index) => ({ number: index + 1, text: line.trim().toUpperCase() }))
    .filter((line) => line.text !== '');
  const identifier = lines[messageIdentifierIndex(lines)];
  const type = identifier ? readMessageIdentifier(identifier.text)?.type : undefined;
  if (type === 'FWB') return mapOutcome(readFwb(body, effective), (waybill) => ({ kind: 'FWB', format: 'cargo-imp', waybill }));
  if (type === 'FHL') return mapOutcome(readFhl(body, effective), (manifest) => ({ kind: 'FHL', format: 'cargo-imp', manifest }));
  if (!identifier) faults.add(0, 'empty', 'The message is empty.');
  else
    faults.add(
      identifier.number,
      'unknown-message',
      `The message should start with FWB/16, FWB/17 or FHL/4, or be Cargo-XML (XFWB or XFHL); it starts with '${identifier.text.slice(0, 20)}'.`,
    );
  return faults.outcome<CargoMessage>(undefined);
}

function mapOutcome<T>(outcome: ParseOutcome<T>, wrap: (value: T) => CargoMessage): ParseOutcome<CargoMessage> {
  return outcome.ok ? { ok: true, value: wrap(outcome.value) } : outcome;
}

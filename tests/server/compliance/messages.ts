import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { suffixWithCheckDigit } from '../../../src/domain/awb';
import { readFwb, writeFwb, type AirWaybill } from '../../../src/domain/cargoMessages';
import { bearer } from '../testApp';

/** Test messages: the sample FWB of ../shared/samples, moved onto a prefix and serial of the test's own. */

export const fixture = (name: string) => readFileSync(new URL(`../../fixtures/cargoMessages/${name}`, import.meta.url), 'utf8');

export function awbOf(serial: number, prefix = '160'): string {
  return `${prefix}-${suffixWithCheckDigit(serial)}`;
}

export function demoFwb(serial: number, change: (waybill: AirWaybill) => void = () => {}, prefix = '160'): string {
  const read = readFwb(fixture('fwb16-consol.txt'));
  if (!read.ok) throw new Error('the sample must read');
  const waybill = structuredClone(read.value);
  waybill.consignment.awb = { prefix, suffix: suffixWithCheckDigit(serial) };
  change(waybill);
  const written = writeFwb(waybill);
  if (!written.ok) throw new Error(JSON.stringify(written.faults));
  return written.text;
}

export async function postMessage(app: FastifyInstance, token: string, body: string, contentType = 'text/plain') {
  return app.inject({ method: 'POST', url: '/awbapi/messages', headers: { ...bearer(token), 'content-type': contentType }, payload: body });
}

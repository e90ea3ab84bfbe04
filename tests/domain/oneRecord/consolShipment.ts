import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readFhl, readFwb } from '../../../src/domain/cargoMessages';

/** The consolidation of the fixtures (FWB/16 and its FHL/4) as read, the shipment the ONE Record mapping tests map. */

const FIXTURES = path.join(import.meta.dirname, '../../fixtures/cargoMessages');
export const BASE = 'https://portal.example.com/onerecord';

function read<T>(outcome: { ok: true; value: T } | { ok: false; faults: unknown }): T {
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.faults));
  return outcome.value;
}

export const waybill = read(readFwb(readFileSync(path.join(FIXTURES, 'fwb16-consol.txt'), 'utf8')));
export const manifest = read(readFhl(readFileSync(path.join(FIXTURES, 'fhl4-consol.txt'), 'utf8')));

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCargoMessage, readFhl, readFwb, writeFhl, writeFwb } from '../../../src/domain/cargoMessages';
import { airWaybill, houseManifest } from './arbitraries';

describe('Cargo-IMP writer and reader are inverses', () => {
  it('property: any air waybill Cargo-IMP can carry is written as an FWB that reads back into the same model', () => {
    fc.assert(
      fc.property(airWaybill, (waybill) => {
        const written = writeFwb(waybill);
        if (!written.ok) throw new Error(JSON.stringify(written.faults));
        for (const line of written.text.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(69);
        const read = readFwb(written.text);
        if (!read.ok) throw new Error(`${JSON.stringify(read.faults)}\n${written.text}`);
        expect(read.value).toEqual(waybill);
      }),
      { numRuns: 300 },
    );
  });

  it('property: any house manifest is written as an FHL/4 that reads back into the same model', () => {
    fc.assert(
      fc.property(houseManifest, (manifest) => {
        const written = writeFhl(manifest);
        if (!written.ok) throw new Error(JSON.stringify(written.faults));
        const read = readFhl(written.text);
        if (!read.ok) throw new Error(`${JSON.stringify(read.faults)}\n${written.text}`);
        expect(read.value).toEqual(manifest);
        const detected = readCargoMessage(written.text);
        expect(detected.ok && detected.value.kind).toBe('FHL');
      }),
      { numRuns: 300 },
    );
  });
});

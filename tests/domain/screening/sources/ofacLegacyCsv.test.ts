import { describe, expect, it } from 'vitest';
import { readOfacLegacyCsv } from '../../../../src/domain/screening';
import { SAMPLES, text } from './samples';

describe("screening's reader of the SDN list (ofacLegacyCsv.ts) reads through the OFAC parser", () => {
  it('keeps the ids SDN-{ent_num}, the aliases of alt.csv and the matching methods', () => {
    const files = SAMPLES.sdn2025();
    const entries = readOfacLegacyCsv({ sdn: text(files.primary), alt: text(files.alt), add: text(files.add) });
    expect(entries).toHaveLength(17);
    const khoroshev = entries.find((entry) => entry.entryId === 'SDN-48603');
    expect(khoroshev).toMatchObject({
      listName: 'SDN',
      name: 'KHOROSHEV, Dmitry Yuryevich',
      aliases: ['KHOROSHEV, Dmitriy Yurevich', 'YURIEVICH, Dmitry', 'KHOROSHEV, Dmitrii Yuryevich'],
      matchingMethod: 'Default',
      partyType: 'Individual',
      programs: ['CYBER2'],
      riskLevel: 'High',
      addresses: [{ country: 'Russia' }],
    });
    expect(entries.find((entry) => entry.entryId === 'SDN-47371')?.matchingMethod).toBe('Exact');
    // add.csv's rows of "-0-" alone are no address.
    expect(entries.find((entry) => entry.entryId === 'SDN-10278')?.addresses).toEqual([]);
  });

  it('throws on files the parser refuses', () => {
    expect(() => readOfacLegacyCsv({ sdn: '36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA"' })).toThrow(
      "The OFAC files are refused: primary line 1: this is not OFAC's primary file (sdn.csv, cons_prim.csv): its first row has 4 values, not 12 (the file has no header row)",
    );
  });
});

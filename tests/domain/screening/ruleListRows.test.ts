import { describe, expect, it } from 'vitest';
import sanctionList from '../../../plugins/sanctionList';
import sanctionWhitelist from '../../../plugins/sanctionWhitelist';
import { SanctionScreener, SanctionWhitelist, sanctionEntryFromRow, whitelistEntryFromRow } from '../../../src/domain/screening';

const sources = (plugin: { fields: readonly { source: string }[] }) => new Set(plugin.fields.map((field) => field.source));

describe('rule-list rows as screening reads them', () => {
  it('reads the sanction list plugin fields into list entries', () => {
    const row = {
      listSource: 'SDN',
      reference: 'SDN-306',
      matchingValue: 'BANCO NACIONAL DE CUBA',
      matchingMethod: 'Default',
      partyType: 'Entity',
      program: 'CUBA',
      countryCode: 'CH',
      aliases: 'NATIONAL BANK OF CUBA; BNC',
      remarks: null,
    };
    for (const key of Object.keys(row)) expect(sources(sanctionList).has(key), key).toBe(true);
    expect(sanctionEntryFromRow(row)).toEqual({
      entryId: 'SDN-306',
      listName: 'SDN',
      name: 'BANCO NACIONAL DE CUBA',
      aliases: ['NATIONAL BANK OF CUBA', 'BNC'],
      matchingMethod: 'Default',
      partyType: 'Entity',
      programs: ['CUBA'],
      countryCode: 'CH',
    });
    expect(sanctionEntryFromRow({ reference: 'X', matchingValue: '  ' })).toBeUndefined();
    expect(sanctionEntryFromRow({ reference: 'INT-1', matchingValue: 'ACME', matchingMethod: 'Fuzzy?' })?.matchingMethod).toBe('Keyword');
  });

  it('reads the whitelist plugin fields, and a cancelled row clears nothing', () => {
    const row = {
      matchingValue: 'CUBA STREET BAKERY LTD',
      matchingMethod: 'Exact',
      partyRole: 'Consignee',
      countryCode: 'GB',
      carrierId: null,
      sanctionReference: null,
      reason: 'Name contains CUBA only as a street name.',
      validUntil: '2027-12-31',
      status: 'Active',
    };
    for (const key of Object.keys(row)) expect(sources(sanctionWhitelist).has(key), key).toBe(true);
    const entry = whitelistEntryFromRow(row);
    expect(entry).toEqual({
      name: 'CUBA STREET BAKERY LTD',
      matchingMethod: 'Exact',
      partyRole: 'Consignee',
      countryCode: 'GB',
      validUntil: '2027-12-31',
      reason: 'Name contains CUBA only as a street name.',
      active: true,
    });
    const screener = new SanctionScreener([
      sanctionEntryFromRow({ listSource: 'INTERNAL', reference: 'INT-CU', matchingValue: 'CUBA', matchingMethod: 'Keyword' })!,
    ]);
    const subject = { role: 'Consignee' as const, kind: 'name' as const, text: 'Cuba Street Bakery Ltd', countryCode: 'GB' };
    const context = { date: '2026-01-10' };
    expect(screener.screen([subject], new SanctionWhitelist([entry!]), context).hits).toEqual([]);
    expect(screener.screen([subject], new SanctionWhitelist([whitelistEntryFromRow({ ...row, status: 'Cancelled' })!]), context).hits).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { sanctionHoldEvents } from '../../../src/server/compliance/sanctionHold';

const hits = (...states: ('OPEN' | 'ESCALATED' | 'APPROVED' | 'DENIED' | 'CLEARED')[]) => states.map((state) => ({ state }));

describe('sanctionHoldEvents', () => {
  it('holds at the first open or escalated hit, and releases when none is left', () => {
    expect(sanctionHoldEvents('7', [], hits('OPEN', 'CLEARED'))).toEqual([
      { shipmentId: '7', kind: 'HOLD', description: 'Held for sanction review: 1 open sanction hit(s).', companyId: null, userId: null },
    ]);
    expect(sanctionHoldEvents('7', hits('APPROVED'), hits('ESCALATED', 'OPEN'), { companyId: 'DEMOAIR', userId: 'admin' })).toEqual([
      { shipmentId: '7', kind: 'HOLD', description: 'Held for sanction review: 2 open sanction hit(s).', companyId: 'DEMOAIR', userId: 'admin' },
    ]);
    expect(sanctionHoldEvents('7', hits('ESCALATED'), hits('CLEARED'))).toEqual([
      { shipmentId: '7', kind: 'RELEASE', description: 'Released from sanction hold: no open sanction hit.', companyId: null, userId: null },
    ]);
    // A hit no longer found releases too; a denied hit blocks the shipment but holds it for no review.
    expect(sanctionHoldEvents('7', hits('OPEN'), [])).toHaveLength(1);
    expect(sanctionHoldEvents('7', hits('OPEN'), hits('DENIED'))[0]?.kind).toBe('RELEASE');
  });

  it('says nothing while the hold stays as it was', () => {
    expect(sanctionHoldEvents('7', hits('OPEN'), hits('OPEN', 'OPEN'))).toEqual([]);
    expect(sanctionHoldEvents('7', hits('OPEN'), hits('ESCALATED'))).toEqual([]);
    expect(sanctionHoldEvents('7', hits('CLEARED'), hits('APPROVED'))).toEqual([]);
    expect(sanctionHoldEvents('7', [], [])).toEqual([]);
  });
});

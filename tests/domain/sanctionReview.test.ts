import { describe, expect, it } from 'vitest';
import { carryReviews, hitIdOf, screeningActions, type ReviewedSanctionHit } from '../../src/domain/sanctionReview';
import type { SanctionHit } from '../../src/domain/screening';

/** Re-screening and the whitelist (issue 18, item 3): a hit the shipment had is never erased by whitelisting. */

const hit: SanctionHit = {
  role: 'Consignee',
  kind: 'name',
  screenedText: 'ORIENT EXPRESS LOGISTICS',
  riskLevel: 'Medium',
  matchedPhrase: 'ORIENT EXPRESS LOGISTICS',
  method: 'Exact',
  score: 1,
  listName: 'INTERNAL',
  entryId: 'INT-0002',
  entryName: 'ORIENT EXPRESS LOGISTICS',
  partyType: 'Entity',
  programs: [],
  citation: '',
};
const hitId = hitIdOf(hit);
const moment = { at: '2026-11-26T03:00:00.000Z', companyId: 'DEMOAIR' };
const clearance = { hit, rowId: '579', by: 'compliance1', reason: 'Settled.' };
const open: ReviewedSanctionHit = { ...hit, hitId, state: 'OPEN', actions: [] };

describe('carryReviews with whitelist clearances', () => {
  it('keeps an open hit the whitelist now clears, cleared by its row, once', () => {
    const [cleared] = carryReviews([], [open], [clearance], moment);
    expect(cleared).toMatchObject({
      hitId,
      state: 'CLEARED',
      actions: [
        { decision: 'WHITELIST', state: 'CLEARED', by: 'compliance1', at: moment.at, whitelistRowId: '579', remarks: 'Cleared by whitelist row 579: Settled.' },
      ],
    });
    expect(screeningActions([open], [cleared]).map(({ action }) => action.decision)).toEqual(['WHITELIST']);
    // Screened again with the same row: unchanged, nothing new to tell.
    const again = carryReviews([], [cleared], [clearance], { ...moment, at: '2026-11-26T04:00:00.000Z' });
    expect(again).toEqual([cleared]);
    expect(screeningActions([cleared], again)).toEqual([]);
  });

  it('leaves a reviewer’s decision as it is, and keeps nothing for a hit the shipment never had', () => {
    const denied: ReviewedSanctionHit = {
      ...open,
      state: 'DENIED',
      actions: [{ decision: 'DENY', state: 'DENIED', by: 'reviewer', companyId: 'DEMOAIR', at: '2026-11-25T10:00:00.000Z', remarks: 'Same company.' }],
    };
    expect(carryReviews([], [denied], [clearance], moment)).toEqual([denied]);
    expect(carryReviews([], [], [clearance], moment)).toEqual([]);
  });

  it('opens the hit again when no row clears it any more, saying which row did', () => {
    const [cleared] = carryReviews([], [open], [clearance], moment);
    const [reopened] = carryReviews([hit], [cleared], [], moment);
    expect(reopened.state).toBe('OPEN');
    expect(reopened.actions.at(-1)).toEqual({
      decision: 'RESCREEN',
      state: 'OPEN',
      by: 'system',
      companyId: 'DEMOAIR',
      at: moment.at,
      remarks: 'Whitelist row 579 no longer clears this name.',
    });
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HitActionWire, SanctionHit } from '../../../domain/shipmentWire';
import { fakeApi, renderShipmentPage, shipmentScreenSpec } from '../testing/shipmentHarness';
import { HitDecision } from './HitDecision';

const spec = shipmentScreenSpec();

function hitWith(action: HitActionWire | null): SanctionHit {
  return {
    hitId: 'H1',
    state: action?.state ?? 'OPEN',
    riskLevel: 'HIGH',
    matchedPhrase: 'ORIENT EXPRESS LOGISTICS',
    party: 'Consignee',
    hawb: null,
    screenedText: 'ORIENT EXPRESS LOGISTICS',
    score: 1,
    method: 'Exact',
    list: 'INTERNAL',
    entryId: 'INT-0002',
    entryName: 'ORIENT EXPRESS LOGISTICS',
    programs: [],
    citation: '',
    exportEmbargo: false,
    importEmbargo: false,
    controlledCommodity: null,
    aliases: [],
    sourceVersion: null,
    explanation: null,
    action,
    actions: action ? [action] : [],
  };
}

function renderDecision(hit: SanctionHit) {
  renderShipmentPage('/en/hit', '/en/hit', <HitDecision hit={hit} />, { messages: spec.messages, httpClient: fakeApi(() => undefined).client });
}

describe('HitDecision', () => {
  it('says which whitelist row cleared the hit, who whitelisted the name and when, with the row’s reason', async () => {
    renderDecision(
      hitWith({
        decision: 'WHITELIST',
        state: 'CLEARED',
        by: 'compliance1',
        companyId: 'DEMOAIR',
        at: '2026-11-26T02:10:00.000Z',
        remarks: 'Cleared by whitelist row 579: Settled all charges; unblocked by finance.',
        whitelistRowId: '579',
      }),
    );
    expect(await screen.findByText('Cleared by whitelist row 579, whitelisted by compliance1, 2026-11-26 02:10 UTC')).toBeInTheDocument();
    expect(screen.getByText('Whitelist reason: Settled all charges; unblocked by finance.')).toBeInTheDocument();
  });

  it('shows a reviewer’s decision with its remark, not a whitelist line', async () => {
    renderDecision(
      hitWith({
        decision: 'CLEAR',
        state: 'CLEARED',
        by: 'reviewer',
        companyId: 'DEMOAIR',
        at: '2026-11-26T02:11:00.000Z',
        remarks: 'Different registration number.',
      }),
    );
    expect(await screen.findByText(/by reviewer, 2026-11-26 02:11 UTC: Different registration number\./)).toBeInTheDocument();
    expect(screen.queryByText(/whitelist/i)).toBeNull();
  });
});

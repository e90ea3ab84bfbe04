import { useCallback } from 'react';
import { LendingMessages } from '../../../domain/lending';
import { isDecisionNetworkFailure, useShipmentFailureLog } from '../failureLog';
import { failureMessage } from '../outcomes';
import { useShipmentApi } from '../useShipmentApi';
import type { DecisionTarget } from './AcceptDialog';

/** What became of a lending or a take-back: done; refused as stale (the page asks for a reload); refused otherwise (the dialog says why); or already shown (an error page). */
export type LendingOutcome = { kind: 'done' } | { kind: 'stale'; message: string } | { kind: 'failed'; message: string } | { kind: 'handled' };

/** awblend / awbtakeback on the page's UpdateDT, with the failure reported as the decisions report theirs. */
export function useLendingCall(): (action: 'lend' | 'takeBack', target: DecisionTarget, companyId: string) => Promise<LendingOutcome> {
  const api = useShipmentApi();
  const report = useShipmentFailureLog();
  return useCallback(
    async (action, target, companyId) => {
      try {
        await api[action]({ ShipmentId: target.id, CompanyId: companyId, UpdateDT: target.updateDt });
        return { kind: 'done' };
      } catch (error) {
        if (isDecisionNetworkFailure(error)) report({ action: action === 'lend' ? 'Lend' : 'Take back', shipmentId: target.id, awb: target.awb, error });
        const failure = failureMessage(error, action === 'lend' ? LendingMessages.lendFail : LendingMessages.takeBackFail);
        if (failure.handled) return { kind: 'handled' };
        return failure.reason === 'stale' ? { kind: 'stale', message: failure.message } : { kind: 'failed', message: failure.message };
      }
    },
    [api, report],
  );
}

import { ApiError, isHandledHttpError } from '../../../dataProviders/httpErrors';
import { ShipmentMessages } from '../../domain/shipmentMessages';
import { ShipmentCallTimeout } from './shipmentApi';

/** What became of one shipment in an action (bulk or single). */
export interface ShipmentOutcome {
  id: string;
  awb: string;
  ok: boolean;
  message: string;
  /** The server's refusal reason (stale, hardBlock...), when it gave one; 'timeout' when no answer came in time. */
  reason?: string;
  /** What the call failed with (for the client log). */
  error?: unknown;
}

/**
 * The server's message of a refusal; spec 8's 'Network Timeout...' when no answer came in time;
 * the spec's fallback for anything else (the page may already show an error page).
 */
export function failureMessage(error: unknown, fallback: string): { message: string; reason?: string; handled: boolean } {
  if (error instanceof ApiError) {
    const reason = (error.body as { data?: { reason?: unknown } } | undefined)?.data?.reason;
    return { message: error.message || fallback, reason: typeof reason === 'string' ? reason : undefined, handled: false };
  }
  if (error instanceof ShipmentCallTimeout) return { message: ShipmentMessages.networkTimeout, reason: 'timeout', handled: false };
  return { message: fallback, handled: isHandledHttpError(error) };
}

/**
 * Runs the action for each shipment, at most `concurrency` at once (CONTRACTS.md: one call per
 * shipment, at most 4 in flight), and reports each shipment's own outcome.
 */
export async function runForEach<T extends { id: string; awb: string }>(
  items: readonly T[],
  action: (item: T) => Promise<unknown>,
  describe: { success: string; failure: string },
  concurrency = 4,
): Promise<ShipmentOutcome[]> {
  const outcomes: ShipmentOutcome[] = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      const item = items[index];
      try {
        await action(item);
        outcomes[index] = { id: item.id, awb: item.awb, ok: true, message: describe.success };
      } catch (error) {
        const failure = failureMessage(error, describe.failure);
        outcomes[index] = { id: item.id, awb: item.awb, ok: false, message: failure.message, reason: failure.reason, error };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return outcomes;
}

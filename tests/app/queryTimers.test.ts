import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COALESCE_FROM_MS, COALESCE_STEP_MS, CoalescingTimeoutProvider, messageChannelScheduler } from '../../src/app/startup/queryTimers';

/** Runs `test` with what is thrown on its own (as from a timer of its own) collected in `thrown` instead of failing the run. */
async function catchingUncaught(test: (thrown: unknown[]) => Promise<void>): Promise<void> {
  const thrown: unknown[] = [];
  const onError = (error: unknown) => thrown.push(error);
  process.on('uncaughtException', onError);
  try {
    await test(thrown);
  } finally {
    process.off('uncaughtException', onError);
  }
}

describe("react-query's coalesced timers", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-26T03:00:00.250Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a long timer once, at its delay or at most a step later', () => {
    const provider = new CoalescingTimeoutProvider();
    const fired = vi.fn();
    provider.setTimeout(fired, 5 * 60_000);
    vi.advanceTimersByTime(5 * 60_000 - 1);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(COALESCE_STEP_MS);
    expect(fired).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * 60_000);
    expect(fired).toHaveBeenCalledTimes(1);
    expect(provider.pending).toBe(0);
  });

  it('lets timers whose deadlines fall in the same second share one platform timer', () => {
    const provider = new CoalescingTimeoutProvider();
    const first = vi.fn();
    const second = vi.fn();
    provider.setTimeout(first, 5 * 60_000);
    vi.advanceTimersByTime(100);
    provider.setTimeout(second, 5 * 60_000);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(5 * 60_000 + COALESCE_STEP_MS);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('never runs a cleared timer, and drops the platform timer when its second has no other', () => {
    const provider = new CoalescingTimeoutProvider();
    const cleared = vi.fn();
    const kept = vi.fn();
    const id = provider.setTimeout(cleared, 60_000);
    const other = provider.setTimeout(kept, 60_000);
    provider.clearTimeout(id);
    expect(vi.getTimerCount()).toBe(1);
    provider.clearTimeout(other);
    expect(vi.getTimerCount()).toBe(0);
    provider.setTimeout(kept, 60_000);
    vi.advanceTimersByTime(60_000 + COALESCE_STEP_MS);
    expect(cleared).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledTimes(1);
    // Clearing an id twice, or one that already ran, changes nothing.
    provider.clearTimeout(id);
    provider.clearTimeout(undefined);
  });

  it('leaves short timers (retries, throttles) to the platform, at their exact delay, each cleared by its id', () => {
    const provider = new CoalescingTimeoutProvider();
    const retry = vi.fn();
    const cancelled = vi.fn();
    const id = provider.setTimeout(retry, COALESCE_FROM_MS - 1);
    expect(Number(id)).toBeGreaterThan(0);
    provider.clearTimeout(provider.setTimeout(cancelled, 1000));
    vi.advanceTimersByTime(COALESCE_FROM_MS - 2);
    expect(retry).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(retry).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
    expect(provider.pending).toBe(0);
  });

  it('runs the other timers of a second when one throws, and lets its error out on its own', async () => {
    const provider = new CoalescingTimeoutProvider();
    await catchingUncaught(async (thrown) => {
      const after = vi.fn();
      provider.setTimeout(() => {
        throw new Error('a gc that failed');
      }, 60_000);
      provider.setTimeout(after, 60_000);
      await vi.advanceTimersByTimeAsync(60_000 + COALESCE_STEP_MS);
      expect(after).toHaveBeenCalledTimes(1);
      expect(provider.pending).toBe(0);
      await vi.waitFor(() => expect(thrown).toEqual([new Error('a gc that failed')]));
    });
  });

  it('runs a timer set from a callback of the same second in a later second', () => {
    const provider = new CoalescingTimeoutProvider();
    const again = vi.fn();
    provider.setTimeout(() => provider.setTimeout(again, COALESCE_FROM_MS), COALESCE_FROM_MS);
    vi.advanceTimersByTime(COALESCE_FROM_MS + COALESCE_STEP_MS);
    expect(again).not.toHaveBeenCalled();
    vi.advanceTimersByTime(COALESCE_FROM_MS + COALESCE_STEP_MS);
    expect(again).toHaveBeenCalledTimes(1);
  });
});

describe("react-query's notification scheduler", () => {
  it('runs the batches of one task once each, in order, together in a task after it', async () => {
    const schedule = messageChannelScheduler();
    const order: string[] = [];
    schedule(() => {
      order.push('first');
      queueMicrotask(() => order.push('microtask of the batches'));
    });
    schedule(() => order.push('second'));
    order.push('current task');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['current task', 'first', 'second', 'microtask of the batches']);
  });

  it('runs the other batches when one throws, and lets its error out on its own', async () => {
    const schedule = messageChannelScheduler();
    await catchingUncaught(async (thrown) => {
      const after = vi.fn();
      schedule(() => {
        throw new Error('a listener that failed');
      });
      schedule(after);
      await vi.waitFor(() => expect(thrown).toEqual([new Error('a listener that failed')]));
      expect(after).toHaveBeenCalledTimes(1);
    });
  });

  it('runs a batch made while the batches run in a task after theirs', async () => {
    const schedule = messageChannelScheduler();
    const order: string[] = [];
    schedule(() => {
      order.push('first');
      schedule(() => order.push('made by the first'));
      queueMicrotask(() => order.push('microtask of the first task'));
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['first', 'microtask of the first task', 'made by the first']);
  });
});

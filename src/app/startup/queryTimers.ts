import type { ManagedTimerId, TimeoutCallback, TimeoutProvider } from '@tanstack/react-query';

/**
 * react-query's timers, made cheaper for a page that opens with some thirty queries (issue 16). Each query sets a timer
 * to forget itself (gcTime, 5 minutes) and clears it again when a component observes it, and every batch of change
 * notifications is flushed from a `setTimeout(0)` of its own: about 140 timers while the shipment page loads, each
 * recorded with its call stack when the page is traced or profiled (a fifth of the page's long tasks in Lighthouse).
 */

/** Delays from which timers are coalesced: react-query's gcTime and staleTime, not its retries' first steps. */
export const COALESCE_FROM_MS = 10_000;
/** Coalesced timers fire at most this late: one platform timer per second in which deadlines fall. */
export const COALESCE_STEP_MS = 1_000;

/**
 * A TimeoutProvider (react-query's timeoutManager) that lets long timers share one platform timer per second of
 * deadline: setting and clearing one is a Map operation. Shorter timers (retries, throttles) are the platform's own.
 * Coalesced timers have negative numbers for ids, the platform's are positive (or Node's objects), so each is
 * cleared by its own kind.
 */
export class CoalescingTimeoutProvider implements TimeoutProvider {
  #nextId = -1;
  /** The second (deadline / step) each pending coalesced timer falls in. */
  readonly #secondOf = new Map<number, number>();
  readonly #seconds = new Map<number, { handle: ReturnType<typeof setTimeout>; callbacks: Map<number, TimeoutCallback> }>();

  constructor(private readonly now: () => number = Date.now) {}

  setTimeout = (callback: TimeoutCallback, delay: number): ManagedTimerId => {
    if (!(delay >= COALESCE_FROM_MS)) return setTimeout(callback, delay) as ManagedTimerId;
    const id = this.#nextId--;
    const second = Math.ceil((this.now() + delay) / COALESCE_STEP_MS);
    let due = this.#seconds.get(second);
    if (!due) {
      due = { handle: setTimeout(() => this.#fire(second), second * COALESCE_STEP_MS - this.now()), callbacks: new Map() };
      this.#seconds.set(second, due);
    }
    due.callbacks.set(id, callback);
    this.#secondOf.set(id, second);
    return id;
  };

  clearTimeout = (timerId: ManagedTimerId | undefined): void => {
    if (typeof timerId !== 'number' || timerId >= 0) {
      clearTimeout(timerId as Parameters<typeof clearTimeout>[0]);
      return;
    }
    const id = timerId;
    const second = this.#secondOf.get(id);
    if (second === undefined) return;
    this.#secondOf.delete(id);
    const due = this.#seconds.get(second);
    if (!due) return;
    due.callbacks.delete(id);
    if (due.callbacks.size === 0) {
      clearTimeout(due.handle);
      this.#seconds.delete(second);
    }
  };

  setInterval = (callback: TimeoutCallback, delay: number): ManagedTimerId => setInterval(callback, delay) as ManagedTimerId;

  clearInterval = (intervalId: ManagedTimerId | undefined): void => clearInterval(intervalId as Parameters<typeof clearInterval>[0]);

  /** Pending coalesced timers (for tests). */
  get pending(): number {
    return this.#secondOf.size;
  }

  #fire(second: number): void {
    const due = this.#seconds.get(second);
    this.#seconds.delete(second);
    if (!due) return;
    for (const [id, callback] of due.callbacks) {
      this.#secondOf.delete(id);
      runAlone(callback);
    }
  }
}

/** Runs `callback`; what it throws is thrown on its own, as from a timer of its own, and does not stop the others. */
function runAlone(callback: () => void): void {
  try {
    callback();
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

/**
 * A scheduler for react-query's notification batches (notifyManager.setScheduler): the batches made during one task
 * run together, in order, in the next task, posted on a MessageChannel (as React's scheduler does) instead of a timer
 * each. React then renders what they changed once, not once per batch; one message per task instead of a timer (or a
 * message) per batch, each recorded with its call stack when the page is traced (issue 16).
 */
export function messageChannelScheduler(): (callback: () => void) => void {
  const channel = new MessageChannel();
  let queue: (() => void)[] = [];
  channel.port1.onmessage = () => {
    const due = queue;
    queue = [];
    for (const callback of due) runAlone(callback);
  };
  return (callback) => {
    if (queue.push(callback) === 1) channel.port2.postMessage(null);
  };
}

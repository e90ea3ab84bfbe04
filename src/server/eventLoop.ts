import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long work on the server's own thread, done in slices: a generator that pauses (yields) often is
 * run for at most `sliceMs` at a time, then the event loop serves what waits (requests, I/O) before
 * the next slice. Used where work grows with a list's rows or a file's bytes, so that no request
 * waits behind it for more than a slice (issue 33: no request may stall the event loop > 100 ms).
 */
export async function runInSlices<T>(steps: Generator<void, T>, sliceMs = 10): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}

/**
 * The same rule for a loop that awaits as it goes (an await of what is already at hand does not let the event loop
 * in): `await pause()` on each step gives it its turn once `sliceMs` have passed since the last.
 */
export function slicer(sliceMs = 10): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await nextTurn();
    sliceStart = performance.now();
  };
}

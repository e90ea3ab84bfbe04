/**
 * Work that grows with a list's rows or a message's houses is written as a generator that pauses
 * (yields) every few items: the server runs it in slices with the event loop free between them
 * (src/server/eventLoop.ts, runInSlices), a test or a one-off caller runs it through at once here.
 */
export function runToEnd<T>(steps: Generator<void, T>): T {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/** Rows of a list tried between two pauses of a shipment's evaluation (a row is tried in a few microseconds). */
export const ROWS_PER_PAUSE = 250;

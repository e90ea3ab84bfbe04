import { writeFileSync } from 'node:fs';

/**
 * Preloaded into a benchmarked server (`node --expose-gc --import tsx --import bench/support/memoryProbe.ts`)
 * so that the bench can read its memory from outside without an endpoint of the app: on SIGUSR2 it
 * collects garbage (three full collections, a turn of the event loop apart, so that what the first
 * freed is finalized) and writes process.memoryUsage() as JSON to MEMORY_PROBE_FILE.
 */

const file = process.env.MEMORY_PROBE_FILE;
const gc = (globalThis as { gc?: () => void }).gc;

if (file) {
  process.on('SIGUSR2', async () => {
    for (let round = 0; round < 3; round++) {
      gc?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    writeFileSync(file, JSON.stringify({ gc: gc !== undefined, ...process.memoryUsage() }));
  });
}

import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Preloaded into a benchmarked server (`node --import tsx --import bench/support/loopProbe.ts`) so that
 * the bench can read, from outside and without an endpoint of the app, how long the server's event
 * loop was held: every 100 ms it appends a line of JSON to LOOP_PROBE_FILE with the time, the longest
 * event-loop delay since the last line and the process's resident memory.
 *
 * The delay is the larger of monitorEventLoopDelay's maximum and the lateness of a 10 ms timer of the
 * probe's own: after a long stall the expired timers run in turn, and the line may be written (and the
 * histogram reset) before the histogram's own timer has recorded the stall it just ended.
 */

const file = process.env.LOOP_PROBE_FILE;
const TICK_MS = 10;
const TICKS_PER_LINE = 10;

if (file) {
  const delay = monitorEventLoopDelay({ resolution: TICK_MS });
  delay.enable();
  let last = performance.now();
  let latest = 0;
  let latestEndUs = 0;
  let ticks = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last - TICK_MS > latest) {
      latest = now - last - TICK_MS;
      latestEndUs = Number(process.hrtime.bigint() / 1000n);
    }
    last = now;
    if (++ticks < TICKS_PER_LINE) return;
    ticks = 0;
    const maxDelayMs = Math.round(Math.max(latest, delay.max / 1e6));
    // monotonicUs and timerLateEndUs (when the probe's timer ran late the most): the clock of a --cpu-prof
    // profile's timestamps, to find a stall in it.
    const line = {
      at: Date.now(),
      monotonicUs: Number(process.hrtime.bigint() / 1000n),
      timerLateMs: Math.round(latest),
      timerLateEndUs: latestEndUs,
      maxDelayMs,
      rssMb: Math.round(process.memoryUsage.rss() / 1048576),
      heapMb: Math.round(process.memoryUsage().heapUsed / 1048576),
    };
    latest = 0;
    delay.reset();
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, TICK_MS);
  timer.unref();
}

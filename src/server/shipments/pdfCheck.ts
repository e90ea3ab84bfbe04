import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { projectFile } from '../projectFiles';

/**
 * Whether a pouch upload is a PDF a reader can open, checked by pdf-lib in a worker thread
 * (pdfCheckWorker.mjs) of a small pool (piscina), so that an untrusted file never holds the event
 * loop (issue 33: 4 MB of random bytes after `%PDF-1.7` kept every request waiting 8 to 18 s).
 * - A time budget: a parse that passes it has its worker stopped; the file is refused as too complex.
 *   A real 9.4 MB PDF of 9,600 pages of text took 1.7 s to parse (2.4 s with the worker's start) on a
 *   busy 2-core machine, so 10 s leaves room for a slower one; random bytes took 6 s per MB.
 * - A memory cap: a worker whose heap passes it is stopped the same way (that PDF peaked at 44 MB).
 * - A bounded queue: the checks beyond the threads wait in turn, up to `queue` of them and `queueMb`
 *   of files; one more is refused at once (busy), so a burst of hostile uploads cannot pile up their
 *   files in memory, while a burst of ordinary ones (checked in milliseconds each) just waits. The
 *   queue is kept here because piscina does not bound tasks that carry an abort signal, and so that
 *   the budget runs from a check's start, not from its arrival behind others.
 * The pool is made with the first check and ends with `close` (the app's close); an idle thread ends
 * after IDLE_MS.
 */

export type PdfVerdict = 'readable' | 'unreadable' | 'tooComplex' | 'busy';

export interface PdfCheckOptions {
  /** How long one check may take, its worker's start included, before its worker is stopped. */
  budgetMs: number;
  /** Worker threads. */
  threads: number;
  /** Checks that may wait for a thread; the next one is refused at once. */
  queue: number;
  /** The most bytes of files that may wait, in MB. */
  queueMb: number;
  /** The heap a worker may fill (V8's old generation), in MB. */
  maxHeapMb: number;
}

export const PDF_CHECK_DEFAULTS: Readonly<PdfCheckOptions> = {
  budgetMs: 10_000,
  // Half the cores, one or two: the app runs a process per core (WEB_CONCURRENCY), each with its pool.
  threads: Math.min(2, Math.max(1, Math.floor(availableParallelism() / 2))),
  queue: 32,
  queueMb: 64,
  maxHeapMb: 256,
};

const WORKER_FILE = projectFile('src/server/shipments/pdfCheckWorker.mjs');
/** A thread idle this long ends; the next upload starts one again (some 0.1 to 0.6 s). */
const IDLE_MS = 30_000;
/** Parsing runs below the event loops' priority: a request never waits for a core behind a parse. */
const WORKER_NICENESS = 10;

export interface PdfChecker {
  check(content: Uint8Array): Promise<PdfVerdict>;
  /** When to try again after busy: a thread is free within one budget. */
  readonly retryAfterSeconds: number;
  /** Stops the checks under way and waiting (they answer busy) and the threads. */
  close(): Promise<void>;
}

/**
 * @param onWorkerError told of a thread that failed outside a check (at its start: it cannot load, or
 *   its heap cap is too small to load pdf-lib); the checks under way get their own error.
 */
export function createPdfChecker(given: Partial<PdfCheckOptions> = {}, onWorkerError: (error: Error) => void = () => {}): PdfChecker {
  const options: PdfCheckOptions = { ...PDF_CHECK_DEFAULTS, ...given };
  let pool: Piscina<Uint8Array, boolean> | undefined;
  let closed = false;
  let running = 0;
  /** The checks waiting for a thread, first come first served: told true when a thread is theirs, false when the checker closed. */
  const waiting: ((admitted: boolean) => void)[] = [];
  let waitingBytes = 0;

  /** A finished check hands its thread to the next one waiting, so that no new arrival overtakes it. */
  const release = () => {
    const next = waiting.shift();
    if (next) next(true);
    else running--;
  };

  const startPool = () => {
    const started = new Piscina<Uint8Array, boolean>({
      filename: WORKER_FILE,
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
      niceIncrement: WORKER_NICENESS,
      // The worker is plain JavaScript: the parent's loader flags (tsx's --import, Vitest's) would only slow its start.
      execArgv: [],
    });
    // Unheard, the pool's 'error' event would be thrown and end the server.
    started.on('error', onWorkerError);
    return started;
  };

  return {
    retryAfterSeconds: Math.ceil(options.budgetMs / 1000),
    async check(content) {
      if (closed) return 'busy';
      if (running < options.threads) running++;
      else if (waiting.length >= options.queue || waitingBytes + content.length > options.queueMb * 1024 * 1024) return 'busy';
      else {
        waitingBytes += content.length;
        const admitted = await new Promise<boolean>((admit) => waiting.push(admit));
        waitingBytes -= content.length;
        if (!admitted) return 'busy';
      }
      const budget = new AbortController();
      const timer = setTimeout(() => budget.abort(), options.budgetMs);
      try {
        pool ??= startPool();
        // The worker gets a copy (structured clone); the upload's own bytes stay here to be stored.
        return (await pool.run(content, { signal: budget.signal })) ? 'readable' : 'unreadable';
      } catch (error) {
        if (closed) return 'busy';
        if (budget.signal.aborted || (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') return 'tooComplex';
        throw error;
      } finally {
        clearTimeout(timer);
        release();
      }
    },
    async close() {
      closed = true;
      for (const admit of waiting.splice(0)) admit(false);
      await pool?.destroy();
    },
  };
}

import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

/** What tests that start the real server (src/server/main.ts, scripts/start.mjs) as processes share. */

export { freePort } from '../../src/server/freePort';

/** The server's log lines (pino JSON on stdout), and a way to wait for one. */
export function watchLog(child: ChildProcess) {
  const lines: Record<string, unknown>[] = [];
  const waiters: { test(line: Record<string, unknown>): boolean; resolve(): void }[] = [];
  let partial = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    partial += chunk;
    const complete = partial.split('\n');
    partial = complete.pop() ?? '';
    for (const text of complete) {
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(text);
      } catch {
        continue;
      }
      lines.push(line);
      for (const waiter of waiters.splice(0)) waiter.test(line) ? waiter.resolve() : waiters.push(waiter);
    }
  });
  return {
    lines,
    waitFor(test: (line: Record<string, unknown>) => boolean, what: string, timeoutMs = 150_000): Promise<void> {
      if (lines.some(test)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no log line "${what}" in ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          test,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
  };
}

export function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** The environment of a small real server on the embedded database of `dataDir`: no seeded shipments, no mail, JSON logs on stdout. */
export function smallServerEnv(dataDir: string, port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'info',
    DIST_DIR: path.join(dataDir, 'no-dist'),
    SEED_SHIPMENTS: '0',
    SEED_SANCTION_ENTRIES: '0',
    WEB_CONCURRENCY: '1',
    ...extra,
  };
}

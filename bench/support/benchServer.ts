import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import path from 'node:path';
import { serverNodeArgs } from '../../scripts/serverNodeArgs.mjs';

/**
 * The portal's server as the benches start it: npm start's node options (serverNodeArgs), on 127.0.0.1,
 * warn-level logs unless `env` says otherwise; from its TypeScript sources through tsx
 * by default, or the compiled bundle (`compiled`). Answers the process; `untilAnswering` waits for it.
 */

const root = path.resolve(import.meta.dirname, '..', '..');

export interface BenchServerOptions {
  /** Node options after npm start's and the runner's (a preloaded probe, --cpu-prof). */
  nodeArgs?: readonly string[];
  /** Run build/server/main.mjs instead of src/server/main.ts through tsx. */
  compiled?: boolean;
  stdio?: StdioOptions;
}

export function startBenchServer(port: number, env: NodeJS.ProcessEnv, options: BenchServerOptions = {}): ChildProcess {
  // Options after the runner's, so that a preloaded TypeScript probe (--import x.ts) finds tsx loaded.
  const runner = options.compiled ? [] : ['--import', 'tsx'];
  const main = path.join(root, options.compiled ? 'build/server/main.mjs' : 'src/server/main.ts');
  const args = [...serverNodeArgs(), ...runner, ...(options.nodeArgs ?? []), main];
  return spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: options.stdio ?? ['ignore', 'ignore', 'inherit'],
  });
}

/** Waits until `path` answers 200 (the server exiting meanwhile is an error); answers the milliseconds it took. */
export async function untilAnswering(port: number, child: ChildProcess, probe = '/readyz', pauseMs = 50): Promise<number> {
  const began = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited during its start`);
    const ok = await fetch(`http://127.0.0.1:${port}${probe}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return performance.now() - began;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

/** SIGTERM, and the process's exit. */
export async function stopBenchServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

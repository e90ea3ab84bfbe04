// Issue 17, 9: the API fuzzer (tests/server/proof/apiFuzz.test.ts) at scale: FUZZ_TOTAL requests (100,000
// by default) over every route, rule-list rows before the cargo messages they screen, with no 5xx, refused
// requests leaving the database as it was, and no request holding the event loop for 100 ms or more
// (monitorEventLoopDelay). bench/results/fuzz.{json,md}.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export async function runFuzzBench(): Promise<void> {
  const total = Number(process.env.BENCH_FUZZ_REQUESTS ?? 100_000);
  const maxStallMs = 100;
  const reportFile = path.join('/tmp', `portal-fuzz-${process.pid}.json`);
  const began = performance.now();
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'server', 'tests/server/proof/apiFuzz.test.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, FUZZ_TOTAL: String(total), FUZZ_MAX_STALL_MS: String(maxStallMs), FUZZ_REPORT: reportFile },
    },
  );
  const seconds = Math.round((performance.now() - began) / 1000);
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    routes: number;
    requests: number;
    seed: number;
    runsPerRoute: number;
    answersByClass: Record<string, number>;
    faults: string[];
    changes: string[];
    worstStallMs: number;
    worstStallRequest: string;
  };
  rmSync(reportFile, { force: true });
  const results = { date: new Date().toISOString(), passed: run.status === 0, seconds, maxStallMs, ...report };
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/fuzz.json'), `${JSON.stringify(results, null, 2)}\n`);
  const md = [
    `# API fuzzing at scale (${results.date})`,
    '',
    `tests/server/proof/apiFuzz.test.ts with FUZZ_TOTAL=${total}: ${report.requests.toLocaleString('en')} generated requests over ${report.routes} routes (${report.runsPerRoute} each, seed ${report.seed}), the demo world on the embedded PostgreSQL, in ${seconds} s. ${results.passed ? 'Passed' : '**Failed**'}.`,
    '',
    '| measure | value | target |',
    '|---|---|---|',
    `| answers 2xx / 3xx / 4xx / 5xx | ${[2, 3, 4, 5].map((kind) => report.answersByClass[kind] ?? 0).join(' / ')} | 5xx: 0 |`,
    `| refused batches that changed the database | ${report.changes.length} | 0 |`,
    `| longest event-loop delay during one request | ${report.worstStallMs} ms | < ${maxStallMs} ms |`,
    `| the request it ran during | ${report.worstStallRequest.replace(/\|/g, '\\|').replace(/\n/g, ' ').slice(0, 160)} | |`,
    '',
    ...(report.faults.length + report.changes.length > 0
      ? ['## Faults', '', ...[...report.faults, ...report.changes].map((fault) => `- ${fault.replace(/\n/g, ' ')}`), '']
      : []),
  ].join('\n');
  writeFileSync(path.join(root, 'bench/results/fuzz.md'), md);
  console.log(md);
  if (!results.passed) process.exitCode = 1;
}

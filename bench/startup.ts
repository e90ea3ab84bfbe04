// Issue 35, 5: the server run from its TypeScript sources through tsx (as npm start did) and compiled to
// JavaScript (build/server/main.mjs, as npm start does now), side by side on one seeded data directory:
// time from the process's start to /readyz 200, and the memory of the server's processes (the app and what
// it starts besides PostgreSQL: tsx's esbuild service) once ready and after 300 signed-in requests. Medians
// of 3 starts each, alternating. bench/results/startup.{json,md}.
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from '../scripts/buildServer.mjs';
import { startBenchServer, stopBenchServer, untilAnswering } from './support/benchServer';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 8195);
const base = `http://127.0.0.1:${port}`;
const ROUNDS = 3;

const SOURCES = 'TypeScript through tsx';
const COMPILED = 'compiled (build/server/main.mjs)';
const RUNNERS = [SOURCES, COMPILED] as const;
type Runner = (typeof RUNNERS)[number];

/** Resident memory of a process and its descendants but PostgreSQL's, in MB (from /proc). */
function treeRssMb(pid: number): number {
  const children = new Map<number, number[]>();
  const names = new Map<number, string>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const parent = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      names.set(Number(entry), /^Name:\s+(.+)$/m.exec(status)?.[1] ?? '');
      rss.set(Number(entry), Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0));
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      /* gone meanwhile */
    }
  }
  let total = 0;
  const visit = (current: number) => {
    if (names.get(current)?.startsWith('postgres')) return;
    total += rss.get(current) ?? 0;
    for (const child of children.get(current) ?? []) visit(child);
  };
  visit(pid);
  return Math.round(total / 1024);
}

async function start(runner: Runner, dataDir: string): Promise<{ child: ChildProcess; readyMs: number }> {
  const child = startBenchServer(
    port,
    { DATA_DIR: dataDir, WEB_CONCURRENCY: '1', SEED_SHIPMENTS: '400', DRAIN_SECONDS: '0' },
    { compiled: runner === COMPILED },
  );
  return { child, readyMs: await untilAnswering(port, child, '/readyz', 20) };
}

async function work(): Promise<void> {
  const signIn = await fetch(`${base}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ GrantType: 'client_credentials', ClientId: 'operator|DEMOAIR|2|L', ClientSecret: 'Operator#12345' }),
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const summary = { fieldSearch: [], dbOptions: { CurrentPage: 1, PageSize: 50, FieldName: 'AWBNumber', OrderBy: 'ASC' } };
  for (let call = 0; call < 300; call++) {
    const answer = await fetch(`${base}/awbapi/awbsummary`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(summary),
    });
    await answer.arrayBuffer();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function runStartupBench(): Promise<void> {
  await buildServer();
  const dataDir = `/tmp/portal-startup-${process.pid}`;
  rmSync(dataDir, { recursive: true, force: true });
  try {
    // The first start makes and seeds the data directory; the measured ones find it ready.
    await stopBenchServer((await start(COMPILED, dataDir)).child);
    const samples: Record<Runner, { readyMs: number[]; readyMb: number[]; workedMb: number[] }> = {
      [SOURCES]: { readyMs: [], readyMb: [], workedMb: [] },
      [COMPILED]: { readyMs: [], readyMb: [], workedMb: [] },
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const runner of RUNNERS) {
        const { child, readyMs } = await start(runner, dataDir);
        samples[runner].readyMs.push(readyMs);
        samples[runner].readyMb.push(treeRssMb(child.pid!));
        await work();
        samples[runner].workedMb.push(treeRssMb(child.pid!));
        await stopBenchServer(child);
      }
    }
    const rows = RUNNERS.map((runner) => ({
      runner,
      readyMs: Math.round(median(samples[runner].readyMs)),
      readyMb: median(samples[runner].readyMb),
      afterRequestsMb: median(samples[runner].workedMb),
    }));
    const result = { date: new Date().toISOString(), rounds: ROUNDS, rows };
    writeFileSync(path.join(root, 'bench/results/startup.json'), `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(
      path.join(root, 'bench/results/startup.md'),
      [
        `# The server from TypeScript through tsx and compiled, side by side (${result.date})`,
        '',
        `One app process (WEB_CONCURRENCY=1) on one seeded embedded database (400 shipments), started ${ROUNDS} times each, alternating; medians. Start: from the process's start to /readyz 200 (the embedded PostgreSQL's own start included). Memory: resident memory of the server's processes but PostgreSQL's (tsx adds its esbuild service), once ready and after 300 signed-in AWB searches.`,
        '',
        '| server | start to ready | memory when ready | after 300 requests |',
        '|---|---|---|---|',
        ...rows.map((row) => `| ${row.runner} | ${row.readyMs} ms | ${row.readyMb} MB | ${row.afterRequestsMb} MB |`),
        '',
      ].join('\n'),
    );
    console.log(JSON.stringify(rows));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

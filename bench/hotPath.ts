// The signed-in request path (issue 15): what each signed-in call costs the server, as a ratio to a bare
// Fastify JSON route measured side by side in the same run (median of 3 rounds), with the CPU the app's
// processes and PostgreSQL used meanwhile. Run on the demo world (2,400 shipments) by `npm run bench`
// (bench/results/hotpath.{json,md}) and on 1,000,000 shipments by the shipment bench.
import { spawn, type ChildProcess } from 'node:child_process';
import { serverNodeArgs } from '../scripts/serverNodeArgs.mjs';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { throughput, type Throughput, type ThroughputCall } from './support/throughput';
import { ensureBuilt } from './support/ensureBuilt';

const root = path.resolve(import.meta.dirname, '..');

export const HOT_PATH_LABELS: Record<string, string> = {
  bare: 'a bare Fastify JSON route (the baseline, one process)',
  healthz: 'GET healthz (one database round trip)',
  permission: 'GET userapi/permission',
  summary: 'POST awbapi/awbsummary, 3 AWB tags',
  detail: 'GET awbapi/awbdetail/{id}',
  oneRecord: 'GET onerecord/logistics-objects/{id} (a Waybill, JSON-LD)',
};

export interface HotPathServer {
  child: ChildProcess;
  base: string;
}

/** The real server (src/server/main.ts) with `processes` app processes; resolves when /healthz answers. */
export async function startHotPathServer(env: Record<string, string>, port: number, processes: number): Promise<HotPathServer> {
  const child = spawn(process.execPath, [...serverNodeArgs(), '--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    // The per-address cap of the auth host would turn sign-ins into 429s.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000000',
      WEB_CONCURRENCY: String(processes),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited during start');
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // In a cluster every app process must be up before it is measured.
  await new Promise((resolve) => setTimeout(resolve, processes > 1 ? 2000 : 0));
  return { child, base };
}

export async function stopHotPathServer(server: HotPathServer): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/** The calls of the table: a signed-in DEMOAIR admin, three AWB tags of its own, one detail. */
export async function hotPathCalls(base: string): Promise<ThroughputCall[]> {
  const signIn = await fetch(`${base}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ GrantType: 'client_credentials', ClientId: 'admin|DEMOAIR|2|L', ClientSecret: 'Admin#12345' }),
  });
  if (!signIn.ok) throw new Error(`sign-in: HTTP ${signIn.status}`);
  const { access_token } = (await signIn.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
  const page = await fetch(`${base}/awbapi/awbsummary`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ fieldSearch: [], dbOptions: { CurrentPage: 2, PageSize: 10, FieldName: 'AWBNumber', OrderBy: 'ASC' } }),
  });
  const rows = ((await page.json()) as { data: { rows: { ShipmentId: string; AWBPrefix: string; AWBSuffix: string; IsLent: boolean }[] } }).data.rows.filter(
    (row) => !row.IsLent,
  );
  if (rows.length < 3) throw new Error('the bench needs three shipments of DEMOAIR');
  const tags = rows.slice(0, 3).map((row) => ({ AWBPrefix: row.AWBPrefix, AWBSuffix: row.AWBSuffix }));
  return [
    { name: 'healthz', url: `${base}/healthz` },
    { name: 'permission', url: `${base}/userapi/permission`, headers: { authorization: headers.authorization } },
    {
      name: 'summary',
      url: `${base}/awbapi/awbsummary`,
      method: 'POST',
      headers,
      body: JSON.stringify({ fieldSearch: tags, dbOptions: { CurrentPage: 1, PageSize: 10, FieldName: 'AWBNumber', OrderBy: 'ASC' } }),
    },
    { name: 'detail', url: `${base}/awbapi/awbdetail/${rows[0].ShipmentId}`, headers: { authorization: headers.authorization } },
    {
      name: 'oneRecord',
      url: `${base}/onerecord/logistics-objects/${rows[1].ShipmentId}-waybill`,
      headers: { authorization: headers.authorization, accept: 'application/ld+json; version=2.3.0' },
    },
  ];
}

export interface HotPathResult {
  oneProcess: Record<string, Throughput>;
  allCores: Record<string, Throughput>;
  processes: number;
}

/**
 * The table for a server on `env` (its database): one app process against the one-process bare
 * route, then one per core.
 */
export async function measureHotPath(env: Record<string, string>, port: number, seconds: number): Promise<HotPathResult> {
  const processes = availableParallelism();
  const results = {} as HotPathResult;
  for (const [key, count] of [
    ['oneProcess', 1],
    ['allCores', processes],
  ] as const) {
    const server = await startHotPathServer(env, port, count);
    try {
      results[key] = await throughput(await hotPathCalls(server.base), { seconds, connections: 10, barePort: port + 2, appPids: [server.child.pid!] });
    } finally {
      await stopHotPathServer(server);
    }
  }
  return { ...results, processes };
}

export function hotPathTable(result: HotPathResult): string[] {
  const cell = (rate: Throughput | undefined) =>
    rate ? `${rate.requestsPerSecond} | ${rate.ratioToBare === undefined ? '1' : `${(rate.ratioToBare * 100).toFixed(1)} %`}` : '- | -';
  const cpu = (rate: Throughput | undefined) => (rate?.cpu ? `${rate.cpu.app} / ${rate.cpu.postgres}` : '-');
  return [
    `| call | 1 process: answers/s | share of bare | CPU app / PostgreSQL (cores) | p99 ms | ${result.processes} processes: answers/s | share of bare | CPU app / PostgreSQL |`,
    '|---|---|---|---|---|---|---|---|',
    ...Object.keys(result.oneProcess).map((name) => {
      const one = result.oneProcess[name];
      const all = name === 'bare' ? undefined : result.allCores[name];
      return `| ${HOT_PATH_LABELS[name] ?? name} | ${cell(one)} | ${name === 'bare' ? '-' : cpu(one)} | ${one.latencyMs.p99} | ${cell(all)} | ${cpu(all)} |`;
    }),
  ];
}

/** `npm run bench` part hotpath: the demo world of `npm start` (2,400 shipments) on an embedded PostgreSQL. */
export async function runHotPathBench(): Promise<void> {
  ensureBuilt(root);
  const port = Number(process.env.BENCH_PORT ?? 8191) + 5;
  const dataDir = `/tmp/portal-bench-hotpath-${process.pid}`;
  rmSync(dataDir, { recursive: true, force: true });
  const seconds = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 5);
  try {
    // The first start creates and seeds the demo world; the measured starts find it there.
    await stopHotPathServer(await startHotPathServer({ DATA_DIR: dataDir }, port, 1));
    const result = await measureHotPath({ DATA_DIR: dataDir, SEED: 'false' }, port, seconds);
    const report = { date: new Date().toISOString(), shipments: 2400, seconds, connections: 10, rounds: 3, ...result };
    mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    writeFileSync(path.join(root, 'bench/results/hotpath.json'), `${JSON.stringify(report, null, 2)}\n`);
    const md = [
      `# The signed-in request path (${report.date})`,
      '',
      `The demo world (2,400 shipments) on the embedded PostgreSQL, ${result.processes} cores. autocannon, 10 connections, ${seconds} s a round, 3 rounds, each call's median round; the bare route measured again in each round (its own process is the bench's). CPU is the share of one core used meanwhile by the app's processes and by PostgreSQL's.`,
      '',
      ...hotPathTable(result),
      '',
    ].join('\n');
    writeFileSync(path.join(root, 'bench/results/hotpath.md'), md);
    console.log(md);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

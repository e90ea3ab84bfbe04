// npm run bench: measures the foundation figures (bench/results/foundation.{json,md}), then sanction screening (bench/screening.ts) and the shipment search (bench/shipments.ts).
// - cold start (fresh DATA_DIR: initdb, migrations, seed) and warm start to /healthz
// - sign-in latency (argon2id dominates) and permission reads: median and p99
// - gzip bytes of the JS and CSS the login page loads, and time to an interactive login form, in Chromium
import type { ChildProcess } from 'node:child_process';
import { startBenchServer, stopBenchServer, untilAnswering } from './support/benchServer';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ensureBuilt } from './support/ensureBuilt';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 8191);
const base = `http://127.0.0.1:${port}`;
const dataDir = `/tmp/portal-bench-${process.pid}`;

function startServer(): { child: ChildProcess; ready: Promise<number> } {
  const child = startBenchServer(port, { DATA_DIR: dataDir });
  return { child, ready: untilAnswering(port, child, '/healthz') };
}

function quantiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: Math.round(at(0.5) * 10) / 10, p99: Math.round(at(0.99) * 10) / 10, n: samples.length };
}

async function timed(fn: () => Promise<unknown>, times: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const began = performance.now();
    await fn();
    samples.push(performance.now() - began);
  }
  return samples;
}

async function main() {
  ensureBuilt(root);
  rmSync(dataDir, { recursive: true, force: true });
  const cold = startServer();
  const coldMs = await cold.ready;
  await stopBenchServer(cold.child);
  const warm = startServer();
  const warmMs = await warm.ready;
  try {
    let n = 0;
    const signIn = () =>
      fetch(`${base}/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ GrantType: 'client_credentials', ClientId: `admin|DEMOAIR|2|L`, ClientSecret: 'Admin#12345' }),
      }).then(async (response) => {
        n++;
        if (!response.ok) throw new Error(`sign-in ${response.status}`);
        return response.json() as Promise<{ access_token: string }>;
      });
    const { access_token } = await signIn();
    const signInMs = quantiles(await timed(signIn, 60));
    const permissionMs = quantiles(
      await timed(() => fetch(`${base}/userapi/permission`, { headers: { authorization: `Bearer ${access_token}` } }).then((r) => r.json()), 300),
    );

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const page = await browser.newPage();
    const assets: { url: string; kind: string; gzip: number }[] = [];
    page.on('response', async (response) => {
      const url = response.url();
      const kind = url.endsWith('.js') ? 'js' : url.endsWith('.css') ? 'css' : '';
      if (!kind) return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      assets.push({ url: url.replace(base, ''), kind, gzip: gzipSync(body, { level: 9 }).length });
    });
    const began = performance.now();
    await page.goto(`${base}/ez4/en/login`);
    await page.getByRole('button', { name: /sign in|login|log in/i }).waitFor({ state: 'visible' });
    const interactiveMs = Math.round(performance.now() - began);
    await page.waitForLoadState('networkidle');
    await browser.close();
    const loginJsGzip = assets.filter((asset) => asset.kind === 'js').reduce((sum, asset) => sum + asset.gzip, 0);
    const loginCssGzip = assets.filter((asset) => asset.kind === 'css').reduce((sum, asset) => sum + asset.gzip, 0);

    const results = {
      date: new Date().toISOString(),
      machine: { cores: (await import('node:os')).cpus().length, node: process.version },
      coldStartToHealthzMs: Math.round(coldMs),
      warmStartToHealthzMs: Math.round(warmMs),
      signInMs,
      permissionReadMs: permissionMs,
      loginPage: { jsGzipBytes: loginJsGzip, cssGzipBytes: loginCssGzip, interactiveMs, assets },
      requests: n,
    };
    mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    writeFileSync(path.join(root, 'bench/results/foundation.json'), `${JSON.stringify(results, null, 2)}\n`);
    const md = [
      `# Foundation benchmark (${results.date})`,
      '',
      `Machine: ${results.machine.cores} cores, Node ${results.machine.node}.`,
      '',
      '| measure | value |',
      '|---|---|',
      `| cold start to /healthz (initdb, migrations, seed) | ${results.coldStartToHealthzMs} ms |`,
      `| warm start to /healthz | ${results.warmStartToHealthzMs} ms |`,
      `| sign-in (argon2id) median / p99 | ${signInMs.median} / ${signInMs.p99} ms (n=${signInMs.n}) |`,
      `| GET /userapi/permission median / p99 | ${permissionMs.median} / ${permissionMs.p99} ms (n=${permissionMs.n}) |`,
      `| login page JS, gzip | ${loginJsGzip} bytes |`,
      `| login page CSS, gzip | ${loginCssGzip} bytes |`,
      `| navigation to interactive login form | ${interactiveMs} ms |`,
      '',
    ].join('\n');
    writeFileSync(path.join(root, 'bench/results/foundation.md'), md);
    console.log(md);
  } finally {
    await stopBenchServer(warm.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// BENCH_ONLY=foundation,hotpath,browser,fuzz,limits,rolling,startup,screening,screeningscale,shipments,live,onerecord (any of them, comma separated) runs those parts only.
const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
const runs = (part: string) => !only || only.includes(part);
if (runs('foundation')) await main();
// Issue 15: the signed-in request path on the demo world, as a share of a bare route; bench/results/hotpath.{json,md}.
if (runs('hotpath')) await (await import('./hotPath')).runHotPathBench();
// Issue 16: what the browser downloads and how long its screens take, Lighthouse, and what the chunks hold; bench/results/browser.{json,md}.
if (runs('browser')) await (await import('./browser')).runBrowserBench();
// Issue 17: the API fuzzer with 100,000 requests (BENCH_FUZZ_REQUESTS), event-loop stalls included; bench/results/fuzz.{json,md}.
if (runs('fuzz')) await (await import('./fuzz')).runFuzzBench();
// Issue 33: requests at the documented limits (every list's largest import, the upload limit, the largest messages) and the re-screens they cause; bench/results/limits.{json,md}.
if (runs('fuzz') || runs('limits')) await (await import('./limits')).runLimitsBench();
// Issue 35: a rolling restart of two instances behind nginx under load, errors counted; bench/results/rolling.{json,md}.
if (runs('rolling')) await (await import('./rolling')).runRollingBench();
// Issue 35: the server from its TypeScript sources (tsx) and compiled, start time and memory; bench/results/startup.{json,md}.
if (runs('startup')) await (await import('./startup')).runStartupBench();
// Issue 6: sanction screening throughput against the whole SDN snapshot, and precision and recall of Default matching; bench/results/screening.{json,md}.
if (runs('screening')) await import('./screening');
// Issue 34, 5: a version of 100,000 names: the screener's build time and heap, shipments per CPU second, an internal row's edit; bench/results/screening-scale.{json,md}.
if (runs('screeningscale')) (await import('./screeningScale')).runScreeningScaleBench();
// Issue 37: the ONE Record server: a logistics object's GET, a decision's notification to a subscriber, a subscriber down for ten minutes; bench/results/onerecord.{json,md}.
if (runs('onerecord')) await (await import('./oneRecord')).runOneRecordBench();
// Issue 4: search latency on BENCH_SHIPMENTS generated shipments (1,000,000 by default); writes bench/results/shipments.{json,md}.
if (runs('shipments')) await (await import('./shipments')).runShipmentBench();
// Issue 19: 1,000 idle event streams on one instance (memory, CPU) and a decision's commit to its event on another instance; bench/results/live.{json,md}.
if (runs('live')) await (await import('./live')).runLiveBench();

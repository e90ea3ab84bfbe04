// The browser's view (issue 16) on the demo world, in Debian's Chromium: bytes on the wire and times,
// each a median of 5 fresh visits (support/browserTimings.ts); Lighthouse (mobile preset, the default
// config) on the login page and the shipment list; and what the chunks hold (a fresh build with
// rollup-plugin-visualizer's raw data), so that what is heavy can be found. bench/results/browser.{json,md}.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { browserTimings, CHROMIUM_ARGS } from './support/browserTimings';
import { startHotPathServer, stopHotPathServer } from './hotPath';

const root = path.resolve(import.meta.dirname, '..');
const account = { companyId: 'DEMOAIR', userId: 'admin', password: 'Admin#12345' };

/** A fresh build, with the visualiser's raw data: every module of every chunk with its brotli size. */
function buildWithReport(reportFile: string): void {
  const built = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BUNDLE_REPORT: reportFile },
  });
  if (built.status !== 0) throw new Error('vite build failed');
}

interface ChunkReport {
  chunk: string;
  brotliBytes: number;
  /** The heaviest packages (or our own sources) in it, by the brotli size of their modules compressed one by one. */
  heaviest: { name: string; brotliBytes: number }[];
}

/** Per chunk of the app's build: its size as sent (its .br file) and what weighs most in it. */
function chunkReport(reportFile: string): ChunkReport[] {
  const raw = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    nodeParts: Record<string, { brotliLength: number }>;
    nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
  };
  const byChunk = new Map<string, Map<string, number>>();
  for (const meta of Object.values(raw.nodeMetas)) {
    const owner = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(meta.id)?.[1] ?? 'our sources';
    for (const [chunk, part] of Object.entries(meta.moduleParts)) {
      const packages = byChunk.get(chunk) ?? new Map<string, number>();
      packages.set(owner, (packages.get(owner) ?? 0) + raw.nodeParts[part].brotliLength);
      byChunk.set(chunk, packages);
    }
  }
  const sent = (chunk: string) => {
    try {
      return readFileSync(path.join(root, 'dist', `${chunk}.br`)).length;
    } catch {
      return readFileSync(path.join(root, 'dist', chunk)).length;
    }
  };
  return [...byChunk.entries()]
    .filter(([chunk]) => chunk.endsWith('.js'))
    .map(([chunk, packages]) => ({
      chunk: chunk.replace(/-[\w-]{8}\.js$/, '.js'),
      brotliBytes: sent(chunk),
      heaviest: [...packages.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([name, brotliBytes]) => ({ name, brotliBytes })),
    }))
    .sort((a, b) => b.brotliBytes - a.brotliBytes);
}

interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
}

/** Lighthouse's default (mobile) run of the login page, then of the shipment list signed in as `account`. */
async function lighthouseScores(base: string): Promise<{ login: LighthouseScores; shipmentList: LighthouseScores }> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const run = async (url: string): Promise<LighthouseScores> => {
      // The sign-in lives in the browser's cookies: Lighthouse must not clear them between the two runs.
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { categories, audits } = result.lhr;
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      const ms = (key: string) => Math.round(audits[key]?.numericValue ?? 0);
      return {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        firstContentfulPaintMs: ms('first-contentful-paint'),
        largestContentfulPaintMs: ms('largest-contentful-paint'),
        totalBlockingTimeMs: ms('total-blocking-time'),
      };
    };
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0];
    await context.addCookies([{ name: 'cookie_consent', value: 'a', url: base }]);
    const login = await run(`${base}/ez4/en/login`);
    const page = await context.newPage();
    await page.goto(`${base}/ez4/en/login`);
    await page.getByLabel('Company ID').fill(account.companyId);
    await page.getByLabel('User ID').fill(account.userId);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('columnheader', { name: 'AWB Number' }).waitFor({ timeout: 60_000 });
    await page.close();
    const shipmentList = await run(`${base}/ez4/en/shipment`);
    await browser.close();
    return { login, shipmentList };
  } finally {
    chrome.kill();
  }
}

export async function runBrowserBench(): Promise<void> {
  const dataDir = `/tmp/portal-bench-browser-${process.pid}`;
  const reportFile = path.join(dataDir, 'bundle.json');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  buildWithReport(reportFile);
  const chunks = chunkReport(reportFile);
  const port = Number(process.env.BENCH_PORT ?? 8191) + 7;
  const server = await startHotPathServer({ DATA_DIR: path.join(dataDir, 'app') }, port, 1);
  try {
    const timings = await browserTimings(server.base, account, 5);
    const scores = await lighthouseScores(server.base);
    const results = { date: new Date().toISOString(), timings, lighthouse: scores, chunks };
    mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    writeFileSync(path.join(root, 'bench/results/browser.json'), `${JSON.stringify(results, null, 2)}\n`);
    const lighthouseRow = (label: string, s: LighthouseScores) =>
      `| ${label} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ${s.firstContentfulPaintMs} | ${s.largestContentfulPaintMs} | ${s.totalBlockingTimeMs} |`;
    const md = [
      `# Browser benchmark (${results.date})`,
      '',
      `The demo world, one app process, Debian's Chromium on this machine (loopback: no network delay). Times and bytes are medians of ${timings.runs} fresh visits (a new browser context each, after one visit not counted); bytes are as sent (brotli where the browser takes it).`,
      '',
      '| measure | value | target |',
      '|---|---|---|',
      `| login page JS / CSS, bytes on the wire | ${timings.loginPage.jsWireBytes} / ${timings.loginPage.cssWireBytes} | JS <= 92,160 (90 KB) |`,
      `| shipment page adds until its first rows, JS / CSS | ${timings.shipmentPage.jsWireBytes} / ${timings.shipmentPage.cssWireBytes} | JS <= 307,200 (300 KB) |`,
      `| fetched after the rows show | ${timings.shipmentPageAfterRows.jsWireBytes} / ${timings.shipmentPageAfterRows.cssWireBytes} | |`,
      `| navigation to an interactive login form | ${timings.navigationToInteractiveLoginMs} ms | <= 400 ms |`,
      `| Login pressed to the first 10 rows | ${timings.submitToFirstRowsMs} ms | <= 1,000 ms |`,
      `| an AWB clicked to its detail page | ${timings.openAwbDetailMs} ms | <= 500 ms |`,
      `| Search pressed with 1 AWB tag to its row | ${timings.oneTagSearchMs} ms | <= 300 ms |`,
      '',
      '## Lighthouse 12.2.3, mobile preset (simulated slow 4G and a 4x slower CPU)',
      '',
      '| page | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms |',
      '|---|---|---|---|---|---|---|---|',
      lighthouseRow('login', scores.login),
      lighthouseRow('shipment list (signed in)', scores.shipmentList),
      '',
      '## What the chunks hold (brotli bytes as sent; the heaviest parts, each module compressed on its own)',
      '',
      '| chunk | bytes | heaviest parts |',
      '|---|---|---|',
      ...chunks
        .slice(0, 15)
        .map((chunk) => `| ${chunk.chunk} | ${chunk.brotliBytes} | ${chunk.heaviest.map((part) => `${part.name} ${part.brotliBytes}`).join(', ')} |`),
      '',
    ].join('\n');
    writeFileSync(path.join(root, 'bench/results/browser.md'), md);
    console.log(md);
  } finally {
    await stopHotPathServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

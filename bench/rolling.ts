// Issue 35, 3: a rolling restart of two instances behind nginx under load. Two app instances (npm start's
// server, one process each) on one embedded PostgreSQL, behind Debian's nginx started on a local port
// (passive checks only, as nginx's open-source build has: a refused connection sends the request to the
// other instance). Signed-in reads keep coming from 8 clients while instance A gets SIGTERM (it drains,
// then stops), is started again, then B the same. Every answer that is not a 200, and every request that
// got no answer, counts as an error; the target is none. bench/results/rolling.{json,md}.
// BENCH_NGINX names another nginx binary (/usr/sbin/nginx by default; skipped, saying so, without one).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { startEmbeddedDatabase } from '../src/server/db/embedded';
import { freePort } from '../src/server/freePort';
import { startBenchServer, stopBenchServer, untilAnswering } from './support/benchServer';

const root = path.resolve(import.meta.dirname, '..');
const CLIENTS = 8;
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 3);

interface Instance {
  name: string;
  port: number;
  child?: ChildProcess;
}

function startInstance(instance: Instance, env: NodeJS.ProcessEnv): void {
  instance.child = startBenchServer(
    instance.port,
    { ...env, WEB_CONCURRENCY: '1', DRAIN_SECONDS: String(DRAIN_SECONDS) },
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
}

const untilReady = (instance: Instance) => untilAnswering(instance.port, instance.child!, '/readyz', 250);

function nginxConfig(dir: string, port: number, upstreams: readonly number[]): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return `
worker_processes 1;
daemon off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}
  upstream portal {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $remote_addr;
      # A refused or dropped connection, or a 502/503, goes to the other instance (idempotent requests).
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
    }
  }
}
`;
}

interface Tally {
  ok: number;
  errors: Map<string, number>;
  durations: number[];
}

export async function runRollingBench(): Promise<void> {
  const nginxBinary = process.env.BENCH_NGINX ?? '/usr/sbin/nginx';
  if (!existsSync(nginxBinary)) {
    console.log(`rolling restart: skipped, no nginx at ${nginxBinary} (apt-get install nginx, or BENCH_NGINX)`);
    return;
  }
  const dir = `/tmp/portal-rolling-${process.pid}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'nginx'), { recursive: true });
  const embedded = await startEmbeddedDatabase(path.join(dir, 'db'), pino({ level: 'warn' }));
  const shared = { DATABASE_URL: embedded.connectionString, JWT_SECRET: randomBytes(32).toString('hex'), SMTP_URL: '', DIST_DIR: path.join(dir, 'no-dist') };
  const instances: Instance[] = [
    { name: 'A', port: await freePort() },
    { name: 'B', port: await freePort() },
  ];
  const proxyPort = await freePort();
  let nginx: ChildProcess | undefined;
  const phases: { at: number; what: string }[] = [];
  const began = performance.now();
  const mark = (what: string) => {
    phases.push({ at: Math.round(performance.now() - began), what });
    console.log(`rolling restart: ${what}`);
  };
  try {
    // The first instance migrates and seeds; the second starts on what it made.
    startInstance(instances[0], { ...shared, DATA_DIR: path.join(dir, 'A'), SEED_SHIPMENTS: '200' });
    await untilReady(instances[0]);
    startInstance(instances[1], { ...shared, DATA_DIR: path.join(dir, 'B'), SEED: 'false' });
    await untilReady(instances[1]);
    const configFile = path.join(dir, 'nginx', 'nginx.conf');
    writeFileSync(
      configFile,
      nginxConfig(
        path.join(dir, 'nginx'),
        proxyPort,
        instances.map((instance) => instance.port),
      ),
    );
    nginx = spawn(nginxBinary, ['-c', configFile, '-p', path.join(dir, 'nginx')], { stdio: ['ignore', 'inherit', 'inherit'] });
    await untilAnswering(proxyPort, nginx, '/readyz', 250);

    const base = `http://127.0.0.1:${proxyPort}`;
    const signIn = await fetch(`${base}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ GrantType: 'client_credentials', ClientId: 'operator|DEMOAIR|2|L', ClientSecret: 'Operator#12345' }),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const tally: Tally = { ok: 0, errors: new Map(), durations: [] };
    let loading = true;
    const client = async () => {
      while (loading) {
        const start = performance.now();
        try {
          // Node's fetch keeps its connections to nginx alive between requests.
          const response = await fetch(`${base}/userapi/user/getuserprofile`, { headers: { authorization: `Bearer ${token}` } });
          const body = (await response.json()) as { status?: number };
          if (response.status === 200 && body.status === 1) tally.ok++;
          else tally.errors.set(`HTTP ${response.status}`, (tally.errors.get(`HTTP ${response.status}`) ?? 0) + 1);
        } catch (error) {
          const reason = `no answer: ${(error as Error).cause ?? (error as Error).message}`;
          tally.errors.set(reason, (tally.errors.get(reason) ?? 0) + 1);
        }
        tally.durations.push(performance.now() - start);
      }
    };
    const load = Array.from({ length: CLIENTS }, client);
    mark('load started');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const instance of instances) {
      mark(`SIGTERM to ${instance.name}`);
      await stopBenchServer(instance.child!);
      mark(`${instance.name} stopped; starting it again`);
      startInstance(instance, { ...shared, DATA_DIR: path.join(dir, instance.name), SEED: 'false' });
      await untilReady(instance);
      mark(`${instance.name} ready again`);
      // nginx's fail_timeout passes before it sends the instance requests again.
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    loading = false;
    await Promise.all(load);
    mark('load stopped');

    const sorted = tally.durations.sort((a, b) => a - b);
    const errors = [...tally.errors.values()].reduce((sum, count) => sum + count, 0);
    const result = {
      date: new Date().toISOString(),
      clients: CLIENTS,
      drainSeconds: DRAIN_SECONDS,
      seconds: Math.round((performance.now() - began) / 100) / 10,
      requests: tally.ok + errors,
      ok: tally.ok,
      errors,
      errorsByKind: Object.fromEntries(tally.errors),
      p50Ms: Math.round(sorted[Math.floor(sorted.length * 0.5)]),
      p99Ms: Math.round(sorted[Math.floor(sorted.length * 0.99)]),
      maxMs: Math.round(sorted.at(-1) ?? 0),
      phases,
    };
    writeFileSync(path.join(root, 'bench/results/rolling.json'), `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(
      path.join(root, 'bench/results/rolling.md'),
      [
        `# A rolling restart of two instances behind nginx under load (${result.date})`,
        '',
        `Two app instances (one process each, DRAIN_SECONDS=${DRAIN_SECONDS}) on one embedded PostgreSQL behind ${nginxBinary} (passive checks: a refused connection, a 502 or a 503 goes to the other instance). ${CLIENTS} clients read the signed-in user's profile without pause while A gets SIGTERM, drains, stops and is started again, then B the same.`,
        '',
        '| requests | answered 200 | errors (target 0) | p50 | p99 | max |',
        '|---|---|---|---|---|---|',
        `| ${result.requests.toLocaleString('en')} | ${result.ok.toLocaleString('en')} | ${errors}${
          errors > 0
            ? ` (${Object.entries(result.errorsByKind)
                .map(([kind, count]) => `${kind}: ${count}`)
                .join(', ')})`
            : ''
        } | ${result.p50Ms} ms | ${result.p99Ms} ms | ${result.maxMs} ms |`,
        '',
        '| at | step |',
        '|---|---|',
        ...phases.map((phase) => `| ${(phase.at / 1000).toFixed(1)} s | ${phase.what} |`),
        '',
      ].join('\n'),
    );
    console.log(JSON.stringify({ requests: result.requests, ok: result.ok, errors, errorsByKind: result.errorsByKind, p99Ms: result.p99Ms }));
  } finally {
    nginx?.kill('SIGQUIT');
    for (const instance of instances) if (instance.child) await stopBenchServer(instance.child!);
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

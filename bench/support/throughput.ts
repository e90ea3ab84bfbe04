import autocannon from 'autocannon';
import Fastify from 'fastify';
import { commandCpuSeconds, treeCpuSeconds } from './cpu';

/**
 * HTTP throughput with autocannon on 127.0.0.1: each call of the portal as a ratio to a bare
 * Fastify JSON route measured in the same run, with the same connections and duration, so the
 * figures say what the portal's own work costs on this machine rather than what the machine is.
 * Each call is measured in several rounds, the bare route again in each round, and the median
 * round is reported; the CPU the app's processes and PostgreSQL's used is read from /proc.
 */

export interface Throughput {
  /** Answers with a 2xx status per second (refusals such as 429 are counted apart, in non2xx). */
  requestsPerSecond: number;
  latencyMs: { median: number; p99: number };
  non2xx: number;
  errors: number;
  /** This call's requests per second over the bare route's, in the same round. */
  ratioToBare?: number;
  /** Share of one core used during the measurement: the app's processes, PostgreSQL's. */
  cpu?: { app: number; postgres: number };
  /** The ratio of each round (the reported one is their median). */
  roundRatios?: number[];
}

export interface ThroughputCall {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface ThroughputOptions {
  seconds: number;
  connections: number;
  barePort: number;
  /** Rounds per call (odd, for a median): 3 unless told. */
  rounds?: number;
  /** The app's process ids (a cluster's primary: its workers are its descendants). */
  appPids?: readonly number[];
}

async function measure(
  call: Pick<ThroughputCall, 'url' | 'method' | 'headers' | 'body'>,
  seconds: number,
  connections: number,
  appPids: readonly number[],
): Promise<Throughput> {
  const cpuBefore = { app: treeCpuSeconds({ app: appPids }).app, postgres: commandCpuSeconds('postgres') };
  const result = await autocannon({ url: call.url, method: call.method ?? 'GET', headers: call.headers, body: call.body, connections, duration: seconds });
  const cpuAfter = { app: treeCpuSeconds({ app: appPids }).app, postgres: commandCpuSeconds('postgres') };
  const answered = result.requests.total - result.non2xx;
  const share = (used: number) => Math.round((used / result.duration) * 100) / 100;
  return {
    requestsPerSecond: Math.round((answered / result.duration) * 10) / 10,
    latencyMs: { median: result.latency.p50, p99: result.latency.p99 },
    non2xx: result.non2xx,
    errors: result.errors,
    cpu: { app: share(cpuAfter.app - cpuBefore.app), postgres: share(cpuAfter.postgres - cpuBefore.postgres) },
  };
}

const median = <T>(items: T[], key: (item: T) => number): T => [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)];

export async function throughput(calls: readonly ThroughputCall[], options: ThroughputOptions): Promise<Record<string, Throughput>> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ status: 1, data: { ok: true } }));
  await bare.listen({ port: options.barePort, host: '127.0.0.1' });
  const bareCall = { url: `http://127.0.0.1:${options.barePort}/bare` };
  const rounds = options.rounds ?? 3;
  try {
    const bareRounds: Throughput[] = [];
    const callRounds = new Map<string, { result: Throughput; ratio: number }[]>(calls.map((call) => [call.name, []]));
    for (let round = 0; round < rounds; round++) {
      const baseline = await measure(bareCall, options.seconds, options.connections, []);
      bareRounds.push(baseline);
      for (const call of calls) {
        const result = await measure(call, options.seconds, options.connections, options.appPids ?? []);
        callRounds.get(call.name)!.push({ result, ratio: result.requestsPerSecond / baseline.requestsPerSecond });
      }
    }
    const results: Record<string, Throughput> = { bare: median(bareRounds, (one) => one.requestsPerSecond) };
    for (const call of calls) {
      const measured = callRounds.get(call.name)!;
      const chosen = median(measured, (one) => one.ratio);
      results[call.name] = {
        ...chosen.result,
        ratioToBare: Math.round(chosen.ratio * 10000) / 10000,
        roundRatios: measured.map((one) => Math.round(one.ratio * 10000) / 10000),
      };
    }
    return results;
  } finally {
    await bare.close();
  }
}

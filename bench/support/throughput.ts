import autocannon from 'autocannon';
import Fastify from 'fastify';

/**
 * HTTP throughput with autocannon on 127.0.0.1: each call of the portal as a ratio to a bare
 * Fastify JSON route measured in the same run, with the same connections and duration, so the
 * figures say what the portal's own work costs on this machine rather than what the machine is.
 */

export interface Throughput {
  /** Answers with a 2xx status per second (refusals such as 429 are counted apart, in non2xx). */
  requestsPerSecond: number;
  latencyMs: { median: number; p99: number };
  non2xx: number;
  errors: number;
  /** This call's requests per second over the bare route's. */
  ratioToBare?: number;
}

export interface ThroughputCall {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

async function measure(call: ThroughputCall, seconds: number, connections: number): Promise<Throughput> {
  const result = await autocannon({ url: call.url, method: call.method ?? 'GET', headers: call.headers, body: call.body, connections, duration: seconds });
  const answered = result.requests.total - result.non2xx;
  return {
    requestsPerSecond: Math.round((answered / result.duration) * 10) / 10,
    latencyMs: { median: result.latency.p50, p99: result.latency.p99 },
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export async function throughput(calls: readonly ThroughputCall[], options: { seconds: number; connections: number; barePort: number }): Promise<Record<string, Throughput>> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ status: 1, data: { ok: true } }));
  await bare.listen({ port: options.barePort, host: '127.0.0.1' });
  try {
    const baseline = await measure({ name: 'bare', url: `http://127.0.0.1:${options.barePort}/bare` }, options.seconds, options.connections);
    const results: Record<string, Throughput> = { bare: baseline };
    for (const call of calls) {
      const measured = await measure(call, options.seconds, options.connections);
      results[call.name] = { ...measured, ratioToBare: Math.round((measured.requestsPerSecond / baseline.requestsPerSecond) * 10000) / 10000 };
    }
    return results;
  } finally {
    await bare.close();
  }
}

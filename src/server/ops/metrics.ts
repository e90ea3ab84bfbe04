import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context';
import { poolOf } from '../db/database';
import { hashToken, sameHash } from '../auth/secureTokens';
import { screeningIndexes } from '../compliance/carrierRules';

/**
 * `/metrics` in the Prometheus text format (issue 35, 4), with prom-client: requests by route and
 * status (count and duration), the process's event loop, heap and memory (prom-client's defaults,
 * once per process), the database pool, the job queue per queue, live streams, sign-ins by outcome,
 * the screening indexes and the sanctions sources' age. Reachable from the machine itself (loopback,
 * not through a proxy) and, when METRICS_TOKEN is set, with `Authorization: Bearer <METRICS_TOKEN>`.
 */

export type SignInOutcome = 'success' | 'failure' | 'throttled';

export interface AppMetrics {
  registry: Registry;
  signIns: Counter<'outcome'>;
  /** A gauge read when scraped (an open count, a size). */
  gaugeFrom(name: string, help: string, read: () => number): void;
}

/** The process's own metrics (event loop, heap, memory, GC): registered once, however many apps a process builds (tests). */
const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

export function createAppMetrics(): AppMetrics {
  const registry = new Registry();
  // An app process of npm start's cluster answers the primary's requests for its metrics with these
  // (constructing an AggregatorRegistry is what makes prom-client listen for them in a worker).
  AggregatorRegistry.setRegistries([processRegistry, registry]);
  if (cluster.isWorker) new AggregatorRegistry();
  return {
    registry,
    signIns: new Counter({
      name: 'portal_signins_total',
      help: 'Password and one-time-code sign-ins by outcome (success, failure, throttled)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    gaugeFrom(name, help, read) {
      // The last registration reads (a route plugin registered again on the same context, in tests).
      registry.removeSingleMetric(name);
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    },
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** From this machine and not relayed by a proxy (a proxy on the same machine would make everyone loopback). */
function isLocal(request: FastifyRequest): boolean {
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}

export const METRICS_REFUSED = 'Metrics are served to this machine, or with the METRICS_TOKEN as a bearer token.';

export function registerMetrics(app: FastifyInstance, ctx: AppContext & { metrics: AppMetrics }): void {
  const { registry } = ctx.metrics;
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route and status', labelNames, registers: [registry] });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  // The series of each method, route and status, found once (prom-client hashes a label object on every call).
  const series = new Map<string, { count: { inc(): void }; duration: { observe(value: number): void } }>();
  // A callback hook, not an async one: it runs on every answer.
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (never the path itself, which holds ids): unrouted requests share one label.
    const route = request.routeOptions.url ?? 'unrouted';
    const key = `${request.method} ${route} ${reply.statusCode}`;
    let one = series.get(key);
    if (!one) {
      const labels = { method: request.method, route, status_code: String(reply.statusCode) };
      one = { count: requests.labels(labels), duration: durations.labels(labels) };
      series.set(key, one);
    }
    one.count.inc();
    one.duration.observe(reply.elapsedTime / 1000);
    done();
  });

  const pool = poolOf(ctx.db);
  if (pool) {
    new Gauge({
      name: 'portal_db_pool_connections',
      help: "The database pool's connections by state (total, idle, in use) and the requests waiting for one (waiting)",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  // What is read from the database is the same in every process: only the one that works the background
  // jobs (WORKERS, the first of npm start's cluster) reads it, once per scrape; the others leave it out.
  if (ctx.config.workers) registerDatabaseGauges(registry, ctx);

  new Gauge({
    name: 'portal_screening_index_entries',
    help: 'Sanction entries in the screening index of a carrier (the most of the processes)',
    labelNames: ['carrier'],
    registers: [registry],
    aggregator: 'max',
    collect() {
      this.reset();
      for (const index of screeningIndexes(ctx.db)) this.set({ carrier: index.carrierId }, index.entries);
    },
  });
  new Gauge({
    name: 'portal_screening_index_age_seconds',
    help: 'Time since the screening index of a carrier was loaded (the oldest of the processes)',
    labelNames: ['carrier'],
    registers: [registry],
    aggregator: 'max',
    collect() {
      this.reset();
      for (const index of screeningIndexes(ctx.db)) this.set({ carrier: index.carrierId }, (Date.now() - index.loadedAt) / 1000);
    },
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = ctx.config.metricsToken;
    const bearer = request.headers.authorization ?? '';
    // Compared by their hashes in constant time, as the other secrets are.
    if (!isLocal(request) && !(token && sameHash(hashToken(bearer), hashToken(`Bearer ${token}`)))) return reply.code(403).send({ message: METRICS_REFUSED });
    reply.header('Content-Type', registry.contentType).header('Cache-Control', 'no-store');
    // In npm start's cluster a scrape reaches one app process: the primary gathers every process's.
    if (cluster.isWorker) return reply.send(await askPrimary());
    return reply.send(await Registry.merge([processRegistry, registry]).metrics());
  });
}

/** The gauges read from the database: the job queue per queue, the sanctions sources' age. */
function registerDatabaseGauges(registry: Registry, ctx: AppContext): void {
  if (ctx.jobs) {
    const table = sql.table(`${ctx.config.jobSchema}.job`);
    // One read of the queue for both gauges of a scrape (a scrape reads its metrics at the same time):
    // shared while it runs, forgotten once answered.
    type JobRow = { queue: string; state: string; count: string; oldest: number | null };
    let reading: Promise<JobRow[]> | undefined;
    const jobRows = () => {
      reading ??= sql<JobRow>`
        SELECT name AS queue, state::text AS state, count(*) AS count,
               extract(epoch FROM now() - min(created_on) FILTER (WHERE state IN ('created', 'retry')))::float8 AS oldest
        FROM ${table} GROUP BY name, state`
        .execute(ctx.db)
        .then((result) => result.rows)
        .finally(() => {
          reading = undefined;
        });
      return reading;
    };
    // Both read from the database, the same in every process: a cluster's scrape takes one process's figure ('first').
    new Gauge({
      name: 'portal_jobs',
      help: 'Jobs of the queue by queue and state (created, retry, active, completed, failed, ...)',
      labelNames: ['queue', 'state'],
      registers: [registry],
      aggregator: 'first',
      async collect() {
        const rows = await jobRows();
        this.reset();
        for (const row of rows) this.set({ queue: row.queue, state: row.state }, Number(row.count));
      },
    });
    new Gauge({
      name: 'portal_job_oldest_waiting_seconds',
      help: 'Age of the oldest job waiting to run (created or retry), by queue',
      labelNames: ['queue'],
      registers: [registry],
      aggregator: 'first',
      async collect() {
        const rows = await jobRows();
        this.reset();
        const oldest = new Map<string, number>();
        for (const row of rows) if (row.oldest !== null) oldest.set(row.queue, Math.max(oldest.get(row.queue) ?? 0, row.oldest));
        for (const [queue, seconds] of oldest) this.set({ queue }, seconds);
      },
    });
  }

  new Gauge({
    name: 'portal_sanctions_source_age_seconds',
    help: "Time since a company's sanctions source was last found current (imported, or the same file fetched again)",
    labelNames: ['company', 'source'],
    registers: [registry],
    aggregator: 'first',
    async collect() {
      // Each source's latest version and its latest good attempt, by their indexes (the attempts grow with every refresh).
      const { rows } = await sql<{ company: string; source: string; age: number }>`
        SELECT v.company_id AS company, v.source,
               extract(epoch FROM now() - greatest(v.imported_at, coalesce(a.at, v.imported_at)))::float8 AS age
        FROM (SELECT DISTINCT ON (company_id, source) company_id, source, imported_at
              FROM sanction_source_versions ORDER BY company_id, source, version_id DESC) AS v
        LEFT JOIN LATERAL (
          SELECT at FROM sanction_source_attempts
          WHERE company_id = v.company_id AND source = v.source AND outcome IN ('imported', 'unchanged')
          ORDER BY attempt_id DESC LIMIT 1
        ) AS a ON true`.execute(ctx.db);
      this.reset();
      for (const row of rows) this.set({ company: row.company, source: row.source }, row.age);
    },
  });
}

const ASK = 'portal:metrics';
const ANSWER = 'portal:metrics:answer';

/** The metrics of every app process, summed (or as each metric's aggregator says), from the primary. */
function askPrimary(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onAnswer);
      reject(new Error('the primary did not answer with the metrics in 5 s'));
    }, 5000);
    function onAnswer(message: { type?: string; id?: string; text?: string; error?: string }) {
      if (message?.type !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onAnswer);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.text ?? '');
    }
    process.on('message', onAnswer);
    process.send?.({ type: ASK, id });
  });
}

/** In npm start's primary: answers an app process's request for the cluster's metrics. */
export function answerMetricsRequests(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text }),
      (error: Error) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: error.message }),
    );
  });
}

// The shipment search benchmark (issue 4): a database of BENCH_SHIPMENTS shipments (1,000,000 by
// default) made by the deterministic generator through the real migrations, then the search calls
// of the real server measured over HTTP: median and p99. Writes bench/results/shipments.{json,md}.
import type { ChildProcess } from 'node:child_process';
import { startBenchServer, stopBenchServer, untilAnswering } from './support/benchServer';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import pino from 'pino';
import { createDatabase, migrateToLatest, type Db } from '../src/server/db/database';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/server/db/embedded';
import { seedDemoWorld } from '../src/server/db/seed';
import { generatedAwb, generateShipment } from '../src/server/db/seed/shipments';
import type { NewShipment } from '../src/server/db/schema';
import { hotPathTable, measureHotPath } from './hotPath';
import { ensureBuilt } from './support/ensureBuilt';
import { keptAliveClient } from './support/keptAliveClient';

const root = path.resolve(import.meta.dirname, '..');
const SHIPMENT_COLUMNS = [
  'awb_prefix',
  'awb_suffix',
  'status',
  'origin',
  'destination',
  'pieces',
  'weight_kg',
  'volume_m3',
  'goods_description',
  'special_handling_codes',
  'shipper',
  'consignee',
  'notify',
  'agent',
  'agent_company_id',
  'routing',
  'detail',
  'flight_date',
  'message_date',
  'std',
  'update_dt',
  'acceptance_block',
  'acceptance_block_reason',
  'acceptance_block_companies',
  'eyeball_check',
  'sanction_hits',
  'compliance_checks',
  'carrier_id',
  'waybill',
  'house_manifest',
] as const;
const JSON_COLUMNS = new Set([
  'shipper',
  'consignee',
  'notify',
  'agent',
  'routing',
  'detail',
  'eyeball_check',
  'sanction_hits',
  'compliance_checks',
  'waybill',
  'house_manifest',
]);

/** A row for json_populate_recordset: JSON columns as JSON values, dates as ISO text. */
function jsonRow(shipment: NewShipment): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const column of SHIPMENT_COLUMNS) {
    const value = (shipment as Record<string, unknown>)[column];
    row[column] = value instanceof Date ? value.toISOString() : JSON_COLUMNS.has(column) && typeof value === 'string' ? JSON.parse(value) : value;
  }
  return row;
}

/**
 * Inserts shipments `from`..`to` (exclusive) in batches of 5,000 rows, each batch one statement with
 * one parameter (json_populate_recordset), so the 65,535-parameter limit never bites.
 */
export async function generateShipments(db: Db, from: number, to: number, today: Date, onProgress?: (done: number) => void): Promise<void> {
  if (from >= to) return;
  const columns = sql.raw(SHIPMENT_COLUMNS.join(', '));
  // The usual bulk load: secondary indexes are dropped and made again afterwards from their own
  // definitions (the migrations' indexes, unchanged); the unique AWB constraint stays in force.
  const { rows: indexes } = await sql<{ indexname: string; indexdef: string }>`
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.tablename = 'shipments' AND i.schemaname = current_schema()
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`.execute(db);
  for (const index of indexes) await sql`DROP INDEX ${sql.id(index.indexname)}`.execute(db);
  try {
    let next = from;
    // Two writers: the generator and the database share the work on a small machine.
    const writer = async () => {
      for (;;) {
        const start = next;
        if (start >= to) return;
        next = Math.min(to, start + 5000);
        const batch: Record<string, unknown>[] = [];
        for (let index = start; index < next; index++) batch.push(jsonRow(generateShipment(index, today)));
        await db.connection().execute(async (connection) => {
          await sql`SET synchronous_commit = off`.execute(connection);
          await sql`INSERT INTO shipments (${columns}) SELECT ${columns} FROM json_populate_recordset(null::shipments, ${JSON.stringify(batch)}::json)
            ON CONFLICT (awb_prefix, awb_suffix) DO NOTHING`.execute(connection);
        });
        onProgress?.(next);
      }
    };
    await Promise.all([writer(), writer()]);
  } finally {
    for (const index of indexes) await sql.raw(index.indexdef).execute(db);
  }
}

/**
 * The documents, history and user log of the shipments with ids above `afterId`, set-based and in
 * chunks: each shipment's AWB copy (and house manifest for a consolidation), its FWB and status
 * events, and for every third one an operator's Display in the user log.
 */
export async function generateHistory(db: Db, afterId: string, onProgress?: (done: number) => void): Promise<void> {
  const { rows } = await sql<{ last: string | null }>`SELECT max(shipment_id)::text AS last FROM shipments`.execute(db);
  const last = BigInt(rows[0]?.last ?? '0');
  const step = 100_000n;
  for (let from = BigInt(afterId); from < last; from += step) {
    const to = from + step;
    await db.connection().execute(async (connection) => {
      await sql`SET synchronous_commit = off`.execute(connection);
      await sql`INSERT INTO shipment_documents (shipment_id, doc_type, file_name, remarks, updated_on, company_id, user_id)
        SELECT shipment_id, 'AWB', 'AWB_' || awb_prefix || '-' || awb_suffix || '.pdf', 'Master air waybill', message_date, coalesce(carrier_id, 'DEMOAIR'), 'system'
        FROM shipments WHERE shipment_id > ${String(from)} AND shipment_id <= ${String(to)}`.execute(connection);
      await sql`INSERT INTO shipment_documents (shipment_id, doc_type, file_name, remarks, updated_on, company_id, user_id)
        SELECT shipment_id, 'House Manifest', 'HouseManifest_' || awb_prefix || '-' || awb_suffix || '.pdf', jsonb_array_length(house_manifest -> 'houses') || ' house(s)', message_date, coalesce(carrier_id, 'DEMOAIR'), 'system'
        FROM shipments WHERE shipment_id > ${String(from)} AND shipment_id <= ${String(to)} AND house_manifest IS NOT NULL`.execute(connection);
      await sql`INSERT INTO shipment_events (shipment_id, at, kind, description, company_id, user_id)
        SELECT shipment_id, message_date, 'FWB', 'FWB received from ' || coalesce(carrier_id, 'DEMOAIR') || '/gateway', carrier_id, 'gateway'
        FROM shipments WHERE shipment_id > ${String(from)} AND shipment_id <= ${String(to)}
        UNION ALL
        SELECT shipment_id, update_dt, 'STATUS', 'Status ' || status, NULL, NULL
        FROM shipments WHERE shipment_id > ${String(from)} AND shipment_id <= ${String(to)}`.execute(connection);
      await sql`INSERT INTO action_log (at, company_id, user_id, act_type, doc_type, doc_name, shipment_id, awb_prefix, awb_suffix)
        SELECT message_date + interval '1 hour', coalesce(carrier_id, 'DEMOAIR'), 'operator', 'Display', 'AWB', 'AWB ' || awb_prefix || '-' || awb_suffix, shipment_id, awb_prefix, awb_suffix
        FROM shipments WHERE shipment_id > ${String(from)} AND shipment_id <= ${String(to)} AND shipment_id % 3 = 0`.execute(connection);
    });
    onProgress?.(Number(to < last ? to : last));
  }
}

function quantiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: Math.round(at(0.5) * 10) / 10, p99: Math.round(at(0.99) * 10) / 10, n: samples.length };
}

async function timed(times: number, call: (round: number) => Promise<unknown>): Promise<ReturnType<typeof quantiles>> {
  for (let round = 0; round < Math.min(10, times); round++) await call(round); // warm-up
  const samples: number[] = [];
  for (let round = 0; round < times; round++) {
    const began = performance.now();
    await call(round);
    samples.push(performance.now() - began);
  }
  return quantiles(samples);
}

function startServer(databaseUrl: string, port: number, dataDir: string): ChildProcess {
  // The per-address cap of the auth host would turn the sign-in throughput into 429s.
  return startBenchServer(port, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED: 'false', AUTH_RATE_LIMIT_PER_MINUTE: '10000000' });
}

export async function runShipmentBench(): Promise<void> {
  ensureBuilt(root);
  const total = Number(process.env.BENCH_SHIPMENTS ?? 1_000_000);
  const port = Number(process.env.BENCH_SHIPMENTS_PORT ?? Number(process.env.BENCH_PORT ?? 8191) + 1);
  const base = `http://127.0.0.1:${port}`;
  // BENCH_DATA_DIR keeps the generated database for the next run (which then generates only what is missing).
  const keep = process.env.BENCH_DATA_DIR;
  const dataDir = keep ?? `/tmp/portal-bench-shipments-${process.pid}`;
  const log = pino({ level: 'warn' });
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedDatabase(path.join(dataDir, 'db'), log);
    databaseUrl = embedded.connectionString;
  }
  const db = createDatabase(databaseUrl);
  let server: ChildProcess | undefined;
  try {
    await migrateToLatest(db);
    await seedDemoWorld(db, { shipments: 0 });
    const today = new Date();
    const { count } = await db.selectFrom('shipments').select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow();
    const generateStart = performance.now();
    let reported = 0;
    const { rows: lastRows } = await sql<{ last: string | null }>`SELECT max(shipment_id)::text AS last FROM shipments`.execute(db);
    // A bulk load announces nothing: no app process is running yet, so no cache holds what it changes
    // and no browser is told of its million new shipments (0015's live event).
    const announced = [
      'shipments.shipments_changes',
      'shipments.shipments_live_created',
      'shipment_documents.shipment_documents_changes',
      'shipment_events.shipment_events_changes',
    ].map((name) => name.split('.') as [string, string]);
    for (const [table, trigger] of announced) await sql`ALTER TABLE ${sql.id(table)} DISABLE TRIGGER ${sql.id(trigger)}`.execute(db);
    try {
      await generateShipments(db, Number(count), total, today, (done) => {
        if (done - reported >= 100_000 || done === total) {
          reported = done;
          console.log(`shipments: ${done.toLocaleString('en')} of ${total.toLocaleString('en')}`);
        }
      });
      await generateHistory(db, lastRows[0]?.last ?? '0', (done) =>
        console.log(`documents, history and user log: up to shipment ${done.toLocaleString('en')}`),
      );
    } finally {
      for (const [table, trigger] of announced) await sql`ALTER TABLE ${sql.id(table)} ENABLE TRIGGER ${sql.id(trigger)}`.execute(db);
    }
    // As autovacuum would have it in service: statistics, and the visibility map for index-only scans.
    for (const table of ['shipments', 'shipment_documents', 'shipment_events', 'action_log']) await sql`VACUUM (ANALYZE) ${sql.id(table)}`.execute(db);
    const generateSeconds = Math.round((performance.now() - generateStart) / 100) / 10;
    const { rows: sizeRows } = await sql<{ size: string }>`SELECT pg_size_pretty(pg_total_relation_size('shipments')) AS size`.execute(db);
    const { rows: rowCounts } = await sql<{ documents: string; events: string; logs: string }>`
      SELECT (SELECT count(*) FROM shipment_documents)::text AS documents, (SELECT count(*) FROM shipment_events)::text AS events, (SELECT count(*) FROM action_log)::text AS logs`.execute(
      db,
    );

    server = startServer(databaseUrl, port, path.join(dataDir, 'app'));
    await untilAnswering(port, server, '/healthz', 200);
    const signIn = await fetch(`${base}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ GrantType: 'client_credentials', ClientId: 'admin|DEMOAIR|2|L', ClientSecret: 'Admin#12345' }),
    });
    const { access_token } = (await signIn.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
    const post = async (url: string, body: unknown) => {
      const response = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
      return response.json() as Promise<{ data: { total: number; rows: { ShipmentId: string }[] } }>;
    };
    const get = async (url: string) => {
      const response = await fetch(`${base}${url}`, { headers });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
      return response.json();
    };

    // DEMOAIR owns prefixes 160 and 297: indexes 0 and 1 modulo 4.
    const demoAirIndex = (round: number, slot: number) => ((round * 7919 + slot * 104729) % Math.floor(total / 4)) * 4 + (slot % 2);
    const tags = (round: number) =>
      Array.from({ length: 5 }, (_, slot) => {
        const awb = generatedAwb(demoAirIndex(round, slot));
        return { AWBPrefix: awb.prefix, AWBSuffix: awb.suffix };
      });
    const dbOptions = { CurrentPage: 1, PageSize: 10, FieldName: 'AWBNumber', OrderBy: 'ASC' };
    const dayOf = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

    const tagSearch = await timed(300, (round) => post('/awbapi/awbsummary', { fieldSearch: tags(round), dbOptions }));
    const oneTagSearch = await timed(300, (round) => post('/awbapi/awbsummary', { fieldSearch: tags(round).slice(0, 1), dbOptions }));
    const listing = await timed(60, (round) => post('/awbapi/awbsummary', { fieldSearch: [], dbOptions: { ...dbOptions, CurrentPage: 1 + (round % 50) } }));
    // Open shipments fly from a few hours back to four days ahead of the seeding (the generator dates them as a
    // terminal sees them), so the 7-day windows slide over those days: every window holds open flights.
    const filtered = await timed(100, (round) =>
      post('/awbapi/awbsummary', {
        fieldSearch: [],
        dbOptions: { ...dbOptions, FieldName: 'FlightDate', OrderBy: 'DESC' },
        filters: { FlightDateFrom: dayOf(-2 - (round % 5)), FlightDateTo: dayOf(4 - (round % 5)), Status: ['New', 'Eyeball'] },
      }),
    );
    const ids = (await post('/awbapi/awbsummary', { fieldSearch: tags(1), dbOptions })).data.rows.map((row) => row.ShipmentId);
    const detail = await timed(200, (round) => get(`/awbapi/awbdetail/${ids[round % ids.length]}`));
    // ONE Record (issue 37): the Waybill of a different shipment each time (found by 1-tag searches), as JSON-LD, by a
    // kept-alive node:http client as in bench/oneRecord.ts. 500 GETs (200 before 2026-12-01, whose p99 was the
    // second slowest and moved from 8.8 to 28 ms between two runs).
    const waybillIds = new Set<string>();
    for (let round = 300; waybillIds.size < 510; round++) {
      if (round > 3000) throw new Error(`1-tag searches found ${waybillIds.size} shipments, not 510`);
      for (const row of (await post('/awbapi/awbsummary', { fieldSearch: tags(round).slice(0, 1), dbOptions })).data.rows) waybillIds.add(row.ShipmentId);
    }
    const waybills = [...waybillIds];
    let nextWaybill = 0; // the warm-up's ten included: no shipment asked for twice
    const kept = keptAliveClient(base);
    const oneRecordWaybill = await timed(500, async () => {
      const { status } = await kept.get(`/onerecord/logistics-objects/${waybills[nextWaybill++]}-waybill`, {
        authorization: headers.authorization,
        accept: 'application/ld+json',
      });
      if (status !== 200) throw new Error(`ONE Record Waybill: HTTP ${status}`);
    });
    kept.close();
    const next = await timed(100, (round) => get(`/awbapi/searchnext?ShipmentId=${ids[round % ids.length]}`));
    const overview = await timed(30, () => get(`/awbapi/overview?Today=${dayOf(0)}`));
    // The whole view sorted by a column no index orders: every row of the view is read.
    const byWeight = await timed(10, () => post('/awbapi/awbsummary', { fieldSearch: [], dbOptions: { ...dbOptions, FieldName: 'Weight', OrderBy: 'DESC' } }));
    // A ground handler's view (its stations as origin or destination), first page and a 7-day filter.
    const handlerToken = await fetch(`${base}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ GrantType: 'client_credentials', ClientId: 'operator|DEMOGHA|2|L', ClientSecret: 'Operator#12345' }),
    }).then((response) => response.json() as Promise<{ access_token: string }>);
    const handlerPost = async (body: unknown) => {
      const response = await fetch(`${base}/awbapi/awbsummary`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${handlerToken.access_token}` },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`handler summary: HTTP ${response.status}`);
      return response.json();
    };
    const handlerPage = await timed(20, () => handlerPost({ fieldSearch: [], dbOptions }));
    const handlerFiltered = await timed(20, (round) =>
      handlerPost({ fieldSearch: [], dbOptions, filters: { FlightDateFrom: dayOf(-6 - (round % 20)), FlightDateTo: dayOf(-(round % 20)) } }),
    );

    // The signed-in request path against a bare route (hotPath.ts), on this database: one app process, then all cores.
    await stopBenchServer(server);
    server = undefined;
    const seconds = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 5);
    const hotPath = await measureHotPath({ DATABASE_URL: databaseUrl, DATA_DIR: path.join(dataDir, 'app'), SEED: 'false' }, port, seconds);

    const results = {
      date: new Date().toISOString(),
      machine: { cores: cpus().length, node: process.version, database: process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'embedded PostgreSQL' },
      shipments: total,
      generated: total - Number(count),
      generateSeconds,
      shipmentsTableSize: sizeRows[0]?.size,
      documents: Number(rowCounts[0].documents),
      events: Number(rowCounts[0].events),
      userLogEntries: Number(rowCounts[0].logs),
      searchMs: {
        tagSearch1: oneTagSearch,
        tagSearch5: tagSearch,
        summaryPage: listing,
        summaryFiltered7Days: filtered,
        detail,
        oneRecordWaybill,
        searchNext: next,
        overview,
        summaryPageSortedByWeight: byWeight,
        groundHandlerPage: handlerPage,
        groundHandlerFiltered7Days: handlerFiltered,
      },
      hotPath: { seconds, connections: 10, rounds: 3, ...hotPath },
    };
    mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    writeFileSync(path.join(root, 'bench/results/shipments.json'), `${JSON.stringify(results, null, 2)}\n`);
    const row = (label: string, q: ReturnType<typeof quantiles>) => `| ${label} | ${q.median} | ${q.p99} | ${q.n} |`;
    const md = [
      `# Shipment search benchmark (${results.date})`,
      '',
      `${total.toLocaleString('en')} shipments (${results.shipmentsTableSize} with indexes), ${results.documents.toLocaleString('en')} documents, ${results.events.toLocaleString('en')} history events, ${results.userLogEntries.toLocaleString('en')} user log entries; ${results.generated > 0 ? `${results.generated.toLocaleString('en')} generated and vacuumed in ${generateSeconds} s` : `a database kept from an earlier run (BENCH_DATA_DIR), vacuumed in ${generateSeconds} s`}; ${results.machine.cores} cores, Node ${results.machine.node}, ${results.machine.database}. Signed in as DEMOAIR admin (prefixes 160 and 297: about half the shipments). Sequential HTTP calls to the real server; times in ms.`,
      '',
      '| call | median | p99 | n |',
      '|---|---|---|---|',
      row('POST awbsummary, 1 AWB tag', oneTagSearch),
      row('POST awbsummary, 5 AWB tags', tagSearch),
      row('POST awbsummary, a page of the whole view (with total)', listing),
      row('POST awbsummary, flight date 7 days + status, by flight date', filtered),
      row('GET awbdetail/{id} (with the Display log)', detail),
      row('GET onerecord/logistics-objects/{id} (a Waybill, JSON-LD; a different shipment each time; kept-alive node:http)', oneRecordWaybill),
      row('GET searchnext', next),
      row('GET overview', overview),
      row('POST awbsummary, the whole view sorted by weight (sort index)', byWeight),
      row('POST awbsummary, a ground handler (DEMOGHA) page of its view', handlerPage),
      row('POST awbsummary, a ground handler, flight date 7 days', handlerFiltered),
      '',
      `## The signed-in request path (autocannon, 10 connections, ${seconds} s a round, 3 rounds, each call's median round)`,
      '',
      "The bare route is measured again in each round, in the bench's own process. CPU is the share of one core used meanwhile by the app's processes and by PostgreSQL's.",
      '',
      ...hotPathTable(hotPath),
      '',
      "The browser's figures are in bench/results/browser.md (the demo world).",
      '',
    ].join('\n');
    writeFileSync(path.join(root, 'bench/results/shipments.md'), md);
    console.log(md);
  } finally {
    if (server) await stopBenchServer(server);
    await db.destroy();
    await embedded?.stop();
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runShipmentBench();

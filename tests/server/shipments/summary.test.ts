import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { isoDay, addDaysIso } from '../../../src/domain/dateRange';
import { HIT_AGE_BUCKETS, SUMMARY_SORT_FIELDS } from '../../../src/domain/shipmentWire';
import { buildShipmentTestApp, countLog, shipmentWhere, type ShipmentTestApp } from './support';

let t: ShipmentTestApp;
beforeAll(async () => {
  t = await buildShipmentTestApp();
});
afterAll(() => t.close());

const summary = (user: Parameters<ShipmentTestApp['post']>[0], body: Record<string, unknown>) =>
  t.post(user, '/awbapi/awbsummary', { fieldSearch: [], dbOptions: { CurrentPage: 1, PageSize: 10 }, ...body });

describe('POST /awbapi/awbsummary', () => {
  it('lists the company view: page 1, size 10, AWB number ascending, with a status on every row', async () => {
    const response = await summary('airlineOperator', {});
    expect(response.statusCode).toBe(200);
    const { status, data } = response.json();
    expect(status).toBe(1);
    expect(data.rows).toHaveLength(10);
    const numbers = data.rows.map((row: { AWBNumber: string }) => row.AWBNumber);
    expect(numbers).toEqual([...numbers].sort());
    expect(
      data.rows.every((row: { Status: string; AWBPrefix: string; IsLent: boolean }) => row.Status && (['160', '297'].includes(row.AWBPrefix) || row.IsLent)),
    ).toBe(true);
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM shipments WHERE awb_prefix IN ('160', '297')
      OR shipment_id IN (SELECT shipment_id FROM shipment_lendings WHERE company_id = 'DEMOAIR')`.execute(t.db);
    expect(data.total).toBe(Number(rows[0].n));
  });

  it('shows lent shipments flagged as lent, and each company only its own', async () => {
    const lent = await summary('airlineOperator', { dbOptions: { CurrentPage: 1, PageSize: 100, FieldName: 'AWBNumber', OrderBy: 'DESC' } });
    const lentRows = lent.json().data.rows.filter((row: { IsLent: boolean }) => row.IsLent);
    expect(lentRows.length).toBeGreaterThan(0);
    expect(lentRows.every((row: { AWBPrefix: string }) => row.AWBPrefix === '618')).toBe(true);

    const forwarder = (await summary('forwarder', { dbOptions: { CurrentPage: 1, PageSize: 100 } })).json().data;
    const ids = forwarder.rows.map((row: { ShipmentId: string }) => row.ShipmentId);
    expect(ids.length).toBeGreaterThan(0);
    const agents = await t.db.selectFrom('shipments').select('agent_company_id').where('shipment_id', 'in', ids).execute();
    expect(agents.every((row) => row.agent_company_id === 'DEMOFWD')).toBe(true);

    const handler = (await summary('groundHandler', { dbOptions: { CurrentPage: 1, PageSize: 100 } })).json().data;
    expect(handler.rows.length).toBeGreaterThan(0);
    expect(
      handler.rows.every((row: { Origin: string; Destination: string }) => ['HKG', 'SIN'].includes(row.Origin) || ['HKG', 'SIN'].includes(row.Destination)),
    ).toBe(true);
    const { rows: handled } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM shipments WHERE origin IN ('HKG', 'SIN') OR destination IN ('HKG', 'SIN')`.execute(t.db);
    expect(handler.total).toBe(Number(handled[0].n));
    // Its pages, counted in two parts, still list each shipment once, in AWB order.
    const pages = [];
    for (let page = 1; page * 25 <= handler.total + 25; page++)
      pages.push(...(await summary('groundHandler', { dbOptions: { CurrentPage: page, PageSize: 25 } })).json().data.rows);
    const numbers = pages.map((row: { AWBNumber: string }) => row.AWBNumber);
    expect(numbers).toHaveLength(handler.total);
    expect(new Set(numbers).size).toBe(handler.total);
    expect(numbers).toEqual([...numbers].sort());
  });

  it('searches by up to 5 tags, reports the missing ones with the spec messages, and flags check digits', async () => {
    const own = await shipmentWhere(t, sql`s.awb_prefix = '160'`);
    const other = await shipmentWhere(t, sql`s.awb_prefix = '020'`);
    const response = await summary('airlineOperator', {
      fieldSearch: [
        { AWBPrefix: own.awb_prefix, AWBSuffix: own.awb_suffix },
        { AWBPrefix: other.awb_prefix, AWBSuffix: other.awb_suffix },
        { AWBPrefix: '160', AWBSuffix: '99999990' },
      ],
    });
    const { data } = response.json();
    expect(data.rows.map((row: { ShipmentId: string }) => row.ShipmentId)).toEqual([own.shipment_id]);
    expect(data.total).toBe(1);
    expect(data.missing).toEqual([
      { AWBPrefix: other.awb_prefix, AWBSuffix: other.awb_suffix, Reason: 'notAccessible', Message: 'This air waybill is not accessible.' },
      { AWBPrefix: '160', AWBSuffix: '99999990', Reason: 'notFound', Message: 'There is no shipment found in AWB #160-99999990.' },
    ]);
    // 9999999 mod 7 = 1, so ...0 does not check; it was still searched (and reported as not found, not as invalid).
    expect(data.rows[0].CheckDigitValid).toBe(true);
    await t.db.updateTable('shipments').set({ awb_suffix: '12345670' }).where('shipment_id', '=', own.shipment_id).execute();
    await t.ctx.changes.sync();
    const flagged = (await summary('airlineOperator', { fieldSearch: [{ AWBPrefix: '160', AWBSuffix: '12345670' }] })).json().data;
    expect(flagged.rows[0]).toMatchObject({ AWBNumber: '160-12345670', CheckDigitValid: false });
    await t.db.updateTable('shipments').set({ awb_suffix: own.awb_suffix }).where('shipment_id', '=', own.shipment_id).execute();
    await t.ctx.changes.sync();
  });

  it('writes one Search log entry per tag in the same transaction', async () => {
    const own = await shipmentWhere(t, sql`s.awb_prefix = '297'`);
    const before = await countLog(t, { act_type: 'Search', awb_suffix: own.awb_suffix });
    await summary('airlineOperator', { fieldSearch: [{ AWBPrefix: own.awb_prefix, AWBSuffix: own.awb_suffix }] });
    expect(await countLog(t, { act_type: 'Search', awb_suffix: own.awb_suffix })).toBe(before + 1);
    await t.ctx.logs.flush();
    const entry = await t.db
      .selectFrom('action_log')
      .selectAll()
      .where('awb_suffix', '=', own.awb_suffix)
      .where('act_type', '=', 'Search')
      .orderBy('log_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ company_id: 'DEMOAIR', user_id: 'operator', awb_prefix: own.awb_prefix, remarks: 'Found' });
    expect(String(entry.shipment_id)).toBe(own.shipment_id);
  });

  it('logs a search by filters with them, and nothing when the list is only opened (no tags, no filters)', async () => {
    const searches = () => countLog(t, { company_id: 'DEMOAIR', user_id: 'operator', act_type: 'Search' });
    const before = await searches();
    expect((await summary('airlineOperator', { fieldSearch: [] })).statusCode).toBe(200);
    expect(await searches()).toBe(before);
    expect((await summary('airlineOperator', { fieldSearch: [], filters: { Status: ['New'] } })).statusCode).toBe(200);
    expect(await searches()).toBe(before + 1);
    await t.ctx.logs.flush();
    const entry = await t.db
      .selectFrom('action_log')
      .select('remarks')
      .where('company_id', '=', 'DEMOAIR')
      .where('user_id', '=', 'operator')
      .where('act_type', '=', 'Search')
      .orderBy('log_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.remarks).toBe('Summary search: Status=New');
  });

  it('logs nothing when the list is shown again with the same criteria (reload: after an action, a live change)', async () => {
    const searches = () => countLog(t, { company_id: 'DEMOAIR', user_id: 'operator', act_type: 'Search' });
    const own = await shipmentWhere(t, sql`s.awb_prefix = '160'`);
    const before = await searches();
    expect((await summary('airlineOperator', { fieldSearch: [], filters: { Status: ['New'] }, reload: true })).statusCode).toBe(200);
    const byAwb = { fieldSearch: [{ AWBPrefix: own.awb_prefix, AWBSuffix: own.awb_suffix }], reload: true };
    const answer = await summary('airlineOperator', byAwb);
    expect(answer.json().data.total).toBe(1);
    expect(await searches()).toBe(before);
    expect((await summary('airlineOperator', { ...byAwb, reload: false })).statusCode).toBe(200);
    expect(await searches()).toBe(before + 1);
  });

  it('refuses bad tags and options with the spec messages and 400, never 500', async () => {
    const tags = (list: [string, string][]) => list.map(([AWBPrefix, AWBSuffix]) => ({ AWBPrefix, AWBSuffix }));
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ fieldSearch: tags([['16A', '12345675']]) }, 'Please enter AWB number in valid format.'],
      [
        {
          fieldSearch: tags([
            ['160', '12345675'],
            ['160', '12345675'],
          ]),
        },
        'Search text already exists in search text.',
      ],
      [
        {
          fieldSearch: tags([
            ['160', '00000011'],
            ['160', '00000022'],
            ['160', '00000033'],
            ['160', '00000044'],
            ['160', '00000055'],
            ['160', '00000066'],
          ]),
        },
        'Only 5 input tag allowed.',
      ],
      [
        { fieldSearch: tags(Array.from({ length: 40 }, (_, index): [string, string] => ['160', String(index + 1).padStart(8, '0')])) },
        'Only 5 input tag allowed.',
      ],
      [{ dbOptions: { CurrentPage: 0, PageSize: 10 } }, /Invalid request/],
      [{ dbOptions: { CurrentPage: 1, PageSize: 10, FieldName: 'shipment_id; drop table shipments' } }, /Invalid request/],
      [{ filters: { FlightDateFrom: '2026-11-01', FlightDateTo: '2026-11-09' } }, 'The flight date range must be within 7 days.'],
      [{ filters: { MessageDateFrom: '2026-11-09', MessageDateTo: '2026-11-01' } }, 'The message date "from" date must not be after the "to" date.'],
      [{ filters: { STDFrom: '2026-02-31' } }, 'The STD must be a date (YYYY-MM-DD).'],
      [{ filters: { Status: ['Lost'] } }, /Invalid request/],
    ];
    const logged = await countLog(t, { company_id: 'DEMOAIR', act_type: 'Search' });
    for (const [body, message] of cases) {
      const response = await summary('airlineOperator', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().status).toBe(-50001);
      if (typeof message === 'string') expect(response.json().message).toBe(message);
      else expect(response.json().message).toMatch(message);
    }
    // Refused searches search nothing, so they log nothing.
    expect(await countLog(t, { company_id: 'DEMOAIR', act_type: 'Search' })).toBe(logged);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/awbapi/awbsummary',
      headers: { authorization: `Bearer ${t.tokens.airlineOperator}`, 'content-type': 'application/json' },
      payload: '{"fieldSearch": [',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().status).toBe(-50001);
  });

  it('sorts and pages on every column, consistently', async () => {
    for (const FieldName of ['Status', 'Origin', 'FlightDate', 'MessageDate', 'STD', 'Pieces', 'Weight', 'UpdateDT']) {
      const first = (await summary('airlineOperator', { dbOptions: { CurrentPage: 1, PageSize: 5, FieldName, OrderBy: 'DESC' } })).json().data;
      const second = (await summary('airlineOperator', { dbOptions: { CurrentPage: 2, PageSize: 5, FieldName, OrderBy: 'DESC' } })).json().data;
      const both = (await summary('airlineOperator', { dbOptions: { CurrentPage: 1, PageSize: 10, FieldName, OrderBy: 'DESC' } })).json().data;
      expect(
        [...first.rows, ...second.rows].map((row: { ShipmentId: string }) => row.ShipmentId),
        FieldName,
      ).toEqual(both.rows.map((row: { ShipmentId: string }) => row.ShipmentId));
    }
    const byWeight = (await summary('airlineOperator', { dbOptions: { CurrentPage: 1, PageSize: 20, FieldName: 'Weight', OrderBy: 'ASC' } })).json().data.rows;
    const weights = byWeight.map((row: { Weight: number }) => row.Weight);
    expect(weights).toEqual([...weights].sort((a, b) => a - b));
  });

  it('answers an AWB search (from the shipment cache) with the rows, order and total the list (from SQL) gives the same AWBs, on every sort and filter', async () => {
    type Row = { ShipmentId: string; AWBPrefix: string; AWBSuffix: string; IsLent: boolean; STD: string | null };
    const today = isoDay(new Date());
    const from = addDaysIso(today, -6);
    const filterSets = [
      {},
      { Status: ['New', 'Eyeball'] },
      { FlightDateFrom: from, FlightDateTo: today },
      { STDFrom: from, STDTo: today },
      { MessageDateFrom: from, MessageDateTo: today },
      { Attention: ['OpenHits', 'AwaitingReview', 'DeniedHit', 'HardBlock', 'DepartingSoon'] },
      ...HIT_AGE_BUCKETS.map((HitAge) => ({ HitAge })),
    ];
    const whole = async (options: Record<string, unknown>, filters: Record<string, unknown> = {}) => {
      const rows: Row[] = [];
      for (let page = 1; ; page++) {
        const { data } = (await summary('airlineOperator', { dbOptions: { ...options, CurrentPage: page, PageSize: 100 }, filters })).json();
        rows.push(...data.rows);
        if (rows.length >= data.total || data.rows.length === 0) return rows;
      }
    };
    const everything = await whole({});
    // Five AWBs spread over the view, with a lent one and one without an STD where the view has them.
    const picked = new Map<string, Row>();
    for (const row of [everything.find((one) => one.IsLent), everything.find((one) => one.STD === null)]) if (row) picked.set(row.ShipmentId, row);
    for (let index = 0; picked.size < 5; index += Math.floor(everything.length / 5))
      picked.set(everything[index % everything.length]!.ShipmentId, everything[index % everything.length]!);
    const fieldSearch = [...picked.values()].map((row) => ({ AWBPrefix: row.AWBPrefix, AWBSuffix: row.AWBSuffix }));
    for (const FieldName of SUMMARY_SORT_FIELDS) {
      for (const OrderBy of ['ASC', 'DESC']) {
        for (const filters of filterSets) {
          const expected = (await whole({ FieldName, OrderBy }, filters)).filter((row) => picked.has(row.ShipmentId));
          const searched = (await summary('airlineOperator', { dbOptions: { CurrentPage: 1, PageSize: 10, FieldName, OrderBy }, filters, fieldSearch })).json()
            .data;
          expect(searched.rows, `${FieldName} ${OrderBy} ${JSON.stringify(filters)}`).toEqual(expected);
          expect(searched.total).toBe(expected.length);
        }
      }
    }
  });

  it('filters by flight date, message date, STD and status', async () => {
    const today = isoDay(new Date());
    const from = addDaysIso(today, -6);
    const rows = (
      await summary('airlineOperator', {
        dbOptions: { CurrentPage: 1, PageSize: 100 },
        filters: { FlightDateFrom: from, FlightDateTo: today, Status: ['New', 'Eyeball'] },
      })
    ).json().data.rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every((row: { FlightDate: string; Status: string }) => row.FlightDate >= from && row.FlightDate <= today && ['New', 'Eyeball'].includes(row.Status)),
    ).toBe(true);
    const std = (await summary('airlineOperator', { dbOptions: { CurrentPage: 1, PageSize: 100 }, filters: { STDFrom: from, STDTo: today } })).json().data.rows;
    expect(std.length).toBeGreaterThan(0);
    expect(std.every((row: { STD: string }) => row.STD.slice(0, 10) >= from && row.STD.slice(0, 10) <= today)).toBe(true);
    const messages = (
      await summary('airlineOperator', { dbOptions: { CurrentPage: 1, PageSize: 100 }, filters: { MessageDateFrom: from, MessageDateTo: today } })
    ).json().data.rows;
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((row: { MessageDate: string }) => row.MessageDate.slice(0, 10) >= from && row.MessageDate.slice(0, 10) <= today)).toBe(true);
  });
});

describe('what needs attention (issue 18)', () => {
  /**
   * Open shipments of DEMOAIR's own view, each given one kind of attention directly in the database: none departing
   * within two days (those that left count too: the pool of those departing later shrank as the run went on).
   */
  async function openOwnShipments(count: number): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      SELECT shipment_id::text AS id FROM shipments
       WHERE awb_prefix IN ('160', '297') AND status = 'New' AND sanction_hits = '[]'::jsonb AND acceptance_block IS NULL
         AND (std IS NULL OR std < now() - interval '1 hour' OR std > now() + interval '2 days')
       ORDER BY shipment_id LIMIT ${count}`.execute(t.db);
    expect(rows).toHaveLength(count);
    return rows.map((row) => row.id);
  }
  const hits = (state: string) => JSON.stringify([{ hitId: 'H1', state, role: 'Shipper', entryId: 'SDN-1', score: 0.9 }]);
  const overview = async () => (await t.get('airlineOperator', `/awbapi/overview?Today=${isoDay(new Date())}`)).json().data.Attention;
  const listed = async (Attention: string[], extra: Record<string, unknown> = {}) =>
    (await summary('airlineOperator', { dbOptions: { CurrentPage: 1, PageSize: 100 }, filters: { Attention }, ...extra })).json().data;

  it('marks open shipments with open, escalated and denied hits and hard blocks, filters by them, and the overview counts them as they change', async () => {
    const before = await overview();
    const [open, escalated, denied, blocked, soon, decided] = await openOwnShipments(6);
    await sql`UPDATE shipments SET sanction_hits = ${hits('OPEN')}::jsonb, message_date = now() - interval '2 hours' WHERE shipment_id = ${open}`.execute(t.db);
    await sql`UPDATE shipments SET sanction_hits = ${hits('ESCALATED')}::jsonb WHERE shipment_id = ${escalated}`.execute(t.db);
    await sql`UPDATE shipments SET sanction_hits = ${hits('DENIED')}::jsonb WHERE shipment_id = ${denied}`.execute(t.db);
    await sql`UPDATE shipments SET acceptance_block = 'HARD', acceptance_block_reason = 'test' WHERE shipment_id = ${blocked}`.execute(t.db);
    await sql`UPDATE shipments SET std = now() + interval '3 hours' WHERE shipment_id = ${soon}`.execute(t.db);
    // A decided shipment needs no attention, whatever its hits.
    await sql`UPDATE shipments SET status = 'Reject', sanction_hits = ${hits('DENIED')}::jsonb WHERE shipment_id = ${decided}`.execute(t.db);

    // The kept counts were forgotten with the changes (migration 0017), and moved by exactly these.
    await expect.poll(overview).toMatchObject({
      OpenHitsByAge: { ...before.OpenHitsByAge, under4h: before.OpenHitsByAge.under4h + 1 },
      AwaitingReview: before.AwaitingReview + 1,
      DeniedHit: before.DeniedHit + 1,
      HardBlock: before.HardBlock + 1,
      DepartingSoon: before.DepartingSoon + 1,
    });
    const after = await overview();
    // Each count is what the list filtered by that kind holds.
    const openHitsTotal = Object.values(after.OpenHitsByAge as Record<string, number>).reduce((sum, n) => sum + n, 0);
    expect((await listed(['OpenHits'])).total).toBe(openHitsTotal);
    for (const kind of ['AwaitingReview', 'DeniedHit', 'HardBlock', 'DepartingSoon'] as const) expect((await listed([kind])).total, kind).toBe(after[kind]);

    const marks = (data: { rows: { ShipmentId: string; Attention: string[] }[] }, id: string) => data.rows.find((row) => row.ShipmentId === id)?.Attention;
    const several = await listed(['OpenHits', 'DeniedHit', 'HardBlock']);
    expect(marks(several, open)).toEqual(['OpenHits']);
    expect(marks(several, denied)).toEqual(['DeniedHit']);
    expect(marks(several, blocked)).toEqual(['HardBlock']);
    expect(marks(several, escalated)).toBeUndefined();
    expect(marks(several, decided)).toBeUndefined();
    expect(marks(await listed(['AwaitingReview']), escalated)).toEqual(['AwaitingReview']);
    expect((await listed(['DepartingSoon'])).rows.map((row: { ShipmentId: string }) => row.ShipmentId)).toContain(soon);

    // An AWB search gives the same rows and marks as the list (the shipment cache's path).
    const awbOf = async (id: string) =>
      (await sql<{ p: string; s: string }>`SELECT awb_prefix AS p, awb_suffix AS s FROM shipments WHERE shipment_id = ${id}`.execute(t.db)).rows[0];
    const fieldSearch = await Promise.all([open, denied, blocked, escalated, decided].map(awbOf));
    const searched = await listed(['OpenHits', 'DeniedHit', 'HardBlock'], {
      fieldSearch: fieldSearch.map((awb) => ({ AWBPrefix: awb!.p, AWBSuffix: awb!.s })),
    });
    expect(searched.rows.map((row: { ShipmentId: string; Attention: string[] }) => [row.ShipmentId, row.Attention]).sort()).toEqual(
      [
        [open, ['OpenHits']],
        [denied, ['DeniedHit']],
        [blocked, ['HardBlock']],
      ].sort(),
    );

    // Deciding the open hit (here: clearing it) takes it off the backlog at once.
    await sql`UPDATE shipments SET sanction_hits = ${hits('CLEARED')}::jsonb WHERE shipment_id = ${open}`.execute(t.db);
    await expect.poll(async () => (await overview()).OpenHitsByAge.under4h).toBe(after.OpenHitsByAge.under4h - 1);
    expect(marks(await listed(['OpenHits']), open)).toBeUndefined();
    // The filtered total follows too (a kept count, forgotten on the hit's change).
    expect((await listed(['OpenHits'])).total).toBe(openHitsTotal - 1);
  });

  it("opens from each backlog figure exactly the open hits it counts, by their message's age (issue 36, 2)", async () => {
    // One open hit in each bucket, on either side of each boundary but the clock's.
    const ids = await openOwnShipments(4);
    const ages = ['30 minutes', '3 hours 59 minutes', '4 hours 1 minute', '30 hours'];
    for (const [index, id] of ids.entries())
      await sql`UPDATE shipments SET sanction_hits = ${hits('OPEN')}::jsonb, message_date = now() - ${ages[index]}::interval WHERE shipment_id = ${id}`.execute(
        t.db,
      );
    // The overview's kept counts are forgotten with the changes (migration 0017).
    await expect
      .poll(async () => {
        const { OpenHitsByAge } = await overview();
        return HIT_AGE_BUCKETS.every((bucket) => OpenHitsByAge[bucket] >= 1);
      })
      .toBe(true);
    const byAge = (await overview()).OpenHitsByAge as Record<string, number>;
    const expectedBucket = ['under1h', 'under4h', 'under24h', 'older'];
    for (const bucket of HIT_AGE_BUCKETS) {
      const list = (
        await summary('airlineOperator', {
          dbOptions: { CurrentPage: 1, PageSize: 100, FieldName: 'MessageDate', OrderBy: 'ASC' },
          filters: { Attention: ['OpenHits'], HitAge: bucket },
        })
      ).json().data;
      expect(list.total, bucket).toBe(byAge[bucket]);
      const listedIds = list.rows.map((row: { ShipmentId: string }) => row.ShipmentId);
      for (const [index, id] of ids.entries()) expect(listedIds.includes(id), `${bucket} ${ages[index]}`).toBe(expectedBucket[index] === bucket);
      // Oldest first, each with an open hit.
      const times = list.rows.map((row: { MessageDate: string }) => Date.parse(row.MessageDate));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      for (const row of list.rows) expect(row.Attention, bucket).toContain('OpenHits');
      // The detail page's previous/next walks the same list.
      if (list.rows.length > 0) {
        const next = await t.get(
          'airlineOperator',
          `/awbapi/searchnext?ShipmentId=${list.rows[0].ShipmentId}&Attention=OpenHits&HitAge=${bucket}&FieldName=MessageDate`,
        );
        expect(next.json().data?.ShipmentId ?? null, bucket).toBe(list.rows[1]?.ShipmentId ?? null);
      }
    }
    expect((await summary('airlineOperator', { filters: { HitAge: 'ancient' } })).statusCode).toBe(400);
    // Back to the pool of shipments the other tests take from.
    await sql`UPDATE shipments SET sanction_hits = '[]'::jsonb WHERE shipment_id = ANY(${ids}::bigint[])`.execute(t.db);
  });

  it('refuses an unknown kind of attention with a 400, in the summary and in searchnext', async () => {
    const response = await summary('airlineOperator', { filters: { Attention: ['Urgent'] } });
    expect(response.statusCode).toBe(400);
    const [id] = await openOwnShipments(1);
    const next = await t.get('airlineOperator', `/awbapi/searchnext?ShipmentId=${id}&Attention=Urgent`);
    expect(next.statusCode).toBe(400);
    expect(next.json().message).toBe('Attention must be among OpenHits, AwaitingReview, DeniedHit, HardBlock, DepartingSoon.');
    expect((await t.get('airlineOperator', `/awbapi/searchnext?ShipmentId=${id}&Attention=HardBlock,DeniedHit`)).statusCode).toBe(200);
  });
});

describe('GET /awbapi/searchnext', () => {
  it('walks the result in the summary order, both ways, and ends with null', async () => {
    const all = (await summary('airlineOperator', { dbOptions: { CurrentPage: 1, PageSize: 100, FieldName: 'FlightDate', OrderBy: 'DESC' } })).json().data.rows;
    const ids = all.map((row: { ShipmentId: string }) => row.ShipmentId);
    for (let index = 0; index < 5; index++) {
      const next = (await t.get('airlineOperator', `/awbapi/searchnext?ShipmentId=${ids[index]}&FieldName=FlightDate&OrderBy=DESC`)).json();
      expect(next.data.ShipmentId).toBe(ids[index + 1]);
      const previous = (
        await t.get('airlineOperator', `/awbapi/searchnext?ShipmentId=${ids[index + 1]}&FieldName=FlightDate&OrderBy=DESC&Direction=previous`)
      ).json();
      expect(previous.data.ShipmentId).toBe(ids[index]);
    }
    const [a, b] = all.slice(0, 2);
    const tags = `${a.AWBNumber},${b.AWBNumber}`;
    const ordered = [a, b].sort((x: { AWBNumber: string }, y: { AWBNumber: string }) => x.AWBNumber.localeCompare(y.AWBNumber));
    expect((await t.get('airlineOperator', `/awbapi/searchnext?ShipmentId=${ordered[0].ShipmentId}&AWBs=${tags}`)).json().data.ShipmentId).toBe(
      ordered[1].ShipmentId,
    );
    expect((await t.get('airlineOperator', `/awbapi/searchnext?ShipmentId=${ordered[1].ShipmentId}&AWBs=${tags}`)).json()).toEqual({ status: 1, data: null });
  });

  it('refuses a shipment outside the company view and malformed criteria', async () => {
    const other = await shipmentWhere(t, sql`s.awb_prefix = '020'`);
    const refused = await t.get('airlineOperator', `/awbapi/searchnext?ShipmentId=${other.shipment_id}`);
    expect(refused.json().status).toBe(-100001);
    expect((await t.get('airlineOperator', '/awbapi/searchnext?ShipmentId=abc')).statusCode).toBe(400);
    expect((await t.get('airlineOperator', '/awbapi/searchnext?ShipmentId=1&AWBs=160-1')).json().status).toBe(-50001);
    expect((await t.get('airlineOperator', '/awbapi/searchnext?ShipmentId=1&Status=Lost')).json().status).toBe(-50001);
    const sevenTags = Array.from({ length: 7 }, (_, index) => `160-${String(index + 1).padStart(8, '0')}`).join(',');
    const tooMany = await t.get('airlineOperator', `/awbapi/searchnext?ShipmentId=1&AWBs=${sevenTags}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ status: -50001, message: 'Only 5 input tag allowed.' });
    expect((await t.get('airlineOperator', '/awbapi/searchnext?ShipmentId=99999999999999999999')).statusCode).toBe(400);
  });
});

describe('GET /awbapi/overview', () => {
  it('counts the company view by status for today and the last 7 days, matching the filtered list', async () => {
    const today = isoDay(new Date());
    const { data } = (await t.get('airlineOperator', `/awbapi/overview?Today=${today}`)).json();
    expect(data.Today).toBe(today);
    expect(Object.keys(data.Last7DaysByStatus).sort()).toEqual(['Accept', 'Error', 'Eyeball', 'New', 'Nothing', 'Processing', 'Reject', 'Submit']);
    const listed = (await summary('airlineOperator', { filters: { FlightDateFrom: addDaysIso(today, -6), FlightDateTo: today, Status: ['New'] } })).json().data
      .total;
    expect(data.Last7DaysByStatus.New).toBe(listed);
    const todayListed = (await summary('airlineOperator', { filters: { FlightDateFrom: today, FlightDateTo: today, Status: ['Accept'] } })).json().data.total;
    expect(data.TodayByStatus.Accept).toBe(todayListed);
    expect((await t.get('airlineOperator', '/awbapi/overview?Today=1999-01-01')).statusCode).toBe(400);
  });

  it("refuses a day that does not exist, even next to the server's date, with a 400 and not a 500", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-04-30T12:00:00Z') });
    try {
      for (const day of ['2026-04-31', '2026-02-30', '2026-13-01']) {
        const response = await t.get('airlineOperator', `/awbapi/overview?Today=${day}`);
        expect(response.statusCode, day).toBe(400);
        expect(response.json().message).toBe('Today must be the current date.');
      }
      expect((await t.get('airlineOperator', '/awbapi/overview?Today=2026-05-01')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

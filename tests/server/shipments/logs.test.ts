import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { parse } from 'csv-parse/sync';
import { buildShipmentTestApp, shipmentWhere, type ShipmentTestApp } from './support';

let t: ShipmentTestApp;
beforeAll(async () => {
  t = await buildShipmentTestApp();
});
afterAll(() => t.close());

const log = (body: Record<string, unknown>) => t.post('airlineOperator', '/logapi/actionlogging', body);
const list = (query: Record<string, unknown>, user: 'airlineOperator' | 'forwarder' = 'airlineOperator') =>
  t.get(user, `/classicapi/shipmentlog?${new URLSearchParams(Object.fromEntries(Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)])))}`);

describe('POST /logapi/actionlogging', () => {
  it('logs what happens in the browser alone, for a shipment of the company, and its history on request', async () => {
    const own = await shipmentWhere(t, sql`s.awb_prefix = '160'`);
    const document = await t.db
      .selectFrom('shipment_documents')
      .select(['document_id', 'file_name'])
      .where('shipment_id', '=', own.shipment_id)
      .executeTakeFirstOrThrow();
    const response = await log({
      ActType: 'Print',
      DocType: 'AWB',
      strRemk: 'Printed from the viewer',
      isLogTransactionHistory: true,
      ShipmentID: own.shipment_id,
      ShipmentDocumentID: String(document.document_id),
      AWBPrefix: own.awb_prefix,
      AWBSuffix: own.awb_suffix,
      LogLevel: 2,
    });
    expect(response.json()).toEqual({ status: 1, data: { Logged: true } });
    await t.ctx.logs.flush();
    const entry = await t.db
      .selectFrom('action_log')
      .selectAll()
      .where('act_type', '=', 'Print')
      .where('awb_suffix', '=', own.awb_suffix)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ source: 'browser', doc_name: document.file_name, remarks: 'Printed from the viewer', log_level: 2, user_id: 'operator' });
    const event = await t.db
      .selectFrom('shipment_events')
      .select('description')
      .where('shipment_id', '=', own.shipment_id)
      .where('kind', '=', 'PRINT')
      .executeTakeFirstOrThrow();
    expect(event.description).toBe(`Print AWB ${document.file_name}: Printed from the viewer`);
  });

  it('refuses server-side actions, other companies’ shipments, mismatched AWBs and bad levels', async () => {
    const own = await shipmentWhere(t, sql`s.awb_prefix = '160'`);
    const other = await shipmentWhere(t, sql`s.awb_prefix = '020' AND s.shipment_id NOT IN (SELECT shipment_id FROM shipment_lendings)`);
    expect((await log({ ActType: 'Accept', ShipmentID: own.shipment_id })).json().message).toBe(
      'The browser may log Display, Download, Print only; the server logs the rest itself.',
    );
    expect((await log({ ActType: 'Display', ShipmentID: other.shipment_id })).json()).toMatchObject({
      status: -10000,
      message: 'This air waybill is not accessible.',
    });
    expect((await log({ ActType: 'Display', AWBPrefix: other.awb_prefix, AWBSuffix: other.awb_suffix })).json().status).toBe(-10000);
    expect((await log({ ActType: 'Display', ShipmentID: own.shipment_id, AWBPrefix: other.awb_prefix, AWBSuffix: other.awb_suffix })).json().status).toBe(
      -50001,
    );
    expect((await log({ ActType: 'Display', LogLevel: 9 })).statusCode).toBe(400);
    expect((await log({ ActType: 'Hack' })).statusCode).toBe(400);
    await t.ctx.logs.flush();
    expect(await t.db.selectFrom('action_log').select('log_id').where('awb_suffix', '=', other.awb_suffix).execute()).toHaveLength(0);
  });
});

describe('the shipment log (function 82)', () => {
  it('lists the company’s entries newest first, with filters and paging in simple-rest conventions', async () => {
    const own = await shipmentWhere(t, sql`s.awb_prefix = '297'`);
    await t.get('airlineOperator', `/awbapi/awbdetail/${own.shipment_id}`);
    await t.post('airlineOperator', '/awbapi/awbsummary', {
      fieldSearch: [{ AWBPrefix: own.awb_prefix, AWBSuffix: own.awb_suffix }],
      dbOptions: { CurrentPage: 1, PageSize: 10 },
    });
    const response = await list({ range: [0, 9], filter: { AWBNumber: `${own.awb_prefix}${own.awb_suffix}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('shipmentlog 0-1/2');
    const { data, total } = response.json();
    expect(total).toBe(2);
    expect(data.map((row: { ActionType: string }) => row.ActionType)).toEqual(['Search', 'Display']);
    expect(data[1]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        DateTime: expect.any(String),
        UserId: 'operator',
        AWBNumber: `${own.awb_prefix}-${own.awb_suffix}`,
        DocumentType: 'AWB',
        DocumentName: `AWB ${own.awb_prefix}-${own.awb_suffix}`,
      }),
    );

    const displays = (await list({ filter: { ActionType: 'Display' }, range: [0, 99] })).json().data;
    expect(displays.every((row: { ActionType: string }) => row.ActionType === 'Display')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ filter: { DateFrom: today, DateTo: today } })).json().total).toBeGreaterThanOrEqual(2);
    expect((await list({ filter: { DateTo: '2000-01-01' } })).json().total).toBe(0);
    const byUser = (await list({ sort: ['UserId', 'ASC'], range: [0, 0] })).json();
    expect(byUser.data).toHaveLength(1);
    // Another company sees none of it.
    expect((await list({ filter: { AWBNumber: `${own.awb_prefix}-${own.awb_suffix}` } }, 'forwarder')).json().total).toBe(0);
  });

  it('refuses malformed list parameters with 400', async () => {
    for (const query of [
      { sort: ['password', 'ASC'] },
      { range: [5, 1] },
      { filter: { ActionType: 'Hack' } },
      { filter: { AWBNumber: '160-1' } },
      { filter: { DateFrom: '2026-13-01' } },
    ]) {
      const response = await list(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().status).toBe(-50001);
    }
  });

  it('exports CSV with the filters, neutralising cells that would start a formula', async () => {
    const own = await shipmentWhere(t, sql`s.awb_prefix = '160'`, 3);
    await t.post('airlineOperator', '/logapi/actionlogging', {
      ActType: 'Print',
      DocType: '=HYPERLINK("http://evil")',
      strRemk: '@SUM(1+1)',
      ShipmentID: own.shipment_id,
    });
    const response = await t.get(
      'airlineOperator',
      `/classicapi/shipmentlog/export?filter=${encodeURIComponent(JSON.stringify({ AWBNumber: `${own.awb_prefix}-${own.awb_suffix}` }))}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="shipment-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(response.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'Action Type': 'Print',
      'AWB Number': `${own.awb_prefix}-${own.awb_suffix}`,
      'Document Type': `'=HYPERLINK("http://evil")`,
      Remarks: "'@SUM(1+1)",
      'User ID': 'operator',
    });
  });

  it('needs the user log function', async () => {
    await t.db.deleteFrom('role_functions').where('role_id', '=', 'OPERATOR').where('function_id', '=', 82).execute();
    await t.ctx.changes.sync();
    try {
      const response = await list({});
      expect(response.statusCode).toBe(403);
      expect(response.json().status).toBe(-10000);
    } finally {
      await t.db.insertInto('role_functions').values({ role_id: 'OPERATOR', function_id: 82 }).execute();
      await t.ctx.changes.sync();
    }
  });
});

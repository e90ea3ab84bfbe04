import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testApp';
import { shipmentWhere } from './support';
import { sql } from 'kysely';

/**
 * The shipment cache's row-only read (ONE Record's objects are made of the row alone): the row from memory when the
 * cache holds the shipment, whole or not, else the row alone is read and kept; a change of the shipment is never
 * answered from memory once announced; and the detail still gets the whole shipment after a row-only read.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('rowById', () => {
  it('reads the row alone, keeps it, answers a change once announced, and leaves the whole shipment to byId', async () => {
    const { shipment_id: id } = await shipmentWhere(t, sql`s.awb_prefix = '160'`);
    const first = await t.ctx.shipments.rowById(id);
    expect(first?.row.shipment_id).toBe(id);
    expect(first).not.toHaveProperty('history');
    // Kept: the same row object again.
    expect(await t.ctx.shipments.rowById(id)).toBe(first);
    // The detail's read finds a row-only entry not enough, and reads the whole shipment.
    const whole = await t.ctx.shipments.byId(id);
    expect(whole?.history).toBeDefined();
    expect(whole?.documents).toBeDefined();
    expect(await t.ctx.shipments.rowById(id)).toBe(whole);
    // A change: answered from the database once the feed has announced it.
    await t.db.updateTable('shipments').set({ goods_description: 'CHANGED FOR THE CACHE TEST' }).where('shipment_id', '=', id).execute();
    await t.ctx.changes.sync();
    expect((await t.ctx.shipments.rowById(id))?.row.goods_description).toBe('CHANGED FOR THE CACHE TEST');
    expect(await t.ctx.shipments.rowById('999999999')).toBeUndefined();
  });
});

describe('rowWithMessages', () => {
  it('reads the row with its message times in one statement, keeps them with the row, and learns them for a row read before', async () => {
    const { shipment_id: id, awb_prefix: prefix, awb_suffix: suffix } = await shipmentWhere(t, sql`s.awb_prefix = '160'`);
    const expected = await t.db
      .selectFrom('cargo_messages')
      .select('received_at')
      .where('awb_prefix', '=', prefix)
      .where('awb_suffix', '=', suffix)
      .where('shipment_id', '=', id)
      .where('outcome', 'in', ['created', 'updated'])
      .orderBy('received_at')
      .orderBy('message_id')
      .execute();
    await t.db.updateTable('shipments').set({ operator_remarks: 'read again' }).where('shipment_id', '=', id).execute();
    await t.ctx.changes.sync();
    const first = await t.ctx.shipments.rowWithMessages(id);
    expect(first?.row.shipment_id).toBe(id);
    expect(first?.messageTimes).toEqual(expected.map((row) => row.received_at));
    expect(first?.row).not.toHaveProperty('message_times');
    expect(await t.ctx.shipments.rowWithMessages(id)).toBe(first);
    // A row the detail read: its times are read once and stay with it.
    await t.db.updateTable('shipments').set({ operator_remarks: 'read by the detail' }).where('shipment_id', '=', id).execute();
    await t.ctx.changes.sync();
    const whole = await t.ctx.shipments.byId(id);
    const learnt = await t.ctx.shipments.rowWithMessages(id);
    expect(learnt).toBe(whole);
    expect(learnt?.messageTimes).toEqual(expected.map((row) => row.received_at));
    expect(await t.ctx.shipments.rowWithMessages('999999999')).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildShipmentTestApp, setShipment, shipmentWhere, type ShipmentTestApp } from './support';

/**
 * Messages follow the destination (issue 18, item 8): ACAS only for shipments that land in the
 * United States (destination or a stop on the way), ACI only for those that land in Canada; a
 * refusal says why and changes nothing, and awbapi/sendtargets tells the screen beforehand.
 */

let t: ShipmentTestApp;
beforeAll(async () => {
  t = await buildShipmentTestApp({}, 120);
});
afterAll(() => t.close());

let pick = 0;
/** A fresh accepted DEMOAIR shipment flying `stops` (origin first, destination last), consignee in `consigneeCountry`. */
async function routedShipment(stops: string[], { status = 'Accept', consigneeCountry = 'XX' } = {}) {
  const row = await shipmentWhere(t, sql`s.awb_prefix = '160' AND s.waybill IS NOT NULL`, pick++);
  const legs = stops.slice(0, -1).map((from, index) => ({ carrier: 'DL', flightNumber: `DL${index + 1}`, date: '2026-11-26', from, to: stops[index + 1] }));
  const updateDt = await setShipment(t, row.shipment_id, {
    status,
    origin: stops[0],
    destination: stops.at(-1),
    routing: JSON.stringify(legs),
    consignee: sql`jsonb_set(consignee, '{country}', to_jsonb(${consigneeCountry}::text))`,
  });
  return { id: row.shipment_id, updateDt, awb: `${row.awb_prefix}-${row.awb_suffix}` };
}

const send = (id: string, target: string, updateDt: string) =>
  t.post('airlineAdmin', '/awbapi/awbsend', { ShipmentId: id, Target: target, UpdateDT: updateDt });
const footprint = async (id: string) => ({
  shipment: await t.db.selectFrom('shipments').select(['status', 'update_dt']).where('shipment_id', '=', id).executeTakeFirstOrThrow(),
  messages: (await t.db.selectFrom('outbound_messages').select('target').where('shipment_id', '=', id).execute()).map((row) => row.target),
  events: (await t.db.selectFrom('shipment_events').select('event_id').where('shipment_id', '=', id).where('kind', '=', 'SEND').execute()).length,
});

describe('POST /awbapi/awbsend by destination', () => {
  it('refuses ACAS and ACI for Dubai to Shanghai, saying why, and changes nothing; Terminal and CSS go', async () => {
    const s = await routedShipment(['DXB', 'PVG']);
    const before = await footprint(s.id);
    const acas = await send(s.id, 'ACAS', s.updateDt);
    expect(acas.statusCode).toBe(200);
    expect(acas.json()).toEqual({
      status: -1,
      message: 'ACAS is only for shipments to or through the United States; this one goes DXB (AE) - PVG (CN).',
      data: { reason: 'notOnRoute' },
    });
    expect((await send(s.id, 'ACI', s.updateDt)).json()).toMatchObject({
      status: -1,
      message: 'ACI is only for shipments to or through Canada; this one goes DXB (AE) - PVG (CN).',
    });
    expect(await footprint(s.id)).toEqual(before);
    const terminal = await send(s.id, 'TERMINAL', s.updateDt);
    expect(terminal.json()).toMatchObject({ status: 1, data: { Status: 'Submit' } });
    expect((await footprint(s.id)).messages).toEqual(['TERMINAL']);
  });

  it('sends ACAS for a shipment to or through the United States, ACI for one to Canada', async () => {
    const through = await routedShipment(['HKG', 'LAX', 'MEX']);
    expect((await send(through.id, 'ACAS', through.updateDt)).json()).toMatchObject({ status: 1 });
    expect((await send(through.id, 'ACI', through.updateDt)).json().status).toBe(-1);

    // YYZ is not in the Location Code List: its country is the consignee's (CA), as the rules engine takes it.
    const toToronto = await routedShipment(['FRA', 'YYZ'], { consigneeCountry: 'CA' });
    expect((await send(toToronto.id, 'ACAS', toToronto.updateDt)).json()).toMatchObject({
      status: -1,
      message: 'ACAS is only for shipments to or through the United States; this one goes FRA (DE) - YYZ (CA).',
    });
    expect((await send(toToronto.id, 'ACI', toToronto.updateDt)).json()).toMatchObject({ status: 1, data: { Status: 'Submit' } });
    expect((await footprint(toToronto.id)).messages).toEqual(['ACI']);
  });

  it('refuses ACAS when a stop of unknown country might be the US one, naming it', async () => {
    const s = await routedShipment(['HKG', 'ZZZ', 'FRA']);
    expect((await send(s.id, 'ACAS', s.updateDt)).json()).toEqual({
      status: -1,
      message: 'The country of ZZZ is not known (not in the Location Code List): ACAS cannot tell whether the shipment lands in the United States.',
      data: { reason: 'countryUnknown' },
    });
  });
});

describe('POST /awbapi/sendtargets', () => {
  it('tells, per shipment, the refusal each target would get now', async () => {
    const dubai = await routedShipment(['DXB', 'PVG']);
    const newYork = await routedShipment(['FRA', 'JFK']);
    const open = await routedShipment(['FRA', 'JFK'], { status: 'New' });
    const answer = await t.post('airlineAdmin', '/awbapi/sendtargets', { ShipmentIds: [dubai.id, newYork.id, open.id, '999999999'] });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual([
      {
        ShipmentId: dubai.id,
        AWBNumber: dubai.awb,
        Refused: {
          ACAS: 'ACAS is only for shipments to or through the United States; this one goes DXB (AE) - PVG (CN).',
          ACI: 'ACI is only for shipments to or through Canada; this one goes DXB (AE) - PVG (CN).',
        },
      },
      {
        ShipmentId: newYork.id,
        AWBNumber: newYork.awb,
        Refused: { ACI: 'ACI is only for shipments to or through Canada; this one goes FRA (DE) - JFK (US).' },
      },
      {
        ShipmentId: open.id,
        AWBNumber: open.awb,
        Refused: Object.fromEntries(
          ['ACAS', 'ACI', 'TERMINAL', 'CSS'].map((target) => [target, 'Only accepted shipments can be sent; this one is in status New.']),
        ),
      },
      {
        ShipmentId: '999999999',
        AWBNumber: '',
        Refused: Object.fromEntries(['ACAS', 'ACI', 'TERMINAL', 'CSS'].map((target) => [target, 'This air waybill is not accessible.'])),
      },
    ]);
    // Another company's shipment: not even its AWB number is told.
    const other = await t.post('skyAdmin', '/awbapi/sendtargets', { ShipmentIds: [newYork.id] });
    expect(other.json().data[0]).toEqual({
      ShipmentId: newYork.id,
      AWBNumber: '',
      Refused: Object.fromEntries(['ACAS', 'ACI', 'TERMINAL', 'CSS'].map((target) => [target, 'This air waybill is not accessible.'])),
    });
  });

  it('answers for several shipments at once as for each alone, and as awbsend answers a shipment without its FWB', async () => {
    const legacy = await routedShipment(['FRA', 'JFK']);
    const legacyDt = await setShipment(t, legacy.id, { waybill: null });
    const shipments = [
      await routedShipment(['DXB', 'PVG']),
      await routedShipment(['HKG', 'LAX', 'MEX']),
      await routedShipment(['FRA', 'YYZ'], { consigneeCountry: 'CA' }),
      await routedShipment(['HKG', 'ZZZ', 'FRA']),
      await routedShipment(['FRA', 'JFK'], { status: 'New' }),
      legacy,
    ];
    const { airline_prefixes: prefixes } = await t.db
      .selectFrom('companies')
      .select('airline_prefixes')
      .where('company_id', '=', 'DEMOAIR')
      .executeTakeFirstOrThrow();
    const lendings = sql`SELECT l.shipment_id FROM shipment_lendings l WHERE l.company_id = 'DEMOAIR'`;
    const other = await shipmentWhere(t, sql`NOT s.awb_prefix = ANY(${prefixes}::bpchar[]) AND s.shipment_id NOT IN (${lendings})`);
    const lent = await shipmentWhere(t, sql`NOT s.awb_prefix = ANY(${prefixes}::bpchar[]) AND s.shipment_id IN (${lendings})`);
    const ids = [...shipments.map((shipment) => shipment.id), other.shipment_id, '999999999', lent.shipment_id];
    const checks = async (list: string[]) => (await t.post('airlineAdmin', '/awbapi/sendtargets', { ShipmentIds: list })).json().data;
    const together = await checks(ids);
    const alone = [];
    for (const id of ids) alone.push(...(await checks([id])));
    expect(together).toEqual(alone);
    expect(together.map((check: { ShipmentId: string }) => check.ShipmentId)).toEqual(ids);
    expect(together[1].Refused).toEqual({ ACI: 'ACI is only for shipments to or through Canada; this one goes HKG (HK) - LAX (US) - MEX (XX).' });
    expect(together[2].Refused).toEqual({ ACAS: 'ACAS is only for shipments to or through the United States; this one goes FRA (DE) - YYZ (CA).' });
    expect(together[3].Refused).toEqual({
      ACAS: 'The country of ZZZ is not known (not in the Location Code List): ACAS cannot tell whether the shipment lands in the United States.',
      ACI: 'The country of ZZZ is not known (not in the Location Code List): ACI cannot tell whether the shipment lands in Canada.',
    });
    expect(together[6]).toEqual({ ShipmentId: other.shipment_id, AWBNumber: '', Refused: together[7].Refused });
    expect(together[8]).toMatchObject({ ShipmentId: lent.shipment_id, AWBNumber: `${lent.awb_prefix}-${lent.awb_suffix}` });
    expect(Object.values(together[8].Refused)).toEqual(Array(4).fill('This air waybill is lent, and you do not have access right to the details.'));

    // A shipment without its FWB: refused every target, each as awbsend refuses it (the route first), and nothing changes.
    const legacyCheck = together[5];
    expect(Object.keys(legacyCheck.Refused)).toEqual(['ACAS', 'ACI', 'TERMINAL', 'CSS']);
    const before = await footprint(legacy.id);
    for (const target of ['ACAS', 'ACI', 'TERMINAL', 'CSS']) {
      const answer = (await send(legacy.id, target, legacyDt)).json();
      expect(answer.status, target).toBe(-1);
      expect(answer.message, target).toBe(legacyCheck.Refused[target]);
    }
    expect(legacyCheck.Refused.ACAS).toMatch(/^This shipment came before the portal kept the messages/);
    expect(legacyCheck.Refused.ACI).toBe('ACI is only for shipments to or through Canada; this one goes FRA (DE) - JFK (US).');
    expect(await footprint(legacy.id)).toEqual(before);
  });

  it("reads the carrier's Location Code List as it is now: a stop added to it has its country at once", async () => {
    const s = await routedShipment(['HKG', 'ZZZ', 'FRA']);
    const checks = async () => (await t.post('airlineAdmin', '/awbapi/sendtargets', { ShipmentIds: [s.id] })).json().data[0].Refused;
    expect((await checks()).ACAS).toMatch(/^The country of ZZZ is not known/);
    const row = await t.db
      .insertInto('rule_list_rows')
      .values({
        company_id: 'DEMOAIR',
        list_name: 'locationcodelist',
        row_values: JSON.stringify({ airportCode: 'zzz', locationName: 'Test Field', countryCode: 'us' }),
        unique_key: 'ZZZ',
        created_by: 'test',
        updated_by: 'test',
        updated_at: new Date(),
      })
      .returning('row_id')
      .executeTakeFirstOrThrow();
    try {
      expect(await checks()).toEqual({ ACI: 'ACI is only for shipments to or through Canada; this one goes HKG (HK) - ZZZ (US) - FRA (DE).' });
    } finally {
      await t.db.deleteFrom('rule_list_rows').where('row_id', '=', row.row_id).execute();
    }
    expect((await checks()).ACAS).toMatch(/^The country of ZZZ is not known/);
  });

  it('refuses a malformed request with the validation status', async () => {
    for (const payload of [{ ShipmentIds: [] }, { ShipmentIds: ['abc'] }, {}, { ShipmentIds: Array.from({ length: 101 }, (_, index) => String(index + 1)) }]) {
      const answer = await t.post('airlineAdmin', '/awbapi/sendtargets', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().status).toBe(-50001);
    }
  });
});

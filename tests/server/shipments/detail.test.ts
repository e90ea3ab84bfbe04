import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { compactUpdateDt } from '../../../src/domain/updateDt';
import { installAnswerCheck } from '../../../src/server/http/answerCheck';
import { awbDetailAnswer } from '../../../src/server/shipments/schemas';
import { countLog, buildShipmentTestApp, setShipment, shipmentWhere, type ShipmentTestApp } from './support';

let t: ShipmentTestApp;
beforeAll(async () => {
  t = await buildShipmentTestApp();
});
afterAll(() => t.close());

describe('GET /awbapi/awbdetail', () => {
  it('answers every block of the detail, by id and by AWB, and logs the display', async () => {
    const own = await shipmentWhere(t, sql`s.awb_prefix = '160' AND s.detail -> 'houses' <> '[]'::jsonb`);
    const before = await countLog(t, { act_type: 'Display', awb_suffix: own.awb_suffix });
    const byId = await t.get('airlineAdmin', `/awbapi/awbdetail/${own.shipment_id}`);
    expect(byId.statusCode).toBe(200);
    const detail = byId.json().data;
    expect(detail).toMatchObject({
      ShipmentId: own.shipment_id,
      AWBNumber: `${own.awb_prefix}-${own.awb_suffix}`,
      Status: own.status,
      UpdateDT: own.update_dt.toISOString(),
    });
    for (const block of [
      'Shipper',
      'Consignee',
      'Agent',
      'Routing',
      'Rate',
      'Charges',
      'Dimensions',
      'Declaration',
      'CustomsDeclarations',
      'Persons',
      'Houses',
      'Documents',
      'History',
      'Handling',
      'Can',
      'ComplianceChecks',
      'SanctionHits',
    ]) {
      expect(detail, block).toHaveProperty(block);
    }
    expect(detail.Shipper.name).toBeTruthy();
    expect(detail.CustomsDeclarations[0]).toEqual(
      expect.objectContaining({ countryCode: expect.any(String), customsId: expect.any(String), informationId: expect.any(String) }),
    );
    expect(detail.Persons[0]).toEqual(
      expect.objectContaining({ idOrLicense: expect.any(String), name: expect.any(String), stationCode: expect.any(String), verifier: expect.any(String) }),
    );
    expect(detail.Houses.length).toBeGreaterThan(1);
    expect(detail.Documents.map((document: { DocType: string }) => document.DocType)).toEqual(
      expect.arrayContaining(['AWB', 'House Manifest', 'House AWB airline']),
    );
    expect(detail.History.some((event: { Kind: string }) => event.Kind === 'FWB')).toBe(true);
    expect(await countLog(t, { act_type: 'Display', awb_suffix: own.awb_suffix })).toBe(before + 1);

    const byAwb = await t.get('airlineAdmin', `/awbapi/awbdetail/${own.awb_prefix}/${own.awb_suffix}`);
    expect(byAwb.json().data.ShipmentId).toBe(own.shipment_id);
  });

  it('answers SHIPMENT_NOT_FOUND with the AWB in the message, and the lent and not-accessible messages', async () => {
    const missing = await t.get('airlineAdmin', '/awbapi/awbdetail/160/99999990');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: -100001, message: 'There is no shipment found in AWB #160-99999990.' });
    expect((await t.get('airlineAdmin', '/awbapi/awbdetail/999999999')).json()).toEqual({ status: -100001, message: 'Record Not Found!' });

    const lent = await t.db.selectFrom('shipment_lendings').select('shipment_id').where('company_id', '=', 'DEMOAIR').executeTakeFirstOrThrow();
    const lentAnswer = await t.get('airlineOperator', `/awbapi/awbdetail/${lent.shipment_id}`);
    expect(lentAnswer.statusCode).toBe(403);
    expect(lentAnswer.json()).toEqual({
      status: -10000,
      message: 'This air waybill is lent, and you do not have access right to the details.',
      data: { reason: 'lent' },
    });

    const other = await shipmentWhere(t, sql`s.awb_prefix = '020' AND s.shipment_id NOT IN (SELECT shipment_id FROM shipment_lendings)`);
    const refused = await t.get('airlineOperator', `/awbapi/awbdetail/${other.awb_prefix}/${other.awb_suffix}`);
    expect(refused.json()).toEqual({ status: -10000, message: 'This air waybill is not accessible.', data: { reason: 'notAccessible' } });
    expect(await countLog(t, { act_type: 'Display', awb_suffix: other.awb_suffix })).toBe(0);
  });

  it('says for each action a user may not take why, as the server would refuse it (issue 36, 6)', async () => {
    const decided = await shipmentWhere(t, sql`s.awb_prefix = '160' AND s.status = 'Reject'`);
    const asOwner = (await t.get('airlineAdmin', `/awbapi/awbdetail/${decided.shipment_id}`)).json().data;
    expect(asOwner.Can).toMatchObject({ Accept: false, Reject: false, Mark: false, Modify: true });
    expect(asOwner.Why.Accept).toBe('This shipment is in status Reject and cannot be decided.');
    expect(Object.keys(asOwner.Why).sort()).toEqual(
      Object.entries(asOwner.Can as Record<string, boolean>)
        .filter(([, may]) => !may)
        .map(([action]) => action)
        .sort(),
    );
    // A forwarder decides nothing, and lends nothing.
    const forwarded = await shipmentWhere(t, sql`s.awb_prefix = '160' AND s.agent_company_id = 'DEMOFWD'`);
    const asForwarder = (await t.get('forwarder', `/awbapi/awbdetail/${forwarded.shipment_id}`)).json().data;
    expect(asForwarder.Why).toMatchObject({
      Accept: 'Your company cannot accept or reject shipments.',
      Lend: 'Only the airline that owns the AWB lends it or takes it back.',
    });
  });

  it('refuses malformed ids and AWBs with 400', async () => {
    for (const url of [
      '/awbapi/awbdetail/abc',
      '/awbapi/awbdetail/-1',
      '/awbapi/awbdetail/0',
      '/awbapi/awbdetail/16/12345675',
      '/awbapi/awbdetail/160/1234567x',
      '/awbapi/awbdetail/99999999999999999999999',
    ]) {
      const response = await t.get('airlineAdmin', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().status, url).toBe(-50001);
    }
  });

  it('is what its response schema describes: sent as JSON text, which no serialiser reads, it is checked here', async () => {
    // One shipment of each kind the detail shows: with houses, with sanction hits, with a notify party; and one with an eyeball check, lent out.
    const shipments = await Promise.all([
      shipmentWhere(t, sql`s.awb_prefix = '160' AND s.detail -> 'houses' <> '[]'::jsonb`),
      shipmentWhere(t, sql`s.awb_prefix = '160' AND jsonb_array_length(s.sanction_hits) > 0`),
      shipmentWhere(t, sql`s.awb_prefix = '160' AND s.notify IS NOT NULL`),
    ]);
    const lent = await shipmentWhere(t, sql`s.awb_prefix = '160' AND s.shipment_id NOT IN (SELECT shipment_id FROM shipment_lendings)`, 3);
    const eyeball = { result: 'PASS', remarks: 'Checked by eye.', userId: 'admin', companyId: 'DEMOAIR', at: new Date().toISOString() };
    const updateDt = await setShipment(t, lent.shipment_id, { eyeball_check: JSON.stringify(eyeball) });
    const lending = { ShipmentId: lent.shipment_id, CompanyId: 'SKYAIR' };
    expect((await t.post('airlineAdmin', '/awbapi/awblend', { ...lending, UpdateDT: updateDt })).json()).toMatchObject({ status: 1 });
    const schemaCheck = Fastify();
    installAnswerCheck(schemaCheck);
    let answer: unknown;
    schemaCheck.get('/detail', { schema: { response: { 200: awbDetailAnswer } } }, async () => answer);
    await schemaCheck.ready();
    for (const shipment of [...shipments, lent]) {
      const response = await t.get('airlineAdmin', `/awbapi/awbdetail/${shipment.shipment_id}`);
      expect(response.statusCode).toBe(200);
      answer = response.json();
      const checked = await schemaCheck.inject('/detail');
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json()).toEqual(answer);
    }
    const lentDetail = (answer as { data: { Eyeball: unknown; Lendings: unknown[] } }).data;
    expect(lentDetail.Eyeball).toMatchObject({ Result: 'PASS' });
    expect(lentDetail.Lendings).toHaveLength(1);
    const current = (answer as { data: { UpdateDT: string } }).data.UpdateDT;
    expect((await t.post('airlineAdmin', '/awbapi/awbtakeback', { ...lending, UpdateDT: current })).json()).toMatchObject({ status: 1 });
    await schemaCheck.close();
  });
});

describe('the handling lock', () => {
  it('is taken by role 3 of an airline, seen read-only by others, renewed, released, and lapses', async () => {
    const own = await shipmentWhere(t, sql`s.awb_prefix = '160' AND s.status = 'New' AND s.acceptance_block IS NULL`, 3);
    const first = (await t.get('airlineOperator', `/awbapi/awbdetail/${own.shipment_id}`)).json().data;
    expect(first.Handling).toEqual({ HeldByMe: true, HeldBy: null });
    expect(first.Can.Accept).toBe(true);
    // The admin (role 1) takes no lock and sees who holds it; decisions are refused meanwhile.
    const second = (await t.get('airlineAdmin', `/awbapi/awbdetail/${own.shipment_id}`)).json().data;
    expect(second.Handling).toMatchObject({ HeldByMe: false, HeldBy: { UserId: 'operator', UserName: 'Oscar Operator', CompanyId: 'DEMOAIR' } });
    expect(second.Can).toMatchObject({ Accept: false, Reject: false, Mark: false, Modify: false });
    // Each action it may not take says why (issue 36, 6: a disabled button's description).
    expect(second.Why.Accept).toMatch(/^This shipment is being handled by Oscar Operator \(DEMOAIR\) since /);
    expect(second.Why.Modify).toBe(second.Why.Accept);
    expect(first.Why).toEqual({
      AcceptDocument: 'Additional documents are accepted on shipments that are already accepted or rejected.',
      TakeBack: 'The shipment is not lent to anyone.',
    });
    const refused = await t.post('airlineAdmin', '/awbapi/awbapprove', {
      ShipmentId: own.shipment_id,
      ApproveType: 'NORMAL',
      ApproveReason: '',
      UpdateDT: second.UpdateDT,
      PendingUpdate: false,
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().status).toBe(-1);
    expect(refused.json().message).toMatch(/^This shipment is being handled by Oscar Operator \(DEMOAIR\) since /);

    const renewed = await t.post('airlineOperator', `/awbapi/renewhandling/${own.shipment_id}`);
    expect(renewed.json()).toEqual({ status: 1, data: { HeldByMe: true, HeldBy: null } });
    expect((await t.post('airlineAdmin', `/awbapi/deletehandling/${own.shipment_id}`)).json()).toEqual({ status: 1, data: { Released: false } });
    expect((await t.post('airlineOperator', `/awbapi/deletehandling/${own.shipment_id}`)).json()).toEqual({ status: 1, data: { Released: true } });
    expect((await t.get('airlineAdmin', `/awbapi/awbdetail/${own.shipment_id}`)).json().data.Handling).toEqual({ HeldByMe: true, HeldBy: null });

    // A lock not renewed for 5 minutes holds nothing, and another operator may take it.
    await t.get('airlineOperator', `/awbapi/awbdetail/${own.shipment_id}`);
    await t.db.updateTable('shipment_handling').set({ renewed_at: sql`now() - interval '6 minutes'` }).where('shipment_id', '=', own.shipment_id).execute();
    await t.ctx.changes.sync(); // a change made in SQL reaches the caches through its notification
    expect((await t.get('airlineAdmin', `/awbapi/awbdetail/${own.shipment_id}`)).json().data.Handling.HeldBy).toBeNull();
    const handler = await shipmentWhere(t, sql`s.awb_prefix = '160' AND s.status = 'New' AND (s.origin IN ('HKG', 'SIN') OR s.destination IN ('HKG', 'SIN'))`);
    await t.get('airlineOperator', `/awbapi/awbdetail/${handler.shipment_id}`);
    const gha = (await t.get('groundHandler', `/awbapi/awbdetail/${handler.shipment_id}`)).json().data;
    expect(gha.Handling.HeldBy).toMatchObject({ UserId: 'operator', CompanyId: 'DEMOAIR' });
    await t.db.updateTable('shipment_handling').set({ renewed_at: sql`now() - interval '6 minutes'` }).where('shipment_id', '=', handler.shipment_id).execute();
    await t.ctx.changes.sync(); // a change made in SQL reaches the caches through its notification
    expect((await t.post('groundHandler', `/awbapi/renewhandling/${handler.shipment_id}`)).json().data).toEqual({ HeldByMe: true, HeldBy: null });
    expect((await t.get('airlineOperator', `/awbapi/awbdetail/${handler.shipment_id}`)).json().data.Handling.HeldBy).toMatchObject({ CompanyId: 'DEMOGHA' });
  });

  it('lets exactly one of two operators opening at once hold it', async () => {
    const handler = await shipmentWhere(t, sql`s.awb_prefix = '297' AND (s.origin IN ('HKG', 'SIN') OR s.destination IN ('HKG', 'SIN'))`);
    const [a, b] = await Promise.all([
      t.get('airlineOperator', `/awbapi/awbdetail/${handler.shipment_id}`),
      t.get('groundHandler', `/awbapi/awbdetail/${handler.shipment_id}`),
    ]);
    const held = [a.json().data.Handling.HeldByMe, b.json().data.Handling.HeldByMe];
    expect(held.filter(Boolean)).toHaveLength(1);
  });
});

describe('lookups, sanction detail and awbcheckupdate', () => {
  it('answers the MIP list (1) and the additional remarks (11), and refuses other lists', async () => {
    // DEMOAIR keeps its own MIP action list (the admin rule list); DEMOGHA keeps none and gets the standard reasons.
    const mip = (await t.get('airlineOperator', '/awbapi/util/getlookupcode/1')).json();
    expect(mip.status).toBe(1);
    expect(mip.data[0]).toEqual({ Code: 'DOC01', Description: 'Air waybill data incomplete or unreadable' });
    expect(mip.data.at(-1)).toEqual({ Code: 'OTH99', Description: 'Other reason (see remark)' });
    expect((await t.get('groundHandler', '/awbapi/util/getlookupcode/1')).json().data[0]).toEqual({
      Code: 'DOC',
      Description: 'Documents missing or incomplete',
    });
    expect((await t.get('airlineOperator', '/awbapi/util/getlookupcode/11')).json().data.map((row: { Code: string }) => row.Code)).toContain('RESUBMIT');
    expect((await t.get('airlineOperator', '/awbapi/util/getlookupcode/2')).statusCode).toBe(400);
  });

  it('shows the stored sanction and compliance results', async () => {
    const hit = await shipmentWhere(t, sql`s.awb_prefix IN ('160', '297') AND s.sanction_hits <> '[]'::jsonb`);
    const { data } = (await t.get('airlineAdmin', `/awbapi/sanction/detail/${hit.shipment_id}`)).json();
    expect(data.SanctionHits[0]).toEqual(
      expect.objectContaining({
        riskLevel: expect.any(String),
        matchedPhrase: expect.any(String),
        score: expect.any(Number),
        list: expect.any(String),
        citation: expect.any(String),
      }),
    );
    expect(data.ComplianceChecks.length).toBeGreaterThan(0);
  });

  it('tells whether the shipment, and its FWB or FHL, changed since an UpdateDT', async () => {
    const own = await shipmentWhere(t, sql`s.awb_prefix = '297' AND s.status = 'New'`, 5);
    const url = (updateDt: string) => `/awbapi/util/awbcheckupdate/${own.shipment_id}/${compactUpdateDt(updateDt)}`;
    const current = own.update_dt.toISOString();
    expect((await t.get('airlineAdmin', url(current))).json().data).toEqual({ IsUpdated: false, IsFwbFhlUpdated: false, UpdateDT: current, Status: 'New' });
    // A corrected FWB arrives: the shipment changes (the trigger moves UpdateDT on) and its history says so.
    const changed = await setShipment(t, own.shipment_id, { pieces: 3 });
    await t.db
      .insertInto('shipment_events')
      .values({ shipment_id: own.shipment_id, kind: 'FWB', description: 'FWB received (correction)', company_id: null, user_id: null })
      .execute();
    expect(changed > current).toBe(true);
    expect((await t.get('airlineAdmin', url(current))).json().data).toEqual({ IsUpdated: true, IsFwbFhlUpdated: true, UpdateDT: changed, Status: 'New' });
    expect((await t.get('airlineAdmin', `/awbapi/util/awbcheckupdate/${own.shipment_id}/2026-11-22T10:15:30.123Z`)).statusCode).toBe(400);
    expect((await t.get('airlineAdmin', `/awbapi/util/awbcheckupdate/${own.shipment_id}/20261341T101530.123Z`)).json().status).toBe(-50001);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { StatusCode } from '../../src/domain/statusCodes';
import { classicCall } from './classicCall';
import { shipmentWhere } from './shipments/support';
import { bearer, buildAnotherInstance, buildTestApp, msUntil, signIn, type TestApp } from './testApp';

/**
 * The detail and the AWB search answer from each instance's shipment cache, and every instance
 * forgets a shipment the moment the database announces its change (issue 15): a decision made
 * through A is seen on B within a second, and on A itself at once; the handling lock taken through A
 * is reported on B. The time is what the test waits for, measured, never slept.
 */

let a: TestApp;
let b: TestApp;
let adminOnA: string;
let operatorOnA: string;
let secondOperatorOnB: string;

beforeAll(async () => {
  a = await buildTestApp({}, { shipments: 60 });
  b = await buildAnotherInstance(a);
  adminOnA = (await signIn(a.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
  operatorOnA = (await signIn(a.app, 'DEMOAIR', 'operator', 'Operator#12345')).access_token;
  const created = await classicCall(a.app, adminOnA, 'POST', '/users', {
    user_id: 'operator2',
    user_name: 'Second Operator',
    email: 'operator2@demoair.example',
    role_id: 'OPERATOR',
    password: 'Second#2024x',
  });
  expect(created.json().status).toBe(StatusCode.SUCCESS);
  secondOperatorOnB = (await signIn(b.app, 'DEMOAIR', 'operator2', 'Second#2024x')).access_token;
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const detail = async (instance: TestApp, token: string, id: string) => {
  const answer = await instance.app.inject({ method: 'GET', url: `/awbapi/awbdetail/${id}`, headers: bearer(token) });
  expect(answer.statusCode).toBe(200);
  return answer.json().data as {
    Status: string;
    UpdateDT: string;
    History: { Kind: string }[];
    Handling: { HeldByMe: boolean; HeldBy: { UserId: string } | null };
  };
};

const search = async (instance: TestApp, token: string, tag: { awb_prefix: string; awb_suffix: string }) =>
  (
    await instance.app.inject({
      method: 'POST',
      url: '/awbapi/awbsummary',
      headers: bearer(token),
      payload: {
        fieldSearch: [{ AWBPrefix: tag.awb_prefix, AWBSuffix: tag.awb_suffix }],
        dbOptions: { CurrentPage: 1, PageSize: 10, FieldName: 'AWBNumber', OrderBy: 'ASC' },
      },
    })
  ).json().data.rows as { Status: string }[];

describe('the shipment cache, two instances on one database', () => {
  it('answers from memory: a change made without its notification is not seen, the notification makes it seen', async () => {
    const shipment = await shipmentWhere(a, sql`s.awb_prefix = '160' AND s.status = 'New'`, 3);
    expect((await detail(b, secondOperatorOnB, shipment.shipment_id)).Status).toBe('New');
    await sql`ALTER TABLE shipments DISABLE TRIGGER shipments_changes`.execute(a.db);
    try {
      await a.db.updateTable('shipments').set({ operator_remarks: 'changed behind the cache' }).where('shipment_id', '=', shipment.shipment_id).execute();
    } finally {
      await sql`ALTER TABLE shipments ENABLE TRIGGER shipments_changes`.execute(a.db);
    }
    expect((await detail(b, secondOperatorOnB, shipment.shipment_id)) as unknown).not.toMatchObject({ OperatorRemarks: 'changed behind the cache' });
    await a.db.updateTable('shipments').set({ operator_remarks: 'changed behind the cache' }).where('shipment_id', '=', shipment.shipment_id).execute();
    expect(
      await msUntil(
        async () =>
          ((await detail(b, secondOperatorOnB, shipment.shipment_id)) as unknown as { OperatorRemarks: string }).OperatorRemarks === 'changed behind the cache',
      ),
    ).toBeLessThan(1000);
  });

  it('a decision made through A shows in its detail and AWB search on A at once, and on B within a second', async () => {
    const shipment = await shipmentWhere(a, sql`s.awb_prefix = '160' AND s.status = 'New' AND s.acceptance_block IS NULL`);
    const before = await detail(b, secondOperatorOnB, shipment.shipment_id);
    expect((await search(b, secondOperatorOnB, shipment))[0]!.Status).toBe('New');
    await b.app.inject({ method: 'POST', url: `/awbapi/deletehandling/${shipment.shipment_id}`, headers: bearer(secondOperatorOnB) });
    const shown = await detail(a, operatorOnA, shipment.shipment_id);
    const rejected = await a.app.inject({
      method: 'POST',
      url: '/awbapi/awbreject',
      headers: bearer(operatorOnA),
      payload: {
        ShipmentId: shipment.shipment_id,
        RejectReasons: [{ Code: 'DOC01', AdditionalRemarkCode: 'DOCS', Remarks: 'Invoice missing' }],
        UpdateDT: shown.UpdateDT,
        PendingUpdate: false,
      },
    });
    expect(rejected.json()).toMatchObject({ status: StatusCode.SUCCESS, data: { Status: 'Reject' } });
    // On A at once: the answer waited for A's own notification.
    const onA = await detail(a, operatorOnA, shipment.shipment_id);
    expect(onA.Status).toBe('Reject');
    expect(onA.History[0]!.Kind).toBe('REJECT');
    expect((await search(a, operatorOnA, shipment))[0]!.Status).toBe('Reject');
    // On B within a second.
    expect(await msUntil(async () => (await detail(b, secondOperatorOnB, shipment.shipment_id)).UpdateDT !== before.UpdateDT)).toBeLessThan(1000);
    expect((await detail(b, secondOperatorOnB, shipment.shipment_id)).Status).toBe('Reject');
    expect((await search(b, secondOperatorOnB, shipment))[0]!.Status).toBe('Reject');
  });

  it('the handling lock taken through A is reported on B within a second, and free again on B once A releases it', async () => {
    const shipment = await shipmentWhere(a, sql`s.awb_prefix = '160' AND s.status = 'New'`, 1);
    // B learns the lock is free (and its user takes it, then lets it go).
    expect((await detail(b, secondOperatorOnB, shipment.shipment_id)).Handling.HeldByMe).toBe(true);
    await b.app.inject({ method: 'POST', url: `/awbapi/deletehandling/${shipment.shipment_id}`, headers: bearer(secondOperatorOnB) });
    expect((await detail(a, operatorOnA, shipment.shipment_id)).Handling).toEqual({ HeldByMe: true, HeldBy: null });
    expect(await msUntil(async () => (await detail(b, secondOperatorOnB, shipment.shipment_id)).Handling.HeldBy?.UserId === 'operator')).toBeLessThan(1000);
    const released = await a.app.inject({ method: 'POST', url: `/awbapi/deletehandling/${shipment.shipment_id}`, headers: bearer(operatorOnA) });
    expect(released.json().data).toEqual({ Released: true });
    expect(await msUntil(async () => (await detail(b, secondOperatorOnB, shipment.shipment_id)).Handling.HeldByMe)).toBeLessThan(1000);
  });

  it("the summary's kept totals follow a status change and a shipment leaving the view, on B within a second", async () => {
    const totalOn = async (instance: TestApp, filters: Record<string, unknown> = {}) =>
      (
        await instance.app.inject({
          method: 'POST',
          url: '/awbapi/awbsummary',
          headers: bearer(secondOperatorOnB),
          payload: { fieldSearch: [], filters, dbOptions: { CurrentPage: 1, PageSize: 10, FieldName: 'AWBNumber', OrderBy: 'ASC' } },
        })
      ).json().data.total as number;
    const whole = await totalOn(b);
    const fresh = await totalOn(b, { Status: ['New'] });
    expect(await totalOn(b)).toBe(whole); // now kept
    const shipment = await shipmentWhere(a, sql`s.awb_prefix = '160' AND s.status = 'New'`, 2);
    try {
      await a.db.updateTable('shipments').set({ status: 'Error' }).where('shipment_id', '=', shipment.shipment_id).execute();
      expect(await msUntil(async () => (await totalOn(b, { Status: ['New'] })) === fresh - 1)).toBeLessThan(1000);
      expect(await totalOn(b)).toBe(whole);
      await a.db.updateTable('shipments').set({ awb_prefix: '020' }).where('shipment_id', '=', shipment.shipment_id).execute();
      expect(await msUntil(async () => (await totalOn(b)) === whole - 1)).toBeLessThan(1000);
    } finally {
      await a.db.updateTable('shipments').set({ awb_prefix: '160', status: 'New' }).where('shipment_id', '=', shipment.shipment_id).execute();
    }
    expect(await msUntil(async () => (await totalOn(b)) === whole && (await totalOn(b, { Status: ['New'] })) === fresh)).toBeLessThan(1000);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { buildShipmentTestApp, countLog, shipmentWhere, type ShipmentRow, type ShipmentTestApp, type UserKey } from './support';

/**
 * Lending from the AWB detail (issue 22, 10): the owning airline lends a shipment to another company
 * and takes it back; the borrower sees the summary row (flagged) and the lent message in between,
 * right after each call (no waiting for the change feed here: the route answers once it is applied).
 */

let t: ShipmentTestApp;
beforeAll(async () => {
  t = await buildShipmentTestApp();
});
afterAll(() => t.close());

const LENT_MESSAGE = 'This air waybill is lent, and you do not have access right to the details.';
const NOT_ACCESSIBLE = 'This air waybill is not accessible.';

let pick = 0;
/** A SKYAIR shipment lent to nobody and handled by nobody. */
async function skyShipment(): Promise<ShipmentRow> {
  return shipmentWhere(
    t,
    sql`s.awb_prefix = '618' AND s.shipment_id NOT IN (SELECT shipment_id FROM shipment_lendings) AND NOT EXISTS (SELECT 1 FROM shipment_handling h WHERE h.shipment_id = s.shipment_id)`,
    pick++,
  );
}

const updateDtOf = async (shipmentId: string) =>
  (await t.db.selectFrom('shipments').select('update_dt').where('shipment_id', '=', shipmentId).executeTakeFirstOrThrow()).update_dt.toISOString();

const lend = async (user: UserKey, shipment: ShipmentRow, companyId: string, updateDt?: string) =>
  t.post(user, '/awbapi/awblend', { ShipmentId: shipment.shipment_id, CompanyId: companyId, UpdateDT: updateDt ?? (await updateDtOf(shipment.shipment_id)) });
const takeBack = async (user: UserKey, shipment: ShipmentRow, companyId: string, updateDt?: string) =>
  t.post(user, '/awbapi/awbtakeback', {
    ShipmentId: shipment.shipment_id,
    CompanyId: companyId,
    UpdateDT: updateDt ?? (await updateDtOf(shipment.shipment_id)),
  });

/** What the user's AWB search finds of the shipment: its row, or why it is missing. */
async function searched(user: UserKey, shipment: ShipmentRow) {
  const response = await t.post(user, '/awbapi/awbsummary', {
    fieldSearch: [{ AWBPrefix: shipment.awb_prefix, AWBSuffix: shipment.awb_suffix }],
    dbOptions: { CurrentPage: 1, PageSize: 10 },
  });
  expect(response.statusCode).toBe(200);
  const data = response.json().data;
  return { row: data.rows[0] as { ShipmentId: string; IsLent: boolean } | undefined, missing: data.missing?.[0]?.Reason as string | undefined };
}

/** The user's summary listing: its total and whether the shipment is on the (only) page. */
async function listed(user: UserKey, shipment: ShipmentRow) {
  const data = (
    await t.post(user, '/awbapi/awbsummary', { fieldSearch: [], dbOptions: { CurrentPage: 1, PageSize: 100, FieldName: 'AWBNumber', OrderBy: 'DESC' } })
  ).json().data;
  return { total: data.total as number, shown: data.rows.some((row: { ShipmentId: string }) => row.ShipmentId === shipment.shipment_id) };
}

/** A business refusal (answers.refused): HTTP 200 with status -1, its reason and message. */
function refusedWith(answer: LightMyRequestResponse, body: Record<string, unknown>) {
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json()).toMatchObject(body);
}

/** Everything a lending call could change about a shipment. */
async function footprint(shipmentId: string) {
  const [lendings, events, logs, audit, row] = await Promise.all([
    t.db.selectFrom('shipment_lendings').selectAll().where('shipment_id', '=', shipmentId).orderBy('company_id').execute(),
    t.db.selectFrom('shipment_events').select(sql<string>`count(*)`.as('n')).where('shipment_id', '=', shipmentId).executeTakeFirstOrThrow(),
    t.db
      .selectFrom('action_log')
      .select(sql<string>`count(*)`.as('n'))
      .where('shipment_id', '=', shipmentId)
      .where('act_type', 'in', ['Lend', 'TakeBack'])
      .executeTakeFirstOrThrow(),
    t.db
      .selectFrom('audit_log')
      .select(sql<string>`count(*)`.as('n'))
      .where('entity', '=', 'shipment_lending')
      .where('entity_key', 'like', `${shipmentId}|%`)
      .executeTakeFirstOrThrow(),
    t.db.selectFrom('shipments').select(['update_dt', 'status']).where('shipment_id', '=', shipmentId).executeTakeFirstOrThrow(),
  ]);
  return { lendings, events, logs, audit, row };
}

describe('lending a shipment and taking it back', () => {
  it('shows the borrower the summary row and the lent message right after the lending, and nothing right after the take-back', async () => {
    const shipment = await skyShipment();
    // Before: DEMOAIR has no relation to it (and has read its summary and the detail, so any cache holds that).
    const totalBefore = (await listed('airlineOperator', shipment)).total;
    expect(await searched('airlineOperator', shipment)).toEqual({ row: undefined, missing: 'notAccessible' });
    expect((await t.get('airlineOperator', `/awbapi/awbdetail/${shipment.shipment_id}`)).json()).toMatchObject({ status: -10000, message: NOT_ACCESSIBLE });
    const ownerBefore = (await t.get('skyAdmin', `/awbapi/awbdetail/${shipment.shipment_id}`)).json().data;
    expect(ownerBefore.Lendings).toEqual([]);
    expect(ownerBefore.Can).toMatchObject({ Lend: true, TakeBack: false });

    const lent = await lend('skyAdmin', shipment, 'DEMOAIR', ownerBefore.UpdateDT);
    expect(lent.statusCode).toBe(200);
    expect(lent.json().data).toMatchObject({ ShipmentId: shipment.shipment_id, Status: shipment.status });
    expect(lent.json().data.UpdateDT > ownerBefore.UpdateDT).toBe(true);

    // The borrower, at once: the row in its search and its listing, flagged; the details refused with the lent message.
    expect(await searched('airlineOperator', shipment)).toEqual({
      row: expect.objectContaining({ ShipmentId: shipment.shipment_id, IsLent: true }),
      missing: undefined,
    });
    expect((await listed('airlineOperator', shipment)).total).toBe(totalBefore + 1);
    const refused = await t.get('airlineOperator', `/awbapi/awbdetail/${shipment.shipment_id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: -10000, message: LENT_MESSAGE, data: { reason: 'lent' } });
    // The owner sees to whom, since when and by whom.
    const ownerAfter = (await t.get('skyAdmin', `/awbapi/awbdetail/${shipment.shipment_id}`)).json().data;
    expect(ownerAfter.UpdateDT).toBe(lent.json().data.UpdateDT);
    expect(ownerAfter.Lendings).toEqual([
      { CompanyId: 'DEMOAIR', CompanyName: 'Demo Airlines', LentAt: expect.any(String), LentByCompany: 'SKYAIR', LentByUser: 'admin' },
    ]);
    expect(ownerAfter.Can).toMatchObject({ Lend: true, TakeBack: true });
    expect(ownerAfter.History[0]).toMatchObject({
      Kind: 'LEND',
      // The history is shown to the shipment's forwarder and handlers too: it does not name the borrower (the owner's Lendings do).
      Description: 'Lent to another company: it sees the shipment in its summary, not its details',
      CompanyId: 'SKYAIR',
      UserId: 'admin',
    });

    // Company ids are matched without regard to case.
    const back = await takeBack('skyAdmin', shipment, 'demoair', ownerAfter.UpdateDT);
    expect(back.statusCode).toBe(200);
    expect(await searched('airlineOperator', shipment)).toEqual({ row: undefined, missing: 'notAccessible' });
    expect(await listed('airlineOperator', shipment)).toEqual({ total: totalBefore, shown: false });
    expect((await t.get('airlineOperator', `/awbapi/awbdetail/${shipment.shipment_id}`)).json()).toMatchObject({ status: -10000, message: NOT_ACCESSIBLE });
    const ownerLast = (await t.get('skyAdmin', `/awbapi/awbdetail/${shipment.shipment_id}`)).json().data;
    expect(ownerLast.Lendings).toEqual([]);
    expect(ownerLast.Can).toMatchObject({ Lend: true, TakeBack: false });
    expect(ownerLast.History[0]).toMatchObject({
      Kind: 'TAKE_BACK',
      Description: expect.stringMatching(/^Taken back from the company it was lent to since \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/),
      UserId: 'admin',
    });
  });

  it('writes who and when in the history, the user log and the audit log, each with its change', async () => {
    const shipment = await skyShipment();
    expect((await lend('skyAdmin', shipment, 'DEMOAIR')).json().status).toBe(1);
    expect((await takeBack('skyAdmin', shipment, 'DEMOAIR')).json().status).toBe(1);

    const events = await t.db
      .selectFrom('shipment_events')
      .select(['kind', 'company_id', 'user_id', 'at'])
      .where('shipment_id', '=', shipment.shipment_id)
      .where('kind', 'in', ['LEND', 'TAKE_BACK'])
      .orderBy('event_id')
      .execute();
    expect(events.map((event) => [event.kind, event.company_id, event.user_id])).toEqual([
      ['LEND', 'SKYAIR', 'admin'],
      ['TAKE_BACK', 'SKYAIR', 'admin'],
    ]);
    expect(await countLog(t, { act_type: 'Lend', awb_suffix: shipment.awb_suffix, company_id: 'SKYAIR', user_id: 'admin' })).toBe(1);
    expect(await countLog(t, { act_type: 'TakeBack', awb_suffix: shipment.awb_suffix, company_id: 'SKYAIR', user_id: 'admin' })).toBe(1);
    // The owner's user log names the borrower; the history, which the shipment's forwarder and handlers see too, does not.
    const remarks = await t.db
      .selectFrom('action_log')
      .select('remarks')
      .where('awb_suffix', '=', shipment.awb_suffix)
      .where('act_type', 'in', ['Lend', 'TakeBack'])
      .execute();
    expect(remarks.map((row) => row.remarks)).toEqual([expect.stringContaining('Demo Airlines (DEMOAIR)'), expect.stringContaining('Demo Airlines (DEMOAIR)')]);
    const history = await t.db
      .selectFrom('shipment_events')
      .select('description')
      .where('shipment_id', '=', shipment.shipment_id)
      .where('kind', 'in', ['LEND', 'TAKE_BACK'])
      .execute();
    expect(history.map((row) => row.description).join(' ')).not.toMatch(/DEMOAIR|Demo Airlines/);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'shipment_lending')
      .where('entity_key', '=', `${shipment.shipment_id}|DEMOAIR`)
      .orderBy('audit_id')
      .execute();
    expect(audit.map((entry) => [entry.action, entry.company_id, entry.user_id, entry.before_value === null, entry.after_value === null])).toEqual([
      ['lend', 'SKYAIR', 'admin', true, false],
      ['take-back', 'SKYAIR', 'admin', false, true],
    ]);
    expect(audit[0].after_value).toMatchObject({ ShipmentId: shipment.shipment_id, CompanyId: 'DEMOAIR', AWBNumber: `618-${shipment.awb_suffix}` });
    expect(audit[1].before_value).toMatchObject({ CompanyId: 'DEMOAIR', LentBy: 'SKYAIR', LentByUser: 'admin' });
  });

  it('lets any user of the owning airline holding the shipment function lend: an operator too', async () => {
    const own = await shipmentWhere(
      t,
      sql`s.awb_prefix = '160' AND s.shipment_id NOT IN (SELECT shipment_id FROM shipment_lendings) AND NOT EXISTS (SELECT 1 FROM shipment_handling h WHERE h.shipment_id = s.shipment_id)`,
    );
    expect((await lend('airlineOperator', own, 'SKYAIR')).json()).toMatchObject({ status: 1 });
    expect((await searched('skyAdmin', own)).row).toMatchObject({ IsLent: true });
    expect((await takeBack('airlineOperator', own, 'SKYAIR')).json()).toMatchObject({ status: 1 });
    expect((await searched('skyAdmin', own)).row).toBeUndefined();
  });

  it('refuses the borrower, another company, and those who handle the shipment without owning it, changing nothing', async () => {
    const lentToDemoair = await shipmentWhere(t, sql`s.shipment_id IN (SELECT shipment_id FROM shipment_lendings WHERE company_id = 'DEMOAIR')`);
    const before = await footprint(lentToDemoair.shipment_id);
    for (const call of [lend, takeBack]) {
      // The borrower: the lent message, as on every call about the shipment but the summary.
      const borrower = await call('airlineAdmin', lentToDemoair, 'DEMOAIR');
      expect(borrower.statusCode).toBe(403);
      expect(borrower.json()).toEqual({ status: -10000, message: LENT_MESSAGE, data: { reason: 'lent' } });
      expect((await call('airlineOperator', lentToDemoair, 'DEMOFWD')).json()).toMatchObject({ status: -10000, message: LENT_MESSAGE });
      // A company with no relation to it: not accessible.
      const stranger = await call('forwarder', lentToDemoair, 'DEMOAIR');
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json()).toEqual({ status: -10000, message: NOT_ACCESSIBLE, data: { reason: 'notAccessible' } });
    }
    expect(await footprint(lentToDemoair.shipment_id)).toEqual(before);

    // A forwarder (its agent) and a ground handler (its station) see the shipment as their own, but do not own the air waybill.
    const forwarded = await shipmentWhere(t, sql`s.agent_company_id = 'DEMOFWD'`);
    const handled = await shipmentWhere(t, sql`(s.origin IN ('HKG', 'SIN') OR s.destination IN ('HKG', 'SIN')) AND s.awb_prefix <> '160'`);
    for (const [user, shipment] of [
      ['forwarder', forwarded],
      ['groundHandler', handled],
    ] as const) {
      const was = await footprint(shipment.shipment_id);
      for (const call of [lend, takeBack]) {
        refusedWith(await call(user, shipment, 'FASTFWD'), {
          status: -1,
          message: 'Only the airline that owns this air waybill can lend it or take it back.',
          data: { reason: 'notOwner' },
        });
      }
      refusedWith(await t.get(user, `/awbapi/util/lendcompanies/${shipment.shipment_id}`), { status: -1, data: { reason: 'notOwner' } });
      // Its detail neither tells it the lendings nor offers to lend.
      const detail = (await t.get(user, `/awbapi/awbdetail/${shipment.shipment_id}`)).json().data;
      expect(detail.Lendings, user).toBeNull();
      expect(detail.Can, user).toMatchObject({ Lend: false, TakeBack: false });
      expect(await footprint(shipment.shipment_id)).toEqual(was);
    }
  });

  it('answers bad input with 400 and a clear message, and refuses what the state forbids, changing nothing', async () => {
    const shipment = await skyShipment();
    const agented = await shipmentWhere(
      t,
      sql`s.awb_prefix = '618' AND s.agent_company_id = 'DEMOFWD' AND s.shipment_id NOT IN (SELECT shipment_id FROM shipment_lendings)`,
    );
    expect((await lend('skyAdmin', shipment, 'FASTFWD')).json().status).toBe(1);
    const before = await footprint(shipment.shipment_id);
    const cases: [() => ReturnType<typeof lend>, number | 'refused', Record<string, unknown>][] = [
      [() => lend('skyAdmin', shipment, 'NOSUCHCO'), 400, { status: -50001, message: 'There is no company NOSUCHCO.' }],
      [() => lend('skyAdmin', shipment, 'not a company'), 400, { status: -50001, message: 'There is no company not a company.' }],
      [() => lend('skyAdmin', shipment, '  '), 400, { status: -50001, message: 'Please choose the company to lend this air waybill to.' }],
      [
        () => lend('skyAdmin', shipment, 'skyair'),
        400,
        { status: -50001, message: 'This air waybill is your company’s own: choose another company to lend it to.' },
      ],
      [
        () => lend('skyAdmin', shipment, 'FASTFWD'),
        'refused',
        { status: -1, message: 'This air waybill is already lent to Fast Forwarders GmbH (FASTFWD).', data: { reason: 'alreadyLent' } },
      ],
      [
        () => takeBack('skyAdmin', shipment, 'DEMOGHA'),
        'refused',
        { status: -1, message: 'This air waybill is not lent to Demo Ground Handling (DEMOGHA).', data: { reason: 'notLent' } },
      ],
      [() => takeBack('skyAdmin', shipment, 'NOSUCHCO'), 400, { status: -50001, message: 'There is no company NOSUCHCO.' }],
      [() => lend('skyAdmin', shipment, 'DEMOGHA', '2020-01-01T00:00:00.000Z'), 'refused', { status: -1, data: { reason: 'stale' } }],
    ];
    for (const [call, statusCode, body] of cases) {
      const answer = await call();
      if (statusCode === 'refused') refusedWith(answer, body);
      else expect(answer.statusCode, answer.body).toBe(statusCode);
      expect(answer.json()).toMatchObject(body);
    }
    // The schema: a body without the company.
    const malformed = await t.post('skyAdmin', '/awbapi/awblend', { ShipmentId: shipment.shipment_id, UpdateDT: before.row.update_dt.toISOString() });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: -50001, message: expect.stringContaining('CompanyId') });
    expect(await footprint(shipment.shipment_id)).toEqual(before);

    // A company that sees the shipment as its own already (its agent) gets nothing from a lending.
    const was = await footprint(agented.shipment_id);
    refusedWith(await lend('skyAdmin', agented, 'DEMOFWD'), {
      status: -1,
      message: 'Demo Freight Forwarding Ltd (DEMOFWD) sees this air waybill as its own already: there is nothing to lend.',
      data: { reason: 'borrowerOwns' },
    });
    expect(await footprint(agented.shipment_id)).toEqual(was);
  });

  it('is refused while another user handles the shipment, as every change', async () => {
    const own = await shipmentWhere(
      t,
      sql`s.awb_prefix = '297' AND s.shipment_id NOT IN (SELECT shipment_id FROM shipment_lendings) AND NOT EXISTS (SELECT 1 FROM shipment_handling h WHERE h.shipment_id = s.shipment_id)`,
    );
    // The operator opens it (role 3 of an airline: the handling lock); the admin's detail says it cannot lend now.
    expect((await t.get('airlineOperator', `/awbapi/awbdetail/${own.shipment_id}`)).statusCode).toBe(200);
    expect((await t.get('airlineAdmin', `/awbapi/awbdetail/${own.shipment_id}`)).json().data.Can).toMatchObject({ Lend: false, TakeBack: false });
    const before = await footprint(own.shipment_id);
    refusedWith(await lend('airlineAdmin', own, 'SKYAIR'), { status: -1, data: { reason: 'heldByOther' } });
    expect(await footprint(own.shipment_id)).toEqual(before);
  });

  it('lists the companies the owner may lend to: not itself, not those it is lent to, not those that see it as their own', async () => {
    const agented = await shipmentWhere(
      t,
      sql`s.awb_prefix = '618' AND s.agent_company_id = 'DEMOFWD' AND (s.origin IN ('HKG', 'SIN') OR s.destination IN ('HKG', 'SIN')) AND s.shipment_id NOT IN (SELECT shipment_id FROM shipment_lendings)`,
    );
    expect((await lend('skyAdmin', agented, 'FASTFWD')).json().status).toBe(1);
    const answer = await t.get('skyAdmin', `/awbapi/util/lendcompanies/${agented.shipment_id}`);
    expect(answer.statusCode).toBe(200);
    const ids = answer.json().data.map((company: { CompanyId: string }) => company.CompanyId);
    expect(ids).toContain('DEMOAIR');
    for (const excluded of ['SKYAIR', 'FASTFWD', 'DEMOFWD', 'DEMOGHA']) expect(ids).not.toContain(excluded);
    expect(answer.json().data.find((company: { CompanyId: string }) => company.CompanyId === 'DEMOAIR')).toEqual({
      CompanyId: 'DEMOAIR',
      CompanyName: 'Demo Airlines',
      CompanyTypeId: 1,
    });
    // The borrower gets what it gets on every call about the shipment but the summary.
    const lentToDemoair = await shipmentWhere(t, sql`s.shipment_id IN (SELECT shipment_id FROM shipment_lendings WHERE company_id = 'DEMOAIR')`);
    expect((await t.get('airlineOperator', `/awbapi/util/lendcompanies/${lentToDemoair.shipment_id}`)).json()).toMatchObject({
      status: -10000,
      message: LENT_MESSAGE,
    });
  });
});

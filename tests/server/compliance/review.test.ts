import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { bearer, buildTestApp, signIn, type TestApp } from '../testApp';
import { demoFwb, postMessage } from './messages';
import { addListRow, INTERNAL_SANCTION_ENTRY } from './ruleRows';

/**
 * The sanction tab's calls (issue 6): a screened shipment with a hit, escalate and cancel, approve,
 * deny and clear by compliance reviewers only, each with a remark, optimistic on UpdateDT; the
 * accept button refused while a hit is open; resend screens again; the ad hoc name check.
 */

let t: TestApp;
let admin: string;
let operator: string;
let forwarder: string;

const REMARK = 'Checked the consignee against the listing: different registration.';

interface Hit {
  hitId: string;
  state: string;
  entryId: string;
  party: string;
}

async function screened(serial: number, consignee: string) {
  const response = await postMessage(
    t.app,
    admin,
    demoFwb(serial, (waybill) => (waybill.consignee.name = consignee)),
  );
  expect(response.statusCode).toBe(201);
  return response.json().data as { ShipmentId: string; AWBNumber: string; Status: string };
}

async function sanctionDetail(token: string, shipmentId: string) {
  const response = await t.app.inject({ method: 'GET', url: `/awbapi/sanction/detail/${shipmentId}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    UpdateDT: string;
    Status: string;
    SanctionHits: Hit[];
    Can: Record<string, boolean>;
    ComplianceChecks: { list: string; effect: string }[];
  };
}

async function save(token: string, shipmentId: string, awb: string, updateDt: string, decisions: { HitId: string; Decision: string; Remark: string }[]) {
  const [prefix, suffix] = awb.split('-');
  return t.app.inject({
    method: 'POST',
    url: '/awbapi/sanction/save',
    headers: bearer(token),
    payload: { ShipmentId: shipmentId, AWBPrefix: prefix, AWBSuffix: suffix, UpdateDT: updateDt, PendingUpdate: false, decisions },
  });
}

async function accept(token: string, shipmentId: string, updateDt: string, remark = '') {
  return t.app.inject({
    method: 'POST',
    url: '/awbapi/awbapprove',
    headers: bearer(token),
    payload: { ShipmentId: shipmentId, ApproveType: 'NORMAL', ApproveReason: remark, UpdateDT: updateDt, PendingUpdate: false },
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
  operator = (await signIn(t.app, 'DEMOAIR', 'operator', 'Operator#12345')).access_token;
  forwarder = (await signIn(t.app, 'DEMOFWD', 'operator', 'Operator#12345')).access_token;
});
afterAll(() => t.close());

describe('a screened shipment with a hit', () => {
  it('is Eyeball with an open hit that says why, and accept is refused while it is open, even after the eyeball check', async () => {
    const shipment = await screened(9_200_001, 'GLOBAL STAR GENERAL TRADING LLC');
    expect(shipment.Status).toBe('Eyeball');
    const detail = await sanctionDetail(operator, shipment.ShipmentId);
    expect(detail.SanctionHits).toEqual([
      expect.objectContaining({ state: 'OPEN', entryId: 'INT-0001', party: 'Consignee', matchedPhrase: 'GLOBAL STAR GENERAL TRADING' }),
    ]);
    expect(detail.ComplianceChecks).toContainEqual(expect.objectContaining({ list: 'sanctionlist', effect: 'eyeball' }));
    expect(detail.Can).toMatchObject({ Escalate: true, Review: false });
    const mark = await t.app.inject({
      method: 'POST',
      url: '/awbapi/awbmark',
      headers: bearer(operator),
      payload: { ShipmentId: shipment.ShipmentId, Result: 'PASS', Remarks: 'Labels and pieces checked', UpdateDT: detail.UpdateDT },
    });
    expect(mark.statusCode).toBe(200);
    const refused = await accept(operator, shipment.ShipmentId, mark.json().data.UpdateDT);
    expect(refused.json()).toMatchObject({ status: -1 });
    expect(refused.json().message).toBe('This shipment has 1 open sanction hit(s): they must be decided in the sanction tab before it can be accepted.');
  });

  it('operators escalate and cancel escalation; only reviewers clear, and then the shipment can be accepted', async () => {
    const shipment = await screened(9_200_002, 'GLOBAL STAR GENERAL TRADING LLC');
    let detail = await sanctionDetail(operator, shipment.ShipmentId);
    const hitId = detail.SanctionHits[0].hitId;
    const escalated = await save(operator, shipment.ShipmentId, shipment.AWBNumber, detail.UpdateDT, [
      { HitId: hitId, Decision: 'ESCALATE', Remark: 'Name matches a listed trading company.' },
    ]);
    expect(escalated.statusCode).toBe(200);
    detail = await sanctionDetail(operator, shipment.ShipmentId);
    expect(detail.SanctionHits[0].state).toBe('ESCALATED');
    const notReviewer = await save(operator, shipment.ShipmentId, shipment.AWBNumber, detail.UpdateDT, [{ HitId: hitId, Decision: 'CLEAR', Remark: REMARK }]);
    expect(notReviewer.json()).toMatchObject({ status: -1 });
    expect(notReviewer.json().message).toBe('Only compliance reviewers (the Sanction Review function) can approve, deny or clear a hit.');
    const back = await save(operator, shipment.ShipmentId, shipment.AWBNumber, detail.UpdateDT, [
      { HitId: hitId, Decision: 'CANCEL_ESCALATION', Remark: 'Escalated by mistake, wrong shipment.' },
    ]);
    expect(back.statusCode).toBe(200);
    detail = await sanctionDetail(admin, shipment.ShipmentId);
    expect(detail.SanctionHits[0].state).toBe('OPEN');
    expect(detail.Can.Review).toBe(true);
    const cleared = await save(admin, shipment.ShipmentId, shipment.AWBNumber, detail.UpdateDT, [{ HitId: hitId, Decision: 'CLEAR', Remark: REMARK }]);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ OpenHits: 0 });
    expect(cleared.json().data.Status).not.toBe('Eyeball');
    const accepted = await accept(operator, shipment.ShipmentId, cleared.json().data.UpdateDT);
    expect(accepted.json().status).toBe(1);
    // The history tells the whole review.
    const events = await t.db
      .selectFrom('shipment_events')
      .select('description')
      .where('shipment_id', '=', shipment.ShipmentId)
      .where('kind', '=', 'SANCTION')
      .orderBy('event_id')
      .execute();
    expect(events.map((event) => event.description.split(')')[1].split(':')[0].trim())).toEqual(['escalated', 'de-escalated', 'cleared']);
  });

  it('a denied hit blocks acceptance; rejecting stays possible', async () => {
    const shipment = await screened(9_200_003, 'KOMID TRADING OFFICE');
    const detail = await sanctionDetail(admin, shipment.ShipmentId);
    const denied = await save(admin, shipment.ShipmentId, shipment.AWBNumber, detail.UpdateDT, [
      { HitId: detail.SanctionHits[0].hitId, Decision: 'DENY', Remark: 'Confirmed match with the UN listing (KOMID).' },
    ]);
    expect(denied.statusCode).toBe(200);
    const refused = await accept(admin, shipment.ShipmentId, denied.json().data.UpdateDT);
    expect(refused.json()).toMatchObject({ status: -1, data: { reason: 'hardBlock' } });
    const reject = await t.app.inject({
      method: 'POST',
      url: '/awbapi/awbreject',
      headers: bearer(admin),
      payload: { ShipmentId: shipment.ShipmentId, RejectReasons: [{ Code: 'SEC01' }], UpdateDT: denied.json().data.UpdateDT, PendingUpdate: false },
    });
    expect(reject.json().status).toBe(1);
  });

  it('refuses bad decisions with a clear message and changes nothing', async () => {
    const shipment = await screened(9_200_004, 'GLOBAL STAR GENERAL TRADING LLC');
    const detail = await sanctionDetail(admin, shipment.ShipmentId);
    const hitId = detail.SanctionHits[0].hitId;
    const short = await save(admin, shipment.ShipmentId, shipment.AWBNumber, detail.UpdateDT, [{ HitId: hitId, Decision: 'CLEAR', Remark: 'ok' }]);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('The remark must be 10 to 5000 characters.');
    const unknown = await save(admin, shipment.ShipmentId, shipment.AWBNumber, detail.UpdateDT, [{ HitId: 'HZZZZZZ', Decision: 'CLEAR', Remark: REMARK }]);
    expect(unknown.statusCode).toBe(400);
    const stale = await save(admin, shipment.ShipmentId, shipment.AWBNumber, '2020-01-01T00:00:00.000Z', [{ HitId: hitId, Decision: 'CLEAR', Remark: REMARK }]);
    expect(stale.json()).toMatchObject({ status: -1, data: { reason: 'stale' } });
    expect(stale.json().message).toBe('This shipment has changed since you opened it. Please refresh the page and try again.');
    const wrongAwb = await save(admin, shipment.ShipmentId, '160-10000003', detail.UpdateDT, [{ HitId: hitId, Decision: 'CLEAR', Remark: REMARK }]);
    expect(wrongAwb.statusCode).toBe(400);
    const byForwarder = await save(forwarder, shipment.ShipmentId, shipment.AWBNumber, detail.UpdateDT, [
      { HitId: hitId, Decision: 'ESCALATE', Remark: REMARK },
    ]);
    expect(byForwarder.statusCode).toBe(403);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/awbapi/sanction/save',
      headers: bearer(admin),
      payload: { ShipmentId: shipment.ShipmentId, decisions: 'all' },
    });
    expect(malformed.statusCode).toBe(400);
    const after = await sanctionDetail(admin, shipment.ShipmentId);
    expect(after).toMatchObject({ UpdateDT: detail.UpdateDT, SanctionHits: [expect.objectContaining({ state: 'OPEN' })] });
  });

  it('of two reviews at once, exactly one wins; a decided hit cannot be decided again', async () => {
    const shipment = await screened(9_200_005, 'GLOBAL STAR GENERAL TRADING LLC');
    const detail = await sanctionDetail(admin, shipment.ShipmentId);
    const hitId = detail.SanctionHits[0].hitId;
    const answers = await Promise.all(
      ['APPROVE', 'DENY'].map((decision) =>
        save(admin, shipment.ShipmentId, shipment.AWBNumber, detail.UpdateDT, [{ HitId: hitId, Decision: decision, Remark: REMARK }]),
      ),
    );
    expect(answers.map((answer) => answer.json().status).sort()).toEqual([-1, 1]);
    const now = await sanctionDetail(admin, shipment.ShipmentId);
    const again = await save(admin, shipment.ShipmentId, shipment.AWBNumber, now.UpdateDT, [{ HitId: hitId, Decision: 'CLEAR', Remark: REMARK }]);
    expect(again.json()).toMatchObject({ status: -1 });
    expect(again.json().message).toMatch(/^The hit H[0-9A-Z]+ is (APPROVED|DENIED): it cannot be cleared now\.$/);
  });

  it('resend screens again against the current lists: a whitelisted party no longer stops the shipment, and its hit stays, cleared by the row', async () => {
    const shipment = await screened(9_200_006, 'ORIENT EXPRESS LOGISTICS');
    expect((await sanctionDetail(admin, shipment.ShipmentId)).SanctionHits).toHaveLength(1);
    const row = await t.db
      .insertInto('rule_list_rows')
      .values({
        company_id: 'DEMOAIR',
        list_name: 'sanctionwhitelist',
        row_values: JSON.stringify({
          matchingValue: 'ORIENT EXPRESS LOGISTICS',
          matchingMethod: 'Exact',
          partyRole: 'Consignee',
          countryCode: null,
          carrierId: null,
          sanctionReference: null,
          reason: 'Settled all charges; unblocked by finance.',
          validUntil: null,
          status: 'Active',
        }),
        unique_key: 'orient express logistics|consignee||',
        created_by: 'test',
        updated_by: 'test',
        updated_at: new Date(),
      })
      .returning('row_id')
      .executeTakeFirstOrThrow();
    const rowId = String(row.row_id);
    const other = await t.db.selectFrom('shipments').select('shipment_id').where('awb_prefix', '=', '618').limit(1).executeTakeFirstOrThrow();
    const resend = await t.app.inject({
      method: 'POST',
      url: '/awbapi/sanction/resend',
      headers: bearer(admin),
      payload: { ResendList: [shipment.ShipmentId, String(other.shipment_id)] },
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().data).toEqual([
      expect.objectContaining({ ShipmentId: shipment.ShipmentId, Outcome: 'screened', OpenHits: 0 }),
      expect.objectContaining({ ShipmentId: String(other.shipment_id), Outcome: 'notAccessible' }),
    ]);
    // Whitelisting never erases the hit (issue 18): it stays, cleared by the row, with who whitelisted the name and when.
    const [hit] = (await sanctionDetail(admin, shipment.ShipmentId)).SanctionHits as (Hit & { action: Record<string, unknown> })[];
    expect(hit).toMatchObject({
      state: 'CLEARED',
      action: {
        decision: 'WHITELIST',
        state: 'CLEARED',
        by: 'test',
        whitelistRowId: rowId,
        remarks: `Cleared by whitelist row ${rowId}: Settled all charges; unblocked by finance.`,
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    const history = async () =>
      (
        await t.db
          .selectFrom('shipment_events')
          .select(['kind', 'description', 'user_id'])
          .where('shipment_id', '=', shipment.ShipmentId)
          .orderBy('event_id')
          .execute()
      )
        // The hit's own lines (the resend writes a line of its own too).
        .filter((event) => event.kind === 'SANCTION' && event.description.startsWith('Sanction hit '));
    expect(await history()).toEqual([
      {
        kind: 'SANCTION',
        description: expect.stringMatching(
          new RegExp(
            `^Sanction hit ${hit.hitId} \\(consignee 'ORIENT EXPRESS LOGISTICS' matches '.+', .+\\) cleared by whitelist row ${rowId}, whitelisted by test\\.$`,
          ),
        ),
        user_id: 'test',
      },
    ]);
    // Screening again with the row still there adds nothing.
    await t.app.inject({ method: 'POST', url: '/awbapi/sanction/resend', headers: bearer(admin), payload: { ResendList: [shipment.ShipmentId] } });
    expect((await sanctionDetail(admin, shipment.ShipmentId)).SanctionHits).toMatchObject([{ hitId: hit.hitId, state: 'CLEARED' }]);
    expect(await history()).toHaveLength(1);
    // A shipment whose party was whitelisted before it arrived has no hit to keep.
    const later = await screened(9_200_007, 'ORIENT EXPRESS LOGISTICS');
    expect((await sanctionDetail(admin, later.ShipmentId)).SanctionHits).toEqual([]);

    // The row cancelled: the name hits again, open, and the history says why.
    await t.db
      .updateTable('rule_list_rows')
      .set({ row_values: sql`jsonb_set(row_values, '{status}', '"Cancelled"')`, updated_at: new Date() })
      .where('row_id', '=', rowId)
      .execute();
    const again = await t.app.inject({
      method: 'POST',
      url: '/awbapi/sanction/resend',
      headers: bearer(admin),
      payload: { ResendList: [shipment.ShipmentId] },
    });
    expect(again.json().data[0]).toMatchObject({ OpenHits: 1 });
    const [reopened] = (await sanctionDetail(admin, shipment.ShipmentId)).SanctionHits as (Hit & { actions: { decision: string }[] })[];
    expect(reopened).toMatchObject({ hitId: hit.hitId, state: 'OPEN' });
    expect(reopened.actions.map((action) => action.decision)).toEqual(['WHITELIST', 'RESCREEN']);
    expect((await history()).at(-1)?.description).toMatch(new RegExp(`is open again: Whitelist row ${rowId} no longer clears this name\\.$`));
  });
});

describe('GET /awbapi/sanction/search', () => {
  it('answers the best hits with scores, entry ids and matched phrases', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/awbapi/sanction/search?name=${encodeURIComponent('Komid')}&limit=5`, headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.Hits[0]).toMatchObject({ EntryId: 'UN-KPE-001', MatchedPhrase: 'KOMID', Score: 1 });
    expect(response.json().data.ListSize).toBeGreaterThan(100);
    // Default (fuzzy) matching: a misspelt name finds the listed one, with a score below 1.
    const fuzzy = (
      await t.app.inject({ method: 'GET', url: `/awbapi/sanction/search?name=${encodeURIComponent('Aerocaribean Airlines')}`, headers: bearer(admin) })
    ).json().data.Hits;
    expect(fuzzy[0]).toMatchObject({ EntryId: 'OFAC_SDN-36', EntryName: 'AEROCARIBBEAN AIRLINES', Method: 'Default' });
    expect(fuzzy[0].Score).toBeGreaterThan(0.85);
    expect(fuzzy[0].Score).toBeLessThan(1);
  });

  it('is for reviewers, and refuses a name that says nothing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/awbapi/sanction/search?name=KOMID', headers: bearer(operator) })).statusCode).toBe(403);
    const short = await t.app.inject({ method: 'GET', url: '/awbapi/sanction/search?name=%20x%20', headers: bearer(admin) });
    expect(short.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/awbapi/sanction/search?name=ab&limit=500', headers: bearer(admin) })).statusCode).toBe(400);
  });
});

describe('a hit whose listed entry goes (issue 34, 5)', () => {
  it('leaves the shipment when screened again, and the history says which hit went and why', async () => {
    const rowId = await addListRow(
      t.db,
      'sanctionlist',
      { ...INTERNAL_SANCTION_ENTRY, reference: 'INT-7301', matchingValue: 'VARNOLD ZEPHYR HAULAGE' },
      'internal|int-7301',
    );
    const shipment = await screened(9_200_031, 'VARNOLD ZEPHYR HAULAGE');
    const [hit] = (await sanctionDetail(admin, shipment.ShipmentId)).SanctionHits;
    expect(hit).toMatchObject({ entryId: 'INT-7301', state: 'OPEN' });

    await t.db.deleteFrom('rule_list_rows').where('row_id', '=', rowId).execute();
    // Screened again (the carrier's lists are read again once the change is heard): the hit is gone.
    await expect
      .poll(async () => {
        await t.app.inject({ method: 'POST', url: '/awbapi/sanction/resend', headers: bearer(admin), payload: { ResendList: [shipment.ShipmentId] } });
        return (await sanctionDetail(admin, shipment.ShipmentId)).SanctionHits.length;
      })
      .toBe(0);
    const lines = await t.db
      .selectFrom('shipment_events')
      .select(['kind', 'description', 'details'])
      .where('shipment_id', '=', shipment.ShipmentId)
      .where('kind', '=', 'SANCTION')
      .where('description', 'like', 'Sanction hit %')
      .execute();
    expect(lines).toEqual([
      {
        kind: 'SANCTION',
        description: `Sanction hit ${hit.hitId} (consignee 'VARNOLD ZEPHYR HAULAGE' matches 'VARNOLD ZEPHYR HAULAGE', INTERNAL INT-7301) is no longer found: INTERNAL INT-7301 was removed from its list, or no longer matches. The hit was open.`,
        details: { hitId: hit.hitId, entryId: 'INT-7301', state: 'OPEN' },
      },
    ]);
    // Screening again with nothing to find writes nothing more.
    await t.app.inject({ method: 'POST', url: '/awbapi/sanction/resend', headers: bearer(admin), payload: { ResendList: [shipment.ShipmentId] } });
    const again = await t.db
      .selectFrom('shipment_events')
      .select('event_id')
      .where('shipment_id', '=', shipment.ShipmentId)
      .where('description', 'like', '% is no longer found:%')
      .execute();
    expect(again).toHaveLength(1);
  });
});

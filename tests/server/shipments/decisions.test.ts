import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildShipmentTestApp, countLog, setShipment, shipmentWhere, type ShipmentTestApp, type UserKey } from './support';

let t: ShipmentTestApp;
beforeAll(async () => {
  t = await buildShipmentTestApp({}, 300);
});
afterAll(() => t.close());

let pick = 0;
/** A fresh DEMOAIR shipment in the given state, nobody holding it. */
async function openShipment(values: Record<string, unknown> = {}): Promise<{ id: string; updateDt: string; suffix: string }> {
  const row = await shipmentWhere(t, sql`s.awb_prefix = '160' AND NOT EXISTS (SELECT 1 FROM shipment_handling h WHERE h.shipment_id = s.shipment_id)`, pick++);
  const updateDt = await setShipment(t, row.shipment_id, {
    status: 'New',
    acceptance_block: null,
    acceptance_block_reason: null,
    acceptance_block_companies: [],
    eyeball_check: null,
    ...values,
  });
  return { id: row.shipment_id, updateDt, suffix: row.awb_suffix };
}

const approve = (user: UserKey, id: string, updateDt: string, extra: Record<string, unknown> = {}) =>
  t.post(user, '/awbapi/awbapprove', { ShipmentId: id, ApproveType: 'NORMAL', ApproveReason: '', UpdateDT: updateDt, PendingUpdate: false, ...extra });
const reject = (user: UserKey, id: string, updateDt: string, extra: Record<string, unknown> = {}) =>
  t.post(user, '/awbapi/awbreject', {
    ShipmentId: id,
    RejectReasons: [{ Code: 'DOC01', AdditionalRemarkCode: 'DOCS', Remarks: 'Invoice missing' }],
    UpdateDT: updateDt,
    PendingUpdate: false,
    ...extra,
  });
const statusOf = async (id: string) =>
  await t.db.selectFrom('shipments').select(['status', 'update_dt']).where('shipment_id', '=', id).executeTakeFirstOrThrow();

describe('POST /awbapi/awbapprove', () => {
  it('accepts with a remark of 10 to 5000 characters, moves UpdateDT on, and writes history and log together', async () => {
    const s = await openShipment();
    const response = await approve('airlineAdmin', s.id, s.updateDt, { ApproveReason: 'Checked against the booking' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ ShipmentId: s.id, Status: 'Accept' });
    expect(data.UpdateDT > s.updateDt).toBe(true);
    expect((await statusOf(s.id)).status).toBe('Accept');
    const event = await t.db
      .selectFrom('shipment_events')
      .selectAll()
      .where('shipment_id', '=', s.id)
      .where('kind', '=', 'ACCEPT')
      .orderBy('event_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.description).toBe('Shipment accepted: Checked against the booking');
    expect(await countLog(t, { act_type: 'Accept', awb_suffix: s.suffix })).toBe(1);
  });

  it('refuses a remark outside 10 to 5000 characters and changes nothing', async () => {
    const s = await openShipment();
    for (const remark of ['too short', 'x'.repeat(5001)]) {
      const response = await approve('airlineAdmin', s.id, s.updateDt, { ApproveReason: remark });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: -50001, message: 'The remark must be 10 to 5000 characters.' });
    }
    expect((await statusOf(s.id)).status).toBe('New');
    expect(await countLog(t, { act_type: 'Accept', awb_suffix: s.suffix })).toBe(0);
  });

  it('applies hard blocks, soft blocks, the eyeball check, data errors and auto acceptance', async () => {
    const hard = await openShipment({ acceptance_block: 'HARD', acceptance_block_reason: 'Embargoed destination', acceptance_block_companies: ['DEMOAIR'] });
    const hardAnswer = await approve('airlineAdmin', hard.id, hard.updateDt, { ApproveType: 'SOFT_BLOCK', ApproveReason: 'Please let it through' });
    // A refusal is an answer (spec 8's HTTP codes have no 409): HTTP 200, status -1 and the reason.
    expect(hardAnswer.statusCode).toBe(200);
    expect(hardAnswer.json()).toMatchObject({
      status: -1,
      message: 'Acceptance of this shipment is blocked for your company: Embargoed destination',
      data: { reason: 'hardBlock' },
    });
    // The hard block is for DEMOAIR only: it still may be rejected.
    expect((await reject('airlineAdmin', hard.id, hard.updateDt)).json().data.Status).toBe('Reject');

    const soft = await openShipment({ acceptance_block: 'SOFT', acceptance_block_reason: 'Shipper on the watch list' });
    expect((await approve('airlineAdmin', soft.id, soft.updateDt)).json().data.reason).toBe('softBlockRemarkRequired');
    expect((await approve('airlineAdmin', soft.id, soft.updateDt, { ApproveType: 'SOFT_BLOCK' })).json()).toEqual({
      status: -50001,
      message: 'The remark must be 10 to 5000 characters.',
    });
    const softOk = await approve('airlineAdmin', soft.id, soft.updateDt, { ApproveType: 'SOFT_BLOCK', ApproveReason: 'Watch list entry cleared by security' });
    expect(softOk.json().data.Status).toBe('Accept');

    const eyeball = await openShipment({ status: 'Eyeball' });
    expect((await approve('airlineAdmin', eyeball.id, eyeball.updateDt)).json()).toMatchObject({
      message: 'Please record the eyeball check before accepting this shipment.',
    });
    const marked = await t.post('airlineAdmin', '/awbapi/awbmark', {
      ShipmentId: eyeball.id,
      Result: 'PASS',
      Remarks: 'Labels and pieces checked',
      UpdateDT: eyeball.updateDt,
    });
    expect(marked.json().data.Status).toBe('Eyeball');
    expect((await approve('airlineAdmin', eyeball.id, eyeball.updateDt)).json().data.reason).toBe('stale');
    expect((await approve('airlineAdmin', eyeball.id, marked.json().data.UpdateDT)).json().data.Status).toBe('Accept');

    const error = await openShipment({ status: 'Error' });
    expect((await approve('airlineAdmin', error.id, error.updateDt)).json().message).toBe(
      'This shipment has data errors; it cannot be accepted until a corrected FWB arrives.',
    );
    const processing = await openShipment({ status: 'Processing' });
    expect((await approve('airlineAdmin', processing.id, processing.updateDt)).json().message).toBe(
      'Auto acceptance is in progress for this shipment. Please refresh the page.',
    );
    expect((await reject('airlineAdmin', processing.id, processing.updateDt)).json().data.reason).toBe('processing');
    const decided = await openShipment({ status: 'Reject' });
    expect((await approve('airlineAdmin', decided.id, decided.updateDt)).json().message).toBe('This shipment is in status Reject and cannot be decided.');
  });

  it('lets forwarders view but not decide their shipments', async () => {
    const row = await shipmentWhere(t, sql`s.agent_company_id = 'DEMOFWD' AND s.status = 'New'`);
    const detail = (await t.get('forwarder', `/awbapi/awbdetail/${row.shipment_id}`)).json().data;
    expect(detail.Can).toMatchObject({ Accept: false, Reject: false, Upload: true });
    expect((await approve('forwarder', row.shipment_id, detail.UpdateDT)).json().message).toBe('Your company cannot accept or reject shipments.');
  });

  it('refuses a stale UpdateDT with the refresh message and changes nothing', async () => {
    const s = await openShipment();
    await setShipment(t, s.id, { pieces: 7 }); // an FWB correction arrives meanwhile
    const before = await statusOf(s.id);
    const response = await approve('airlineAdmin', s.id, s.updateDt, { ApproveReason: 'Accepting old data' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: -1,
      message: 'This shipment has changed since you opened it. Please refresh the page and try again.',
      data: { reason: 'stale', UpdateDT: before.update_dt.toISOString() },
    });
    expect(await statusOf(s.id)).toEqual(before);
    expect(await countLog(t, { act_type: 'Accept', awb_suffix: s.suffix })).toBe(0);
    // PendingUpdate is what the user knew, not a way round UpdateDT: with the old UpdateDT it is refused all the same.
    for (const stale of [
      approve('airlineAdmin', s.id, s.updateDt, { PendingUpdate: true }),
      reject('airlineAdmin', s.id, s.updateDt, { PendingUpdate: true }),
    ]) {
      const refused = await stale;
      expect(refused.statusCode).toBe(200);
      expect(refused.json()).toMatchObject({ status: -1, data: { reason: 'stale' } });
    }
    expect(await statusOf(s.id)).toEqual(before);
    // Deciding on the newer data the page was told of, knowingly, is recorded as such.
    const pending = await approve('airlineAdmin', s.id, before.update_dt.toISOString(), { PendingUpdate: true });
    expect(pending.json().data.Status).toBe('Accept');
    const log = await t.db
      .selectFrom('action_log')
      .select('remarks')
      .where('awb_suffix', '=', s.suffix)
      .where('act_type', '=', 'Accept')
      .executeTakeFirstOrThrow();
    expect(log.remarks).toMatch(/newer FWB\/FHL data/);
  });

  it('lets exactly one of two concurrent decisions win', async () => {
    for (let round = 0; round < 5; round++) {
      const s = await openShipment();
      const { last } = await t.db.selectFrom('shipment_events').select(sql<string>`coalesce(max(event_id), 0)`.as('last')).executeTakeFirstOrThrow();
      const answers = await Promise.all([
        approve('airlineAdmin', s.id, s.updateDt),
        reject('airlineAdmin', s.id, s.updateDt),
        approve('airlineAdmin', s.id, s.updateDt),
      ]);
      const winners = answers.filter((answer) => answer.json().status === 1);
      expect(winners, `round ${round}`).toHaveLength(1);
      expect(answers.filter((answer) => answer.json().data?.reason === 'stale')).toHaveLength(2);
      expect((await statusOf(s.id)).status).toBe(winners[0].json().data.Status);
      const events = await t.db
        .selectFrom('shipment_events')
        .select('kind')
        .where('shipment_id', '=', s.id)
        .where('event_id', '>', last)
        .where('kind', 'in', ['ACCEPT', 'REJECT'])
        .execute();
      expect(events).toHaveLength(1);
    }
  });

  it('refuses malformed payloads with 400 and unknown ids with SHIPMENT_NOT_FOUND', async () => {
    const s = await openShipment();
    const bad = [
      { ShipmentId: s.id, ApproveType: 'MAYBE', UpdateDT: s.updateDt },
      { ShipmentId: s.id, ApproveType: 'NORMAL', UpdateDT: '2026-11-22 10:00' },
      { ShipmentId: 'x', ApproveType: 'NORMAL', UpdateDT: s.updateDt },
      { ApproveType: 'NORMAL', UpdateDT: s.updateDt },
    ];
    for (const body of bad) expect((await t.post('airlineAdmin', '/awbapi/awbapprove', body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await approve('airlineAdmin', '999999999', s.updateDt)).json()).toEqual({ status: -100001, message: 'Record Not Found!' });
  });
});

describe('POST /awbapi/awbreject', () => {
  it('needs a reason from the company’s MIP action list; additional remarks from list 11; free text up to 5000', async () => {
    const s = await openShipment();
    expect((await reject('airlineAdmin', s.id, s.updateDt, { RejectReasons: [] })).json()).toEqual({
      status: -50001,
      message: 'Please select at least one reject reason.',
    });
    expect((await reject('airlineAdmin', s.id, s.updateDt, { RejectReasons: [{ Code: 'NOPE' }] })).json().message).toBe('Unknown reject reason "NOPE".');
    expect((await reject('airlineAdmin', s.id, s.updateDt, { RejectReasons: [{ Code: 'DOC01', AdditionalRemarkCode: 'DOC' }] })).json().message).toBe(
      'Unknown additional remark "DOC".',
    );
    expect((await reject('airlineAdmin', s.id, s.updateDt, { RejectReasons: [{ Code: 'DOC01', Remarks: 'x'.repeat(5001) }] })).json().message).toBe(
      'The remark may be at most 5000 characters.',
    );
    expect((await statusOf(s.id)).status).toBe('New');
    const done = await reject('airlineAdmin', s.id, s.updateDt, {
      RejectReasons: [{ Code: 'DOC01', AdditionalRemarkCode: 'DOCS', Remarks: 'Invoice missing' }, { Code: 'CAP01' }],
    });
    expect(done.json().data.Status).toBe('Reject');
    const event = await t.db
      .selectFrom('shipment_events')
      .select('description')
      .where('shipment_id', '=', s.id)
      .where('kind', '=', 'REJECT')
      .orderBy('event_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.description).toBe(
      'Shipment rejected: DOC01 Air waybill data incomplete or unreadable - Please provide the missing documents - Invoice missing; CAP01 No capacity on the booked flight',
    );
  });

  it('decides each shipment of a bulk action on its own', async () => {
    const good = await openShipment();
    const stale = await openShipment();
    const blocked = await openShipment({ status: 'Processing' });
    await setShipment(t, stale.id, { pieces: 2 });
    const answers = await Promise.all([good, stale, blocked].map((s) => reject('airlineAdmin', s.id, s.updateDt)));
    expect(answers.map((answer) => answer.json().data.reason ?? answer.json().data.Status)).toEqual(['Reject', 'stale', 'processing']);
  });
});

describe('mark, modify, accept additional document, send', () => {
  it('modifies special handling codes and remarks, logging each change', async () => {
    const s = await openShipment();
    const modified = await t.post('airlineAdmin', '/awbapi/awbmodify', {
      ShipmentId: s.id,
      UpdateDT: s.updateDt,
      SpecialHandlingCodes: ['eap/ELI'],
      OperatorRemarks: 'Keep dry',
    });
    expect(modified.json().status).toBe(1);
    const row = await t.db
      .selectFrom('shipments')
      .select(['special_handling_codes', 'operator_remarks'])
      .where('shipment_id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ special_handling_codes: ['EAP', 'ELI'], operator_remarks: 'Keep dry' });
    expect(await countLog(t, { act_type: 'Modify', awb_suffix: s.suffix })).toBe(2);
    const again = modified.json().data.UpdateDT;
    expect(
      (
        await t.post('airlineAdmin', '/awbapi/awbmodify', {
          ShipmentId: s.id,
          UpdateDT: again,
          SpecialHandlingCodes: ['AAA/BBB/CCC/DDD/EEE/FFF/GGG/HHH/III/JJJ'],
        })
      ).json().message,
    ).toMatch(/at most 9 codes/);
    expect((await t.post('airlineAdmin', '/awbapi/awbmodify', { ShipmentId: s.id, UpdateDT: again, OperatorRemarks: 'Keep dry' })).json()).toMatchObject({
      status: -1,
      data: { reason: 'nothingChanged' },
    });
    const documents = (await t.get('airlineAdmin', `/awbapi/awbdetail/${s.id}`)).json().data.Documents;
    await t.post('airlineAdmin', `/awbapi/deletehandling/${s.id}`);
    const withDocument = await t.post('airlineAdmin', '/awbapi/awbmodify', {
      ShipmentId: s.id,
      UpdateDT: again,
      DocumentRemarks: [{ ShipmentDocumentID: documents[0].ShipmentDocumentID, Remarks: 'Original copy checked' }],
    });
    expect(withDocument.json().status).toBe(1);
    const log = await t.db
      .selectFrom('action_log')
      .select(['doc_name', 'remarks'])
      .where('awb_suffix', '=', s.suffix)
      .where('act_type', '=', 'Modify')
      .orderBy('log_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.doc_name).toBe(documents[0].FileName);
  });

  it('accepts a document added to a decided shipment', async () => {
    const s = await openShipment({ status: 'Accept' });
    const document = await t.db
      .insertInto('shipment_documents')
      .values({
        shipment_id: s.id,
        doc_type: 'Pouch',
        pouch_kind: 'airline',
        file_name: 'late.pdf',
        company_id: 'DEMOAIR',
        user_id: 'operator',
        awaiting_acceptance: true,
        content: Buffer.from('%PDF-1.4\n%%EOF'),
      })
      .returning('document_id')
      .executeTakeFirstOrThrow();
    const updateDt = (await t.db.selectFrom('shipments').select('update_dt').where('shipment_id', '=', s.id).executeTakeFirstOrThrow()).update_dt.toISOString();
    const detail = (await t.get('airlineAdmin', `/awbapi/awbdetail/${s.id}`)).json().data;
    expect(detail.Can.AcceptDocument).toBe(true);
    const accepted = await t.post('airlineAdmin', '/awbapi/acceptdocument', {
      ShipmentId: s.id,
      ShipmentDocumentID: String(document.document_id),
      UpdateDT: updateDt,
    });
    expect(accepted.json().data.Status).toBe('Accept');
    const again = await t.post('airlineAdmin', '/awbapi/acceptdocument', {
      ShipmentId: s.id,
      ShipmentDocumentID: String(document.document_id),
      UpdateDT: accepted.json().data.UpdateDT,
    });
    expect(again.json().message).toBe('This document does not wait for acceptance.');
  });

  it('sends an accepted shipment to ACAS and queues the message', async () => {
    // ACAS is for shipments that land in the United States (issue 18): this one flies to New York.
    const s = await openShipment({
      status: 'Accept',
      destination: 'JFK',
      routing: sql`jsonb_build_array(jsonb_build_object('carrier', 'DL', 'flightNumber', 'DL1', 'date', '2026-11-26', 'from', origin, 'to', 'JFK'))`,
    });
    const sent = await t.post('airlineAdmin', '/awbapi/awbsend', { ShipmentId: s.id, Target: 'ACAS', UpdateDT: s.updateDt });
    expect(sent.json().data.Status).toBe('Submit');
    const message = await t.db.selectFrom('outbound_messages').selectAll().where('shipment_id', '=', s.id).executeTakeFirstOrThrow();
    expect(message).toMatchObject({ target: 'ACAS', state: 'QUEUED', company_id: 'DEMOAIR' });
    // A Type B message to the receiver carrying the shipment's FWB (compliance/outbound.ts).
    expect(message.payload).toMatch(new RegExp(`^QK WASCBXH\\n\\.[A-Z]{3}FM[A-Z0-9]{2} \\d{6}\\nFWB/16\\n160-${s.suffix}`));
    const open = await openShipment();
    expect((await t.post('airlineAdmin', '/awbapi/awbsend', { ShipmentId: open.id, Target: 'CSS', UpdateDT: open.updateDt })).json().message).toBe(
      'Only accepted shipments can be sent; this one is in status New.',
    );
  });

  it('keeps UpdateDT strictly increasing on every change, whoever writes', async () => {
    const s = await openShipment();
    const stamps = [s.updateDt];
    for (let i = 0; i < 5; i++) stamps.push(await setShipment(t, s.id, { pieces: 10 + i }));
    for (let i = 1; i < stamps.length; i++) expect(stamps[i] > stamps[i - 1]).toBe(true);
    expect(stamps.every((stamp) => /\.\d{3}Z$/.test(stamp))).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suffixWithCheckDigit } from '../../../src/domain/awb';
import { FunctionId } from '../../../src/domain/access';
import { hashPassword } from '../../../src/server/auth/passwords';
import { bearer, buildTestApp, signIn, type TestApp } from '../testApp';
import { demoFwb, fixture, postMessage } from './messages';
import { addListRow, IRAN_CHARAK_ENTRY } from './ruleRows';

/**
 * Shipments arrive as messages (issue 6): FWB and FHL as Cargo-IMP or Cargo-XML, refused with the
 * line and the reason when they are wrong, applied in one transaction when they are right.
 */

let t: TestApp;
let airline: string;
let forwarder: string;
let handler: string;
let otherAirline: string;

function fhlFor(serial: number): string {
  return fixture('fhl4-consol.txt').replace('MBI/006-96667465', `MBI/160-${suffixWithCheckDigit(serial)}`);
}

const post = (token: string, body: string, contentType?: string) => postMessage(t.app, token, body, contentType);

beforeAll(async () => {
  t = await buildTestApp();
  airline = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
  forwarder = (await signIn(t.app, 'DEMOFWD', 'operator', 'Operator#12345')).access_token;
  handler = (await signIn(t.app, 'DEMOGHA', 'operator', 'Operator#12345')).access_token;
  otherAirline = (await signIn(t.app, 'SKYAIR', 'admin', 'Admin#12345')).access_token;
});
afterAll(() => t.close());

describe('POST /awbapi/messages', () => {
  it('creates a shipment from an FWB, screened and evaluated, and keeps the message', async () => {
    const response = await post(airline, demoFwb(9_100_001));
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({ Kind: 'FWB', Outcome: 'created', AWBNumber: `160-${suffixWithCheckDigit(9_100_001)}` });
    const shipment = await t.db.selectFrom('shipments').selectAll().where('shipment_id', '=', data.ShipmentId).executeTakeFirstOrThrow();
    expect(shipment).toMatchObject({ origin: 'DFW', destination: 'FRA', pieces: 4, carrier_id: 'DEMOAIR' });
    expect((shipment.shipper as { name: string }).name).toBe('SEKO WORLDWIDE LLC - DALLAS');
    expect(shipment.compliance_checks.length).toBeGreaterThan(0);
    const messages = await t.db.selectFrom('cargo_messages').select(['kind', 'outcome', 'company_id']).where('shipment_id', '=', data.ShipmentId).execute();
    expect(messages).toEqual([{ kind: 'FWB', outcome: 'created', company_id: 'DEMOAIR' }]);
    const events = await t.db.selectFrom('shipment_events').select('kind').where('shipment_id', '=', data.ShipmentId).execute();
    expect(events.map((event) => event.kind)).toEqual(expect.arrayContaining(['FWB', 'STATUS']));
  });

  it('refuses a bad check digit and a malformed line with the line number and reason, and changes nothing', async () => {
    const before = await t.db
      .selectFrom('shipments')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const badDigit = demoFwb(9_100_002).replace(/^160-(\d{7})\d/m, (_, seven: string) => `160-${seven}${((Number(seven) % 7) + 1) % 7}`);
    const refused = await post(airline, badDigit);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ status: -50001, data: { Faults: [expect.objectContaining({ Line: 2, Code: 'check-digit' })] } });
    const malformed = await post(airline, demoFwb(9_100_003).replace(/^FLT\/.*$/m, 'FLT/DL8226E'));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().data.Faults[0]).toMatchObject({ Line: 3 });
    const after = await t.db
      .selectFrom('shipments')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('an update bumps UpdateDT and tells awbcheckupdate that FWB data changed; the same FWB again changes nothing', async () => {
    const first = (await post(airline, demoFwb(9_100_004))).json().data;
    const same = (await post(airline, demoFwb(9_100_004))).json().data;
    expect(same).toMatchObject({ Outcome: 'unchanged', UpdateDT: first.UpdateDT });
    const updated = (
      await post(
        airline,
        demoFwb(9_100_004, (waybill) => (waybill.consignment.pieces = 5)),
      )
    ).json().data;
    expect(updated.Outcome).toBe('updated');
    expect(Date.parse(updated.UpdateDT)).toBeGreaterThan(Date.parse(first.UpdateDT));
    const compact = first.UpdateDT.replace(/[-: ]/g, '');
    const check = await t.app.inject({ method: 'GET', url: `/awbapi/util/awbcheckupdate/${first.ShipmentId}/${compact}`, headers: bearer(airline) });
    expect(check.json().data).toMatchObject({ IsUpdated: true, IsFwbFhlUpdated: true });
  });

  it('an FHL before its FWB waits, and is applied when the FWB comes; houses are screened and listed', async () => {
    const waiting = await post(airline, fhlFor(9_100_005));
    expect(waiting.json().data).toMatchObject({ Kind: 'FHL', Outcome: 'pending', ShipmentId: null });
    const created = (await post(airline, demoFwb(9_100_005))).json().data;
    const shipment = await t.db
      .selectFrom('shipments')
      .select(['detail', 'house_manifest'])
      .where('shipment_id', '=', created.ShipmentId)
      .executeTakeFirstOrThrow();
    expect((shipment.detail as { houses: { hawbNumber: string }[] }).houses.map((house) => house.hawbNumber)).toEqual(['SEKO0001', 'SEKO0002', 'SEKO0003']);
    const documents = await t.db.selectFrom('shipment_documents').select('doc_type').where('shipment_id', '=', created.ShipmentId).execute();
    expect(documents.map((document) => document.doc_type).sort()).toEqual(['AWB', 'House AWB airline', 'House Manifest']);
  });

  it('reads Cargo-XML, and refuses entity expansion and a wrong encoding with a clear reason', async () => {
    const xml = fixture('xfwb-consol.xml').replaceAll('006-96667465', `160-${suffixWithCheckDigit(9_100_006)}`);
    const accepted = await post(airline, xml, 'application/xml');
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data).toMatchObject({ Kind: 'FWB', Outcome: 'created', AWBNumber: `160-${suffixWithCheckDigit(9_100_006)}` });
    const message = await t.db
      .selectFrom('cargo_messages')
      .select('format')
      .where('shipment_id', '=', accepted.json().data.ShipmentId)
      .executeTakeFirstOrThrow();
    expect(message.format).toBe('cargo-xml');
    const bomb = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;">]><Waybill>&b;</Waybill>';
    const hostile = await post(airline, bomb, 'application/xml');
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().data.Faults[0].Code).toBe('hostile-xml');
    const latin1 = Buffer.from(demoFwb(9_100_007).replace('SEKO WORLDWIDE LLC - DALLAS', 'SEKO WÖRLDWIDE LLC'), 'latin1');
    const encoded = await t.app.inject({
      method: 'POST',
      url: '/awbapi/messages',
      headers: { ...bearer(airline), 'content-type': 'text/plain' },
      payload: latin1,
    });
    expect(encoded.statusCode).toBe(400);
    expect(encoded.json().data.Faults[0]).toMatchObject({ Code: 'bad-encoding', Line: 6 });
  });

  it('screens a Cargo-XML party as written: a shipper with zero width joiners in its name raises the hit (issue 33)', async () => {
    await addListRow(t.db, 'sanctionlist', IRAN_CHARAK_ENTRY, 'sdn|sdn-25323');
    const xml = fixture('xfwb-consol.xml')
      .replaceAll('006-96667465', `160-${suffixWithCheckDigit(9_100_011)}`)
      .replace('<ram:Name>SEKO WORLDWIDE LLC - DALLAS</ram:Name>', '<ram:Name>I\u200DRAN C\u200DHARAK</ram:Name>');
    const created = await post(airline, xml, 'application/xml');
    expect(created.statusCode).toBe(201);
    const detail = await t.app.inject({ method: 'GET', url: `/awbapi/sanction/detail/${created.json().data.ShipmentId}`, headers: bearer(airline) });
    expect(detail.json().data.SanctionHits).toContainEqual(
      expect.objectContaining({ party: 'Shipper', entryId: 'SDN-25323', score: 1, screenedText: 'I\u200DRAN C\u200DHARAK', state: 'OPEN' }),
    );
  });

  it('lets only the airline of the prefix, or the forwarder acting as agent, send', async () => {
    expect((await post(otherAirline, demoFwb(9_100_008))).statusCode).toBe(403);
    expect((await post(handler, demoFwb(9_100_008))).statusCode).toBe(403);
    const byForwarder = await post(forwarder, demoFwb(9_100_008));
    expect(byForwarder.statusCode).toBe(201);
    const shipment = await t.db
      .selectFrom('shipments')
      .select('agent_company_id')
      .where('shipment_id', '=', byForwarder.json().data.ShipmentId)
      .executeTakeFirstOrThrow();
    expect(shipment.agent_company_id).toBe('DEMOFWD');
    // Another forwarder cannot take the shipment over.
    await t.db
      .insertInto('users')
      .values({
        company_id: 'FASTFWD',
        user_id: 'operator',
        user_name: 'Fast Operator',
        email: 'operator@fastfwd.example',
        password_hash: await hashPassword('Operator#12345'),
        role_id: 'OPERATOR',
        password_changed_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    const fastFwd = (await signIn(t.app, 'FASTFWD', 'operator', 'Operator#12345')).access_token;
    const takeover = await post(
      fastFwd,
      demoFwb(9_100_008, (waybill) => (waybill.consignment.pieces = 7)),
    );
    expect(takeover.statusCode).toBe(403);
    expect(takeover.json().message).toBe('This shipment is handled by another agent: your company cannot send messages for it.');
  });

  it('refuses bodies of other types, an unknown prefix, and roles without the message function', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/awbapi/messages', headers: bearer(airline), payload: { text: 'FWB/16' } });
    expect(json.statusCode).toBe(400);
    const unknown = await post(airline, demoFwb(9_100_010).replace(/^160-/m, '999-'));
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().message).toBe('The AWB prefix 999 belongs to no airline of the portal.');
    const empty = await post(airline, '');
    expect(empty.statusCode).toBe(400);
    // Function 84 is data: without it in the role, the call is refused.
    await t.db.deleteFrom('role_functions').where('role_id', '=', 'OPERATOR').where('function_id', '=', FunctionId.SHIPMENT_MESSAGES).execute();
    await t.ctx.changes.sync();
    const refused = await post(forwarder, demoFwb(9_100_009));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().status).toBe(-10000);
  });
});

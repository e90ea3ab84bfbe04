import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createMailer } from '../../../src/server/mail/mailer';
import { buildShipmentTestApp, countLog, shipmentWhere, type ShipmentTestApp } from './support';

/** The app's mailer, sending through SMTP (the test app keeps mail in the outbox only). */
async function withSmtp(smtpUrl: string): Promise<ShipmentTestApp> {
  const app = await buildShipmentTestApp();
  app.ctx.mailer = createMailer(app.db, smtpUrl, pino({ level: 'silent' }));
  return app;
}

/** Share AWB against a real SMTP sink: the mail, its recipients and its attachments as received. */

interface ReceivedMail {
  recipients: string[];
  raw: string;
}

let t: ShipmentTestApp;
let sink: SMTPServer;
const received: ReceivedMail[] = [];

beforeAll(async () => {
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const { port } = sink.server.address() as AddressInfo;
  t = await withSmtp(`smtp://127.0.0.1:${port}`);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

const share = (body: Record<string, unknown>) =>
  t.post('airlineOperator', '/awbapi/share', { ShareOptions: ['AWB_COPY'], EmailList: 'buyer@example.com', ...body });

describe('POST /awbapi/share', () => {
  it('mails the chosen documents of the chosen shipments to every address of the list', async () => {
    const first = await shipmentWhere(t, sql`s.awb_prefix = '160' AND s.detail -> 'houses' <> '[]'::jsonb`);
    const second = await shipmentWhere(t, sql`s.awb_prefix = '297' AND s.detail -> 'houses' = '[]'::jsonb`);
    const response = await share({
      ShipmentIds: [first.shipment_id, second.shipment_id],
      ShareOptions: ['AWB_COPY', 'HOUSE_MANIFEST'],
      EmailList: 'buyer@example.com, ops@example.org',
    });
    expect(response.statusCode).toBe(200);
    const awb1 = `${first.awb_prefix}-${first.awb_suffix}`;
    const awb2 = `${second.awb_prefix}-${second.awb_suffix}`;
    expect(response.json().data).toEqual({ Sent: 2, Attachments: [`AWB_${awb1}.pdf`, `HouseManifest_${awb1}.pdf`, `AWB_${awb2}.pdf`], WithoutDocuments: [] });
    const mail = received.at(-1)!;
    expect(mail.recipients.sort()).toEqual(['buyer@example.com', 'ops@example.org']);
    expect(mail.raw).toContain(`Subject: Air waybill ${awb1}, ${awb2} shared by Demo Airlines`);
    expect(mail.raw).toContain(`filename=AWB_${awb1}.pdf`);
    expect(mail.raw).toContain(`filename=HouseManifest_${awb1}.pdf`);
    expect(mail.raw).toContain('Content-Type: application/pdf');
    expect(mail.raw).toContain('Reply-To: operator@demoair.example');
    const outbox = await t.db.selectFrom('mail_outbox').selectAll().orderBy('mail_id', 'desc').executeTakeFirstOrThrow();
    expect(outbox.attachment_names).toEqual([`AWB_${awb1}.pdf`, `HouseManifest_${awb1}.pdf`, `AWB_${awb2}.pdf`]);
    expect(outbox.sent_at).not.toBeNull();
    expect(await countLog(t, { act_type: 'Share', awb_suffix: first.awb_suffix })).toBe(2);
  });

  it("answers many shares at once: the mail is sent after the share's reads, holding no connection of the pool", async () => {
    // The test app's pool has 5 connections: ten shares, each holding one in its transaction while the outbox row was
    // written on another, waited for each other for ever.
    const own = await shipmentWhere(t, sql`s.awb_prefix = '160'`);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => share({ ShipmentIds: [own.shipment_id], EmailList: `many${index}@example.com` })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const kept = await t.db.selectFrom('mail_outbox').select('recipient').where('recipient', 'like', 'many%@example.com').execute();
    expect(kept).toHaveLength(10);
  });

  it('refuses bad lists, header injection and no share option, sending nothing', async () => {
    const own = await shipmentWhere(t, sql`s.awb_prefix = '160'`, 3);
    const before = received.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ ShareOptions: [] }, '* Please select share information'],
      [{ EmailList: '' }, 'Please fill in this field.'],
      [{ EmailList: 'buyer@example.com; ops@example.org' }, '"buyer@example.com; ops@example.org" is not a valid e-mail address.'],
      [{ EmailList: 'not-an-address' }, '"not-an-address" is not a valid e-mail address.'],
      [
        { EmailList: `${'a'.repeat(60)}@example.com,${'b'.repeat(60)}@example.com,${'c'.repeat(60)}@example.com` },
        'E-mail addresses may be at most 200 characters in all.',
      ],
      [{ EmailList: 'buyer@example.com\r\nBcc: everyone@example.com' }, 'The e-mail list may not contain line breaks or control characters.'],
      [{ EmailList: 'buyer@example.com%0d%0aBcc:x@example.com' }, '"buyer@example.com%0d%0aBcc:x@example.com" is not a valid e-mail address.'],
    ];
    for (const [body, message] of cases) {
      const response = await share({ ShipmentIds: [own.shipment_id], ...body });
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ status: -50001, message });
    }
    expect((await share({ ShipmentIds: [own.shipment_id], ShareOptions: ['EVERYTHING'] })).statusCode).toBe(400);
    expect(received.length).toBe(before);
    expect(await countLog(t, { act_type: 'Share', awb_suffix: own.awb_suffix })).toBe(0);
  });

  it('refuses the whole share when one shipment is lent or not the company’s, and says when nothing matches', async () => {
    const own = await shipmentWhere(t, sql`s.awb_prefix = '160'`, 4);
    const lent = await t.db.selectFrom('shipment_lendings').select('shipment_id').where('company_id', '=', 'DEMOAIR').executeTakeFirstOrThrow();
    const before = received.length;
    const refused = await share({ ShipmentIds: [own.shipment_id, String(lent.shipment_id)] });
    expect(refused.json()).toMatchObject({ status: -10000, message: 'This air waybill is lent, and you do not have access right to the details.' });
    const none = await shipmentWhere(
      t,
      sql`s.awb_prefix = '160' AND NOT EXISTS (SELECT 1 FROM shipment_documents d WHERE d.shipment_id = s.shipment_id AND d.doc_type = 'House Manifest')`,
    );
    expect((await share({ ShipmentIds: [none.shipment_id], ShareOptions: ['HOUSE_MANIFEST'] })).json()).toMatchObject({
      status: -1,
      message: 'None of the selected shipments has the chosen documents to share.',
    });
    expect(received.length).toBe(before);
  });

  it("answers 'Share AWB Fail!' when the mail server refuses, and keeps no share log", async () => {
    const own = await shipmentWhere(t, sql`s.awb_prefix = '297'`, 6);
    const working = t.ctx.mailer;
    t.ctx.mailer = createMailer(t.db, 'smtp://127.0.0.1:1', pino({ level: 'silent' }));
    try {
      const response = await share({ ShipmentIds: [own.shipment_id], ShareOptions: ['AWB_COPY'] });
      expect(response.json()).toMatchObject({ status: -1, message: 'Share AWB Fail!' });
      expect(await countLog(t, { act_type: 'Share', awb_suffix: own.awb_suffix })).toBe(0);
      const outbox = await t.db.selectFrom('mail_outbox').select(['error', 'sent_at']).orderBy('mail_id', 'desc').executeTakeFirstOrThrow();
      expect(outbox.error).toBeTruthy();
      expect(outbox.sent_at).toBeNull();
    } finally {
      t.ctx.mailer = working;
    }
  });
});

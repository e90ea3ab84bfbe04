import { ShipmentMessages } from '../../../src/domain/shipmentMessages';
import { realPdf } from '../../fixtures/realPdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PDFParse } from 'pdf-parse';
import { buildShipmentTestApp, countLog, setShipment, shipmentWhere, type ShipmentTestApp, type UserKey } from './support';
import { uploadPouch, type UploadFile } from './pouchUpload';

let t: ShipmentTestApp;
beforeAll(async () => {
  t = await buildShipmentTestApp({ POUCH_MAX_BYTES: '4096' });
});
afterAll(() => t.close());

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const minimalPdf = (text: string) => pdfs.get(text) ?? Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
/** Real PDFs (uploads are parsed before they are stored), made once per text the tests upload. */
const pdfs = new Map<string, Buffer>();
for (const text of ['old', 'packing', 'exe', 'big', 'x']) pdfs.set(text, await realPdf(text));

const upload = (user: UserKey, fields: Record<string, string>, file?: UploadFile) => uploadPouch(t, user, fields, file);

describe('printing', () => {
  it('makes each printout a real PDF from the shipment data, logged as printed', async () => {
    const own = await shipmentWhere(t, sql`s.awb_prefix = '160' AND s.detail -> 'houses' <> '[]'::jsonb`);
    const detail = (await t.get('airlineAdmin', `/awbapi/awbdetail/${own.shipment_id}`)).json().data;
    const expectations: Record<string, string[]> = {
      laser: ['Demo Airlines', detail.Shipper.name, 'Original 3 (for Shipper)'],
      pdfneutral: ['Air Waybill (neutral)', detail.Consignee.name],
      neutral: [detail.Shipper.name, detail.GoodsDescription],
      consolmanifest: ['Consolidation Manifest', detail.Houses[0].hawbNumber],
      cargoreceipt: ['Cargo Receipt', `${detail.Pieces}`, 'Demo Airlines (admin)'],
      ecsd: ['Consignment Security Declaration', detail.Persons[0].idOrLicense],
    };
    for (const [kind, texts] of Object.entries(expectations)) {
      const response = await t.get('airlineAdmin', `/awbapi/print/${own.shipment_id}/${kind}`);
      expect(response.statusCode, kind).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^inline; filename=".+_160-\d{8}\.pdf"/);
      const text = await pdfText(response.rawPayload);
      expect(text, kind).toContain(detail.AWBNumber.replace('-', '').slice(0, 3));
      for (const expected of texts) expect(text, `${kind}: ${expected}`).toContain(expected);
    }
    expect(await countLog(t, { act_type: 'Print', awb_suffix: own.awb_suffix })).toBe(6);
    // The eCSD states the declaration's grounds for exemption (the FWB's SE entries), not a fixed 'None'.
    const stored = await t.db.selectFrom('shipments').select('detail').where('shipment_id', '=', own.shipment_id).executeTakeFirstOrThrow();
    const security = { ...((stored.detail.security as Record<string, unknown> | null) ?? {}), exemptions: 'MAIL BIOM' };
    await setShipment(t, own.shipment_id, { detail: JSON.stringify({ ...stored.detail, security }) });
    const exempt = await pdfText((await t.get('airlineAdmin', `/awbapi/print/${own.shipment_id}/ecsd`)).rawPayload);
    expect(exempt).toMatch(/Grounds for Exemption\s+MAIL BIOM/);
    expect((await t.get('airlineAdmin', `/awbapi/print/${own.shipment_id}/poster`)).statusCode).toBe(400);
  });
});

describe('documents', () => {
  it('issues a stored document from the shipment data on first view, keeps it, and logs display and download', async () => {
    const own = await shipmentWhere(t, sql`s.awb_prefix = '297'`);
    const document = await t.db
      .selectFrom('shipment_documents')
      .select(['document_id', 'file_name'])
      .where('shipment_id', '=', own.shipment_id)
      .where('doc_type', '=', 'AWB')
      .executeTakeFirstOrThrow();
    const view = await t.get('airlineAdmin', `/awbapi/document/${document.document_id}/view`);
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-disposition']).toBe(`inline; filename="${document.file_name}"; filename*=UTF-8''${encodeURIComponent(document.file_name)}`);
    expect(await pdfText(view.rawPayload)).toContain('AWB Copy');
    const stored = await t.db
      .selectFrom('shipment_documents')
      .select(['content', 'size_bytes'])
      .where('document_id', '=', document.document_id)
      .executeTakeFirstOrThrow();
    expect(stored.content?.equals(view.rawPayload)).toBe(true);
    expect(stored.size_bytes).toBe(view.rawPayload.length);
    const download = await t.get('airlineAdmin', `/awbapi/document/${document.document_id}/download`);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.rawPayload.equals(view.rawPayload)).toBe(true);
    expect(await countLog(t, { act_type: 'Display', doc_name: document.file_name })).toBe(1);
    expect(await countLog(t, { act_type: 'Download', doc_name: document.file_name })).toBe(1);
  });

  it('downloads several documents as one multipart answer', async () => {
    const own = await shipmentWhere(t, sql`s.awb_prefix = '160' AND s.detail -> 'houses' <> '[]'::jsonb`, 1);
    const documents = await t.db
      .selectFrom('shipment_documents')
      .select(['document_id', 'file_name'])
      .where('shipment_id', '=', own.shipment_id)
      .where('doc_type', '<>', 'Pouch')
      .orderBy('document_id')
      .execute();
    const response = await t.get('airlineAdmin', `/awbapi/documents/${own.shipment_id}/${documents.map((d) => d.document_id).join(',')}/download`);
    expect(response.statusCode).toBe(200);
    const parsed = await new Response(new Uint8Array(response.rawPayload), {
      headers: { 'content-type': response.headers['content-type'] as string },
    }).formData();
    const files = parsed.getAll('file') as File[];
    expect(files.map((file) => file.name)).toEqual(documents.map((d) => d.file_name));
    expect(new TextDecoder().decode((await files[0].arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect(await countLog(t, { act_type: 'Download', awb_suffix: own.awb_suffix })).toBe(documents.length);
  });

  it('opens files through short-lived tickets bound to the path, and refuses archived pouches with the alert', async () => {
    const own = await shipmentWhere(t, sql`s.awb_prefix = '160'`, 2);
    const awb = await t.db
      .selectFrom('shipment_documents')
      .select('document_id')
      .where('shipment_id', '=', own.shipment_id)
      .where('doc_type', '=', 'AWB')
      .executeTakeFirstOrThrow();
    const ticket = await t.post('airlineAdmin', '/awbapi/fileticket', { Kind: 'print', ShipmentId: own.shipment_id, PrintKind: 'cargoreceipt' });
    const url: string = ticket.json().data.Url;
    expect(url).toMatch(new RegExp(`^/awbapi/print/${own.shipment_id}/cargoreceipt\\?ticket=`));
    const opened = await t.app.inject({ method: 'GET', url });
    expect(opened.statusCode).toBe(200);
    expect(await pdfText(opened.rawPayload)).toContain('Cargo Receipt');
    // The ticket opens that path only.
    const elsewhere = url.replace('cargoreceipt', 'laser');
    expect((await t.app.inject({ method: 'GET', url: elsewhere })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/awbapi/print/${own.shipment_id}/laser?ticket=forged` })).statusCode).toBe(401);
    // A ticket cannot be used as an access token.
    const token = decodeURIComponent(url.split('ticket=')[1]);
    expect((await t.app.inject({ method: 'GET', url: '/userapi/permission', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);

    const pouch = await t.db
      .insertInto('shipment_documents')
      .values({
        shipment_id: own.shipment_id,
        doc_type: 'Pouch',
        pouch_kind: 'airline',
        file_name: 'old-pouch.pdf',
        company_id: 'DEMOAIR',
        user_id: 'operator',
        updated_on: sql`now() - interval '31 days'`,
        content: minimalPdf('old'),
      })
      .returning('document_id')
      .executeTakeFirstOrThrow();
    const archived = await t.post('airlineAdmin', '/awbapi/fileticket', {
      Kind: 'view',
      ShipmentId: own.shipment_id,
      DocumentIds: [String(pouch.document_id)],
    });
    expect(archived.json()).toMatchObject({
      status: -1,
      message: 'This pouch was uploaded more than 30 days ago and has been archived; it can no longer be opened.',
    });
    const several = await t.post('airlineAdmin', '/awbapi/fileticket', {
      Kind: 'download',
      ShipmentId: own.shipment_id,
      DocumentIds: [String(awb.document_id), String(pouch.document_id)],
    });
    expect(several.json().message).toBe('Selected document(s) cannot be opened, because they are archived or no longer available.');
    expect((await t.get('airlineAdmin', `/awbapi/document/${pouch.document_id}/view`)).json().data.reason).toBe('archived');
    const detail = (await t.get('airlineAdmin', `/awbapi/awbdetail/${own.shipment_id}`)).json().data;
    expect(detail.Documents.find((d: { ShipmentDocumentID: string }) => d.ShipmentDocumentID === String(pouch.document_id)).Archived).toBe(true);
  });

  it('uploads a PDF to the pouch of the company type, and refuses other files with a clear message', async () => {
    const forwarded = await shipmentWhere(t, sql`s.agent_company_id = 'DEMOFWD' AND s.status IN ('Accept', 'Reject')`);
    const ok = await upload(
      'forwarder',
      { ShipmentId: forwarded.shipment_id, Remarks: 'Packing list' },
      { name: 'packing list.pdf', content: minimalPdf('packing') },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ FileName: 'packing list.pdf', PouchKind: 'forwarder', AwaitingAcceptance: true });
    const stored = await t.db
      .selectFrom('shipment_documents')
      .selectAll()
      .where('document_id', '=', ok.json().data.ShipmentDocumentID)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ doc_type: 'Pouch', pouch_kind: 'forwarder', remarks: 'Packing list', user_id: 'operator', company_id: 'DEMOFWD' });
    expect(await countLog(t, { act_type: 'Upload', awb_suffix: forwarded.awb_suffix })).toBe(1);

    const cases: [Record<string, string>, UploadFile | undefined, string][] = [
      [{ ShipmentId: forwarded.shipment_id }, { name: 'x.pdf', content: Buffer.from('<html>not a pdf</html>') }, 'Please upload a PDF file.'],
      [{ ShipmentId: forwarded.shipment_id }, { name: 'x.exe', content: minimalPdf('exe'), type: 'application/octet-stream' }, 'Please upload a PDF file.'],
      [
        { ShipmentId: forwarded.shipment_id },
        { name: 'big.pdf', content: Buffer.concat([minimalPdf('big'), Buffer.alloc(5000, 32)]) },
        'The file is larger than 4 KB.',
      ],
      [{ ShipmentId: forwarded.shipment_id }, { name: 'empty.pdf', content: Buffer.alloc(0) }, 'The file is empty.'],
      // It starts like a PDF, and is not one: zeros, or a text with a PDF's first and last lines.
      [
        { ShipmentId: forwarded.shipment_id },
        { name: 'zeros.pdf', content: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3000)]) },
        ShipmentMessages.pouchUnreadablePdf,
      ],
      [
        { ShipmentId: forwarded.shipment_id },
        { name: 'text.pdf', content: Buffer.from('%PDF-1.4\n% only a comment\n%%EOF\n') },
        ShipmentMessages.pouchUnreadablePdf,
      ],
      [{ ShipmentId: forwarded.shipment_id }, undefined, 'Please upload a PDF file.'],
      [{ ShipmentId: 'abc' }, { name: 'x.pdf', content: minimalPdf('x') }, 'ShipmentId is required.'],
      [
        { ShipmentId: forwarded.shipment_id, PouchKind: 'airline' },
        { name: 'x.pdf', content: minimalPdf('x') },
        'Your company may upload to the forwarder pouch only.',
      ],
    ];
    for (const [fields, file, message] of cases) {
      const response = await upload('forwarder', fields, file);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ status: -50001, message });
    }
    expect(await countLog(t, { act_type: 'Upload', awb_suffix: forwarded.awb_suffix })).toBe(1);
    const notMultipart = await t.post('forwarder', '/awbapi/document/upload', { ShipmentId: forwarded.shipment_id });
    expect(notMultipart.statusCode).toBe(400);
  });

  it("refuses a file for a shipment the caller may not see before parsing it (issue 33: the check's threads are shared)", async () => {
    const others = await shipmentWhere(t, sql`s.awb_prefix = '618' AND s.agent_company_id IS DISTINCT FROM 'DEMOFWD'`);
    // Not a readable PDF: had it been parsed, that would be the answer.
    const hostile = { name: 'x.pdf', content: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3000, 7)]) };
    const refusedUpload = await upload('forwarder', { ShipmentId: others.shipment_id }, hostile);
    expect(refusedUpload.statusCode).toBe(403);
    expect(refusedUpload.json()).toMatchObject({ status: -10000, message: 'This air waybill is not accessible.' });
    const missing = await upload('forwarder', { ShipmentId: '999999999' }, hostile);
    expect(missing.statusCode).toBe(404);
  });
});

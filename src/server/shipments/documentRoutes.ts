import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { formatAwbNumber } from '../../domain/awb';
import { freeRemarkProblem } from '../../domain/remark';
import { DECIDED_STATUSES, type ShipmentStatus } from '../../domain/shipmentStatus';
import { formatBytes, looksLikePdf, POUCH_KINDS, pouchKindOf, PRINT_KINDS } from '../../domain/shipmentDocuments';
import { ShipmentMessages } from '../../domain/shipmentMessages';
import { sessionOf } from '../http/authenticate';
import { SHIPMENT_ID_PATTERN } from '../../domain/shipmentWire';
import { formatMessage, StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { writeActionLog, writeShipmentEvent } from './actionLog';
import { invalid, ok, refused, shipmentNotFound, shipmentRefused } from './answers';
import { callerOf, sendOutcome } from './caller';
import { documentsOfShipment, isArchived, safeFileName } from './documents';
import { issueFileTicket } from './fileTickets';
import { ID, OutcomeAnswer, shareAnswer, shareBody } from './schemas';
import { shareShipments } from './share';
import { findShipment } from './shipmentRecord';
import { createPdfChecker } from './pdfCheck';
import { Refusal, SHIPMENT_REFUSALS } from '../http/answerSchemas';

/** Pouch upload (multipart), file links for the browser, and Share AWB. */

const fileTicketBody = Type.Object(
  {
    Kind: Type.Enum(['view', 'download', 'print'], { type: 'string' }),
    ShipmentId: ID,
    DocumentIds: Type.Optional(Type.Array(ID, { minItems: 1, maxItems: 20, uniqueItems: true })),
    PrintKind: Type.Optional(Type.Enum(PRINT_KINDS, { type: 'string' })),
  },
  { additionalProperties: false },
);
type FileTicketRequest = Static<typeof fileTicketBody>;

/** A file link: its address with the ticket, how long it opens, and the AWB it is of; or a refusal (a document not found or archived). */
const fileTicketAnswer = OutcomeAnswer(Type.Object({ Url: Type.String(), ExpiresInSeconds: Type.Integer(), AWBNumber: Type.String() }));

/** The pouch document just uploaded, or a refusal (an automatic acceptance in progress). */
const uploadAnswer = OutcomeAnswer(
  Type.Object({
    ShipmentDocumentID: Type.String(),
    FileName: Type.String(),
    PouchKind: Type.Enum(POUCH_KINDS, { type: 'string' }),
    AwaitingAcceptance: Type.Boolean({ description: 'added to a decided shipment: waits for acceptance' }),
  }),
);

/** The URL a ticket opens; fileRoutes.ts serves these paths. */
export function filePath(request: FileTicketRequest): string {
  if (request.Kind === 'print') return `/awbapi/print/${request.ShipmentId}/${request.PrintKind}`;
  const ids = request.DocumentIds ?? [];
  if (ids.length === 1) return `/awbapi/document/${ids[0]}/${request.Kind}`;
  return `/awbapi/documents/${request.ShipmentId}/${ids.join(',')}/download`;
}

export async function documentRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(multipart, { limits: { fileSize: ctx.config.pouchMaxBytes, files: 1, fields: 4, fieldSize: 20_000, parts: 6 } });
  // Uploads are parsed off the event loop, in threads started with the first upload and stopped with the app.
  const pdfChecker = createPdfChecker({}, (error) => app.log.error({ err: error }, 'a thread of the PDF check failed'));
  app.addHook('onClose', () => pdfChecker.close());

  const uploadForm = {
    type: 'object',
    required: ['ShipmentId', 'file'],
    properties: {
      ShipmentId: { type: 'string', pattern: SHIPMENT_ID_PATTERN.source },
      PouchKind: { type: 'string', description: "when given, the caller's own pouch kind" },
      Remarks: { type: 'string', description: 'a free remark, checked as the form checks it' },
      file: { type: 'string', contentMediaType: 'application/pdf', description: 'one PDF, its name ending in .pdf' },
    },
  };
  // Read part by part by the handler (its own messages for each fault): described, not validated.
  app.post(
    '/document/upload',
    {
      schema: { response: { 200: uploadAnswer, ...SHIPMENT_REFUSALS, 503: Refusal } },
      config: { documentOnly: { consumes: ['multipart/form-data'], body: uploadForm } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) return invalid(reply, 'The upload must be multipart/form-data with a file.');
      const fields: Record<string, string> = {};
      let file: { fileName: string; content: Buffer } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (file) return invalid(reply, 'Please upload one file at a time.');
            file = { fileName: part.filename, content: await part.toBuffer() };
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          return invalid(reply, formatMessage(ShipmentMessages.pouchTooLarge, { size: formatBytes(ctx.config.pouchMaxBytes) }));
        // Everything thrown while the parts are read is the body's fault: Fastify's limits (FST_*) and
        // busboy's parse errors alike (a truncated body: "Unexpected end of multipart data").
        return invalid(reply, `The upload could not be read: ${(error as Error).message}`);
      }
      const shipmentId = fields.ShipmentId ?? '';
      if (!SHIPMENT_ID_PATTERN.test(shipmentId)) return invalid(reply, 'ShipmentId is required.');
      if (!file) return invalid(reply, ShipmentMessages.pouchNotPdf);
      if (file.content.length === 0) return invalid(reply, ShipmentMessages.pouchEmpty);
      if (!looksLikePdf(file.content.subarray(0, 5)) || !/\.pdf$/i.test(file.fileName)) return invalid(reply, ShipmentMessages.pouchNotPdf);
      const remarks = (fields.Remarks ?? '').trim();
      const remarkProblem = freeRemarkProblem(remarks);
      if (remarkProblem) return invalid(reply, remarkProblem);
      const caller = await callerOf(ctx, request);
      const pouchKind = pouchKindOf(caller.scope.companyTypeId);
      if (fields.PouchKind && fields.PouchKind !== pouchKind)
        return invalid(reply, formatMessage(ShipmentMessages.pouchTypeNotAllowed, { pouch: `${pouchKind} pouch` }));
      // Only a file for a shipment the caller may upload to is parsed: the check's threads are shared by everyone.
      const target = await findShipment(ctx.db, caller.scope, { id: shipmentId });
      if (target.kind === 'notFound') return shipmentNotFound(reply);
      if (target.access !== 'full') return shipmentRefused(reply, target.access);
      const verdict = await pdfChecker.check(file.content);
      if (verdict === 'busy')
        return reply
          .code(503)
          .header('Retry-After', String(pdfChecker.retryAfterSeconds))
          .send({ status: StatusCode.FAILURE, message: ShipmentMessages.pouchCheckBusy, data: { reason: 'busy' } });
      if (verdict !== 'readable') return invalid(reply, verdict === 'tooComplex' ? ShipmentMessages.pouchPdfTooComplex : ShipmentMessages.pouchUnreadablePdf);
      const upload = file;
      const outcome = await ctx.db.transaction().execute(async (trx) => {
        const found = await findShipment(trx, caller.scope, { id: shipmentId });
        if (found.kind === 'notFound' || found.access !== 'full') return found;
        if (found.shipment.status === 'Processing') return { kind: 'processing' as const };
        const awaiting = DECIDED_STATUSES.includes(found.shipment.status as ShipmentStatus);
        const fileName = safeFileName(upload.fileName);
        const inserted = await trx
          .insertInto('shipment_documents')
          .values({
            shipment_id: shipmentId,
            doc_type: 'Pouch',
            pouch_kind: pouchKind,
            file_name: fileName,
            content: upload.content,
            size_bytes: upload.content.length,
            remarks,
            company_id: caller.account.companyId,
            user_id: caller.account.userId,
            awaiting_acceptance: awaiting,
          })
          .returning('document_id')
          .executeTakeFirstOrThrow();
        // A new document is a change of the shipment: open pages see it through awbcheckupdate.
        await trx
          .updateTable('shipments')
          .set({ operator_remarks: (eb) => eb.ref('operator_remarks') })
          .where('shipment_id', '=', shipmentId)
          .execute();
        const text = `${fileName} uploaded to the ${pouchKind} pouch${awaiting ? ' (waits for acceptance)' : ''}`;
        await writeShipmentEvent(trx, { shipmentId, kind: 'DOCUMENT', description: text, companyId: caller.account.companyId, userId: caller.account.userId });
        await writeActionLog(trx, caller.account, caller.ip, [
          {
            actType: 'Upload',
            docType: 'Pouch',
            docName: fileName,
            documentId: String(inserted.document_id),
            remarks: text,
            shipmentId,
            awbPrefix: found.shipment.awb_prefix,
            awbSuffix: found.shipment.awb_suffix,
          },
        ]);
        return { kind: 'uploaded' as const, documentId: String(inserted.document_id), fileName, awaiting };
      });
      if (outcome.kind === 'notFound') return shipmentNotFound(reply);
      if (outcome.kind === 'found') return shipmentRefused(reply, outcome.access === 'lent' ? 'lent' : 'none');
      if (outcome.kind === 'processing') return refused(reply, 'processing', ShipmentMessages.autoAcceptanceInProgress);
      return ok({ ShipmentDocumentID: outcome.documentId, FileName: outcome.fileName, PouchKind: pouchKind, AwaitingAcceptance: outcome.awaiting });
    },
  );

  /** A short-lived link to a document, several documents (multipart) or a printout, checked now so the page can show why not. */
  app.post('/fileticket', { schema: { body: fileTicketBody, response: { 200: fileTicketAnswer, ...SHIPMENT_REFUSALS } } }, async (request, reply) => {
    const body = request.body;
    if (body.Kind === 'print' ? !body.PrintKind : !body.DocumentIds)
      return invalid(reply, body.Kind === 'print' ? 'PrintKind is required.' : 'DocumentIds is required.');
    if (body.Kind === 'view' && (body.DocumentIds?.length ?? 0) > 1) return invalid(reply, 'One document is viewed at a time.');
    const caller = await callerOf(ctx, request);
    const found = await findShipment(ctx.db, caller.scope, { id: body.ShipmentId });
    if (found.kind === 'notFound') return shipmentNotFound(reply);
    if (found.access !== 'full') return shipmentRefused(reply, found.access);
    if (body.DocumentIds) {
      const documents = await documentsOfShipment(ctx.db, body.ShipmentId, body.DocumentIds);
      if (documents.length !== body.DocumentIds.length) return refused(reply, 'documentNotFound', ShipmentMessages.documentsCannotOpen);
      const archived = documents.filter((document) => isArchived(document));
      if (archived.length > 0) {
        return refused(
          reply,
          'archived',
          archived.length === documents.length && documents.length === 1 ? ShipmentMessages.pouchArchived : ShipmentMessages.documentsCannotOpen,
          {
            Archived: archived.map((document) => document.document_id),
          },
        );
      }
    }
    const path = filePath(body);
    const ticket = issueFileTicket(
      ctx.jwtSecret,
      { userId: caller.account.userId, companyId: caller.account.companyId, ...sessionOf(request) },
      path,
      ctx.config.fileTicketSeconds,
    );
    return ok({
      Url: `${path}?ticket=${encodeURIComponent(ticket)}`,
      ExpiresInSeconds: ctx.config.fileTicketSeconds,
      AWBNumber: formatAwbNumber({ prefix: found.shipment.awb_prefix, suffix: found.shipment.awb_suffix }),
    });
  });

  app.post('/share', { schema: { body: shareBody, response: { 200: shareAnswer, ...SHIPMENT_REFUSALS } } }, async (request, reply) =>
    sendOutcome(reply, await shareShipments({ ...(await callerOf(ctx, request)), mailer: ctx.mailer }, request.body)),
  );
}

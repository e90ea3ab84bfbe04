import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { StatusCode } from '../../domain/statusCodes';
import { ShipmentMessages } from '../../domain/shipmentMessages';
import type { AppContext } from '../context';
import { admitSession, authenticate } from '../http/authenticate';
import { actionLogRows, type ActionLogEntry } from './actionLog';
import { fileRefused, shipmentNotFound, shipmentRefused } from './answers';
import { callerOf } from './caller';
import { shipmentData } from './detail';
import { acceptanceOf, carrierNameOf, contentDisposition, contentOf, documentsOfShipment, findDocument, isArchived } from './documents';
import { verifyFileTicket } from './fileTickets';
import { multipartBody } from './multipartBody';
import { PRINT_LABELS, printFileName, renderPrint } from './print';
import { Refusal, SHIPMENT_REFUSALS } from '../http/answerSchemas';
import { ID, printParams } from './schemas';
import { findShipment } from './shipmentRecord';

/**
 * The files: a document inline or as a download, several documents as one multipart answer, and
 * the printouts. Each is served with its user log entry written in the transaction that read it.
 * A call carries the bearer token, or the `ticket` of a file link (POST awbapi/fileticket).
 */

/** Bearer token or file ticket; then the same account and session checks as every API call. */
export function authenticateFileRequest(ctx: AppContext) {
  const bearer = authenticate(ctx);
  return async function authenticateFile(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const ticket = (request.query as { ticket?: unknown } | undefined)?.ticket;
    if (request.headers.authorization || typeof ticket !== 'string') return bearer(request, reply);
    const claims = verifyFileTicket(ctx.jwtSecret, ticket, request.url.split('?')[0]);
    if (!claims) return reply.code(401).send({ status: StatusCode.FAILURE, message: 'This file link has expired. Please open the document again.' });
    await admitSession(ctx, request, reply, claims);
  };
}

const ticketQuery = Type.Object({ ticket: Type.Optional(Type.String({ maxLength: 2000 })) });

/** A file's refusals: those of every shipment call, and 409 for a document that cannot be opened (archived, gone). */
const FILE_REFUSALS = { ...SHIPMENT_REFUSALS, 409: Refusal } as const;

/** A file answer: its bytes, of the content type given (the handler sends a Buffer, which Fastify writes as it is). */
function fileAnswer(description: string, contentType: string) {
  return { description, content: { [contentType]: { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } } };
}

export async function fileRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/document/:documentId/:disposition',
    {
      schema: {
        params: Type.Object({ documentId: ID, disposition: Type.Enum(['view', 'download'], { type: 'string' }) }),
        querystring: ticketQuery,
        response: {
          200: fileAnswer('the document (a PDF), inline (view) or as an attachment (download)', 'application/pdf'),
          ...FILE_REFUSALS,
        },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(ctx, request);
      const document = await findDocument(ctx.db, request.params.documentId);
      if (!document) return shipmentNotFound(reply);
      const outcome = await ctx.db.transaction().execute(async (trx) => {
        const found = await findShipment(trx, caller.scope, { id: document.shipment_id });
        if (found.kind === 'notFound' || found.access !== 'full') return found;
        if (isArchived(document)) return { kind: 'archived' as const };
        const content = await contentOf(trx, document, found.shipment);
        const view = request.params.disposition === 'view';
        ctx.logs.actions(
          actionLogRows(caller.account, caller.ip, [
            {
              actType: view ? 'Display' : 'Download',
              docType: document.doc_type,
              docName: document.file_name,
              documentId: document.document_id,
              shipmentId: document.shipment_id,
              awbPrefix: found.shipment.awb_prefix,
              awbSuffix: found.shipment.awb_suffix,
            },
          ]),
        );
        return { kind: 'file' as const, content, view };
      });
      if (outcome.kind === 'notFound') return shipmentNotFound(reply);
      if (outcome.kind === 'found') return shipmentRefused(reply, outcome.access === 'lent' ? 'lent' : 'none');
      if (outcome.kind === 'archived') return fileRefused(reply, 'archived', ShipmentMessages.pouchArchived);
      return reply
        .header('Content-Type', document.content_type)
        .header('Content-Disposition', contentDisposition(outcome.view ? 'inline' : 'attachment', document.file_name))
        .header('Cache-Control', 'private, no-store')
        .send(outcome.content);
    },
  );

  app.get(
    '/documents/:shipmentId/:documentIds/download',
    {
      schema: {
        params: Type.Object({ shipmentId: ID, documentIds: Type.String({ pattern: '^[1-9][0-9]{0,17}(,[1-9][0-9]{0,17}){0,19}$' }) }),
        querystring: ticketQuery,
        response: { 200: fileAnswer('the documents as one multipart answer, a part per document', 'multipart/form-data'), ...FILE_REFUSALS },
      },
    },
    async (request, reply) => {
      const ids = [...new Set(request.params.documentIds.split(','))];
      const caller = await callerOf(ctx, request);
      const outcome = await ctx.db.transaction().execute(async (trx) => {
        const found = await findShipment(trx, caller.scope, { id: request.params.shipmentId });
        if (found.kind === 'notFound' || found.access !== 'full') return found;
        const documents = await documentsOfShipment(trx, request.params.shipmentId, ids);
        if (documents.length !== ids.length || documents.some((document) => isArchived(document))) return { kind: 'cannotOpen' as const };
        const files = [];
        const entries: ActionLogEntry[] = [];
        for (const document of documents) {
          files.push({ fileName: document.file_name, contentType: document.content_type, content: await contentOf(trx, document, found.shipment) });
          entries.push({
            actType: 'Download',
            docType: document.doc_type,
            docName: document.file_name,
            documentId: document.document_id,
            shipmentId: document.shipment_id,
            awbPrefix: found.shipment.awb_prefix,
            awbSuffix: found.shipment.awb_suffix,
          });
        }
        ctx.logs.actions(actionLogRows(caller.account, caller.ip, entries));
        return { kind: 'files' as const, files };
      });
      if (outcome.kind === 'notFound') return shipmentNotFound(reply);
      if (outcome.kind === 'found') return shipmentRefused(reply, outcome.access === 'lent' ? 'lent' : 'none');
      if (outcome.kind === 'cannotOpen') return fileRefused(reply, 'cannotOpen', ShipmentMessages.documentsCannotOpen);
      const { contentType, body } = multipartBody(outcome.files);
      return reply.header('Content-Type', contentType).header('Cache-Control', 'private, no-store').send(body);
    },
  );

  app.get(
    '/print/:shipmentId/:kind',
    { schema: { params: printParams, querystring: ticketQuery, response: { 200: fileAnswer('the printout', 'application/pdf'), ...SHIPMENT_REFUSALS } } },
    async (request, reply) => {
      const caller = await callerOf(ctx, request);
      const outcome = await ctx.db.transaction().execute(async (trx) => {
        const found = await findShipment(trx, caller.scope, { id: request.params.shipmentId });
        if (found.kind === 'notFound' || found.access !== 'full') return found;
        const data = shipmentData(found.shipment);
        const content = await renderPrint(request.params.kind, data, {
          carrierName: await carrierNameOf(trx, found.shipment),
          companyName: caller.account.companyName,
          userId: caller.account.userId,
          now: new Date(),
          acceptance: request.params.kind === 'cargoreceipt' ? await acceptanceOf(trx, found.shipment.shipment_id) : undefined,
        });
        const fileName = printFileName(request.params.kind, data);
        ctx.logs.actions(
          actionLogRows(caller.account, caller.ip, [
            {
              actType: 'Print',
              docType: PRINT_LABELS[request.params.kind],
              docName: fileName,
              shipmentId: data.ShipmentId,
              awbPrefix: data.AWBPrefix,
              awbSuffix: data.AWBSuffix,
            },
          ]),
        );
        return { kind: 'pdf' as const, content, fileName };
      });
      if (outcome.kind === 'notFound') return shipmentNotFound(reply);
      if (outcome.kind === 'found') return shipmentRefused(reply, outcome.access === 'lent' ? 'lent' : 'none');
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition('inline', outcome.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(outcome.content);
    },
  );
}

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CLIENT_ACTION_TYPES, isClientActionType, type ClientActionType } from '../../domain/actionLog';
import type { AppContext } from '../context';
import { Answer, SHIPMENT_REFUSALS } from '../http/answerSchemas';
import { authenticate } from '../http/authenticate';
import { aboutShipments, ipRestriction } from '../http/ipRestriction';
import { writeActionLog, writeShipmentEvent } from '../shipments/actionLog';
import { invalid, ok, shipmentNotFound, shipmentRefused } from '../shipments/answers';
import { callerOf } from '../shipments/caller';
import { actionLoggingBody } from '../shipments/schemas';
import { findShipment } from '../shipments/shipmentRecord';

/**
 * POST /logapi/actionlogging (spec 3 "Action log"): what happens in the browser alone, such as
 * printing a document already shown (CONTRACTS.md "Logs"). Displays, downloads and searches the
 * server serves are logged by the server itself, in the same transaction.
 */
export async function actionLoggingRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  aboutShipments(app);
  app.post(
    '/actionlogging',
    {
      preHandler: [authenticate(ctx), ipRestriction],
      schema: { body: actionLoggingBody, response: { 200: Answer(Type.Object({ Logged: Type.Literal(true) })), ...SHIPMENT_REFUSALS } },
    },
    async (request, reply) => {
      const body = request.body;
      if (!isClientActionType(body.ActType))
        return invalid(reply, `The browser may log ${CLIENT_ACTION_TYPES.join(', ')} only; the server logs the rest itself.`);
      if ((body.AWBPrefix === undefined) !== (body.AWBSuffix === undefined)) return invalid(reply, 'AWBPrefix and AWBSuffix go together.');
      if (body.ShipmentDocumentID && !body.ShipmentID) return invalid(reply, 'ShipmentDocumentID needs its ShipmentID.');
      const caller = await callerOf(ctx, request);
      const key = body.ShipmentID ? { id: body.ShipmentID } : body.AWBPrefix && body.AWBSuffix ? { prefix: body.AWBPrefix, suffix: body.AWBSuffix } : undefined;
      const outcome = await ctx.db.transaction().execute(async (trx) => {
        let shipment: { id: string; prefix: string; suffix: string } | undefined;
        let documentName = '';
        if (key) {
          const found = await findShipment(trx, caller.scope, key);
          if (found.kind === 'notFound' || found.access !== 'full') return found;
          shipment = { id: String(found.shipment.shipment_id), prefix: found.shipment.awb_prefix, suffix: found.shipment.awb_suffix };
          if (body.AWBPrefix && (body.AWBPrefix !== shipment.prefix || body.AWBSuffix !== shipment.suffix)) return { kind: 'mismatch' as const };
          if (body.ShipmentDocumentID) {
            const document = await trx
              .selectFrom('shipment_documents')
              .select(['file_name', 'doc_type'])
              .where('document_id', '=', body.ShipmentDocumentID)
              .where('shipment_id', '=', shipment.id)
              .executeTakeFirst();
            if (!document) return { kind: 'documentNotFound' as const };
            documentName = document.file_name;
          }
        }
        await writeActionLog(trx, caller.account, caller.ip, [
          {
            actType: body.ActType,
            docType: body.DocType ?? '',
            docName: documentName,
            remarks: body.strRemk ?? '',
            shipmentId: shipment?.id ?? null,
            documentId: body.ShipmentDocumentID ?? null,
            awbPrefix: shipment?.prefix ?? null,
            awbSuffix: shipment?.suffix ?? null,
            logLevel: body.LogLevel,
            source: 'browser',
          },
        ]);
        if (body.isLogTransactionHistory && shipment) {
          await writeShipmentEvent(trx, {
            shipmentId: shipment.id,
            kind: body.ActType.toUpperCase() as Uppercase<ClientActionType>,
            description: `${body.ActType}${body.DocType ? ` ${body.DocType}` : ''}${documentName ? ` ${documentName}` : ''}${body.strRemk ? `: ${body.strRemk}` : ''}`,
            companyId: caller.account.companyId,
            userId: caller.account.userId,
          });
        }
        return { kind: 'logged' as const };
      });
      if (outcome.kind === 'notFound') return shipmentNotFound(reply);
      if (outcome.kind === 'found') return shipmentRefused(reply, outcome.access === 'lent' ? 'lent' : 'none');
      if (outcome.kind === 'mismatch') return invalid(reply, 'AWBPrefix and AWBSuffix do not belong to ShipmentID.');
      if (outcome.kind === 'documentNotFound') return shipmentNotFound(reply);
      return ok({ Logged: true });
    },
  );
}

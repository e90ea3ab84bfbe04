import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { FunctionId } from '../../domain/access';
import { IngestMessages } from '../../domain/complianceMessages';
import { decodeMessageBytes, DEFAULT_CARGO_MESSAGE_LIMITS } from '../../domain/cargoMessages';
import { withoutFormatCharacters } from '../../domain/screening';
import { formatMessage, StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { accountOf, authenticate } from '../http/authenticate';
import { aboutShipments, ipRestriction } from '../http/ipRestriction';
import { requireFunction } from '../http/requireFunction';
import { invalid, ok } from '../shipments/answers';
import { callerOf, sendOutcome } from '../shipments/caller';

import { ingestMessage } from './ingest';
import { checkSanctionName } from './sanctionCheck';
import { resendSanctionScreening, saveSanctionDecisions } from './sanctionReview';
import { messageAnswer, resendBody, sanctionCheckAnswer, sanctionResendAnswer, sanctionSaveAnswer, sanctionSaveBody, searchQuery } from './schemas';
import { REFUSALS, SHIPMENT_REFUSALS } from '../http/answerSchemas';

/**
 * The compliance engine's calls on the API host (/awbapi): shipment messages in (FWB, FHL and
 * their Cargo-XML forms), the sanction review (save, resend) and the Sanction Check of a name (sanctionCheck.ts).
 */

/** Messages larger than this are refused before they are read; the parser's own limit is lower and says why. */
const MESSAGE_BODY_LIMIT = 4 * DEFAULT_CARGO_MESSAGE_LIMITS.maxBytes;

export async function complianceRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const deps = () => ({ ...(ctx.jobs ? { jobs: ctx.jobs } : {}), autoAcceptDelaySeconds: ctx.config.autoAcceptDelaySeconds });
  aboutShipments(app);
  app.addHook('preHandler', authenticate(ctx));
  app.addHook('preHandler', ipRestriction);

  // Cargo-IMP arrives as text, Cargo-XML as XML: both are read as bytes, so a wrong encoding is named as such.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(['text/plain', 'application/xml', 'text/xml'], { parseAs: 'buffer', bodyLimit: MESSAGE_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  // Raw bytes decoded by the handler (a wrong encoding is named as such), or JSON {message}: described, not validated.
  const messageBody = {
    consumes: ['text/plain', 'application/xml', 'text/xml', 'application/json'],
    body: {
      description: 'a Cargo-IMP message as text, a Cargo-XML message, or JSON {"message": "<the message text>"}',
      oneOf: [{ type: 'string' }, { type: 'object', required: ['message'], properties: { message: { type: 'string' } } }],
    },
  };
  app.post(
    '/messages',
    {
      preHandler: requireFunction(ctx, FunctionId.SHIPMENT_MESSAGES),
      bodyLimit: MESSAGE_BODY_LIMIT,
      schema: { response: { 200: messageAnswer, 201: messageAnswer, ...REFUSALS } },
      config: { documentOnly: messageBody },
    },
    async (request, reply) => {
      const body = request.body;
      let text: string | undefined;
      if (Buffer.isBuffer(body)) {
        const decoded = decodeMessageBytes(body, DEFAULT_CARGO_MESSAGE_LIMITS);
        if (!decoded.ok) return refusedMessage(reply, decoded.faults);
        text = decoded.value;
      } else if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
        text = (body as { message: string }).message;
      }
      if (text === undefined) return invalid(reply, IngestMessages.emptyBody);
      const account = accountOf(request);
      const result = await ingestMessage(
        { db: ctx.db, account, autoAcceptDelaySeconds: ctx.config.autoAcceptDelaySeconds, ...(ctx.jobs ? { jobs: ctx.jobs } : {}) },
        text,
      );
      if (result.kind === 'faults') return refusedMessage(reply, result.faults);
      if (result.kind === 'refused') return reply.code(403).send({ status: StatusCode.USER_ACL_EXCEPTION, message: result.message });
      if (result.kind === 'acknowledged') {
        return ok({
          MessageId: result.messageId,
          Kind: result.messageKind,
          Outcome: 'acknowledged',
          AWBNumber: result.awb,
          OutboundMessageId: result.outboundMessageId,
          OutboundState: result.state,
        });
      }
      return reply.code(result.outcome === 'created' ? 201 : 200).send(
        ok({
          MessageId: result.messageId,
          Kind: result.messageKind,
          Outcome: result.outcome,
          AWBNumber: result.awb,
          ShipmentId: result.shipmentId,
          Status: result.status,
          UpdateDT: result.updateDt,
          Findings: result.findings,
          OpenHits: result.openHits,
        }),
      );
    },
  );

  app.post(
    '/sanction/save',
    { preHandler: requireFunction(ctx, FunctionId.SHIPMENT), schema: { body: sanctionSaveBody, response: { 200: sanctionSaveAnswer, ...SHIPMENT_REFUSALS } } },
    async (request, reply) => sendOutcome(reply, await saveSanctionDecisions(await callerOf(ctx, request), deps(), request.body)),
  );

  app.post(
    '/sanction/resend',
    { preHandler: requireFunction(ctx, FunctionId.SHIPMENT), schema: { body: resendBody, response: { 200: sanctionResendAnswer, ...REFUSALS } } },
    async (request) => ok(await resendSanctionScreening(await callerOf(ctx, request), deps(), request.body.ResendList)),
  );

  app.get(
    '/sanction/search',
    { preHandler: requireFunction(ctx, FunctionId.SANCTION_REVIEW), schema: { querystring: searchQuery, response: { 200: sanctionCheckAnswer, ...REFUSALS } } },
    async (request, reply) => {
      const name = request.query.name.trim();
      // Invisible characters (a zero width space) are not letters of the name: screening removes them.
      if ([...withoutFormatCharacters(name).trim()].length < 2) return invalid(reply, 'Enter a name of at least 2 characters.');
      return ok(await checkSanctionName(await callerOf(ctx, request), name, request.query.limit));
    },
  );
}

function refusedMessage(reply: FastifyReply, faults: readonly { line: number; code: string; segment?: string; reason: string }[]) {
  return reply.code(400).send({
    status: StatusCode.VALIDATION_FAIL,
    message: formatMessage(IngestMessages.refused, { count: faults.length }),
    data: {
      Faults: faults.map((fault) => ({ Line: fault.line, Code: fault.code, ...(fault.segment ? { Segment: fault.segment } : {}), Reason: fault.reason })),
    },
  });
}

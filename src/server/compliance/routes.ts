import type { FastifyInstance, FastifyReply } from 'fastify';
import { FunctionId } from '../../domain/access';
import { IngestMessages } from '../../domain/complianceMessages';
import { decodeMessageBytes, DEFAULT_CARGO_MESSAGE_LIMITS } from '../../domain/cargoMessages';
import { SANCTION_DECISIONS } from '../../domain/sanctionReview';
import { formatMessage, StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { accountOf, authenticate } from '../http/authenticate';
import { aboutShipments, ipRestriction } from '../http/ipRestriction';
import { requireFunction } from '../http/requireFunction';
import { invalid, ok } from '../shipments/answers';
import { callerOf, sendOutcome } from '../shipments/caller';
import { ID, PREFIX, REMARK, SUFFIX, UPDATE_DT } from '../shipments/schemas';
import { ingestMessage } from './ingest';
import { checkSanctionName } from './sanctionCheck';
import { resendSanctionScreening, saveSanctionDecisions, type SanctionSaveRequest } from './sanctionReview';

/**
 * The compliance engine's calls on the API host (/awbapi): shipment messages in (FWB, FHL and
 * their Cargo-XML forms), the sanction review (save, resend) and the Sanction Check of a name (sanctionCheck.ts).
 */

const sanctionSaveBody = {
  type: 'object',
  required: ['ShipmentId', 'AWBPrefix', 'AWBSuffix', 'UpdateDT', 'decisions'],
  additionalProperties: false,
  properties: {
    ShipmentId: ID,
    AWBPrefix: PREFIX,
    AWBSuffix: SUFFIX,
    UpdateDT: UPDATE_DT,
    PendingUpdate: { type: 'boolean' },
    decisions: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        required: ['HitId', 'Decision', 'Remark'],
        additionalProperties: false,
        properties: { HitId: { type: 'string', pattern: '^H[0-9A-Z]{2,20}$' }, Decision: { type: 'string', enum: [...SANCTION_DECISIONS] }, Remark: REMARK },
      },
    },
  },
} as const;

const resendBody = {
  type: 'object',
  required: ['ResendList'],
  additionalProperties: false,
  properties: { ResendList: { type: 'array', minItems: 1, maxItems: 50, uniqueItems: true, items: ID } },
} as const;

const searchQuery = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: 'string', minLength: 1, maxLength: 200 }, limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 } },
} as const;

/** Messages larger than this are refused before they are read; the parser's own limit is lower and says why. */
const MESSAGE_BODY_LIMIT = 4 * DEFAULT_CARGO_MESSAGE_LIMITS.maxBytes;

export async function complianceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
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
    { preHandler: requireFunction(ctx, FunctionId.SHIPMENT_MESSAGES), bodyLimit: MESSAGE_BODY_LIMIT, config: { documentOnly: messageBody } },
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

  app.post<{ Body: SanctionSaveRequest }>(
    '/sanction/save',
    { preHandler: requireFunction(ctx, FunctionId.SHIPMENT), schema: { body: sanctionSaveBody } },
    async (request, reply) => sendOutcome(reply, await saveSanctionDecisions(await callerOf(ctx, request), deps(), request.body)),
  );

  app.post<{ Body: { ResendList: string[] } }>(
    '/sanction/resend',
    { preHandler: requireFunction(ctx, FunctionId.SHIPMENT), schema: { body: resendBody } },
    async (request) => ok(await resendSanctionScreening(await callerOf(ctx, request), deps(), request.body.ResendList)),
  );

  app.get<{ Querystring: { name: string; limit: number } }>(
    '/sanction/search',
    { preHandler: requireFunction(ctx, FunctionId.SANCTION_REVIEW), schema: { querystring: searchQuery } },
    async (request, reply) => {
      const name = request.query.name.trim();
      if ([...name].length < 2) return invalid(reply, 'Enter a name of at least 2 characters.');
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

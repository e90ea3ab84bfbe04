import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { FunctionId } from '../../domain/access';
import { StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { admitSession, authenticate, sessionOf, accountOf } from '../http/authenticate';
import { aboutShipments, ipRestriction } from '../http/ipRestriction';
import { requireFunction } from '../http/requireFunction';
import { Refusal, REFUSALS } from '../http/answerSchemas';
import { ok } from '../shipments/answers';
import { ticketAnswer } from '../shipments/schemas';
import { issueEventTicket, spendEventTicket, verifyEventTicket } from './eventTickets';
import { LiveStreams } from './liveStreams';

/**
 * The live event stream (issue 19), under /awbapi with the shipment calls' rules:
 * - POST /awbapi/eventticket (bearer token): `{ Url, ExpiresInSeconds }`, the stream's address with
 *   a short-lived, single-use ticket of type `events` (EventSource sends no headers; the access token never goes in a URL).
 * - GET /awbapi/events?ticket=… (text/event-stream): the ticket only; then the same account, session,
 *   address and function checks as every shipment call. `Last-Event-ID` (or `lastEventId=` for
 *   polyfills) replays what came after it from the event log, or sends `event: reset` when that is
 *   older than the log's window; without it the stream starts with `event: ready` and the current id.
 *   Events are `id: N` and `data: {id, kind, shipmentId, awb, status, by, at, detail}`; a comment
 *   line every LIVE_HEARTBEAT_MS. At most LIVE_STREAMS_PER_USER open streams per user on an
 *   instance: one more is refused with HTTP 429 (refused, not the oldest closed: two tabs would
 *   otherwise close each other's stream in turn as EventSource reconnects).
 */

const LAST_EVENT_ID = /^[0-9]{1,18}$/;

function lastEventIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers['last-event-id'];
  const given = typeof header === 'string' && header !== '' ? header : (request.query as { lastEventId?: string }).lastEventId;
  return given !== undefined && LAST_EVENT_ID.test(given) ? given : undefined;
}

function authenticateStream(ctx: AppContext) {
  return async function authenticateStreamRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const ticket = (request.query as { ticket?: unknown }).ticket;
    const verified = typeof ticket === 'string' ? verifyEventTicket(ctx.jwtSecret, ticket) : undefined;
    if (!verified || !(await spendEventTicket(ctx.db, verified)))
      return reply.code(401).send({ status: StatusCode.FAILURE, message: 'This event stream ticket has expired. Please ask for a new one.' });
    await admitSession(ctx, request, reply, verified.claims);
  };
}

/** The stream: `text/event-stream` lines (`id:`, `event:`, `data:` JSON of a LiveEvent, and comment heartbeats) for as long as it stays open. */
const eventStream = {
  description: 'server-sent events: `event: ready` or `event: reset` first, then `id: N` and `data: {id, kind, shipmentId, awb, status, by, at, detail}`',
  content: { 'text/event-stream': { schema: Type.String() } },
};

export async function liveEventRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const streams = new LiveStreams(ctx, { heartbeatMs: ctx.config.liveHeartbeatMs, perUser: ctx.config.liveStreamsPerUser });
  // Before the server stops accepting and waits for what is in flight: a stream never ends by itself.
  app.addHook('preClose', () => streams.closeAll());
  ctx.metrics?.gaugeFrom('portal_live_streams_open', 'Live event streams open on this process', () => streams.size);
  app.addHook('onClose', () => streams.dispose());

  await app.register(async (tickets) => {
    aboutShipments(tickets);
    tickets.addHook('preHandler', authenticate(ctx));
    tickets.addHook('preHandler', ipRestriction);
    tickets.addHook('preHandler', requireFunction(ctx, FunctionId.SHIPMENT));
    tickets.post('/eventticket', { schema: { response: { 200: ticketAnswer, ...REFUSALS } }, config: { readsOnly: true } }, async (request) => {
      const account = accountOf(request);
      const ticket = issueEventTicket(
        ctx.jwtSecret,
        { userId: account.userId, companyId: account.companyId, ...sessionOf(request) },
        ctx.config.eventTicketSeconds,
      );
      return ok({ Url: `/awbapi/events?ticket=${encodeURIComponent(ticket)}`, ExpiresInSeconds: ctx.config.eventTicketSeconds });
    });
  });

  await app.register(async (stream) => {
    aboutShipments(stream);
    // A ticket opens one stream, on whichever instance (used_event_tickets); a reconnect asks for a new one anyway.
    stream.addHook('preHandler', authenticateStream(ctx));
    stream.addHook('preHandler', ipRestriction);
    stream.addHook('preHandler', requireFunction(ctx, FunctionId.SHIPMENT));
    stream.get(
      '/events',
      {
        schema: {
          querystring: Type.Object({ ticket: Type.Optional(Type.String({ maxLength: 2000 })), lastEventId: Type.Optional(Type.String({ maxLength: 40 })) }),
          response: { 200: eventStream, ...REFUSALS, 429: Refusal },
        },
      },
      async (request, reply) => {
        const account = accountOf(request);
        if (streams.openOf(account) >= ctx.config.liveStreamsPerUser) {
          return reply.code(429).send({
            status: StatusCode.FAILURE,
            message: `At most ${ctx.config.liveStreamsPerUser} live streams may be open at a time; close another window of the portal.`,
          });
        }
        reply.hijack();
        const lastEventId = lastEventIdOf(request);
        // open() watches for the stream's end before it writes the headers, and opens nothing when the browser left already.
        streams.open({
          claims: { userId: account.userId, companyId: account.companyId, ...sessionOf(request) },
          ip: request.ip,
          res: reply.raw,
          headers: {
            ...(reply.getHeaders() as Record<string, string>),
            'Content-Type': 'text/event-stream; charset=utf-8',
            'Cache-Control': 'no-store',
            'X-Accel-Buffering': 'no',
            Connection: 'keep-alive',
          },
          ...(lastEventId ? { lastEventId } : {}),
        });
      },
    );
  });
}

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { Type, type Static } from 'typebox';
import { FunctionId } from '../../domain/access';
import { AWB_FORMAT_MESSAGE, formatAwbNumber, parseAwbNumber } from '../../domain/awb';
import { StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { sendNotFound } from '../ruleLists/answers';
import { Answer, NullableText, PageAnswer, Refusal } from '../http/answerSchemas';
import { accountOf } from '../http/authenticate';
import { requireFunction } from '../http/requireFunction';
import { QUEUES } from '../jobs/jobQueue';
import { writeShipmentEvents } from '../shipments/actionLog';
import { ID } from '../shipments/schemas';
import { badRequest, listQuerystringSchema, parseListQuery, sendPage, textFilter } from '../users/listQuery';
import { OUTBOUND_ACTION_FROM, OUTBOUND_STATES, OUTBOUND_TARGETS } from '../../domain/outboundMessages';

/**
 * The outbound messages of the company (function 86) as the classic `outboundmessages` resource:
 * the list with filters, one message with its text, and the grid's Resend and Cancel (spec 2
 * toolbar), distinct from the sanction resend.
 */

const SORT_FIELDS = ['CreatedAt', 'Target', 'State', 'AWBNumber', 'UpdatedAt'] as const;
const SORT_SQL: Record<(typeof SORT_FIELDS)[number], RawBuilder<unknown>> = {
  CreatedAt: sql`o.created_at`,
  Target: sql`o.target`,
  State: sql`o.state`,
  AWBNumber: sql`s.awb_prefix, s.awb_suffix`,
  UpdatedAt: sql`o.updated_at`,
};

interface OutboundRow {
  message_id: string;
  shipment_id: string;
  target: string;
  state: string;
  recipient: string | null;
  attempts: number;
  last_error: string | null;
  acknowledgement: string | null;
  created_at: Date;
  updated_at: Date;
  sent_at: Date | null;
  acknowledged_at: Date | null;
  user_id: string;
  awb_prefix: string;
  awb_suffix: string;
  payload?: string;
}

function toWire(row: OutboundRow): Static<typeof OutboundMessage> {
  return {
    id: String(row.message_id),
    ShipmentId: String(row.shipment_id),
    AWBNumber: formatAwbNumber({ prefix: row.awb_prefix, suffix: row.awb_suffix }),
    Target: row.target,
    State: row.state,
    Recipient: row.recipient,
    Attempts: row.attempts,
    LastError: row.last_error,
    Acknowledgement: row.acknowledgement,
    CreatedAt: row.created_at.toISOString(),
    UpdatedAt: row.updated_at.toISOString(),
    SentAt: row.sent_at ? row.sent_at.toISOString() : null,
    AcknowledgedAt: row.acknowledged_at ? row.acknowledged_at.toISOString() : null,
    UserId: row.user_id,
    ...(row.payload !== undefined ? { Payload: row.payload } : {}),
  };
}

const idsBody = Type.Object({ ids: Type.Array(ID, { minItems: 1, maxItems: 200, uniqueItems: true }) }, { additionalProperties: false });

/** An outbound message as the grid shows it (toWire); one message also carries its text (Payload). */
const OutboundMessage = Type.Object({
  id: Type.String(),
  ShipmentId: Type.String(),
  AWBNumber: Type.String(),
  Target: Type.String({ description: OUTBOUND_TARGETS.join(', ') }),
  State: Type.String({ description: OUTBOUND_STATES.join(', ') }),
  Recipient: NullableText,
  Attempts: Type.Integer(),
  LastError: NullableText,
  Acknowledgement: NullableText,
  CreatedAt: Type.String(),
  UpdatedAt: Type.String(),
  SentAt: NullableText,
  AcknowledgedAt: NullableText,
  UserId: Type.String(),
  Payload: Type.Optional(Type.String({ description: 'the message as sent: GET outboundmessages/{id} only' })),
});

/** Resend's and Cancel's answer: the messages done, and those skipped as not in a state the action takes. */
const actionAnswer = Answer(Type.Object({ Done: Type.Array(Type.String()), Skipped: Type.Array(Type.String()) }));

/** The refusals of these calls: bad input (400), signed out (401), not the caller's function (403), no such message (404). */
const REFUSALS = { 400: Refusal, 401: Refusal, 403: Refusal, 404: Refusal } as const;
const COLUMNS = [
  'o.message_id',
  'o.shipment_id',
  'o.target',
  'o.state',
  'o.recipient',
  'o.attempts',
  'o.last_error',
  'o.acknowledgement',
  'o.created_at',
  'o.updated_at',
  'o.sent_at',
  'o.acknowledged_at',
  'o.user_id',
  's.awb_prefix',
  's.awb_suffix',
] as const;

export async function outboundRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('preHandler', requireFunction(ctx, FunctionId.OUTBOUND_MESSAGES));

  app.get(
    '/outboundmessages',
    { schema: { querystring: listQuerystringSchema, response: { 200: PageAnswer(OutboundMessage), ...REFUSALS } } },
    async (request, reply) => {
      const query = parseListQuery(request.query, SORT_FIELDS, 'CreatedAt');
      const descending = request.query.sort === undefined ? true : query.descending;
      const target = textFilter(query.filter, 'Target', 10);
      const state = textFilter(query.filter, 'State', 12);
      const awbText = textFilter(query.filter, 'q', 20);
      if (target && !(OUTBOUND_TARGETS as readonly string[]).includes(target))
        throw badRequest(`Unknown target "${target}": one of ${OUTBOUND_TARGETS.join(', ')}.`);
      if (state && !(OUTBOUND_STATES as readonly string[]).includes(state)) throw badRequest(`Unknown state "${state}": one of ${OUTBOUND_STATES.join(', ')}.`);
      const awb = awbText ? parseAwbNumber(awbText) : undefined;
      if (awbText && !awb) throw badRequest(AWB_FORMAT_MESSAGE);
      let base = ctx.db
        .selectFrom('outbound_messages as o')
        .innerJoin('shipments as s', 's.shipment_id', 'o.shipment_id')
        .where('o.company_id', '=', accountOf(request).companyId);
      if (target) base = base.where('o.target', '=', target);
      if (state) base = base.where('o.state', '=', state);
      if (awb) base = base.where('s.awb_prefix', '=', awb.prefix).where('s.awb_suffix', '=', awb.suffix);
      const [rows, counted] = await Promise.all([
        base
          .select([...COLUMNS])
          .orderBy(sql`${SORT_SQL[query.sortField]} ${sql.raw(descending ? 'DESC' : 'ASC')}, o.message_id ${sql.raw(descending ? 'DESC' : 'ASC')}`)
          .offset(query.offset)
          .limit(query.limit)
          .execute(),
        base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return sendPage(reply, 'outboundmessages', (rows as OutboundRow[]).map(toWire), query.offset, Number(counted.n));
    },
  );

  app.get(
    '/outboundmessages/:id',
    { schema: { params: Type.Object({ id: ID }, { additionalProperties: false }), response: { 200: Answer(OutboundMessage), ...REFUSALS } } },
    async (request, reply) => {
      const row = await ctx.db
        .selectFrom('outbound_messages as o')
        .innerJoin('shipments as s', 's.shipment_id', 'o.shipment_id')
        .select([...COLUMNS, 'o.payload'])
        .where('o.message_id', '=', request.params.id)
        .where('o.company_id', '=', accountOf(request).companyId)
        .executeTakeFirst();
      if (!row) return sendNotFound(reply);
      return { status: StatusCode.SUCCESS, data: toWire(row as OutboundRow) };
    },
  );

  /** Resend and Cancel, each from the states it takes (OUTBOUND_ACTION_FROM). */
  for (const action of ['resend', 'cancel'] as const) {
    app.post(`/outboundmessages/${action}`, { schema: { body: idsBody, response: { 200: actionAnswer, ...REFUSALS } } }, async (request) => {
      const account = accountOf(request);
      const from = OUTBOUND_ACTION_FROM[action];
      const done = await ctx.db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('outbound_messages')
          .set(
            action === 'resend'
              ? { state: 'QUEUED', attempts: 0, last_error: null, acknowledgement: null, acknowledged_at: null, updated_at: new Date() }
              : { state: 'CANCELLED', updated_at: new Date() },
          )
          .where('message_id', 'in', request.body.ids)
          .where('company_id', '=', account.companyId)
          .where('state', 'in', from)
          .returning(['message_id', 'shipment_id', 'target'])
          .execute();
        if (action === 'resend') for (const row of changed) await ctx.jobs?.send(QUEUES.outbound, { messageId: String(row.message_id) }, { within: trx });
        await writeShipmentEvents(
          trx,
          changed.map((row) => ({
            shipmentId: String(row.shipment_id),
            kind: 'SEND',
            description: `${row.target} message ${row.message_id} ${action === 'resend' ? 'queued to be sent again' : 'cancelled'} by ${account.userId}`,
            companyId: account.companyId,
            userId: account.userId,
          })),
        );
        return changed.map((row) => String(row.message_id));
      });
      const skipped = request.body.ids.filter((id) => !done.includes(id));
      return { status: StatusCode.SUCCESS, data: { Done: done, Skipped: skipped } };
    });
  }
}

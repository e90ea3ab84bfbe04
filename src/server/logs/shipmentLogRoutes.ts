import { aboutShipments } from '../http/ipRestriction';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { stringify } from 'csv-stringify/sync';
import { FunctionId } from '../../domain/access';
import { neutraliseCsvCell } from '../../domain/csvCell';
import type { AppContext } from '../context';
import { PageAnswer, Refusal } from '../http/answerSchemas';
import { accountOf } from '../http/authenticate';
import { requireFunction } from '../http/requireFunction';
import { listQuerystringSchema, parseListQuery, sendPage } from '../users/listQuery';
import { listShipmentLog, parseShipmentLogFilter, SHIPMENT_LOG_SORT_FIELDS } from './shipmentLogQuery';

/**
 * The shipment log (function 82) as the classic API's `shipmentlog` resource: the list in
 * ra-data-simple-rest conventions, and its CSV export with formula-starting cells neutralised.
 */

/** An export holds at most this many rows; narrow the filters for more. */
export const MAX_EXPORT_ROWS = 50_000;

const CSV_COLUMNS = [
  ['DateTime', 'Date Time'],
  ['ActionType', 'Action Type'],
  ['UserId', 'User ID'],
  ['AWBNumber', 'AWB Number'],
  ['DocumentName', 'Document Name'],
  ['DocumentType', 'Document Type'],
  ['Remarks', 'Remarks'],
] as const;

/** ShipmentLogRow (src/domain/shipmentWire.ts): one line of the shipment log. */
const ShipmentLogRowSchema = Type.Object({
  id: Type.String(),
  DateTime: Type.String(),
  ActionType: Type.String(),
  UserId: Type.String(),
  AWBNumber: Type.String(),
  DocumentName: Type.String(),
  DocumentType: Type.String(),
  Remarks: Type.String(),
});

const REFUSALS = { 400: Refusal, 401: Refusal, 403: Refusal } as const;

export async function shipmentLogRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  aboutShipments(app);
  app.addHook('preHandler', requireFunction(ctx, FunctionId.USER_LOG));

  app.get(
    '/shipmentlog',
    { schema: { querystring: listQuerystringSchema, response: { 200: PageAnswer(ShipmentLogRowSchema), ...REFUSALS } } },
    async (request, reply) => {
      const query = parseListQuery(request.query, SHIPMENT_LOG_SORT_FIELDS, 'DateTime');
      const filter = parseShipmentLogFilter(query.filter);
      const descending = request.query.sort === undefined ? true : query.descending;
      await ctx.logs.flush(); // this instance's batched lines first: a user sees what they just did
      const { rows, total } = await listShipmentLog(ctx.db, accountOf(request).companyId, { ...query, descending, filter });
      return sendPage<Static<typeof ShipmentLogRowSchema>>(reply, 'shipmentlog', rows, query.offset, total);
    },
  );

  const csvFile = { description: 'the shipment log as CSV, UTF-8 with BOM', content: { 'text/csv': { schema: Type.String() } } };
  app.get('/shipmentlog/export', { schema: { querystring: listQuerystringSchema, response: { 200: csvFile, ...REFUSALS } } }, async (request, reply) => {
    const query = parseListQuery({ sort: request.query.sort, filter: request.query.filter }, SHIPMENT_LOG_SORT_FIELDS, 'DateTime');
    const filter = parseShipmentLogFilter(query.filter);
    const descending = request.query.sort === undefined ? true : query.descending;
    await ctx.logs.flush();
    const { rows } = await listShipmentLog(ctx.db, accountOf(request).companyId, { ...query, descending, filter, offset: 0, limit: MAX_EXPORT_ROWS });
    const csv = stringify(
      rows.map((row) => CSV_COLUMNS.map(([key]) => neutraliseCsvCell(String(row[key] ?? '')))),
      { header: true, columns: CSV_COLUMNS.map(([, title]) => title), bom: true },
    );
    const stamp = new Date().toISOString().slice(0, 10);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="shipment-log-${stamp}.csv"`)
      .header('Cache-Control', 'private, no-store')
      .send(csv);
  });
}

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { parseAwbNumber } from '../../domain/awb';
import { searchTagsProblem } from '../../domain/awbSearch';
import { dateRangeProblem, dayNumber, isoDay } from '../../domain/dateRange';
import { isShipmentStatus, SHIPMENT_STATUSES, type ShipmentStatus } from '../../domain/shipmentStatus';
import {
  ATTENTION_KINDS,
  DEFAULT_DB_OPTIONS,
  isAttentionKind,
  type AwbTag,
  type DbOptions,
  type OverviewAnswer,
  type SummaryFilters,
} from '../../domain/shipmentWire';
import type { AppContext } from '../context';
import { actionLogRows, type ActionLogEntry } from './actionLog';
import { invalid, ok, shipmentNotFound } from './answers';
import { callerOf } from './caller';
import { awbSummaryAnswer, awbSummaryBody, overviewAnswer, overviewQuery, searchNextAnswer, searchNextQuery } from './schemas';
import { adjacentShipment, overviewCounts, searchSummary } from './summary';
import { REFUSALS, SHIPMENT_REFUSALS } from '../http/answerSchemas';

/** POST awbsummary, GET searchnext, GET overview. */

const DATE_FILTERS: [keyof SummaryFilters, keyof SummaryFilters, string][] = [
  ['FlightDateFrom', 'FlightDateTo', 'flight date'],
  ['MessageDateFrom', 'MessageDateTo', 'message date'],
  ['STDFrom', 'STDTo', 'STD'],
];

function filtersProblem(filters: SummaryFilters): string | undefined {
  for (const [from, to, label] of DATE_FILTERS) {
    const problem = dateRangeProblem(label, filters[from] as string | undefined, filters[to] as string | undefined);
    if (problem) return problem;
  }
  return undefined;
}

/** The filters a search was made with, as the user log says them; none when the list was only opened. */
function describeFilters(filters: SummaryFilters): string | undefined {
  const parts = Object.entries(filters)
    .filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0))
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join('/') : String(value)}`);
  return parts.length > 0 ? `Summary search: ${parts.join(', ')}` : undefined;
}

export async function summaryRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/awbsummary',
    { schema: { body: awbSummaryBody, response: { 200: awbSummaryAnswer, ...REFUSALS } }, config: { readsOnly: true } },
    async (request, reply) => {
      const { fieldSearch, filters = {} } = request.body;
      const tagProblem = searchTagsProblem(fieldSearch);
      if (tagProblem && !tagProblem.ok) return invalid(reply, tagProblem.message);
      const filterProblem = filtersProblem(filters);
      if (filterProblem) return invalid(reply, filterProblem);
      const options: DbOptions = { ...DEFAULT_DB_OPTIONS, ...request.body.dbOptions };
      const caller = await callerOf(ctx, request);
      const found = await searchSummary(ctx.db, ctx.shipments, caller.scope, { tags: fieldSearch, filters }, options);
      // A search by AWB numbers, or by filters on its first page, is logged; opening the list unfiltered is not a search (issue 22, 11),
      // nor is showing it again with the same criteria (issue 36, 9: one bulk accept wrote the search twice more).
      const searchedFilters = describeFilters(filters);
      const entries: ActionLogEntry[] = request.body.reload
        ? []
        : fieldSearch.length > 0
          ? fieldSearch.map((tag) => {
              const visible = found.visibleTags.find((entry) => entry.tag.AWBPrefix === tag.AWBPrefix && entry.tag.AWBSuffix === tag.AWBSuffix);
              const miss = found.missing.find((entry) => entry.AWBPrefix === tag.AWBPrefix && entry.AWBSuffix === tag.AWBSuffix);
              return {
                actType: 'Search',
                docType: 'AWB',
                remarks: miss ? miss.Message : 'Found',
                shipmentId: visible?.shipmentId ?? null,
                awbPrefix: tag.AWBPrefix,
                awbSuffix: tag.AWBSuffix,
              };
            })
          : options.CurrentPage === 1 && searchedFilters
            ? [{ actType: 'Search', remarks: searchedFilters }]
            : [];
      ctx.logs.actions(actionLogRows(caller.account, caller.ip, entries));
      return ok({ total: found.total, rows: found.rows, missing: found.missing });
    },
  );

  app.get('/searchnext', { schema: { querystring: searchNextQuery, response: { 200: searchNextAnswer, ...SHIPMENT_REFUSALS } } }, async (request, reply) => {
    const query = request.query;
    const tags: AwbTag[] = [];
    for (const text of (query.AWBs ?? '').split(',').filter(Boolean)) {
      const awb = parseAwbNumber(text);
      if (!awb) return invalid(reply, `"${text}" is not an AWB number.`);
      tags.push({ AWBPrefix: awb.prefix, AWBSuffix: awb.suffix });
    }
    const tagProblem = searchTagsProblem(tags);
    if (tagProblem && !tagProblem.ok) return invalid(reply, tagProblem.message);
    const statuses = (query.Status ?? '').split(',').filter(Boolean);
    if (!statuses.every(isShipmentStatus)) return invalid(reply, `Status must be among ${SHIPMENT_STATUSES.join(', ')}.`);
    const attention = (query.Attention ?? '').split(',').filter(Boolean);
    if (!attention.every(isAttentionKind)) return invalid(reply, `Attention must be among ${ATTENTION_KINDS.join(', ')}.`);
    const filters: SummaryFilters = {
      FlightDateFrom: query.FlightDateFrom,
      FlightDateTo: query.FlightDateTo,
      MessageDateFrom: query.MessageDateFrom,
      MessageDateTo: query.MessageDateTo,
      STDFrom: query.STDFrom,
      STDTo: query.STDTo,
      Status: statuses as ShipmentStatus[],
      Attention: attention,
      HitAge: query.HitAge,
    };
    const filterProblem = filtersProblem(filters);
    if (filterProblem) return invalid(reply, filterProblem);
    const caller = await callerOf(ctx, request);
    const next = await adjacentShipment(
      ctx.db,
      caller.scope,
      { tags, filters },
      { FieldName: query.FieldName, OrderBy: query.OrderBy },
      query.ShipmentId,
      query.Direction,
    );
    if (next === undefined) return shipmentNotFound(reply);
    return ok(next);
  });

  app.get('/overview', { schema: { querystring: overviewQuery, response: { 200: overviewAnswer, ...REFUSALS } } }, async (request, reply) => {
    const serverToday = isoDay(new Date());
    const today = request.query.Today ?? serverToday;
    // The browser's calendar day may differ from the server's by the time zone, never by more.
    const day = dayNumber(today);
    if (day === undefined || Math.abs(day - dayNumber(serverToday)!) > 1) return invalid(reply, 'Today must be the current date.');
    const caller = await callerOf(ctx, request);
    const counts = await overviewCounts(ctx.db, ctx.shipments, caller.scope, today);
    const byStatus = (source: Record<string, number>) =>
      Object.fromEntries(SHIPMENT_STATUSES.map((status) => [status, source[status] ?? 0])) as Record<ShipmentStatus, number>;
    const answer: OverviewAnswer = {
      Today: today,
      TodayByStatus: byStatus(counts.today),
      Last7DaysByStatus: byStatus(counts.week),
      Attention: counts.attention,
    };
    return ok(answer);
  });
}

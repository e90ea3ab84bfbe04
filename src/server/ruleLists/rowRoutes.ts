import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { offers, type RuleListPlugin } from '../../../plugins/types';
import { StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { Answer, PageAnswer } from '../http/answerSchemas';
import { accountOf } from '../http/authenticate';
import { listQuerystringSchema, sendPage } from '../users/listQuery';
import { sendDuplicate, sendFieldProblems, sendNotFound, sendStale } from './answers';
import { checkValues } from './rowValues';
import {
  countRows,
  deleteRowIds,
  findRow,
  insertRows,
  isDuplicateKeyError,
  listRows,
  lockRow,
  lockRows,
  toWireRow,
  updateRow,
  type ListScope,
  type StoredRow,
} from './rowStore';
import { recordRowChanges, type Actor } from './ruleListAudit';
import { actorOf as auditActorOf } from '../users/userAudit';
import { parseRuleListQuery } from './ruleListQuery';
import { DeleteBody, Guarded, IdParams, IdsBody, Refusals, RowConflict, rowCreateBody, rowEditBody, rowSchema } from './schemas';

/**
 * The simple-rest routes of one rule list under /classicapi/{name}: list (sort, range, filter,
 * Content-Range), one row, create, update (optimistic concurrency on `version`), delete one (with
 * its version when given) and delete many (all or none). Every change is audited in its transaction.
 */

export function scopeOf(request: FastifyRequest, plugin: RuleListPlugin): ListScope {
  return { companyId: accountOf(request).companyId, plugin };
}

export function actorOf(request: FastifyRequest, ctx: AppContext): Actor {
  return { ...auditActorOf(request), ...(ctx.jobs ? { jobs: ctx.jobs } : {}) };
}

type Outcome<T> = { ok: T } | { notFound: true } | { stale: StoredRow };
type Checked = ReturnType<typeof checkValues>;
type EditOutcome = Outcome<StoredRow> | { problems: Extract<Checked, { problems: unknown }>['problems'] };

export function ruleListRowRoutes(plugin: RuleListPlugin) {
  return async function rowRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
    const app = plain.withTypeProvider<TypeBoxTypeProvider>();
    const wire = (row: StoredRow) => toWireRow(plugin, row);
    const Row = rowSchema(plugin);
    const tags = [plugin.label];

    app.get(
      '/',
      {
        schema: {
          tags,
          summary: `List ${plugin.label}: sorted, filtered and paged as simple-rest asks (sort, range, filter as JSON)`,
          querystring: listQuerystringSchema,
          response: { 200: PageAnswer(Row), 400: Refusals[400], ...Guarded },
        },
      },
      async (request, reply) => {
        const query = parseRuleListQuery(plugin, request.query);
        const scope = scopeOf(request, plugin);
        const [total, rows] = await Promise.all([
          countRows(ctx.db, scope, query.filter),
          listRows(ctx.db, scope, query.filter, query.order, { offset: query.offset, limit: query.limit }),
        ]);
        return sendPage(reply, plugin.name, rows.map(wire), query.offset, total);
      },
    );

    app.get(
      '/:id',
      { schema: { tags, summary: 'One row', params: IdParams, response: { 200: Answer(Row), 400: Refusals[400], ...Guarded, 404: Refusals[404] } } },
      async (request, reply) => {
        const found = await findRow(ctx.db, scopeOf(request, plugin), request.params.id);
        return found ? { status: StatusCode.SUCCESS, data: wire(found) } : sendNotFound(reply);
      },
    );

    if (offers(plugin, 'add')) {
      const schema = {
        tags,
        summary: 'Create a row',
        body: rowCreateBody(plugin),
        response: { 200: Answer(Row), 400: Refusals[400], ...Guarded, 409: RowConflict },
      };
      app.post('/', { schema }, async (request, reply) => {
        const checked = checkValues(plugin, request.body);
        if ('problems' in checked) return sendFieldProblems(reply, plugin, checked.problems);
        try {
          const row = await ctx.db.transaction().execute(async (trx) => {
            const [inserted] = await insertRows(trx, scopeOf(request, plugin), [checked], accountOf(request).userId);
            await recordRowChanges(trx, actorOf(request, ctx), plugin, [{ rowId: inserted.row_id, action: 'Create', before: null, after: inserted }]);
            return inserted;
          });
          return { status: StatusCode.SUCCESS, data: wire(row) };
        } catch (error) {
          if (isDuplicateKeyError(error)) return sendDuplicate(reply, plugin, checked.values);
          throw error;
        }
      });
    }

    if (offers(plugin, 'edit')) {
      app.put(
        '/:id',
        {
          schema: {
            tags,
            summary: 'Update a row with the version read',
            params: IdParams,
            body: rowEditBody(plugin),
            response: { 200: Answer(Row), 400: Refusals[400], ...Guarded, 404: Refusals[404], 409: RowConflict },
          },
        },
        async (request, reply) => {
          const scope = scopeOf(request, plugin);
          let values: Extract<Checked, { values: unknown }>['values'] | undefined;
          try {
            // One read: the row is locked, and its read-only fields for the check come from that locked copy.
            const outcome: EditOutcome = await ctx.db.transaction().execute(async (trx): Promise<EditOutcome> => {
              const current = await lockRow(trx, scope, request.params.id);
              if (!current) return { notFound: true as const };
              const checked = checkValues(plugin, request.body, current.row_values);
              if ('problems' in checked) return { problems: checked.problems };
              values = checked.values;
              if (current.version !== request.body.version) return { stale: current };
              const updated = await updateRow(trx, current.row_id, checked, accountOf(request).userId);
              await recordRowChanges(trx, actorOf(request, ctx), plugin, [{ rowId: current.row_id, action: 'Update', before: current, after: updated }]);
              return { ok: updated };
            });
            if ('notFound' in outcome) return sendNotFound(reply);
            if ('problems' in outcome) return sendFieldProblems(reply, plugin, outcome.problems);
            if ('stale' in outcome) return sendStale(reply, outcome.stale);
            return { status: StatusCode.SUCCESS, data: wire(outcome.ok) };
          } catch (error) {
            if (isDuplicateKeyError(error) && values) return sendDuplicate(reply, plugin, values);
            throw error;
          }
        },
      );
    }

    if (offers(plugin, 'delete')) {
      app.delete(
        '/:id',
        {
          schema: {
            tags,
            summary: 'Delete a row (refused when `version` is given and stale)',
            params: IdParams,
            body: DeleteBody,
            response: { 200: Answer(Row), 400: Refusals[400], ...Guarded, 404: Refusals[404], 409: RowConflict },
          },
        },
        async (request, reply) => {
          const scope = scopeOf(request, plugin);
          const outcome: Outcome<StoredRow> = await ctx.db.transaction().execute(async (trx) => {
            const current = await lockRow(trx, scope, request.params.id);
            if (!current) return { notFound: true as const };
            if (request.body?.version !== undefined && current.version !== request.body.version) return { stale: current };
            await deleteRowIds(trx, [current.row_id]);
            await recordRowChanges(trx, actorOf(request, ctx), plugin, [{ rowId: current.row_id, action: 'Delete', before: current, after: null }]);
            return { ok: current };
          });
          if ('notFound' in outcome) return sendNotFound(reply);
          if ('stale' in outcome) return sendStale(reply, outcome.stale);
          return { status: StatusCode.SUCCESS, data: wire(outcome.ok) };
        },
      );
    }

    /** Delete many: every id must be a row of the list, else nothing is deleted. */
    if (offers(plugin, 'delete')) {
      const schema = {
        tags,
        summary: 'Delete rows, all or none: answers the ids deleted',
        body: IdsBody,
        response: { 200: Answer(Type.Array(Type.Integer())), 400: Refusals[400], ...Guarded, 404: Refusals[404] },
      };
      app.delete('/', { schema }, async (request, reply) => {
        const scope = scopeOf(request, plugin);
        const deleted = await ctx.db.transaction().execute(async (trx) => {
          const rows = await lockRows(trx, scope, request.body.ids);
          if (rows.length !== request.body.ids.length) return undefined;
          await deleteRowIds(
            trx,
            rows.map((row) => row.row_id),
          );
          await recordRowChanges(
            trx,
            actorOf(request, ctx),
            plugin,
            rows.map((row) => ({ rowId: row.row_id, action: 'Delete' as const, before: row, after: null })),
          );
          return rows;
        });
        if (!deleted) return sendNotFound(reply);
        return { status: StatusCode.SUCCESS, data: deleted.map((row) => Number(row.row_id)) };
      });
    }
  };
}

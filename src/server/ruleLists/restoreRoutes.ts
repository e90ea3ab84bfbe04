import { utcDateTime } from '../../domain/dateRange';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { offers, type RuleListPlugin } from '../../../plugins/types';
import { isRestorable, type RuleListAuditAction } from '../../domain/ruleListAudit';
import type { RuleValues } from '../../domain/ruleListFields';
import { RuleListMessages } from '../../domain/ruleListMessages';
import { describeKey } from '../../domain/ruleListValidation';
import { formatMessage, StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { Answer } from '../http/answerSchemas';
import { accountOf } from '../http/authenticate';
import { sendDuplicate, sendFieldProblems, sendNotFound, sendRefusal } from './answers';
import { actorOf, scopeOf } from './rowRoutes';
import { isDuplicateKeyError, lockRow, toWireRow, updateRow, type RowDb, type StoredRow } from './rowStore';
import { recordRowChanges } from './ruleListAudit';
import { checkValues, type CheckedValues } from './rowValues';
import { Guarded, Refusals, RestoreBody, RestoreParams, rowSchema } from './schemas';

/**
 * Restore from the user log (issue 18, item 9): one entry of a list's user log puts the row back as
 * it was before that entry, an edit undone or a deleted row put back under its own id, through the
 * same field checks and audit as an edit, in one transaction. It refuses, saying why, when the
 * row has moved on since (a later change would be lost), or when another row now holds its key.
 */

type Refusal = { status: 404 } | { status: 400; problems: Extract<CheckedValues, { problems: unknown }>['problems'] } | { status: 409; message: string };

/** The row's values of a snapshot (the log keeps the values and the version). */
function valuesOf(plugin: RuleListPlugin, snapshot: Record<string, unknown>): RuleValues {
  return Object.fromEntries(plugin.fields.map((field) => [field.source, (snapshot[field.source] ?? null) as RuleValues[string]]));
}

export function ruleListRestoreRoutes(plugin: RuleListPlugin) {
  return async function restoreRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
    const app = plain.withTypeProvider<TypeBoxTypeProvider>();
    if (!offers(plugin, 'userLog') || !(offers(plugin, 'edit') || offers(plugin, 'delete'))) return;

    /** Another row of the list that holds this key now, for the conflict's message. */
    const holderOf = (trx: RowDb, companyId: string, uniqueKey: string, rowId: string) =>
      trx
        .selectFrom('rule_list_rows')
        .select('row_id')
        .where('company_id', '=', companyId)
        .where('list_name', '=', plugin.name)
        .where('unique_key', '=', uniqueKey)
        .where('row_id', '<>', rowId)
        .executeTakeFirst();

    const conflict = (rowId: string, other: string, values: RuleValues): Refusal => ({
      status: 409,
      message: formatMessage(RuleListMessages.restoreConflict, {
        id: rowId,
        other,
        fields: plugin.uniqueKey.map((source) => plugin.fields.find((field) => field.source === source)?.label ?? source).join(' / '),
        key: describeKey(plugin.uniqueKey, values),
      }),
    });

    const schema = {
      tags: [plugin.label],
      summary: 'Restore the row as it was before this user log entry: an edit undone, or a deleted row put back under its id',
      params: RestoreParams,
      body: RestoreBody,
      response: { 200: Answer(rowSchema(plugin)), 400: Refusals[400], ...Guarded, 404: Refusals[404], 409: Refusals[409] },
    };
    app.post('/userlog/:auditId/restore', { schema }, async (request, reply) => {
      const scope = scopeOf(request, plugin);
      const userId = accountOf(request).userId;
      let wanted: RuleValues = {};
      const restore = ctx.db.transaction().execute(async (trx): Promise<{ ok: StoredRow } | Refusal> => {
        const entry = await trx
          .selectFrom('audit_log')
          .select(['entity_key', 'action', 'before_value', 'after_value'])
          .where('audit_id', '=', String(request.params.auditId))
          .where('company_id', '=', scope.companyId)
          .where('entity', '=', plugin.name)
          .executeTakeFirst();
        if (!entry) return { status: 404 };
        const rowId = entry.entity_key;
        const before = entry.before_value as Record<string, unknown> | null;
        const after = entry.after_value as Record<string, unknown> | null;
        if (!before) return { status: 409, message: formatMessage(RuleListMessages.nothingToRestore, { id: rowId }) };
        if (!isRestorable({ action: entry.action as RuleListAuditAction, before })) {
          return { status: 409, message: formatMessage(RuleListMessages.restoreNotAChange, { id: rowId }) };
        }
        const action = after ? 'edit' : 'delete';
        if (!offers(plugin, action)) {
          return {
            status: 409,
            message: formatMessage(RuleListMessages.restoreNotOffered, { list: plugin.label, action: action === 'edit' ? 'editing' : 'deleting' }),
          };
        }
        wanted = valuesOf(plugin, before);
        const key = describeKey(plugin.uniqueKey, wanted);
        const current = await lockRow(trx, scope, Number(rowId));
        // Read-only fields come back from the snapshot too: it is the row as it was.
        const checked = checkValues(plugin, wanted, wanted);
        if ('problems' in checked) return { status: 400, problems: checked.problems };
        const holder = await holderOf(trx, scope.companyId, checked.uniqueKey, rowId);
        if (holder) return conflict(rowId, String(holder.row_id), checked.values);

        if (after) {
          // An edit undone: only while the row is as this entry left it, so no later change is lost.
          if (!current) return { status: 409, message: formatMessage(RuleListMessages.restoreDeletedSince, { id: rowId, key }) };
          if (current.version !== Number(after.version)) {
            return {
              status: 409,
              message: formatMessage(RuleListMessages.restoreChangedSince, {
                id: rowId,
                key,
                user: current.updated_by,
                time: utcDateTime(current.updated_at, { seconds: true }),
              }),
            };
          }
          const restored = await updateRow(trx, current.row_id, checked, userId);
          await recordRowChanges(trx, actorOf(request, ctx), plugin, [{ rowId: current.row_id, action: 'Restore', before: current, after: restored }]);
          return { ok: restored };
        }
        // A deletion undone: the row comes back under its own id, so its user log reads on.
        if (current) return { status: 409, message: formatMessage(RuleListMessages.restoreAlreadyThere, { id: rowId, key }) };
        const restored = await trx
          .insertInto('rule_list_rows')
          .values({
            row_id: rowId,
            company_id: scope.companyId,
            list_name: plugin.name,
            row_values: JSON.stringify(checked.values),
            unique_key: checked.uniqueKey,
            version: Number(before.version ?? 0) + 1,
            created_by: userId,
            updated_by: userId,
            updated_at: sql<Date>`now()`,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordRowChanges(trx, actorOf(request, ctx), plugin, [{ rowId, action: 'Restore', before: null, after: restored }]);
        return { ok: restored };
      });
      let outcome: { ok: StoredRow } | Refusal;
      try {
        outcome = await restore;
      } catch (error) {
        // Another row took the key between the check and the write.
        if (isDuplicateKeyError(error)) return sendDuplicate(reply, plugin, wanted);
        throw error;
      }
      if ('ok' in outcome) return { status: StatusCode.SUCCESS, data: toWireRow(plugin, outcome.ok) };
      if (outcome.status === 404) return sendNotFound(reply);
      if (outcome.status === 400) return sendFieldProblems(reply, plugin, outcome.problems);
      return sendRefusal(reply, 409, outcome.message);
    });
  };
}

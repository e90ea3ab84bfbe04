import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { RuleListPlugin } from '../../../plugins/types';
import { RuleListMessages } from '../../domain/ruleListMessages';
import { describeKey, listItems, uniqueKeyOf } from '../../domain/ruleListValidation';
import { formatMessage, StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import type { OutgoingMail } from '../mail/mailer';
import { Answer } from '../http/answerSchemas';
import { accountOf } from '../http/authenticate';
import { sendNotFound, sendRefusal } from './answers';
import { lockRows, toWireRow, updateRows, type StoredRow } from './rowStore';
import { recordRowChanges } from './ruleListAudit';
import { actorOf, scopeOf } from './rowRoutes';
import { Guarded, IdsBody, Refusals, ResendResult, rowSchema } from './schemas';

/**
 * The toolbar actions that act on selected rows beyond edit and delete: Cancel (a whitelist entry
 * stops applying but stays for the record) and Resend (a forwarding rule is mailed to its
 * addresses again). Each is all or nothing and audited in the transaction of its change.
 */
export function ruleListActionRoutes(plugin: RuleListPlugin) {
  return async function actionRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
    const app = plain.withTypeProvider<TypeBoxTypeProvider>();
    const { cancel, resend } = plugin;
    const tags = [plugin.label];
    if (cancel) {
      const schema = {
        tags,
        summary: `Cancel rows, all or none: sets ${cancel.field} from ${cancel.activeValue} to ${cancel.cancelledValue}; answers the rows`,
        body: IdsBody,
        response: { 200: Answer(Type.Array(rowSchema(plugin))), 400: Refusals[400], ...Guarded, 404: Refusals[404], 409: Refusals[409] },
      };
      app.post('/cancel', { schema }, async (request, reply) => {
        const scope = scopeOf(request, plugin);
        const outcome = await ctx.db.transaction().execute(async (trx) => {
          const rows = await lockRows(trx, scope, request.body.ids);
          if (rows.length !== request.body.ids.length) return { notFound: true as const };
          const inactive = rows.find((row) => row.row_values[cancel.field] !== cancel.activeValue);
          if (inactive) {
            return {
              refused: formatMessage(RuleListMessages.notCancellable, {
                active: cancel.activeValue,
                id: inactive.row_id,
                status: String(inactive.row_values[cancel.field] ?? ''),
              }),
            };
          }
          const changes = rows.map((row) => {
            const values = { ...row.row_values, [cancel.field]: cancel.cancelledValue };
            return { rowId: row.row_id, row: { values, uniqueKey: uniqueKeyOf(plugin.uniqueKey, values) } };
          });
          const updated = await updateRows(trx, changes, accountOf(request).userId);
          await recordRowChanges(
            trx,
            actorOf(request, ctx),
            plugin,
            rows.map((row, index) => ({ rowId: row.row_id, action: 'Cancel' as const, before: row, after: updated[index] })),
          );
          return { ok: updated };
        });
        if ('notFound' in outcome) return sendNotFound(reply);
        if ('refused' in outcome) return sendRefusal(reply, 409, outcome.refused ?? '');
        return { status: StatusCode.SUCCESS, data: outcome.ok.map((row) => toWireRow(plugin, row)) };
      });
    }

    if (resend) {
      const emailField = plugin.fields.find((field) => field.source === resend.emailField)!;
      const noticeOf = (row: StoredRow, to: string, companyName: string, userId: string): OutgoingMail => ({
        to,
        subject: formatMessage(RuleListMessages.resendSubject, { list: plugin.label, key: describeKey(plugin.uniqueKey, row.row_values) }),
        text: [
          `This address receives forwarded documents under this rule of ${companyName}:`,
          '',
          ...plugin.fields
            .filter((field) => field.source !== emailField.source && row.row_values[field.source] !== null && row.row_values[field.source] !== undefined)
            .map((field) => `${field.label}: ${row.row_values[field.source]}`),
          '',
          `Sent again by ${userId}.`,
        ].join('\n'),
      });
      const schema = {
        tags,
        summary: `Mail the rows to their ${emailField.label}, all or none: answers how many rows and mails`,
        body: IdsBody,
        response: {
          200: Answer(ResendResult),
          400: Refusals[400],
          ...Guarded,
          404: Refusals[404],
          409: Refusals[409],
          502: Refusals[502],
        },
      };
      app.post('/resend', { schema }, async (request, reply) => {
        const scope = scopeOf(request, plugin);
        const account = accountOf(request);
        // The rows are locked and the resend audited in one transaction; the mails go only once it
        // has committed, so a failure leaves no mail without its audit entry.
        const outcome = await ctx.db.transaction().execute(async (trx) => {
          const rows = await lockRows(trx, scope, request.body.ids);
          if (rows.length !== request.body.ids.length) return { kind: 'notFound' as const };
          const empty = rows.find((row) => listItems(emailField, row.row_values[emailField.source] ?? null).length === 0);
          if (empty) return { kind: 'refused' as const, message: formatMessage(RuleListMessages.noRecipients, { id: empty.row_id }) };
          await recordRowChanges(
            trx,
            actorOf(request, ctx),
            plugin,
            rows.map((row) => ({ rowId: row.row_id, action: 'Resend' as const, before: row, after: row })),
          );
          const mails = rows.flatMap((row) =>
            listItems(emailField, row.row_values[emailField.source] ?? null).map((to) => noticeOf(row, to, account.companyName, account.userId)),
          );
          return { kind: 'audited' as const, rows: rows.length, mails };
        });
        if (outcome.kind === 'notFound') return sendNotFound(reply);
        if (outcome.kind === 'refused') return sendRefusal(reply, 409, outcome.message);
        let failed = 0;
        for (const mail of outcome.mails) if ((await ctx.mailer.send(mail)).outcome === 'failed') failed += 1;
        // A mail the server could not hand over is not reported as sent.
        if (failed > 0) return sendRefusal(reply, 502, formatMessage(RuleListMessages.resendMailFailed, { failed, mails: outcome.mails.length }));
        return { status: StatusCode.SUCCESS, data: { rows: outcome.rows, mails: outcome.mails.length } };
      });
    }
  };
}

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { offers, type RuleListPlugin } from '../../../plugins/types';
import { importProblem, ImportMessages, RULE_LIST_IMPORT_MAX_BYTES, RULE_LIST_IMPORT_MAX_REPORTED, type ImportProblem } from '../../domain/ruleListImport';
import { describeKey } from '../../domain/ruleListValidation';
import { formatMessage, StatusCode } from '../../domain/statusCodes';
import type { AppContext } from '../context';
import { Answer } from '../http/answerSchemas';
import { accountOf } from '../http/authenticate';
import { decodeImportFile, parseImportCsv, type ImportRow } from './csvImport';
import { csvFileName, exportCsv, importTemplateCsv } from './csvExport';
import { runInSlices } from '../eventLoop';
import { allListedRows, insertRows, isDuplicateKeyError, takenKeys } from './rowStore';
import { ListChangedDuringImport, replaceListWith } from './replaceImport';
import { recordRowChanges } from './ruleListAudit';
import { parseRuleListQuery } from './ruleListQuery';
import { actorOf, scopeOf } from './rowRoutes';
import { CsvFile, ExportQuery, Guarded, IMPORT_BODY_LIMIT, ImportBody, ImportReport, ImportResult, Refusals } from './schemas';

/** Import (all or nothing, with a report), Export (what the filters select) and the Import Template of one list. */

const EXPORT_MAX_ROWS = 100_000;

function sendReport(reply: FastifyReply, problems: readonly ImportProblem[]): FastifyReply {
  return reply.code(400).send({
    status: StatusCode.VALIDATION_FAIL,
    message: formatMessage(ImportMessages.rejected, { count: problems.length }),
    data: { problems: problems.slice(0, RULE_LIST_IMPORT_MAX_REPORTED), total: problems.length },
  });
}

function sendCsv(reply: FastifyReply, fileName: string, body: string): FastifyReply {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(body);
}

export function ruleListTransferRoutes(plugin: RuleListPlugin) {
  return async function transferRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
    const app = plain.withTypeProvider<TypeBoxTypeProvider>();
    const tags = [plugin.label];
    // A file over the limit is refused from its Content-Length, before it is read.
    app.setErrorHandler((error: Error & { code?: string }, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        const problem = importProblem(0, '', ImportMessages.tooLarge, { max: RULE_LIST_IMPORT_MAX_BYTES / 1024 / 1024 });
        return reply.code(413).send({ status: StatusCode.VALIDATION_FAIL, message: problem.message, data: { problems: [problem], total: 1 } });
      }
      throw error;
    });

    if (offers(plugin, 'import')) {
      const schema = {
        tags,
        summary: 'Import a CSV file, all or nothing: appended to the list or replacing it',
        body: ImportBody,
        response: { 200: Answer(ImportResult), 400: ImportReport, ...Guarded, 413: ImportReport },
      };
      app.post('/import', { bodyLimit: IMPORT_BODY_LIMIT, schema }, async (request, reply) => {
        const { fileName, content, mode } = request.body;
        if (!/\.csv$/i.test(fileName.trim())) return sendReport(reply, [importProblem(0, '', ImportMessages.notCsv)]);
        const decoded = await runInSlices(decodeImportFile(content));
        if ('problem' in decoded) return sendReport(reply, [decoded.problem]);
        const parsed = await parseImportCsv(plugin, decoded.text);
        if (parsed.problems.length > 0) return sendReport(reply, parsed.problems);
        const scope = scopeOf(request, plugin);
        if (mode === 'append') {
          const taken = await takenKeys(
            ctx.db,
            scope,
            parsed.rows.map((row) => row.uniqueKey),
          );
          const clashes = parsed.rows
            .filter((row) => taken.has(row.uniqueKey))
            .map((row) => importProblem(row.line, parsed.keyColumn, `${ImportMessages.duplicateInList} (${describeKey(plugin.uniqueKey, row.values)})`));
          if (clashes.length > 0) return sendReport(reply, clashes);
        }
        try {
          const removed = await ctx.db.transaction().execute(async (trx) => {
            const actor = actorOf(request, ctx);
            if (mode === 'replace') return replaceListWith(trx, scope, actor, plugin, parsed.rows);
            const inserted = await insertRows(trx, scope, parsed.rows satisfies ImportRow[], accountOf(request).userId);
            await recordRowChanges(
              trx,
              actor,
              plugin,
              inserted.map((row) => ({ rowId: row.row_id, action: 'Import' as const, before: null, after: row })),
            );
            return 0;
          });
          const message =
            mode === 'replace'
              ? formatMessage(ImportMessages.replaced, { count: parsed.rows.length, removed })
              : formatMessage(ImportMessages.imported, { count: parsed.rows.length });
          return { status: StatusCode.SUCCESS, message, data: { imported: parsed.rows.length, removed, mode, fileName } };
        } catch (error) {
          // Another import or edit took a key between the check and the insert.
          if (isDuplicateKeyError(error)) return sendReport(reply, [importProblem(0, parsed.keyColumn, ImportMessages.duplicateInList)]);
          if (error instanceof ListChangedDuringImport) return sendReport(reply, [importProblem(0, '', ImportMessages.changedMeanwhile)]);
          throw error;
        }
      });
    }

    if (offers(plugin, 'export')) {
      const schema = {
        tags,
        summary: 'CSV of the rows the filter selects, in the sort asked (sort, filter as JSON)',
        querystring: ExportQuery,
        response: { 200: CsvFile, 400: Refusals[400], ...Guarded },
      };
      app.get('/export', { schema }, async (request, reply) => {
        const query = parseRuleListQuery(plugin, { sort: request.query.sort, filter: request.query.filter });
        const rows = await allListedRows(ctx.db, scopeOf(request, plugin), query.filter, query.order, EXPORT_MAX_ROWS);
        return sendCsv(reply, csvFileName(plugin, 'export'), await runInSlices(exportCsv(plugin, rows)));
      });
    }

    if (offers(plugin, 'importTemplate')) {
      const schema = { tags, summary: 'The import template: the header row of an import file', response: { 200: CsvFile, ...Guarded } };
      app.get('/template', { schema }, async (_request, reply) => sendCsv(reply, csvFileName(plugin, 'template'), importTemplateCsv(plugin)));
    }
  };
}

import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier } from 'react-admin';
import { classicRestFetch, FORM_REFUSALS } from '../../../dataProviders/dataProvider';
import { ApiError } from '../../../dataProviders/httpErrors';
import type { HttpAnswer, HttpClient } from '../../../dataProviders/httpClient';
import type { RuleListOverviewEntry } from '../../domain/ruleListAudit';
import type { ImportMode, ImportProblem } from '../../domain/ruleListImport';
import { StatusCode } from '../../domain/statusCodes';

/**
 * The data provider of the rule-list screens: ra-data-simple-rest over the classic API like the
 * app's own, except that the refusals a user can meet on these screens come back to the screen
 * instead of an error page: field problems (VALIDATION_FAIL with `errors`, shown on the form's
 * fields), a duplicate key or a stale version (FAILURE, HTTP 409), a row gone (FAILURE, 404).
 * Delete sends the version read; delete many is one all-or-nothing call. Import, export, the
 * template, Cancel, Resend and the overview are extra methods.
 */

export interface ImportOutcome {
  imported: number;
  removed: number;
  message: string;
}

/** An import the server refused, with its report. */
export class ImportRefusedError extends Error {
  override readonly name = 'ImportRefusedError';
  constructor(
    message: string,
    readonly problems: ImportProblem[],
    readonly total: number,
  ) {
    super(message);
  }
}

export interface CsvDownload {
  fileName: string;
  text: string;
}

export type { RuleListOverviewEntry } from '../../domain/ruleListAudit';

export interface RuleListDataProvider extends DataProvider {
  importRows(resource: string, file: { fileName: string; content: string; mode: ImportMode }): Promise<ImportOutcome>;
  exportRows(resource: string, params: { sort?: { field: string; order: string }; filter?: Record<string, unknown> }): Promise<CsvDownload>;
  importTemplate(resource: string): Promise<CsvDownload>;
  cancelRows(resource: string, ids: readonly Identifier[]): Promise<void>;
  resendRows(resource: string, ids: readonly Identifier[]): Promise<{ rows: number; mails: number }>;
  /** Puts the row back as it was before a user log entry (an edit undone, a deleted row back); refusals reject with the server's reason. */
  restoreEntry(resource: string, auditId: Identifier): Promise<void>;
  overview(): Promise<RuleListOverviewEntry[]>;
}

function fileNameOf(answer: HttpAnswer, fallback: string): string {
  const disposition = answer.headers.get('Content-Disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
}

export function createRuleListDataProvider(httpClient: HttpClient): RuleListDataProvider {
  // Read on use: the classic base is the httpClient's business, and a screen may render before any call.
  const classicBase = () => httpClient.classicUrl('').replace(/\/+$/, '');
  const call = classicRestFetch(httpClient, { refusalsOnReads: true });
  const rest = () => simpleRestProvider(classicBase(), call);
  const path = (resource: string, rest = '') => `/${resource}${rest}`;
  const download = async (resource: string, rest: string, fallback: string): Promise<CsvDownload> => {
    const answer = await httpClient.classic(path(resource, rest), { headers: { Accept: 'text/csv' } });
    return { fileName: fileNameOf(answer, fallback), text: answer.body };
  };

  return {
    getList: (resource, params) => rest().getList(resource, params),
    getOne: (resource, params) => rest().getOne(resource, params),
    getMany: (resource, params) => rest().getMany(resource, params),
    getManyReference: (resource, params) => rest().getManyReference(resource, params),
    create: (resource, params) => rest().create(resource, params),
    update: (resource, params) => rest().update(resource, params),
    updateMany: (resource, params) => rest().updateMany(resource, params),
    delete: async (resource, params) => {
      const version = (params.previousData as { version?: unknown } | undefined)?.version;
      const answer = await call(`${classicBase()}${path(resource, `/${encodeURIComponent(String(params.id))}`)}`, {
        method: 'DELETE',
        body: typeof version === 'number' ? { version } : {},
      });
      return { data: answer.json };
    },
    deleteMany: async (resource, params) => {
      const answer = await call(`${classicBase()}${path(resource)}`, { method: 'DELETE', body: { ids: params.ids } });
      return { data: answer.json };
    },
    async importRows(resource, file) {
      try {
        const answer = await httpClient.classic(path(resource, '/import'), { method: 'POST', body: file, callerHandles: FORM_REFUSALS });
        const { status, message, data } = answer.json as { status: number; message: string; data: { imported: number; removed: number } };
        if (status !== StatusCode.SUCCESS) throw new Error(message);
        return { imported: data.imported, removed: data.removed, message };
      } catch (error) {
        if (error instanceof ApiError) {
          const data = (error.body as { data?: { problems?: ImportProblem[]; total?: number } } | undefined)?.data;
          throw new ImportRefusedError(error.message, data?.problems ?? [], data?.total ?? data?.problems?.length ?? 0);
        }
        throw error;
      }
    },
    exportRows(resource, { sort, filter }) {
      const query = new URLSearchParams();
      if (sort?.field) query.set('sort', JSON.stringify([sort.field, sort.order]));
      if (filter && Object.keys(filter).length > 0) query.set('filter', JSON.stringify(filter));
      const search = query.toString();
      return download(resource, `/export${search ? `?${search}` : ''}`, `${resource}.csv`);
    },
    importTemplate: (resource) => download(resource, '/template', `${resource}-import-template.csv`),
    async cancelRows(resource, ids) {
      await call(`${classicBase()}${path(resource, '/cancel')}`, { method: 'POST', body: { ids } });
    },
    async resendRows(resource, ids) {
      const answer = await call(`${classicBase()}${path(resource, '/resend')}`, { method: 'POST', body: { ids } });
      return answer.json as { rows: number; mails: number };
    },
    async restoreEntry(resource, auditId) {
      await call(`${classicBase()}${path(resource, `/userlog/${encodeURIComponent(String(auditId))}/restore`)}`, { method: 'POST', body: {} });
    },
    async overview() {
      const answer = await call(`${classicBase()}/rulelists`);
      return answer.json as RuleListOverviewEntry[];
    },
  };
}

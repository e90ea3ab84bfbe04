import type { ReactElement } from 'react';
import { act, configure } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { TranslationMessages } from 'react-admin';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createHttpClient } from '../../../../dataProviders/httpClient';
import { renderAdminScreens } from '../../testing/adminScreens';
import { signedInScreenSpec, testConfig } from '../../testing/fixtures';
import { createRuleListDataProvider } from '../ruleListDataProvider';

/** Test helpers for the rule-list screen specs (not part of the app bundle). */

export type FakeRow = Record<string, unknown> & { id: number };

export interface ReceivedCall {
  method: string;
  path: string;
  /** The envelope of a non-GET call (`{request, app_id, token, ts}`). */
  body?: { request: Record<string, unknown>; app_id: number; token: string };
  query: URLSearchParams;
}

type Answer = { status: number; body: JsonBodyType };

/**
 * The classic API of the rule lists in memory, behind msw: the simple-rest list (filter, sort,
 * range, Content-Range), one row, update, the Cancel / Resend / Import actions, the user log, the
 * overview and CSV downloads. Every call is recorded; a test may set the answer of the next call
 * to a path instead (a refusal).
 */
export class FakeClassicApi {
  readonly received: ReceivedCall[] = [];
  readonly rows = new Map<string, FakeRow[]>();
  readonly userLogs = new Map<string, Record<string, unknown>[]>();
  overview: Record<string, unknown>[] | Answer = [];
  private readonly next = new Map<string, Answer>();

  /** The next call to `METHOD /path` (after /classicapi) answers this instead. */
  answerNext(method: string, path: string, status: number, body: JsonBodyType): void {
    this.next.set(`${method} ${path}`, { status, body });
  }

  calls(method: string, path: string): ReceivedCall[] {
    return this.received.filter((call) => call.method === method && call.path === path);
  }

  handlers() {
    const record = async (request: Request): Promise<{ call: ReceivedCall; override?: Answer }> => {
      const url = new URL(request.url);
      const path = url.pathname.replace(/^.*\/classicapi/, '');
      const body = request.method === 'GET' ? undefined : ((await request.json()) as ReceivedCall['body']);
      const call = { method: request.method, path, body, query: url.searchParams };
      this.received.push(call);
      const key = `${request.method} ${path}`;
      const override = this.next.get(key);
      this.next.delete(key);
      return { call, override };
    };
    const answer = ({ status, body }: Answer) => HttpResponse.json(body, { status });
    const listOf = (name: string) => this.rows.get(name) ?? [];
    const page = (resource: string, all: unknown[], query: URLSearchParams) => {
      const [start, end] = JSON.parse(query.get('range') ?? '[0, 24]') as [number, number];
      const shown = all.slice(start, end + 1);
      const last = shown.length === 0 ? start : start + shown.length - 1;
      return HttpResponse.json({ status: 1, data: shown, total: all.length }, { headers: { 'Content-Range': `${resource} ${start}-${last}/${all.length}` } });
    };
    return [
      http.get('*/classicapi/rulelists', async ({ request }) => {
        const { override } = await record(request);
        if (override) return answer(override);
        if (!Array.isArray(this.overview)) return answer(this.overview);
        return HttpResponse.json({ status: 1, data: this.overview, total: this.overview.length });
      }),
      http.get('*/classicapi/:name/userlog', async ({ request, params }) => {
        const { call, override } = await record(request);
        if (override) return answer(override);
        const filter = JSON.parse(call.query.get('filter') ?? '{}') as Record<string, string>;
        const entries = (this.userLogs.get(String(params.name)) ?? []).filter((entry) => !filter.action || entry.action === filter.action);
        return page(`${String(params.name)}/userlog`, entries, call.query);
      }),
      http.get('*/classicapi/:name/export', async ({ request, params }) => {
        const { override } = await record(request);
        if (override) return answer(override);
        return new HttpResponse(`Rows of ${String(params.name)}\r\n`, {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': `attachment; filename="${String(params.name)}.csv"` },
        });
      }),
      http.post('*/classicapi/:name/userlog/:auditId/restore', async ({ request, params }) => {
        const { override } = await record(request);
        if (override) return answer(override);
        const entry = (this.userLogs.get(String(params.name)) ?? []).find((candidate) => String(candidate.id) === params.auditId);
        if (!entry) return HttpResponse.json({ status: -1, message: 'Record Not Found!' }, { status: 404 });
        return HttpResponse.json({ status: 1, data: { ...(entry.before as object), id: Number(entry.rowId) } });
      }),
      http.post('*/classicapi/:name/:action', async ({ request, params }) => {
        const { call, override } = await record(request);
        if (override) return answer(override);
        const name = String(params.name);
        const ids = (call.body?.request.ids ?? []) as number[];
        if (params.action === 'cancel') {
          const changed = listOf(name).filter((row) => ids.includes(row.id));
          for (const row of changed) Object.assign(row, { status: 'Cancelled', version: Number(row.version ?? 1) + 1 });
          return HttpResponse.json({ status: 1, data: changed });
        }
        if (params.action === 'resend') return HttpResponse.json({ status: 1, data: { rows: ids.length, mails: ids.length * 2 } });
        if (params.action === 'import') return HttpResponse.json({ status: 1, message: 'Imported 2 rows.', data: { imported: 2, removed: 0 } });
        return HttpResponse.json({ status: -1, message: 'No such action.' }, { status: 404 });
      }),
      http.get('*/classicapi/:name/:id', async ({ request, params }) => {
        const { override } = await record(request);
        if (override) return answer(override);
        const row = listOf(String(params.name)).find((candidate) => String(candidate.id) === params.id);
        return row ? HttpResponse.json({ status: 1, data: row }) : HttpResponse.json({ status: -1, message: 'The row was not found.' }, { status: 404 });
      }),
      http.put('*/classicapi/:name/:id', async ({ request, params }) => {
        const { call, override } = await record(request);
        if (override) return answer(override);
        const row = listOf(String(params.name)).find((candidate) => String(candidate.id) === params.id);
        if (!row) return HttpResponse.json({ status: -1, message: 'The row was not found.' }, { status: 404 });
        Object.assign(row, call.body?.request, { id: row.id, version: Number(row.version ?? 1) + 1 });
        return HttpResponse.json({ status: 1, data: row });
      }),
      http.get('*/classicapi/:name', async ({ request, params }) => {
        const { call, override } = await record(request);
        if (override) return answer(override);
        const name = String(params.name);
        const filter = JSON.parse(call.query.get('filter') ?? '{}') as Record<string, string>;
        const [field, order] = JSON.parse(call.query.get('sort') ?? '["id","ASC"]') as [string, string];
        const shown = listOf(name)
          .filter((row) =>
            Object.entries(filter).every(([source, text]) =>
              (source === 'q' ? JSON.stringify(row) : String(row[source] ?? '')).toLowerCase().includes(String(text).toLowerCase()),
            ),
          )
          .sort((a, b) => String(a[field] ?? '').localeCompare(String(b[field] ?? ''), 'en', { numeric: true }) * (order === 'DESC' ? -1 : 1));
        return page(name, shown, call.query);
      }),
      http.post('*/classicapi/:name', async ({ request, params }) => {
        const { call, override } = await record(request);
        if (override) return answer(override);
        const list = listOf(String(params.name));
        const row = { ...call.body?.request, id: list.length + 100, version: 1, updatedAt: '2026-02-01T08:00:00.000Z', updatedBy: 'admin' } as FakeRow;
        this.rows.set(String(params.name), [...list, row]);
        return HttpResponse.json({ status: 1, data: row });
      }),
    ];
  }
}

/**
 * Renders one rule-list screen at `path` (e.g. '/en/userlog/115'), its route `pattern` (e.g.
 * '/en/userlog/:functionId'), inside AdminContext whose data provider is the rule-list one over the
 * real httpClient, which msw answers. Sign in first (fixtures' signInAs) for the token cookie.
 */
export function renderRuleListScreen(path: string, pattern: string, element: ReactElement, messages: TranslationMessages) {
  const httpClient = createHttpClient(testConfig, { onSignOut() {}, onErrorPage() {} });
  return renderAdminScreens(path, [[pattern, element]], { messages, dataProvider: createRuleListDataProvider(httpClient), httpClient });
}

/**
 * The frame of a rule-list spec file (call it at the top): msw answers with `handlers` and fails a
 * request none of them takes, the English messages are loaded once, the browser is signed in with
 * `functionList` before each test, and the page is emptied and the browser signed out after it.
 */
export function setUpRuleListSpec(functionList: number[], handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  return signedInScreenSpec({ functionList });
}

/**
 * The frame of a spec of rule-list screens over a FakeClassicApi (its record of calls emptied before
 * each test): `renderScreen` puts a screen up as renderRuleListScreen does, and waits for its first
 * render. The first render loads react-admin's chunks; a shared machine can be slow, so queries wait longer.
 */
export function setUpRuleListScreenSpec(functionList: number[]) {
  configure({ asyncUtilTimeout: 8000 });
  const api = new FakeClassicApi();
  const spec = setUpRuleListSpec(functionList, api.handlers());
  beforeEach(() => {
    api.received.length = 0;
  });
  return {
    api,
    renderScreen: (path: string, pattern: string, element: ReactElement) =>
      act(async () => {
        renderRuleListScreen(path, pattern, element, spec.messages);
      }),
  };
}

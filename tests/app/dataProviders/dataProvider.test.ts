// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { StatusCode } from '../../../src/domain/statusCodes';
import { createDataProvider } from '../../../dataProviders/dataProvider';
import { createHttpClient } from '../../../dataProviders/httpClient';
import { ApiError, ErrorPageError } from '../../../dataProviders/httpErrors';
import { writeTokens } from '../../../dataProviders/tokenCookies';
import { createTestServer, resetBrowserState, testConfig, url } from './support';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const server = createTestServer();
const hooks = { onSignOut: vi.fn(), onErrorPage: vi.fn() };
const rows = [
  { id: 1, countryCode: 'CN' },
  { id: 2, countryCode: 'DE' },
];

interface Seen {
  method: string;
  search: URLSearchParams;
  authorization: string | null;
  contentType: string | null;
  text: string;
}

function record(seen: Seen[]) {
  return async (request: Request) => {
    const requestUrl = new URL(request.url);
    seen.push({
      method: request.method,
      search: requestUrl.searchParams,
      authorization: request.headers.get('Authorization'),
      contentType: request.headers.get('Content-Type'),
      text: await request.text(),
    });
  };
}

function dataProvider() {
  return createDataProvider(createHttpClient(testConfig, hooks));
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  hooks.onSignOut.mockReset();
  hooks.onErrorPage.mockReset();
  writeTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
});
afterEach(() => {
  server.resetHandlers();
  resetBrowserState();
});
afterAll(() => server.close());

describe('classic data provider', () => {
  test('getList uses simple-rest query conventions and unwraps {status, data, total}', async () => {
    const seen: Seen[] = [];
    server.use(
      http.get(url('/classicapi/countryrules'), async ({ request }) => {
        await record(seen)(request);
        return HttpResponse.json({ status: 1, data: rows, total: 42 }, { headers: { 'Content-Range': 'countryrules 0-1/42' } });
      }),
    );
    const result = await dataProvider().getList('countryrules', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'countryCode', order: 'DESC' },
      filter: { countryCode: 'C' },
    });
    expect(result).toEqual({ data: rows, total: 42 });
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe('GET');
    expect(seen[0].search.get('sort')).toBe('["countryCode","DESC"]');
    expect(seen[0].search.get('range')).toBe('[25,49]');
    expect(seen[0].search.get('filter')).toBe('{"countryCode":"C"}');
    expect(seen[0].authorization).toBe('Bearer access-1');
    expect(seen[0].text).toBe('');
  });

  test('getList takes the total from the body when Content-Range did not come through', async () => {
    server.use(http.get(url('/classicapi/countryrules'), () => HttpResponse.json({ status: 1, data: rows, total: 7 })));
    const result = await dataProvider().getList('countryrules', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(result.total).toBe(7);
    expect(result.data).toEqual(rows);
  });

  test('getOne unwraps the record', async () => {
    server.use(http.get(url('/classicapi/countryrules/2'), () => HttpResponse.json({ status: 1, data: rows[1] })));
    expect(await dataProvider().getOne('countryrules', { id: 2 })).toEqual({ data: rows[1] });
  });

  test('create, update and delete send envelopes and unwrap the answer', async () => {
    const seen: Seen[] = [];
    server.use(
      http.post(url('/classicapi/countryrules'), async ({ request }) => {
        await record(seen)(request);
        return HttpResponse.json({ status: 1, data: { id: 3, countryCode: 'FR' } });
      }),
      http.put(url('/classicapi/countryrules/3'), async ({ request }) => {
        await record(seen)(request);
        return HttpResponse.json({ status: 1, data: { id: 3, countryCode: 'IT' } });
      }),
      http.delete(url('/classicapi/countryrules/3'), async ({ request }) => {
        await record(seen)(request);
        return HttpResponse.json({ status: 1, data: { id: 3, countryCode: 'IT' } });
      }),
    );
    const provider = dataProvider();
    expect(await provider.create('countryrules', { data: { countryCode: 'FR' } })).toEqual({ data: { id: 3, countryCode: 'FR' } });
    expect(await provider.update('countryrules', { id: 3, data: { countryCode: 'IT' }, previousData: { id: 3, countryCode: 'FR' } })).toEqual({
      data: { id: 3, countryCode: 'IT' },
    });
    expect(await provider.delete('countryrules', { id: 3, previousData: { id: 3 } })).toEqual({ data: { id: 3, countryCode: 'IT' } });

    expect(seen.map((s) => s.method)).toEqual(['POST', 'PUT', 'DELETE']);
    const envelopes = seen.map((s) => JSON.parse(s.text));
    expect(envelopes.map((e) => e.request)).toEqual([{ countryCode: 'FR' }, { countryCode: 'IT' }, {}]);
    for (const [index, envelope] of envelopes.entries()) {
      expect(envelope.app_id).toBe(2);
      expect(envelope.token).toMatch(UUID_V4);
      expect(Math.abs(envelope.ts - Date.now() / 1000)).toBeLessThan(5);
      expect(seen[index].contentType).toBe('application/json');
      expect(seen[index].authorization).toBe('Bearer access-1');
    }
    expect(new Set(envelopes.map((e) => e.token)).size).toBe(3);
  });

  test('deleteMany sends one enveloped DELETE per id', async () => {
    const seen: Seen[] = [];
    server.use(
      http.delete(url('/classicapi/countryrules/:id'), async ({ request, params }) => {
        await record(seen)(request);
        return HttpResponse.json({ status: 1, data: { id: Number(params.id) } });
      }),
    );
    expect(await dataProvider().deleteMany('countryrules', { ids: [4, 5] })).toEqual({ data: [4, 5] });
    expect(seen.map((s) => JSON.parse(s.text).app_id)).toEqual([2, 2]);
  });

  test('a page-mapped status shows the page and rejects', async () => {
    server.use(http.get(url('/classicapi/countryrules/9'), () => HttpResponse.json({ status: StatusCode.SYSTEM_EXCEPTION })));
    await expect(dataProvider().getOne('countryrules', { id: 9 })).rejects.toBeInstanceOf(ErrorPageError);
    expect(hooks.onErrorPage).toHaveBeenCalledWith(500);
  });

  test('a caller status reaches react-admin as an ApiError with the server message', async () => {
    server.use(
      http.post(url('/classicapi/users'), () => HttpResponse.json({ status: StatusCode.USER_PROFILE_DUPLICATE, message: 'User profile is duplicated.' })),
    );
    const error = await dataProvider()
      .create('users', { data: { userId: 'u' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: StatusCode.USER_PROFILE_DUPLICATE, message: 'User profile is duplicated.' });
    expect(hooks.onErrorPage).not.toHaveBeenCalled();
  });

  test('a write refused with field problems comes back to the form as an HttpError with its errors, not an error page', async () => {
    server.use(
      http.post(url('/classicapi/users'), () =>
        HttpResponse.json(
          { status: StatusCode.VALIDATION_FAIL, message: 'Please correct the marked fields.', errors: { role_id: 'This role does not exist any more.' } },
          { status: 400 },
        ),
      ),
      http.put(url('/classicapi/users/DEMOAIR%7Cu'), () =>
        HttpResponse.json({ status: StatusCode.FAILURE, message: 'The record changed meanwhile.' }, { status: 409 }),
      ),
    );
    const created = await dataProvider()
      .create('users', { data: { userId: 'u' } })
      .catch((e: unknown) => e);
    expect(created).toBeInstanceOf(HttpError);
    expect(created).toMatchObject({
      message: 'Please correct the marked fields.',
      status: 400,
      body: { errors: { role_id: 'This role does not exist any more.' } },
    });
    const updated = await dataProvider()
      .update('users', { id: 'DEMOAIR|u', data: {}, previousData: { id: 'DEMOAIR|u' } })
      .catch((e: unknown) => e);
    expect(updated).toMatchObject({ message: 'The record changed meanwhile.', status: 409 });
    expect(hooks.onErrorPage).not.toHaveBeenCalled();
  });

  test('a read refused with FAILURE still shows the error page (only writes hand refusals back)', async () => {
    server.use(http.get(url('/classicapi/users/x'), () => HttpResponse.json({ status: StatusCode.FAILURE, message: 'Record Not Found!' }, { status: 404 })));
    await expect(dataProvider().getOne('users', { id: 'x' })).rejects.toBeInstanceOf(ErrorPageError);
    expect(hooks.onErrorPage).toHaveBeenCalledWith(404);
  });
});

// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { StatusCode } from '../../../src/domain/statusCodes';
import { createHttpClient, type HttpClientHooks } from '../../../dataProviders/httpClient';
import { ApiError, ErrorPageError } from '../../../dataProviders/httpErrors';
import { sessionFromPermission, sessionStore } from '../../../dataProviders/sessionStore';
import { writeTokens } from '../../../dataProviders/tokenCookies';
import { createTestServer, permissionFixture, resetBrowserState, testConfig, url } from './support';

/**
 * Spec 7 "HTTP 403 and 404: error page", with the bodies the server really sends: its not-found
 * handler (src/server/app.ts) answers HTTP 404 with the generic FAILURE status.
 */
const server = createTestServer();
let hooks: { onSignOut: ReturnType<typeof vi.fn<HttpClientHooks['onSignOut']>>; onErrorPage: ReturnType<typeof vi.fn<HttpClientHooks['onErrorPage']>> };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  hooks = { onSignOut: vi.fn(), onErrorPage: vi.fn() };
  writeTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  sessionStore.set(sessionFromPermission(permissionFixture()));
});
afterEach(() => {
  server.resetHandlers();
  resetBrowserState();
});
afterAll(() => server.close());

async function answerTo(httpStatus: number, body: Record<string, unknown>, options: { callerHandles?: readonly number[]; classic?: boolean } = {}) {
  const path = options.classic ? '/classicapi/nothing' : '/awbapi/nothing';
  server.use(http.get(url(path), () => HttpResponse.json(body, { status: httpStatus })));
  const client = createHttpClient(testConfig, hooks);
  const call = options.classic
    ? client.classic('/nothing', { callerHandles: options.callerHandles })
    : client.api(path, { callerHandles: options.callerHandles });
  return call.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('HTTP 403 and 404 lead to their error pages', () => {
  test("the server's own 404 (an unknown route, body status FAILURE) shows the 404 page, not the 500 page", async () => {
    const error = await answerTo(404, { status: StatusCode.FAILURE, message: 'No such route: GET /awbapi/nothing' });
    expect(error).toBeInstanceOf(ErrorPageError);
    expect(error).toMatchObject({ page: 404, httpStatus: 404, bodyStatus: StatusCode.FAILURE });
    expect(hooks.onErrorPage).toHaveBeenCalledExactlyOnceWith(404);
  });

  test('the same on the classic API host', async () => {
    const error = await answerTo(404, { status: StatusCode.FAILURE, message: 'No such route: GET /classicapi/nothing' }, { classic: true });
    expect(error).toMatchObject({ page: 404 });
    expect(hooks.onErrorPage).toHaveBeenCalledExactlyOnceWith(404);
  });

  test('HTTP 403 with a generic failure status shows the 403 page', async () => {
    const error = await answerTo(403, { status: StatusCode.FAILURE, message: 'Forbidden' });
    expect(error).toMatchObject({ page: 403, httpStatus: 403 });
    expect(hooks.onErrorPage).toHaveBeenCalledExactlyOnceWith(403);
  });

  test('other HTTP codes with a generic failure status still show the 500 page', async () => {
    for (const httpStatus of [200, 400, 500]) {
      hooks.onErrorPage.mockClear();
      const error = await answerTo(httpStatus, { status: StatusCode.FAILURE, message: 'x' });
      expect(error, String(httpStatus)).toMatchObject({ page: 500 });
      expect(hooks.onErrorPage).toHaveBeenCalledExactlyOnceWith(500);
    }
  });

  test('a specific status on a 404, or one the caller handles, still reaches the caller', async () => {
    const notFound = await answerTo(404, { status: StatusCode.SHIPMENT_NOT_FOUND, message: 'There is no shipment found in AWB #160-12345675.' });
    expect(notFound).toBeInstanceOf(ApiError);
    const recordGone = await answerTo(
      404,
      { status: StatusCode.FAILURE, message: 'Record Not Found!' },
      { classic: true, callerHandles: [StatusCode.FAILURE] },
    );
    expect(recordGone).toBeInstanceOf(ApiError);
    expect((recordGone as ApiError).message).toBe('Record Not Found!');
    expect(hooks.onErrorPage).not.toHaveBeenCalled();
  });
});

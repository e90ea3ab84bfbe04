// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { forgetRuntimeConfig, hostUrl, loadRuntimeConfig, parseRuntimeConfig } from '../../../dataProviders/runtimeConfig';
import { createTestServer, ORIGIN, testConfig, url } from './support';

const server = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  forgetRuntimeConfig();
});
afterAll(() => server.close());

describe('runtime config', () => {
  test('is fetched once from /ez4/config.json and cached', async () => {
    let calls = 0;
    server.use(
      http.get(url('/ez4/config.json'), () => {
        calls += 1;
        return HttpResponse.json(testConfig);
      }),
    );
    const [first, second] = await Promise.all([loadRuntimeConfig(), loadRuntimeConfig()]);
    expect(await loadRuntimeConfig()).toBe(first);
    expect(second).toBe(first);
    expect(first).toEqual(testConfig);
    expect(calls).toBe(1);
  });

  test('a failed load is not cached', async () => {
    server.use(http.get(url('/ez4/config.json'), () => new HttpResponse(null, { status: 503 }), { once: true }));
    await expect(loadRuntimeConfig()).rejects.toThrow('HTTP 503');
    server.use(http.get(url('/ez4/config.json'), () => HttpResponse.json(testConfig)));
    expect((await loadRuntimeConfig()).classicApiBase).toBe('/classicapi');
  });

  test('requires the bases and defaults the rest', () => {
    expect(() => parseRuntimeConfig({ authBase: '/auth', apiBase: '' })).toThrow('"classicApiBase"');
    expect(parseRuntimeConfig({ authBase: '/auth', apiBase: '', classicApiBase: '/c' })).toMatchObject({
      appId: 2,
      mfaResendSeconds: 30,
      mfaDialogTimeoutSeconds: 60,
      blockedIeVersion: 9,
      styleVersion: 1,
    });
  });

  test('joins bases and paths into absolute URLs', () => {
    expect(hostUrl('', '/userapi/permission')).toBe(`${ORIGIN}/userapi/permission`);
    expect(hostUrl('/auth', '/token')).toBe(`${ORIGIN}/auth/token`);
    expect(hostUrl('https://api.example.com/', 'awbapi/awbsummary')).toBe('https://api.example.com/awbapi/awbsummary');
    expect(hostUrl('https://c.example.com/classicapi', '/x?y=1')).toBe('https://c.example.com/classicapi/x?y=1');
  });
});

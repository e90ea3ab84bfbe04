// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { accessTokenSubject, deleteTokens, hasTokens, readAccessToken, readRefreshToken, writeTokens } from '../../../dataProviders/tokenCookies';
import { cookieNames, fakeAccessToken, resetBrowserState } from './support';

afterEach(() => {
  vi.restoreAllMocks();
  resetBrowserState();
});

describe('token cookies', () => {
  test('writes, reads and deletes both cookies', () => {
    expect(hasTokens()).toBe(false);
    writeTokens({ accessToken: 'a.b.c', refreshToken: 'r/+=;1' });
    expect(readAccessToken()).toBe('a.b.c');
    expect(readRefreshToken()).toBe('r/+=;1');
    expect(cookieNames()).toEqual(['access_token', 'refresh_token']);
    expect(hasTokens()).toBe(true);

    deleteTokens();
    expect(readAccessToken()).toBeUndefined();
    expect(readRefreshToken()).toBeUndefined();
    expect(cookieNames()).toEqual([]);
  });

  test('are written SameSite=Strict on path /, without Secure over http', () => {
    const written: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(Document.prototype, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
      written.push(value);
      descriptor.set!.call(this, value);
    });
    writeTokens({ accessToken: 'x', refreshToken: 'y' });
    expect(written).toHaveLength(2);
    for (const cookie of written) {
      expect(cookie).toMatch(/; path=\/; SameSite=Strict$/);
      expect(cookie).not.toMatch(/Secure/);
    }
  });

  test('reads the user and company an access token names', () => {
    expect(accessTokenSubject(fakeAccessToken('jane.doe', 'ACME'))).toEqual({ userId: 'jane.doe', companyId: 'ACME' });
    expect(accessTokenSubject('not-a-jwt')).toBeUndefined();
    expect(accessTokenSubject(undefined)).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusCode } from '../../src/domain/statusCodes';
import { JSON_TOO_DEEP, jsonNestingDepth, MAX_JSON_DEPTH } from '../../src/server/http/jsonBody';
import { bearer, buildTestApp, signIn, type TestApp } from './testApp';

describe('jsonNestingDepth', () => {
  it('counts nested arrays and objects, not brackets inside strings', () => {
    expect(jsonNestingDepth('1')).toBe(0);
    expect(jsonNestingDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonNestingDepth('{"a":"[[[[{{{{","b":"\\"[[["}')).toBe(1);
    expect(jsonNestingDepth('['.repeat(100_000) + ']'.repeat(100_000), 32)).toBe(33);
  });

  it('tells an escaped quote from one closing its string after any run of backslashes', () => {
    // A string ending in an escaped backslash closes at its quote: the brackets after it count.
    expect(jsonNestingDepth(String.raw`["a\\",[[1]]]`)).toBe(3);
    expect(jsonNestingDepth(String.raw`["a\\\\",[[1]]]`)).toBe(3);
    // An odd run escapes the quote: the brackets are still inside the string.
    expect(jsonNestingDepth(String.raw`["a\\\",[[1]]"]`)).toBe(1);
    expect(jsonNestingDepth(String.raw`["\"\"[[",[]]`)).toBe(2);
    // A string never closed holds the rest of the text.
    expect(jsonNestingDepth('["abc [[[')).toBe(1);
    expect(jsonNestingDepth(JSON.stringify({ content: 'QUJD'.repeat(1_000_000), mode: [[1]] }))).toBe(3);
  });
});

describe('JSON bodies', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
  });
  afterAll(() => t.close());

  const post = (payload: string) =>
    t.app.inject({ method: 'POST', url: '/awbapi/awbsummary', headers: { ...bearer(token), 'content-type': 'application/json' }, payload });
  const summary = { fieldSearch: [], dbOptions: { CurrentPage: 1, PageSize: 10, FieldName: 'AWBNumber', OrderBy: 'ASC' } };

  // How long the event loop waits on such a body is measured by the fuzz bench (bench/fuzz.ts), not here.
  it('refuses a body nested deeper than the limit with a clear message, before parsing it', async () => {
    const answer = await post('['.repeat(100_000) + ']'.repeat(100_000));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ status: StatusCode.VALIDATION_FAIL, message: JSON_TOO_DEEP });
    expect(await post(`{"a":${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}`)).toMatchObject({ statusCode: 400 });
  });

  it('parses the bodies the API takes as before, poisoning still refused', async () => {
    const answer = await post(JSON.stringify(summary));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.rows.length).toBeGreaterThan(0);
    // Brackets in a string are text, not nesting.
    expect((await post(JSON.stringify({ ...summary, note: '['.repeat(1_000) }))).json().message).not.toBe(JSON_TOO_DEEP);
    const poisoned = await post('{"__proto__":{"admin":true},"fieldSearch":[]}');
    expect(poisoned.statusCode).toBe(400);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_CHECK_PATH, browserCheckScript } from '../../src/server/browserCheck';
import { buildTestApp, type TestApp } from './testApp';

/** What the script does in a browser: tests/app/browserCheckScript.test.ts. */

/** Syntax newer than ES5, by Babel's node types. */
const ES2015_AND_LATER = new Set([
  'ArrowFunctionExpression',
  'TemplateLiteral',
  'TaggedTemplateExpression',
  'ClassDeclaration',
  'ClassExpression',
  'SpreadElement',
  'RestElement',
  'ObjectPattern',
  'ArrayPattern',
  'AssignmentPattern',
  'ForOfStatement',
  'AwaitExpression',
  'YieldExpression',
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportDefaultDeclaration',
  'OptionalMemberExpression',
  'OptionalCallExpression',
  'ObjectMethod',
  'BigIntLiteral',
  'MetaProperty',
  'Import',
]);

function newerSyntaxIn(script: string): string[] {
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const typed = node as {
      type?: string;
      kind?: string;
      operator?: string;
      shorthand?: boolean;
      computed?: boolean;
      async?: boolean;
      generator?: boolean;
      regex?: { flags: string };
      extra?: { raw?: string };
    };
    if (typeof typed.type === 'string') {
      if (ES2015_AND_LATER.has(typed.type)) found.push(typed.type);
      if (typed.type === 'VariableDeclaration' && typed.kind !== 'var') found.push(`${typed.kind} declaration`);
      if (typed.type === 'LogicalExpression' && typed.operator === '??') found.push('??');
      if (typed.type === 'AssignmentExpression' && /^(\?\?|&&|\|\|)=$|\*\*=/.test(typed.operator ?? '')) found.push(String(typed.operator));
      if (typed.type === 'BinaryExpression' && typed.operator === '**') found.push('**');
      if (typed.type === 'ObjectProperty' && (typed.shorthand || typed.computed)) found.push('shorthand or computed property');
      if ((typed.type === 'FunctionExpression' || typed.type === 'FunctionDeclaration') && (typed.async || typed.generator))
        found.push('async or generator function');
      if (typed.type === 'RegExpLiteral' && /[uys]/.test((node as { flags: string }).flags)) found.push('regular expression flag');
      if (typed.type === 'NumericLiteral' && /_|^0[bo]/i.test(typed.extra?.raw ?? '')) found.push('numeric literal');
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'loc' && key !== 'extra') visit(value);
  };
  visit(parse(script, { sourceType: 'script', strictMode: true }).program);
  return found;
}

describe('the classic browser check script', () => {
  const script = browserCheckScript(9);

  it('is plain ES5: no module syntax, no ES2015+ syntax', () => {
    expect(newerSyntaxIn(script)).toEqual([]);
    // The check itself catches what it is meant to catch.
    expect(newerSyntaxIn('var f = (a) => a; let b = `x`;')).toEqual(['ArrowFunctionExpression', 'let declaration', 'TemplateLiteral']);
  });

  it('carries the rule and the wording of src/domain/browserSupport.ts, and the blocked version it is given', () => {
    expect(script).toContain(JSON.stringify('Your browser is out of date.'));
    expect(script).toContain('"blockedIeVersion":9');
    expect(browserCheckScript(11)).toContain('"blockedIeVersion":11');
  });
});

describe('serving the script', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ BLOCKED_IE_VERSION: '10' });
  });
  afterAll(() => t.close());

  it('answers /ez4/browser-check.js as JavaScript with the configured blocked version, the one config.json publishes', async () => {
    const response = await t.app.inject({ method: 'GET', url: BROWSER_CHECK_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(browserCheckScript(10));
    expect(String(response.headers['content-security-policy'])).toMatch(/script-src 'self'/);
    expect((await t.app.inject({ method: 'GET', url: '/ez4/config.json' })).json().blockedIeVersion).toBe(10);
  });

  it('is loaded by index.html as a classic script from its own file, before the module bundle', () => {
    const html = readFileSync(path.join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
    const tags = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(tags[0]).toBe(`<script src="${BROWSER_CHECK_PATH}">`);
    expect(tags.slice(1).every((tag) => tag.includes('type="module"'))).toBe(true);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/); // no inline script (the CSP refuses them)
  });
});

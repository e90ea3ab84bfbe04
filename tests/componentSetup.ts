import { format } from 'node:util';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

/**
 * findBy* and waitFor wait for what they assert (the rows, the dialog, the request); this is only how
 * long they keep waiting before the test fails. The default second is too short for the first render
 * of a react-admin screen (MUI, lazy chunks, the query cache) while the other workers load both cores,
 * which is how ShipmentPage.spec.tsx failed a newcomer's run; a passing test is not slowed by it.
 */
configure({ asyncUtilTimeout: 10_000 });

/**
 * The component files share a worker's module cache and jsdom window (`isolate: false`), so that
 * react-admin and MUI load once per worker instead of once per file. Each file still starts as if
 * alone: the app's own modules afresh (their caches, listeners and lazy imports), no storage, no
 * cookies, nothing rendered.
 */
vi.resetModules();
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0].trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
afterAll(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/**
 * React's unknown-prop warnings fail the test that rendered the prop: a prop a component no longer
 * reads reached the DOM, as react-admin 5.15's InputProps did on MUI 9 (src/app/admin/mui5Props.tsx).
 * The warning is still printed. React gives each prop once per worker: the first test to render it fails.
 */
const UNKNOWN_DOM_PROP = /^(React does not recognize the `%s` prop on a DOM element|Unknown event handler property `%s`|Invalid DOM property `%s`)/;
const shared = globalThis as { unknownDomProps?: string[] };
shared.unknownDomProps ??= [];
const unknownDomProps: string[] = shared.unknownDomProps;
if (!(console.error as { reportsUnknownDomProps?: boolean }).reportsUnknownDomProps) {
  const printError = console.error;
  console.error = Object.assign(
    (...args: unknown[]) => {
      if (typeof args[0] === 'string' && UNKNOWN_DOM_PROP.test(args[0])) unknownDomProps.push(format(...args));
      printError(...args);
    },
    { reportsUnknownDomProps: true },
  );
}
afterEach(() => {
  const warnings = unknownDomProps.splice(0);
  if (warnings.length > 0) throw new Error(`React warned of props it does not know on DOM elements:\n${warnings.join('\n')}`);
});

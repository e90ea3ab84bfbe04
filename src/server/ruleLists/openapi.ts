import type { RuleListPlugin } from '../../../plugins/types';

/**
 * The rule-list part of the app's OpenAPI document (CONTRACTS.md: every wire format is documented),
 * served at GET /classicapi/rulelists/openapi.json for clients of the lists alone. It is cut from the
 * whole document (/api/docs/openapi.json), which @fastify/swagger builds from the routes' own schemas
 * (schemas.ts), so the lists are described once: what the routes validate, answer and document is one text.
 */

export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  components?: Record<string, unknown>;
  paths: Record<string, unknown>;
}

/** Whether a documented path is a route of the lists: the overview, or a list's own under /classicapi/{name}. */
function isRuleListPath(path: string, plugins: readonly RuleListPlugin[]): boolean {
  const bases = ['/classicapi/rulelists', ...plugins.map((plugin) => `/classicapi/${plugin.name}`)];
  return bases.some((base) => path === base || path.startsWith(`${base}/`));
}

export function ruleListOpenApi(whole: OpenApiDocument, plugins: readonly RuleListPlugin[]): OpenApiDocument {
  const paths = Object.fromEntries(Object.entries(whole.paths).filter(([path]) => isRuleListPath(path, plugins)));
  return {
    openapi: whole.openapi,
    info: {
      ...whole.info,
      title: 'Admin rule lists (classic envelope API)',
      description:
        'The rule-list part of the API document (/api/docs/openapi.json), generated from plugins/. ' +
        'Every non-GET body is the envelope {request, app_id, token, ts}; every call sends the access token as a bearer token.',
    },
    components: whole.components,
    paths,
  };
}

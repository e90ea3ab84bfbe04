import { appRoutes, findRoute, type AppRoute } from './routes';

/** The SPA's base path (vite `base`), without the trailing slash. */
export const APP_BASE = '/ez4';

export const SUPPORTED_LANGUAGES = ['en'] as const;
export const DEFAULT_LANGUAGE = 'en';

/** A first path segment that reads as a language tag (en, fr, zh-CN, pt_BR, zh-Hant). */
const LANGUAGE_LIKE = /^[a-z]{2}([-_][a-z0-9]{2,4})?$/i;

function isSupportedLanguage(segment: string): boolean {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(segment);
}

/** First segments of the route table, which are never mistaken for a language. */
const routeHeads = new Set(appRoutes.flatMap((r) => [r.path, ...r.aliases].map((p) => p.split('/')[0])).filter((head) => head !== '' && head !== '*'));

/** The pathname under the base ('/ez4/en/login' -> '/en/login'); undefined when outside the base. */
export function stripBase(pathname: string): string | undefined {
  if (pathname === APP_BASE) return '/';
  if (!pathname.startsWith(`${APP_BASE}/`)) return undefined;
  return pathname.slice(APP_BASE.length);
}

/**
 * Spec 2: every route starts with /{lang}. Returns the app path to replace the current one with,
 * or undefined when the language is fine. A missing language gets /en in front; an unsupported
 * one is replaced by en ('/fr/login' -> '/en/login').
 */
export function resolveLanguagePath(appPath: string): string | undefined {
  const segments = appPath.split('/').slice(1);
  const head = segments[0] ?? '';
  if (isSupportedLanguage(head)) return undefined;
  if (head === '') return `/${DEFAULT_LANGUAGE}${segments.length > 1 ? `/${segments.slice(1).join('/')}` : ''}`;
  if (!routeHeads.has(head) && LANGUAGE_LIKE.test(head)) return ['', DEFAULT_LANGUAGE, ...segments.slice(1)].join('/');
  return ['', DEFAULT_LANGUAGE, ...segments].join('/');
}

export interface RouteMatch {
  route: AppRoute;
  params: Record<string, string>;
}

function matchPattern(pattern: string, segments: readonly string[]): Record<string, string> | undefined {
  const parts = pattern === '' ? [] : pattern.split('/');
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index];
    const segment = segments[index];
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
      } catch {
        return undefined;
      }
    } else if (part !== segment) {
      return undefined;
    }
  }
  return params;
}

/** Static segments win over parameters, as in react-router. */
function specificity(pattern: string): number {
  return pattern.split('/').filter((part) => part !== '' && !part.startsWith(':')).length;
}

/** Matches the path after /{lang} ('shipment/details/7') against the table; the fallback when nothing else does. */
export function matchAppRoute(pathUnderLanguage: string): RouteMatch {
  const segments = pathUnderLanguage.split('/').filter((segment) => segment !== '');
  let best: (RouteMatch & { score: number }) | undefined;
  for (const candidate of appRoutes) {
    if (candidate.path === '*') continue;
    for (const pattern of [candidate.path, ...candidate.aliases]) {
      const params = matchPattern(pattern, segments);
      if (params && (!best || specificity(pattern) > best.score)) best = { route: candidate, params, score: specificity(pattern) };
    }
  }
  return best ? { route: best.route, params: best.params } : { route: findRoute('fallback'), params: {} };
}

/** Splits an app path ('/en/shipment') into its language and the rest. */
export function splitLanguage(appPath: string): { lang: string; rest: string } {
  const [, lang = DEFAULT_LANGUAGE, ...rest] = appPath.split('/');
  return { lang, rest: rest.join('/') };
}

/** The app path of a named route: pathFor('shipmentDetails', { id: '7' }) -> '/en/shipment/details/7'. */
export function pathFor(name: string, params: Record<string, string | number> = {}, lang: string = DEFAULT_LANGUAGE): string {
  const filled = findRoute(name)
    .path.split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part;
      const value = params[part.slice(1)];
      if (value === undefined) throw new Error(`Route "${name}" needs "${part.slice(1)}"`);
      return encodeURIComponent(String(value));
    })
    .join('/');
  return filled === '' ? `/${lang}` : `/${lang}/${filled}`;
}

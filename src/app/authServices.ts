import { createAuthProvider, type CargoAuthProvider } from '../../dataProviders/authProvider';
import { createHttpClient, type HttpClient, type SignOutReason } from '../../dataProviders/httpClient';
import type { ErrorPageCode } from '../../dataProviders/httpErrors';
import type { RuntimeConfig } from '../../dataProviders/runtimeConfig';
import { ruleListPlugins } from '../../plugins';
import { appHistory, navigateApp } from './routing/history';
import { DEFAULT_LANGUAGE, matchAppRoute, splitLanguage, stripBase } from './routing/paths';

/**
 * The httpClient and the authProvider, loaded on first use: the login page needs them only once
 * the user signs in, so they are not part of its first download.
 */
export interface AuthServices {
  httpClient: HttpClient;
  authProvider: CargoAuthProvider;
}

interface PageKind {
  lang: string;
  isClassic: boolean;
}

/** The current page's language and whether it is a classic-style page. */
function currentPage(): PageKind {
  const { lang, rest } = splitLanguage(stripBase(appHistory.snapshot.location.pathname) ?? '/');
  return { lang: lang || DEFAULT_LANGUAGE, isClassic: matchAppRoute(rest).route.meta.isClassic };
}

/** Login's errorCode query (spec 2): 1 login error (invalid profile), 2 session error. */
const SIGN_OUT_ERROR_CODE: Record<SignOutReason, number> = { invalidProfile: 1, session: 2 };

/** Where a forced sign-out goes: login with its dialog, through the classic logout from classic pages. */
export function signOutTarget(reason: SignOutReason, page: PageKind): string {
  const login = `/${page.lang}/login?errorCode=${SIGN_OUT_ERROR_CODE[reason]}`;
  if (!page.isClassic) return login;
  return `/${page.lang}/logoutclassic?redirect=${encodeURIComponent(login)}`;
}

/** The error page for an answer; classic pages get the classic variant (error/ef/{code}). */
export function errorPageTarget(code: ErrorPageCode, page: PageKind): string {
  return `/${page.lang}/error/${page.isClassic ? 'ef/' : ''}${code}`;
}

/** Route name -> function id of the rule lists, for the authProvider's canAccess. */
const ruleListFunctionIds = Object.fromEntries(ruleListPlugins.map((plugin) => [plugin.name, plugin.functionId]));

export function createAuthServices(config: RuntimeConfig): AuthServices {
  const httpClient = createHttpClient(config, {
    onSignOut(reason) {
      navigateApp(signOutTarget(reason, currentPage()));
    },
    onErrorPage(code) {
      navigateApp(errorPageTarget(code, currentPage()));
    },
  });
  const authProvider = createAuthProvider({
    config,
    httpClient,
    resourceFunctionIds: ruleListFunctionIds,
    loginUrl: `/${DEFAULT_LANGUAGE}/login`,
  });
  return { httpClient, authProvider };
}

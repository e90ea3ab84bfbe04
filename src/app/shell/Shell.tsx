import {
  Fragment,
  lazy,
  Suspense,
  startTransition,
  use,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { loadAdminApp } from '../admin/loadAdminApp';
import { ErrorPage } from '../errors/ErrorPage';
import { loadEnglishMessages } from '../i18n/loadMessages';
import { useShellTranslate } from '../i18n/translate';
import { LoginPage } from '../login/LoginPage';
import { CookiesPolicyPage } from '../cookies/CookiesPolicyPage';
import { FooterPage } from '../chrome/FooterPage';
import { InfoPage } from '../info/InfoPage';
import { signInProgress } from '../login/signInProgress';
import { ResetPasswordPage } from '../password/ResetPasswordPage';
import { LogoutClassicPage } from '../pages/LogoutClassicPage';
import { decideRoute, type AccessState } from '../routing/guard';
import { navigateApp, useHistorySnapshot } from '../routing/history';
import { matchAppRoute, resolveLanguagePath, splitLanguage, stripBase, type RouteMatch } from '../routing/paths';
import { resetStoredState } from '../routing/storedState';
import { readSession, useServices } from '../services';
import { pageTitle } from '../title';
import { LoadFailureBoundary } from './LoadFailureBoundary';
import { PageLoading } from './PageLoading';
import { startLandingReads } from '../shipments/landingReads';

const AdminApp = lazy(loadAdminApp);

/** The signed-in screens, once their chunk, the auth services and react-admin's messages are in. */
function AdminEntry({ lang }: { lang: string }) {
  const services = useServices();
  const auth = use(services.loadAuth());
  const messages = use(loadEnglishMessages());
  return <AdminApp lang={lang} auth={auth} messages={messages} />;
}

const LOGIN_ROUTES = new Set(['login', 'loginclassic']);

/** The public pages the shell renders itself, without loading react-admin. */
function shellPage(match: RouteMatch, lang: string, productName: string): ReactNode {
  switch (match.route.name) {
    case 'login':
      return <LoginPage lang={lang} />;
    case 'loginclassic':
      return <LoginPage lang={lang} classic />;
    case 'error':
      return <ErrorPage code={match.params.errorCode} lang={lang} />;
    case 'errorClassic':
      return <ErrorPage code={match.params.errorCode} lang={lang} classic />;
    case 'logoutclassic':
      return <LogoutClassicPage lang={lang} />;
    case 'cookiesPolicy':
      return <CookiesPolicyPage lang={lang} />;
    case 'cookiesPolicyDynamic':
      return <CookiesPolicyPage lang={lang} dynamic />;
    case 'footer':
      return <FooterPage lang={lang} productName={productName} />;
    case 'about':
    case 'help':
      return <InfoPage topic={match.route.name} lang={lang} />;
    case 'resetPassword':
      return <ResetPasswordPage lang={lang} />;
    default:
      return null;
  }
}

/**
 * The entry's router: the language rule, the route table and the redirect rules of spec 2. Public
 * pages render here; signed-in pages load the admin chunk, which stays mounted while the user moves
 * between them.
 */
export function Shell() {
  const services = useServices();
  const translate = useShellTranslate();
  const { location } = useHistorySnapshot();
  const appPath = stripBase(location.pathname) ?? '/';
  const languageFix = resolveLanguagePath(appPath);
  const { lang, rest } = splitLanguage(appPath);
  const match = useMemo(() => matchAppRoute(rest), [rest]);

  // A tab that has the token cookies but not the session store rebuilds it (checkAuth) before deciding.
  const [rebuild, setRebuild] = useState<'idle' | 'running' | 'failed'>('idle');
  const { signedIn, session, tokens } = readSession();
  const needsRebuild = tokens && !session && rebuild !== 'failed';
  useEffect(() => {
    if (!needsRebuild || rebuild === 'running') return;
    setRebuild('running');
    services
      .loadAuth()
      .then(({ authProvider }) => authProvider.checkAuth())
      // Transitions, as the shell's first render (main.tsx): what the rebuilt session reveals (the signed-in app, its first
      // page) renders in slices that leave the main thread free between them, instead of one long task (issue 16).
      .then(
        () => startTransition(() => setRebuild(readSession().session ? 'idle' : 'failed')),
        () => startTransition(() => setRebuild('failed')),
      );
  }, [needsRebuild, rebuild, services]);

  // A sign-in between its token and its landing page (code, consent, hand-over) is not signed in yet for the guard.
  const signingIn = useSyncExternalStore(signInProgress.subscribe, signInProgress.isPending, signInProgress.isPending);
  const access: AccessState = {
    signedIn: signedIn && !signingIn,
    menu: session ? [...session.menuList, ...session.classicMenuList] : [],
    functions: session?.functionList ?? [],
  };
  const decision = languageFix || needsRebuild ? undefined : decideRoute(match, access, { styleVersion: services.config.styleVersion });
  const target = languageFix ? `${languageFix}${location.search}${location.hash}` : decision?.kind === 'redirect' ? `/${lang}/${decision.to}` : undefined;

  useLayoutEffect(() => {
    if (target) navigateApp(target, { replace: true });
  }, [target]);

  // Leaving a login page resets stored state (spec 2).
  const previousRoute = useRef<string | undefined>(undefined);
  const shown = decision?.kind === 'render' ? match.route.name : undefined;
  useEffect(() => {
    if (!shown) return;
    if (previousRoute.current && LOGIN_ROUTES.has(previousRoute.current) && !LOGIN_ROUTES.has(shown)) resetStoredState();
    previousRoute.current = shown;
  }, [shown]);

  // A tab opened (or reloaded) on the landing page with no list parameters in its address asks for the page's reads
  // as soon as the session is known, while the signed-in app's chunks load: once, as the app starts; later visits ask
  // from the page (issue 16).
  const landingReadsAsked = useRef(false);
  const landing = decision?.kind === 'render' && match.route.name === 'shipment' && location.search === '';
  useEffect(() => {
    if (!decision || landingReadsAsked.current) return;
    landingReadsAsked.current = true;
    if (landing) startLandingReads(services);
  }, [decision, landing, services]);

  const productName = services.config.productName || translate('app.productFallback');
  const title = decision?.kind === 'render' ? pageTitle(services.config, session?.accessType, translate(match.route.meta.title), productName) : undefined;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  if (target) return null;
  if (!decision) return <PageLoading />;
  if (match.route.host === 'shell') return <Fragment key={match.route.name}>{shellPage(match, lang, productName)}</Fragment>;
  return (
    <LoadFailureBoundary fallback={<ErrorPage code="500" lang={lang} />}>
      <Suspense fallback={<PageLoading />}>
        <AdminEntry lang={lang} />
      </Suspense>
    </LoadFailureBoundary>
  );
}

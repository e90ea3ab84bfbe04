import { Component, type ErrorInfo, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Box, Slide, type SlideProps, styled, type Theme, Typography, useMediaQuery, useScrollTrigger } from '@mui/material';
import {
  AppBar,
  LayoutClasses,
  Loading,
  Error as RaError,
  Sidebar,
  type SidebarProps,
  SkipNavigationButton,
  TitlePortal,
  useSidebarState,
  useTranslate,
} from 'react-admin';
import { useLocation } from 'react-router-dom';
import { sessionStore } from '../../../dataProviders/sessionStore';
import { matchAppRoute, splitLanguage, stripBase } from '../routing/paths';
import { useServices } from '../services';
import { productNameFor } from '../title';
import { FunctionId } from '../../domain/access';
import { canAccessFunction } from '../../domain/permissions';
import { AppMenu } from './menu/AppMenu';
import { PortalUserMenu } from './password/PortalUserMenu';

function useProductName(): string {
  const { config } = useServices();
  const translate = useTranslate();
  return productNameFor(config, sessionStore.get()?.accessType, translate('app.productFallback'));
}

/**
 * react-admin's HideOnScroll (the bar slides away as the page scrolls down and back as it scrolls up), reading the
 * scroll position once the page is scrolled: read as the bar mounted, it forced a style and layout pass of the whole
 * page within the signed-in app's first commit, one long task (issue 16). A page not scrolled yet shows the bar.
 */
function HideOnScroll({ children, className }: Pick<SlideProps, 'children' | 'className'>) {
  const [target, setTarget] = useState<Window | null>(null);
  useEffect(() => {
    const scrolled = () => setTarget(window);
    window.addEventListener('scroll', scrolled, { passive: true, once: true });
    return () => window.removeEventListener('scroll', scrolled);
  }, []);
  const trigger = useScrollTrigger({ target });
  return (
    <Slide appear={false} direction="down" in={!trigger} className={className}>
      {children}
    </Slide>
  );
}

/**
 * react-admin's sidebar; on a phone, where it is a closed drawer that shows nothing, it mounts when first opened (and
 * stays, so it can slide closed): mounted with the page, it read the scroll position (for the bar's hiding on wider
 * screens) and so forced a style and layout pass of the whole page within its first commit (issue 16).
 */
function PortalSidebar(props: SidebarProps) {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open] = useSidebarState();
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return !phone || opened ? <Sidebar {...props} /> : null;
}

function PortalAppBar() {
  const productName = useProductName();
  return (
    <AppBar color="primary" userMenu={<PortalUserMenu />} container={HideOnScroll}>
      {/* On a phone the name gives way (ellipsis, full name on hover) so the refresh button and the user menu stay on screen. */}
      <Typography
        variant="h6"
        component="span"
        title={productName}
        sx={{
          fontWeight: 700,
          mr: 2,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          minWidth: 0,
          flexShrink: 1,
          fontSize: { xs: '1rem', sm: '1.25rem' },
        }}
      >
        {productName}
      </Typography>
      {/* Not a heading: each page has its own h1, and the bar stays empty unless a react-admin view puts its title there. */}
      <TitlePortal component="span" />
    </AppBar>
  );
}

const SourceFailureBanner = lazy(async () => ({ default: (await import('../sanctionSources/SourceFailureBanner')).SourceFailureBanner }));

/** Whether the session may open a function's page, as the route guard decides it. */
function holdsFunction(functionId: number): boolean {
  const session = sessionStore.get();
  return session ? canAccessFunction({ menu: [...session.menuList, ...session.classicMenuList], functions: session.functionList }, functionId) : false;
}

/** The sanctions-refresh banner for those who keep the sources, loaded once the page has settled (its own chunk and call). */
function SourceFailureNotice() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 1500);
    return () => clearTimeout(timer);
  }, []);
  if (!ready || !holdsFunction(FunctionId.SANCTION_SOURCES)) return null;
  return (
    <Suspense fallback={null}>
      <SourceFailureBanner />
    </Suspense>
  );
}

function PortalFooter() {
  const translate = useTranslate();
  const productName = useProductName();
  return (
    <Box component="footer" sx={{ mt: 4, py: 2, color: 'text.secondary', fontSize: '0.875rem', textAlign: 'center' }}>
      {translate('app.footer.copyright', { year: new Date().getFullYear(), product: productName })}
    </Box>
  );
}

/**
 * react-admin's error boundary of the page (react-error-boundary's, which react-admin does not export): a page that
 * throws shows react-admin's error view, which resets the boundary when the location changes or Back is pressed.
 */
class PageErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null; errorInfo?: ErrorInfo }> {
  override state: { error: Error | null; errorInfo?: ErrorInfo } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(_error: Error, errorInfo: ErrorInfo) {
    this.setState({ errorInfo });
  }

  reset = () => this.setState({ error: null, errorInfo: undefined });

  override render() {
    const { error, errorInfo } = this.state;
    return error ? <RaError error={error} errorInfo={errorInfo} resetErrorBoundary={this.reset} /> : this.props.children;
  }
}

/** react-admin's layout styles (RaLayout, so the theme's overrides apply as before). */
const LayoutRoot = styled('div', { name: 'RaLayout', overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: theme.palette.background.default,
  position: 'relative',
  minWidth: 'fit-content',
  width: '100%',
  [`& .${LayoutClasses.appFrame}`]: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    marginTop: theme.spacing(6),
    [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(7) },
  },
  [`& .${LayoutClasses.contentWithSidebar}`]: {
    display: 'flex',
    flexGrow: 1,
    transition: theme.transitions.create('margin', {
      easing: theme.transitions.easing.easeOut,
      duration: theme.transitions.duration.enteringScreen,
    }),
  },
  [`& .${LayoutClasses.content}`]: {
    backgroundColor: theme.palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    padding: 0,
    [theme.breakpoints.up('xs')]: { paddingRight: theme.spacing(1), paddingLeft: theme.spacing(1) },
  },
}));

/**
 * react-admin's layout (its markup, classes and styles, skip link, app bar, sidebar with the menu, error boundary and
 * Suspense) with the portal's app bar, the permission menu, and the footer unless the route hides it. It leaves out
 * react-admin's preferences Inspector, which the portal never opens (no configurable component) and which read
 * document.body.clientWidth on each render, a forced layout within the signed-in app's first commit (issue 16).
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { rest } = splitLanguage(stripBase(pathname) ?? '/');
  const hideFooter = matchAppRoute(rest).route.meta.isHideFooter;
  return (
    // How narrow screens are laid out (wide tables scrolling in their own box) is the theme's (theme.ts: RaLayout, RaList).
    <LayoutRoot className="layout">
      <SkipNavigationButton />
      <div className={LayoutClasses.appFrame}>
        <PortalAppBar />
        <main className={LayoutClasses.contentWithSidebar}>
          <PortalSidebar>
            <AppMenu />
          </PortalSidebar>
          <div id="main-content" className={LayoutClasses.content}>
            <PageErrorBoundary>
              <SourceFailureNotice />
              <Suspense fallback={<Loading />}>
                {children}
                {!hideFooter && <PortalFooter />}
              </Suspense>
            </PageErrorBoundary>
          </div>
        </main>
      </div>
    </LayoutRoot>
  );
}

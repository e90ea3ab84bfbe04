import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { AppBar, Layout, TitlePortal, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { sessionStore } from '../../../dataProviders/sessionStore';
import { matchAppRoute, splitLanguage, stripBase } from '../routing/paths';
import { useServices } from '../services';
import { productNameFor } from '../title';
import { AppMenu } from './menu/AppMenu';
import { PortalUserMenu } from './password/PortalUserMenu';

function useProductName(): string {
  const { config } = useServices();
  const translate = useTranslate();
  return productNameFor(config, sessionStore.get()?.accessType, translate('app.productFallback'));
}

function PortalAppBar() {
  const productName = useProductName();
  return (
    <AppBar color="primary" userMenu={<PortalUserMenu />}>
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

function PortalFooter() {
  const translate = useTranslate();
  const productName = useProductName();
  return (
    <Box component="footer" sx={{ mt: 4, py: 2, color: 'text.secondary', fontSize: '0.875rem', textAlign: 'center' }}>
      {translate('app.footer.copyright', { year: new Date().getFullYear(), product: productName })}
    </Box>
  );
}

/** react-admin's layout with the portal's app bar, the permission menu, and the footer unless the route hides it. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { rest } = splitLanguage(stripBase(pathname) ?? '/');
  const hideFooter = matchAppRoute(rest).route.meta.isHideFooter;
  return (
    // How narrow screens are laid out (wide tables scrolling in their own box) is the theme's (theme.ts: RaLayout, RaList).
    <Layout appBar={PortalAppBar} menu={AppMenu}>
      {children}
      {!hideFooter && <PortalFooter />}
    </Layout>
  );
}

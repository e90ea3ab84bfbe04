import { useCallback, useRef, useState } from 'react';
import { loadAdminApp } from '../admin/loadAdminApp';
import { loadEnglishMessages } from '../i18n/en';
import { useShellTranslate } from '../i18n/translate';
import { navigateApp, useHistorySnapshot } from '../routing/history';
import { useServices } from '../services';
import { ShellDialog } from '../shell/ShellDialog';
import { ShellFooter } from '../shell/ShellFooter';
import { errorCodeDialog, loginErrorDialog, type LoginDialogContent } from './loginDialogs';
import { LoginForm } from './LoginForm';

/** Fetched while the sign-in request runs, so the landing page appears without a wait. */
function preloadSignedInScreens() {
  void loadAdminApp().catch(() => undefined);
  void loadEnglishMessages().catch(() => undefined);
}

interface LoginPageProps {
  lang: string;
  /** loginclassic: the alternative sign-in, which lands on bulletin. */
  classic?: boolean;
}

/**
 * The sign-in page: header, introduction, the form card and the footer. Marketing links, the
 * one-time-code and consent dialogs and the cookie banner are added around this frame later.
 */
export function LoginPage({ lang, classic = false }: LoginPageProps) {
  const translate = useShellTranslate();
  const services = useServices();
  const { config } = services;
  const { location } = useHistorySnapshot();
  const errorCode = new URLSearchParams(location.search).get('errorCode');
  const [dialog, setDialog] = useState<LoginDialogContent | null>(() => errorCodeDialog(errorCode, translate) ?? null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const productName = config.productName || translate('app.productFallback');

  const closeDialog = useCallback(() => {
    setDialog(null);
    // The errorCode dialog is shown once: a reload must not bring it back.
    if (errorCode !== null) {
      const params = new URLSearchParams(location.search);
      params.delete('errorCode');
      const search = params.toString();
      navigateApp(`/${lang}/${classic ? 'loginclassic' : 'login'}${search ? `?${search}` : ''}`, { replace: true });
    }
  }, [classic, errorCode, lang, location.search]);

  return (
    <div className="login-page">
      <div className="login-page-content" inert={dialog !== null}>
        <header className="login-header">
          <span className="login-brand">{productName}</span>
        </header>
        <main className="login-main">
          <section className="login-intro">
            <h1>{productName}</h1>
            <p>{translate('app.login.intro')}</p>
          </section>
          <section className="login-card" aria-labelledby="login-heading">
            <h2 id="login-heading">{translate('app.login.heading')}</h2>
            <LoginForm
              signIn={async (params) => (await services.loadAuth()).authProvider.login(params)}
              autoFocus={dialog === null}
              passwordRef={passwordRef}
              onSubmitting={() => preloadSignedInScreens()}
              onSignedIn={() => navigateApp(`/${lang}/${classic ? 'bulletin' : 'shipment'}`, { replace: true })}
              onFailed={(error) => setDialog(loginErrorDialog(error, translate))}
            />
          </section>
        </main>
        <ShellFooter productName={productName} />
      </div>
      <ShellDialog open={dialog !== null} title={dialog?.title ?? ''} onClose={closeDialog} returnFocusTo={() => passwordRef.current}>
        <p>{dialog?.text}</p>
      </ShellDialog>
    </div>
  );
}

import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { LoginParams } from '../../../dataProviders/authProvider';
import { TooManyRequestsError } from '../../../dataProviders/httpErrors';
import { MfaPasscodeError, MfaRequiredError } from '../../../dataProviders/loginErrors';
import { loadAdminApp } from '../admin/loadAdminApp';
import { loadFirstScreen, startLandingReads } from '../shipments/landingReads';
import { PublicFrame } from '../chrome/PublicFrame';
import { loadEnglishMessages } from '../i18n/loadMessages';
import { useShellTranslate } from '../i18n/translate';
import { navigateApp, useHistorySnapshot } from '../routing/history';
import { pathFor } from '../routing/paths';
import { useServices } from '../services';
import { ShellDialog } from '../shell/ShellDialog';
import { describeWait, errorCodeDialog, loginErrorDialog, type LoginDialogContent } from './loginDialogs';
import { LoginForm } from './LoginForm';
import { LOGIN_CHROME_LINKS } from './loginLinks';
import { LoginNav } from './LoginNav';
import { LoginSidePanel } from './LoginSidePanel';
import type { MfaChallenge } from './mfa/MfaCodeDialog';
import { signInProgress } from './signInProgress';
import './login.css';

const MfaCodeDialog = lazy(() => import('./mfa/MfaCodeDialog'));
const PrivacyConsentDialog = lazy(() => import('./consent/PrivacyConsentDialog'));
const ForgotPasswordDialog = lazy(() => import('./ForgotPasswordDialog'));
const loadAfterSignIn = () => import('./afterSignIn');

/** Fetched from the first keystroke in the form and while the sign-in request runs, so the landing page appears without a wait. */
function preloadSignedInScreens() {
  void loadAdminApp().catch(() => undefined);
  void loadEnglishMessages().catch(() => undefined);
  void loadAfterSignIn().catch(() => undefined);
  void loadFirstScreen().catch(() => undefined);
}

interface LoginPageProps {
  lang: string;
  /** loginclassic: the alternative sign-in, which lands on bulletin. */
  classic?: boolean;
}

/** Where the sign-in stands between the form and the landing page (spec 4 "Login", "Code dialog"). */
type Step = { kind: 'form' } | { kind: 'mfa'; mfaToken: string; challenge: MfaChallenge } | { kind: 'consent'; ipAddress: string } | { kind: 'finishing' };

/**
 * The sign-in page (spec 1, 2, 4): the form with the marketing text, links, contacts and language
 * switch around it; then the one-time code, the China privacy consent and the way into the portal
 * (or the classic site). Dialogs not needed at first paint are loaded when they open.
 */
export function LoginPage({ lang, classic = false }: LoginPageProps) {
  const translate = useShellTranslate();
  const services = useServices();
  const { config } = services;
  const { location } = useHistorySnapshot();
  const errorCode = new URLSearchParams(location.search).get('errorCode');
  const [dialog, setDialog] = useState<LoginDialogContent | null>(() => errorCodeDialog(errorCode, translate) ?? null);
  const [step, setStepState] = useState<Step>({ kind: 'form' });
  const [forgotOpen, setForgotOpen] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const passwordRef = useRef<HTMLInputElement>(null);
  /** What the user typed as company and user id: the forgot-password dialog starts with it. */
  const typedIdentity = useRef({ companyId: '', userId: '' });
  const credentials = useRef<LoginParams | null>(null);
  const stepRef = useRef<Step>(step);
  const productName = config.productName || translate('app.productFallback');
  const page = classic ? 'loginclassic' : 'login';

  const setStep = useCallback((next: Step) => {
    stepRef.current = next;
    setStepState(next);
  }, []);

  // Leaving the page half-way: the guard may decide again, and a sign-in waiting for consent is undone.
  useEffect(
    () => () => {
      const left = stepRef.current.kind;
      signInProgress.end();
      if (left === 'consent')
        void services
          .loadAuth()
          .then(({ authProvider }) => authProvider.logout())
          .catch(() => undefined);
    },
    [services],
  );

  /** Back to the form with a dialog; anything the sign-in left behind goes. */
  const fail = useCallback(
    (content: LoginDialogContent) => {
      credentials.current = null;
      signInProgress.end();
      setStep({ kind: 'form' });
      setDialog(content);
    },
    [setStep],
  );

  const loginUnsuccessful = useCallback(
    () => fail({ title: translate('app.message.loginFailedTitle'), text: translate('app.message.loginUnsuccessful') }),
    [fail, translate],
  );

  /** Into the portal: the classic site when one is configured (the browser leaves), else the landing page. */
  const enterPortal = useCallback(async () => {
    setStep({ kind: 'finishing' });
    if (!classic && config.classicSiteUrl) {
      const [{ httpClient }, flow] = await Promise.all([services.loadAuth(), loadAfterSignIn()]);
      if (await flow.postProfileToClassicSite(config, httpClient, lang)) return;
    }
    // The landing page's reads leave now, side by side, while its screens load (firstScreen.ts).
    if (!classic) startLandingReads(services);
    navigateApp(pathFor(classic ? 'bulletin' : 'shipment', {}, lang), { replace: true });
    signInProgress.end();
  }, [classic, config, lang, services, setStep]);

  /** The tokens are in: the China consent check, then in. */
  const finishSignIn = useCallback(async () => {
    credentials.current = null;
    setStep({ kind: 'finishing' });
    try {
      const [{ httpClient }, flow] = await Promise.all([services.loadAuth(), loadAfterSignIn()]);
      const check = await flow.checkPrivacyConsent(config, httpClient);
      if (check.kind === 'consentNeeded') {
        setStep({ kind: 'consent', ipAddress: check.ipAddress });
        return;
      }
    } catch {
      fail({ title: translate('app.message.loginFailedTitle'), text: translate('app.message.unexpectedError') });
      return;
    }
    await enterPortal();
  }, [config, enterPortal, fail, services, setStep, translate]);

  const openChallenge = useCallback(
    async (mfaToken: string) => {
      try {
        const { authProvider } = await services.loadAuth();
        const { name, prefix } = await authProvider.requestMfaChallenge(mfaToken);
        setStep({ kind: 'mfa', mfaToken, challenge: { email: name, prefix, openedAt: Date.now() } });
      } catch (error) {
        // The server sends one code per resend period, whichever sign-in asks for it.
        if (error instanceof TooManyRequestsError && error.retryAfterSeconds !== undefined) {
          fail({
            title: translate('app.message.loginFailedTitle'),
            text: translate('app.mfa.tooSoon', { wait: describeWait(error.retryAfterSeconds, translate) }),
          });
        } else {
          fail(loginErrorDialog(error, translate));
        }
      }
    },
    [fail, services, setStep, translate],
  );

  async function signIn(params: LoginParams) {
    credentials.current = params;
    signInProgress.start();
    const { authProvider } = await services.loadAuth();
    await authProvider.login(params);
  }

  function onSignInFailed(error: unknown) {
    if (error instanceof MfaRequiredError) {
      void openChallenge(error.mfaToken);
      return;
    }
    fail(loginErrorDialog(error, translate));
  }

  async function submitCode(code: string) {
    const current = stepRef.current;
    if (current.kind !== 'mfa') return;
    try {
      const { authProvider } = await services.loadAuth();
      await authProvider.loginWithMfaCode(current.mfaToken, code);
    } catch (error) {
      if (error instanceof MfaPasscodeError) throw error;
      loginUnsuccessful();
      return;
    }
    await finishSignIn();
  }

  /** Resend repeats the sign-in (spec 4): a new challenge, a new code, the periods start again. */
  async function resendCode() {
    const params = credentials.current;
    if (!params) {
      loginUnsuccessful();
      return;
    }
    setStep({ kind: 'finishing' });
    try {
      const { authProvider } = await services.loadAuth();
      await authProvider.login(params);
    } catch (error) {
      if (error instanceof MfaRequiredError) await openChallenge(error.mfaToken);
      else fail(loginErrorDialog(error, translate));
      return;
    }
    await finishSignIn();
  }

  async function agreeToConsent() {
    const current = stepRef.current;
    if (current.kind !== 'consent') return;
    const [{ httpClient }, flow] = await Promise.all([services.loadAuth(), loadAfterSignIn()]);
    try {
      await flow.recordPrivacyConsent(httpClient, current.ipAddress);
    } catch {
      setDialog({ title: translate('app.consent.failedTitle'), text: translate('app.message.consentFailed') });
      return;
    }
    await enterPortal();
  }

  async function declineConsent() {
    setStep({ kind: 'finishing' });
    await services
      .loadAuth()
      .then(({ authProvider }) => authProvider.logout())
      .catch(() => undefined);
    setFormKey((key) => key + 1);
    fail({ title: translate('app.consent.declinedTitle'), text: translate('app.consent.declined') });
  }

  const closeDialog = useCallback(() => {
    setDialog(null);
    // The errorCode dialog is shown once: a reload must not bring it back.
    if (errorCode !== null) {
      const params = new URLSearchParams(location.search);
      params.delete('errorCode');
      const search = params.toString();
      navigateApp(`${pathFor(page, {}, lang)}${search ? `?${search}` : ''}`, { replace: true });
    }
  }, [errorCode, lang, location.search, page]);

  const stepDialogOpen = step.kind !== 'form';
  const anyDialog = dialog !== null || stepDialogOpen || forgotOpen;

  return (
    <div className="login-page">
      <PublicFrame lang={lang} inert={anyDialog} termsOpen={termsOpen} onTermsChange={setTermsOpen} links={LOGIN_CHROME_LINKS}>
        <LoginNav lang={lang} page={page} onTerms={() => setTermsOpen(true)} />
        <main className="login-main">
          <section className="login-intro">
            <h1>{productName}</h1>
            <p>{translate('app.login.intro')}</p>
            <ul className="login-features">
              <li>{translate('app.login.features.search')}</li>
              <li>{translate('app.login.features.documents')}</li>
              <li>{translate('app.login.features.decisions')}</li>
            </ul>
            <LoginSidePanel lang={lang} />
          </section>
          <section className="login-card" aria-labelledby="login-heading">
            <h2 id="login-heading">{translate('app.login.heading')}</h2>
            <LoginForm
              key={formKey}
              signIn={signIn}
              autoFocus={dialog === null}
              passwordRef={passwordRef}
              onIdentityChange={(identity) => {
                typedIdentity.current = identity;
              }}
              onSubmitting={() => preloadSignedInScreens()}
              onIntent={() => {
                // While the user types, the sign-in's code and the signed-in screens download and compile, so Login waits for neither.
                preloadSignedInScreens();
                void services.loadAuth().catch(() => undefined);
              }}
              onSignedIn={() => void finishSignIn()}
              onFailed={onSignInFailed}
            />
            <p className="login-card-links">
              <button type="button" className="shell-link-button" onClick={() => setForgotOpen(true)}>
                {translate('app.forgot.link')}
              </button>
            </p>
            <p className="login-terms-note">
              {translate('app.login.termsNote')}{' '}
              <button type="button" className="shell-link-button" onClick={() => setTermsOpen(true)}>
                {translate('app.links.terms')}
              </button>
            </p>
          </section>
        </main>
      </PublicFrame>
      <div inert={dialog !== null}>
        <Suspense fallback={<div className="signin-progress" role="status" aria-label={translate('app.loading')} />}>
          {step.kind === 'mfa' && (
            <MfaCodeDialog
              key={step.challenge.openedAt}
              challenge={step.challenge}
              resendSeconds={config.mfaResendSeconds}
              timeoutSeconds={config.mfaDialogTimeoutSeconds}
              onSubmit={submitCode}
              onResend={() => void resendCode()}
              onCancel={loginUnsuccessful}
              onTimeout={loginUnsuccessful}
            />
          )}
          {step.kind === 'consent' && <PrivacyConsentDialog onAgree={agreeToConsent} onDecline={() => void declineConsent()} />}
          {forgotOpen && <ForgotPasswordDialog initial={typedIdentity.current} onClose={() => setForgotOpen(false)} />}
        </Suspense>
        {step.kind === 'finishing' && (
          <div className="signin-progress" role="status" aria-live="polite">
            <span className="shell-spinner" aria-hidden="true" />
            <span>{translate('app.login.signingIn')}</span>
          </div>
        )}
      </div>
      <ShellDialog open={dialog !== null} title={dialog?.title ?? ''} onClose={closeDialog} returnFocusTo={() => (stepDialogOpen ? null : passwordRef.current)}>
        <p>{dialog?.text}</p>
      </ShellDialog>
    </div>
  );
}

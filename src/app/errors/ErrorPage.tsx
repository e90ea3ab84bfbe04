import type { MouseEvent } from 'react';
import { useShellTranslate } from '../i18n/translate';
import { appHistory, navigateApp } from '../routing/history';
import { APP_BASE } from '../routing/paths';

/** The codes with a page of their own (spec 2); any other code shows 404. */
export const ERROR_PAGE_CODES = [401, 403, 404, 500] as const;
export type ErrorPageCodeShown = (typeof ERROR_PAGE_CODES)[number];

export function errorCodeToShow(raw: string | undefined): ErrorPageCodeShown {
  const code = Number(raw);
  return (ERROR_PAGE_CODES as readonly number[]).includes(code) ? (code as ErrorPageCodeShown) : 404;
}

interface ErrorPageProps {
  code: string | undefined;
  lang: string;
  /** error/ef/{code}: the classic site's styling. */
  classic?: boolean;
}

/** Back goes to the previous page of this app, or to the start page when the error page was opened directly. */
function goBack(event: MouseEvent<HTMLAnchorElement>, lang: string) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const state: unknown = window.history.state;
  const index = typeof state === 'object' && state !== null ? (state as { idx?: number }).idx : undefined;
  if (typeof index === 'number' && index > 0) appHistory.go(-1);
  else navigateApp(`/${lang}`, { replace: true });
}

export function ErrorPage({ code, lang, classic = false }: ErrorPageProps) {
  const translate = useShellTranslate();
  const shown = errorCodeToShow(code);
  return (
    <main className={classic ? 'error-page error-page--classic' : 'error-page'}>
      <div className="error-panel">
        <p className="error-code" aria-hidden="true">
          {shown}
        </p>
        <h1 className="error-title">
          <span className="visually-hidden">{translate('app.error.code', { code: shown })}: </span>
          {translate(`app.error.${shown}.title`)}
        </h1>
        <p className="error-text">{translate(`app.error.${shown}.text`)}</p>
        <a className="error-back" href={`${APP_BASE}/${lang}`} onClick={(event) => goBack(event, lang)}>
          {translate('app.error.back')}
        </a>
      </div>
    </main>
  );
}

import { useShellTranslate } from '../i18n/translate';

/** Shown while the runtime config, the session or the admin chunk loads. */
export function PageLoading() {
  const translate = useShellTranslate();
  return (
    <div className="shell-loading" role="status" aria-live="polite">
      <span className="shell-spinner" aria-hidden="true" />
      <span>{translate('app.loading')}</span>
    </div>
  );
}

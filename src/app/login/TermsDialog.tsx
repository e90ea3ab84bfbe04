import { useShellTranslate } from '../i18n/translate';
import { ShellModal } from '../shell/ShellModal';

export const TERMS_SECTIONS = ['use', 'accounts', 'data', 'availability', 'liability'] as const;

/** The terms of use, from the login page's links (spec 1). */
export default function TermsDialog({ onClose }: { onClose(): void }) {
  const translate = useShellTranslate();
  return (
    <ShellModal
      title={translate('app.terms.title')}
      size="wide"
      onClose={onClose}
      closeLabel={translate('app.dialog.close')}
      actions={
        <button type="button" className="shell-button" onClick={onClose}>
          {translate('app.dialog.close')}
        </button>
      }
    >
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the terms scroll; keyboard users scroll them once the text has focus (axe: scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/useSemanticElements: the group names the scrolling text; a fieldset is for form controls. */}
      <div className="terms-text" tabIndex={0} role="group" aria-label={translate('app.terms.title')}>
        <p>{translate('app.terms.intro')}</p>
        {TERMS_SECTIONS.map((section) => (
          <section key={section}>
            <h3>{translate(`app.terms.${section}.title`)}</h3>
            <p>{translate(`app.terms.${section}.text`)}</p>
          </section>
        ))}
      </div>
    </ShellModal>
  );
}

import { useState } from 'react';
import { allConsentItemsTicked, PRIVACY_CONSENT_ITEMS, type PrivacyConsentItem } from '../../../domain/consent';
import { useShellTranslate } from '../../i18n/translate';
import { ShellModal } from '../../shell/ShellModal';
import { BusyButton } from '../../shell/BusyButton';

interface PrivacyConsentDialogProps {
  /** Records the consent; rejects when it could not be created (the page shows the consent-failed dialog). */
  onAgree(): Promise<void>;
  /** The user does not agree: the sign-in is abandoned. */
  onDecline(): void;
}

/**
 * The China privacy consent (spec 4, 5): four boxes, Continue enabled only when every box is ticked.
 * The redirect after sign-in waits for it.
 */
export default function PrivacyConsentDialog({ onAgree, onDecline }: PrivacyConsentDialogProps) {
  const translate = useShellTranslate();
  const [ticked, setTicked] = useState<Partial<Record<PrivacyConsentItem, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const ready = allConsentItemsTicked(ticked);

  async function agree() {
    if (!ready || busy) return;
    setBusy(true);
    try {
      await onAgree();
    } finally {
      setBusy(false);
    }
  }

  return (
    <ShellModal
      title={translate('app.consent.title')}
      size="wide"
      actions={
        <>
          <button type="button" className="shell-button shell-button--secondary" onClick={onDecline} disabled={busy}>
            {translate('app.consent.decline')}
          </button>
          <BusyButton type="button" onClick={() => void agree()} busy={busy} disabled={!ready}>
            {translate('app.consent.continue')}
          </BusyButton>
        </>
      }
    >
      <p>{translate('app.consent.intro')}</p>
      <fieldset className="consent-items">
        <legend>{translate('app.consent.legend')}</legend>
        {PRIVACY_CONSENT_ITEMS.map((item) => (
          <label key={item} className="consent-item">
            <input
              type="checkbox"
              checked={ticked[item] === true}
              disabled={busy}
              onChange={(event) => setTicked((current) => ({ ...current, [item]: event.target.checked }))}
            />
            <span>{translate(`app.consent.items.${item}`)}</span>
          </label>
        ))}
      </fieldset>
      <p className="consent-note">{ready ? translate('app.consent.ready') : translate('app.consent.tickAll')}</p>
    </ShellModal>
  );
}

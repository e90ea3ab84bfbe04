import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MfaPasscodeError } from '../../../../dataProviders/loginErrors';
import { isValidOneTimeCode, ONE_TIME_CODE_LENGTH, oneTimeCodeDigits } from '../../../domain/oneTimeCode';
import { useShellTranslate } from '../../i18n/translate';
import { ShellModal } from '../../shell/ShellModal';
import { useSecondsLeft } from './useSecondsLeft';
import { BusyButton } from '../../shell/BusyButton';

export interface MfaChallenge {
  /** The masked e-mail address the code went to. */
  email: string;
  prefix: string;
  /** When this challenge's dialog opened (epoch ms): the resend wait and the time-out count from here. */
  openedAt: number;
}

interface MfaCodeDialogProps {
  challenge: MfaChallenge;
  resendSeconds: number;
  timeoutSeconds: number;
  /** Resolves on success; rejects with MfaPasscodeError (shown here) or anything else (the page closes the dialog). */
  onSubmit(code: string): Promise<void>;
  /** Repeats the sign-in; the page then opens the dialog afresh for the new challenge. */
  onResend(): void;
  onCancel(): void;
  onTimeout(): void;
}

function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The e-mail one-time-code dialog (spec 4, 5): six digits, Submit disabled until valid; the
 * resend link waits for the resend period; the dialog times out; a wrong code says how many
 * attempts are left.
 */
export default function MfaCodeDialog({ challenge, resendSeconds, timeoutSeconds, onSubmit, onResend, onCancel, onTimeout }: MfaCodeDialogProps) {
  const translate = useShellTranslate();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [wrongCode, setWrongCode] = useState<number | undefined | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const resendLeft = useSecondsLeft(challenge.openedAt + resendSeconds * 1000);
  const timeLeft = useSecondsLeft(challenge.openedAt + timeoutSeconds * 1000);
  const timedOut = useRef(false);

  useEffect(() => {
    if (timeLeft > 0 || timedOut.current) return;
    timedOut.current = true;
    onTimeout();
  }, [timeLeft, onTimeout]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !isValidOneTimeCode(code)) return;
    setBusy(true);
    try {
      await onSubmit(code);
    } catch (error) {
      if (!(error instanceof MfaPasscodeError)) return; // the page closes the dialog
      setBusy(false);
      setWrongCode(error.remainAttempt);
      setCode('');
      input.current?.focus();
    }
  }

  const valid = isValidOneTimeCode(code);
  return (
    <ShellModal
      title={translate('app.mfa.title')}
      onClose={busy ? undefined : onCancel}
      closeLabel={translate('app.dialog.close')}
      initialFocus={input}
      actions={
        <>
          <button type="button" className="shell-button shell-button--secondary" onClick={onCancel} disabled={busy}>
            {translate('app.dialog.cancel')}
          </button>
          <BusyButton type="submit" form="mfa-code-form" busy={busy} disabled={!valid}>
            {translate(busy ? 'app.mfa.verifying' : 'app.mfa.submit')}
          </BusyButton>
        </>
      }
    >
      <p>{translate('app.mfa.sent', { email: challenge.email })}</p>
      <form id="mfa-code-form" className="mfa-form" noValidate onSubmit={submit}>
        <label htmlFor="mfa-code">{translate('app.mfa.codeLabel')}</label>
        <div className="mfa-code-row">
          <span className="mfa-prefix">
            <span aria-hidden="true">{challenge.prefix}-</span>
            <span className="visually-hidden">{translate('app.mfa.prefixLabel', { prefix: challenge.prefix })}</span>
          </span>
          <input
            ref={input}
            id="mfa-code"
            name="code"
            className="mfa-code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern={`\\d{${ONE_TIME_CODE_LENGTH}}`}
            maxLength={ONE_TIME_CODE_LENGTH}
            value={code}
            readOnly={busy}
            aria-invalid={wrongCode !== null ? true : undefined}
            aria-describedby="mfa-code-hint mfa-code-error"
            onChange={(event) => {
              setCode(oneTimeCodeDigits(event.target.value));
            }}
          />
        </div>
        <p id="mfa-code-hint" className="mfa-hint">
          {translate('app.mfa.hint', { length: ONE_TIME_CODE_LENGTH })}
        </p>
        <div id="mfa-code-error" role="alert" className="mfa-error">
          {wrongCode !== null && (
            <>
              <strong>{translate('app.message.invalidCode')}</strong>{' '}
              {wrongCode !== undefined ? translate('app.message.otpIncorrect', { times: wrongCode }) : null}
            </>
          )}
        </div>
      </form>
      <div className="mfa-footer">
        <button type="button" className="shell-link-button" onClick={onResend} disabled={resendLeft > 0 || busy}>
          {resendLeft > 0 ? translate('app.mfa.resendIn', { seconds: resendLeft }) : translate('app.mfa.resend')}
        </button>
        <span className="mfa-time-left" aria-live={timeLeft <= 10 ? 'polite' : 'off'}>
          {translate('app.mfa.timeLeft', { time: clock(timeLeft) })}
        </span>
      </div>
    </ShellModal>
  );
}

import { useRef, useState, type FormEvent } from 'react';
import { forgotPasswordProblems, type ForgotPasswordField, type ForgotPasswordProblem } from '../../domain/forgotPassword';
import { StatusCode } from '../../domain/statusCodes';
import { translateServerMessage } from '../i18n/serverMessage';
import { useShellTranslate } from '../i18n/translate';
import { useServices } from '../services';
import { ShellModal } from '../shell/ShellModal';
import { describeWait } from './loginDialogs';
import { postPublic } from './publicApi';
import { LOGIN_FAILURE_MESSAGE } from './validateLogin';
import { BusyButton } from '../shell/BusyButton';
import { focusFirstProblem, ShellField } from '../shell/ShellField';

const PROBLEM_MESSAGE: Record<ForgotPasswordProblem, string> = LOGIN_FAILURE_MESSAGE;
const FIELDS: readonly ForgotPasswordField[] = ['companyId', 'userId'];

type Outcome = { kind: 'sent'; minutes: number } | { kind: 'failed'; text: string };

/**
 * Forgot password (spec 2, 5, 7): company id and user id; the server mails a single-use reset
 * link. Success shows a confirmation; failure a title and the translated server message.
 */
export default function ForgotPasswordDialog({ onClose, initial }: { onClose(): void; initial?: Partial<Record<ForgotPasswordField, string>> }) {
  const translate = useShellTranslate();
  const { config } = useServices();
  const [values, setValues] = useState<Record<ForgotPasswordField, string>>({ companyId: initial?.companyId ?? '', userId: initial?.userId ?? '' });
  const [problems, setProblems] = useState<Partial<Record<ForgotPasswordField, ForgotPasswordProblem>>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const inputs = useRef<Partial<Record<ForgotPasswordField, HTMLInputElement | null>>>({});
  // Focus starts on the first field still to fill in (the ids typed on the login page come along).
  const [startField] = useState(() => FIELDS.find((field) => !values[field]) ?? FIELDS[0]);
  const startInput = useRef<HTMLInputElement | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = { companyId: values.companyId.trim(), userId: values.userId.trim() };
    setValues(trimmed);
    const found = forgotPasswordProblems(trimmed);
    setProblems(found);
    if (focusFirstProblem(FIELDS, found, inputs.current)) return;
    setBusy(true);
    const answer = await postPublic<{ data: { expiresInMinutes: number } }>(config, '/api/authentication/forgotpassword', {
      company_id: trimmed.companyId,
      user_id: trimmed.userId,
    });
    setBusy(false);
    if (answer.httpStatus === 200 && answer.body.status === StatusCode.SUCCESS && answer.body.data) {
      setOutcome({ kind: 'sent', minutes: answer.body.data.expiresInMinutes });
    } else if (answer.httpStatus === 429) {
      const text =
        answer.retryAfterSeconds === undefined
          ? translate('app.forgot.tooManyNoWait')
          : translate('app.forgot.tooMany', { wait: describeWait(answer.retryAfterSeconds, translate) });
      setOutcome({ kind: 'failed', text });
    } else {
      setOutcome({ kind: 'failed', text: translateServerMessage(answer.body.message, translate) });
    }
  }

  if (outcome) {
    const sent = outcome.kind === 'sent';
    return (
      <ShellModal
        key="outcome"
        role="alertdialog"
        title={translate(sent ? 'app.forgot.sentTitle' : 'app.forgot.failedTitle')}
        onClose={onClose}
        closeLabel={translate('app.dialog.close')}
        actions={
          <>
            {!sent && (
              <button type="button" className="shell-button shell-button--secondary" onClick={() => setOutcome(null)}>
                {translate('app.forgot.tryAgain')}
              </button>
            )}
            <button type="button" className="shell-button" onClick={onClose}>
              {translate('app.dialog.ok')}
            </button>
          </>
        }
      >
        <p>{sent ? translate('app.forgot.sent', { minutes: outcome.minutes }) : outcome.text}</p>
      </ShellModal>
    );
  }

  return (
    <ShellModal
      key="form"
      title={translate('app.forgot.title')}
      onClose={busy ? undefined : onClose}
      closeLabel={translate('app.dialog.close')}
      initialFocus={startInput}
      actions={
        <>
          <button type="button" className="shell-button shell-button--secondary" onClick={onClose} disabled={busy}>
            {translate('app.dialog.cancel')}
          </button>
          <BusyButton type="submit" form="forgot-password-form" busy={busy}>
            {translate(busy ? 'app.forgot.sending' : 'app.forgot.submit')}
          </BusyButton>
        </>
      }
    >
      <p>{translate('app.forgot.intro')}</p>
      <form id="forgot-password-form" className="login-form" noValidate onSubmit={submit} aria-busy={busy}>
        {FIELDS.map((field) => {
          const problem = problems[field];
          return (
            <ShellField
              key={field}
              id={`forgot-${field}`}
              label={translate(`app.forgot.${field}`)}
              error={problem ? translate(PROBLEM_MESSAGE[problem]) : undefined}
              inputRef={(element) => {
                inputs.current[field] = element;
                if (field === startField) startInput.current = element;
              }}
              name={field}
              autoComplete={field === 'companyId' ? 'organization' : 'username'}
              autoCapitalize="off"
              spellCheck={false}
              required
              value={values[field]}
              readOnly={busy}
              onChange={(event) => {
                const value = event.target.value;
                setValues((current) => ({ ...current, [field]: value }));
                if (problem) setProblems((current) => ({ ...current, [field]: undefined }));
              }}
            />
          );
        })}
      </form>
    </ShellModal>
  );
}

import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { RESET_TOKEN_PARAMETER, RESET_TOKEN_PATTERN } from '../../domain/forgotPassword';
import { newPasswordProblems, type NewPasswordField, type NewPasswordProblem } from '../../domain/passwordChange';
import { StatusCode } from '../../domain/statusCodes';
import { PublicFrame } from '../chrome/PublicFrame';
import { translateServerMessage } from '../i18n/serverMessage';
import { useShellTranslate } from '../i18n/translate';
import { postPublic } from '../login/publicApi';
import { useHistorySnapshot } from '../routing/history';
import { APP_BASE } from '../routing/paths';
import { useServices } from '../services';
import { PasswordRules } from './PasswordRules';
import { BusyButton } from '../shell/BusyButton';
import { focusFirstProblem, ShellField } from '../shell/ShellField';

/** `invalid` after a save (the link was used or expired meanwhile) also says that the password is unchanged. */
type Stage =
  | { kind: 'checking' }
  | { kind: 'invalid'; text: string; afterSave?: boolean }
  | { kind: 'form'; companyId: string; userId: string }
  | { kind: 'done' };
type Field = Exclude<NewPasswordField, 'oldPassword'>;
const FIELDS: readonly Field[] = ['newPassword', 'confirmPassword'];

/** The reset link's token, from the fragment (#token=...), which never reaches a server log. */
export function resetTokenFrom(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get(RESET_TOKEN_PARAMETER) ?? '';
  return RESET_TOKEN_PATTERN.test(token) ? token : undefined;
}

/**
 * Sets a new password from a forgot-password link, under the password rules (spec 5). The save
 * takes a moment (the server hashes the password): meanwhile the form stays in view, disabled, with
 * a progress bar and a status that says so; then the outcome is said and focus goes to it (to the
 * new password when the server refused that password).
 */
export function ResetPasswordPage({ lang }: { lang: string }) {
  const translate = useShellTranslate();
  const { config } = useServices();
  const { location } = useHistorySnapshot();
  const token = resetTokenFrom(location.hash);
  const [stage, setStage] = useState<Stage>({ kind: 'checking' });
  const [values, setValues] = useState<Record<Field, string>>({ newPassword: '', confirmPassword: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, NewPasswordProblem>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const outcome = useRef<HTMLParagraphElement>(null);
  /** Where focus goes once a save is answered: the disabled form may have dropped it. */
  const focusAfterSave = useRef<'outcome' | 'field' | null>(null);

  // In the commit that shows the outcome (a layout effect): a passive effect moved the focus a moment after
  // the outcome appeared, so a screen reader, or a test that found the outcome, could meet it unfocused.
  useLayoutEffect(() => {
    const target = focusAfterSave.current;
    if (!target || busy) return;
    focusAfterSave.current = null;
    (target === 'outcome' ? outcome.current : inputs.current.newPassword)?.focus();
  }, [busy]);

  useEffect(() => {
    if (!token) {
      setStage({ kind: 'invalid', text: translate('app.reset.noToken') });
      return;
    }
    let active = true;
    void postPublic<{ data: { company_id: string; user_id: string } }>(config, '/api/authentication/resetpassword/verify', { token }).then((answer) => {
      if (!active) return;
      if (answer.httpStatus === 200 && answer.body.status === StatusCode.SUCCESS && answer.body.data) {
        setStage({ kind: 'form', companyId: answer.body.data.company_id, userId: answer.body.data.user_id });
      } else {
        setStage({ kind: 'invalid', text: translateServerMessage(answer.body.message, translate) });
      }
    });
    return () => {
      active = false;
    };
  }, [config, token, translate]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !token) return;
    const found = newPasswordProblems(values);
    setProblems(found);
    setServerError(null);
    if (focusFirstProblem(FIELDS, found, inputs.current)) return;
    setBusy(true);
    const answer = await postPublic(config, '/api/authentication/resetpassword', { token, new_password: values.newPassword });
    setBusy(false);
    if (answer.httpStatus === 200 && answer.body.status === StatusCode.SUCCESS) {
      focusAfterSave.current = 'outcome';
      setStage({ kind: 'done' });
    } else if (answer.body.status === StatusCode.FAILURE) {
      focusAfterSave.current = 'outcome';
      setStage({ kind: 'invalid', text: translateServerMessage(answer.body.message, translate), afterSave: true });
    } else {
      focusAfterSave.current = 'field';
      setServerError(translateServerMessage(answer.body.message, translate));
    }
  }

  const loginHref = `${APP_BASE}/${lang}/login`;
  return (
    <PublicFrame lang={lang}>
      <main className="reset-page">
        <section className="login-card reset-card" aria-labelledby="reset-heading">
          <h1 id="reset-heading">{translate('app.page.resetPassword')}</h1>
          {stage.kind === 'checking' && (
            <p className="shell-loading-inline" role="status">
              <span className="shell-spinner shell-spinner--dark" aria-hidden="true" /> {translate('app.reset.checking')}
            </p>
          )}
          {stage.kind === 'invalid' && (
            <>
              <p ref={outcome} tabIndex={-1} role="alert" className="reset-message reset-message--error">
                {stage.afterSave && <strong>{translate('app.reset.notChanged')} </strong>}
                {stage.text}
              </p>
              <p>{translate('app.reset.askAgain')}</p>
              <a className="shell-button" href={loginHref}>
                {translate('app.reset.toLogin')}
              </a>
            </>
          )}
          {stage.kind === 'done' && (
            <>
              <p ref={outcome} tabIndex={-1} role="status" className="reset-message reset-message--success">
                {translate('app.reset.done')}
              </p>
              <a className="shell-button" href={loginHref}>
                {translate('app.reset.toLogin')}
              </a>
            </>
          )}
          {stage.kind === 'form' && (
            <form className="login-form" noValidate onSubmit={submit} aria-busy={busy}>
              <p>{translate('app.reset.forUser', { userId: stage.userId, companyId: stage.companyId })}</p>
              {FIELDS.map((field) => {
                const problem = problems[field];
                const rules = field === 'newPassword';
                return (
                  <ShellField
                    key={field}
                    id={`reset-${field}`}
                    label={translate(`app.password.${field}`)}
                    error={problem ? translate(`app.passwordProblem.${problem}`) : undefined}
                    describedBy={rules ? 'reset-rules' : undefined}
                    inputRef={(element) => {
                      inputs.current[field] = element;
                    }}
                    type="password"
                    autoComplete="new-password"
                    value={values[field]}
                    disabled={busy}
                    onChange={(event) => {
                      const value = event.target.value;
                      setValues((current) => ({ ...current, [field]: value }));
                      if (problem) setProblems((current) => ({ ...current, [field]: undefined }));
                    }}
                  >
                    {rules && <PasswordRules id="reset-rules" />}
                  </ShellField>
                );
              })}
              {serverError && (
                <p role="alert" className="reset-message reset-message--error">
                  <strong>{translate('app.reset.notChanged')} </strong>
                  {serverError}
                </p>
              )}
              {/* The progress under the button, which does not move; the status is there before it speaks, as live regions must be. */}
              <div className="reset-submit">
                <BusyButton type="submit" className="shell-button login-submit" busy={busy}>
                  {translate(busy ? 'app.reset.saving' : 'app.reset.submit')}
                </BusyButton>
                {busy && <div className="shell-progress" role="progressbar" aria-labelledby="reset-progress-status" />}
                <p id="reset-progress-status" role="status" className="reset-status">
                  {busy ? translate('app.reset.savingStatus') : ''}
                </p>
              </div>
            </form>
          )}
        </section>
      </main>
    </PublicFrame>
  );
}

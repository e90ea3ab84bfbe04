import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent, type Ref } from 'react';
import type { LoginParams } from '../../../dataProviders/authProvider';
import { useShellTranslate } from '../i18n/translate';
import { LOGIN_FAILURE_MESSAGE, LOGIN_FIELDS, validateLogin, type LoginFailure, type LoginField, type LoginValues } from './validateLogin';
import { BusyButton } from '../shell/BusyButton';
import { focusFirstProblem, ShellField } from '../shell/ShellField';

interface LoginFormProps {
  /** Signs in; resolves on success, rejects with the authProvider's errors. */
  signIn(params: LoginParams): Promise<void>;
  onSignedIn(): void;
  onFailed(error: unknown): void;
  /** Called as the sign-in starts (the page preloads the signed-in screens meanwhile). */
  onSubmitting?(): void;
  /** Called once, when the user starts filling the form (typing or a password manager): a sign-in is coming. */
  onIntent?(): void;
  /** Focus the first field on mount (not when a dialog is about to open). */
  autoFocus?: boolean;
  /** Lets the page put focus back on the password after a failed sign-in. */
  passwordRef?: Ref<HTMLInputElement>;
  /** The company and user ids as typed, so that the forgot-password dialog can start with them. */
  onIdentityChange?(identity: { companyId: string; userId: string }): void;
}

const FIELD_INPUT: Record<LoginField, { type: string; autoComplete: string; label: string }> = {
  companyId: { type: 'text', autoComplete: 'organization', label: 'app.login.companyId' },
  userId: { type: 'text', autoComplete: 'username', label: 'app.login.userId' },
  password: { type: 'password', autoComplete: 'current-password', label: 'app.login.password' },
};

const EMPTY: LoginValues = { companyId: '', userId: '', password: '' };

export function LoginForm({ signIn, onSignedIn, onFailed, onSubmitting, onIntent, autoFocus = true, passwordRef, onIdentityChange }: LoginFormProps) {
  const translate = useShellTranslate();
  const [values, setValues] = useState<LoginValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<LoginField, LoginFailure>>>({});
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});
  const mounted = useRef(true);
  const intentShown = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus goes to the first field once, when the form mounts.
  useLayoutEffect(() => {
    mounted.current = true;
    if (autoFocus) inputs.current.companyId?.focus();
    return () => {
      mounted.current = false;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reported when the ids change, not when the page hands over a new callback.
  useEffect(() => {
    onIdentityChange?.({ companyId: values.companyId.trim(), userId: values.userId.trim() });
  }, [values.companyId, values.userId]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const field = event.target.name as LoginField;
    if (!intentShown.current) {
      intentShown.current = true;
      onIntent?.();
    }
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** Leading and trailing spaces go as soon as the user leaves a field. */
  function onBlur(field: LoginField) {
    setValues((current) => (current[field] === current[field].trim() ? current : { ...current, [field]: current[field].trim() }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const validation = validateLogin(values);
    setValues(validation.values);
    setErrors(validation.errors);
    if (focusFirstProblem(LOGIN_FIELDS, validation.errors, inputs.current)) return;
    setBusy(true);
    onSubmitting?.();
    try {
      await signIn(validation.values);
    } catch (error) {
      if (!mounted.current) return;
      setBusy(false);
      setValues((current) => ({ ...current, password: '' }));
      onFailed(error);
      return;
    }
    onSignedIn();
  }

  function setInput(field: LoginField, element: HTMLInputElement | null) {
    inputs.current[field] = element;
    if (field !== 'password' || !passwordRef) return;
    if (typeof passwordRef === 'function') passwordRef(element);
    else passwordRef.current = element;
  }

  return (
    <form className="login-form" noValidate onSubmit={onSubmit} aria-busy={busy} aria-label={translate('app.login.formLabel')}>
      {LOGIN_FIELDS.map((field) => {
        const { type, autoComplete, label } = FIELD_INPUT[field];
        const failure = errors[field];
        return (
          <ShellField
            key={field}
            id={`login-${field}`}
            label={translate(label)}
            error={failure ? translate(LOGIN_FAILURE_MESSAGE[failure]) : undefined}
            inputRef={(element) => setInput(field, element)}
            name={field}
            type={type}
            autoComplete={autoComplete}
            autoCapitalize="off"
            spellCheck={false}
            required
            value={values[field]}
            readOnly={busy}
            onChange={onChange}
            onBlur={() => onBlur(field)}
          />
        );
      })}
      <BusyButton type="submit" className="shell-button login-submit" busy={busy}>
        {translate(busy ? 'app.login.signingIn' : 'app.login.submit')}
      </BusyButton>
      <p className="visually-hidden" role="status" aria-live="polite">
        {busy ? translate('app.login.signingIn') : ''}
      </p>
    </form>
  );
}

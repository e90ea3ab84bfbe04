import { PASSWORD_MIN_LENGTH } from '../../domain/password';
import { useShellTranslate } from '../i18n/translate';

/** The password policy in words, next to every new-password field. */
export function PasswordRules({ id }: { id: string }) {
  const translate = useShellTranslate();
  return (
    <p id={id} className="password-rules">
      {translate('app.password.rules', { min: PASSWORD_MIN_LENGTH })}
    </p>
  );
}

import { use, useState } from 'react';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { Form, PasswordInput, SaveButton, useNotify, useTranslate } from 'react-admin';
import { MFA_SESSION_ID_KEY } from '../../../../dataProviders/authProvider';
import type { HttpAnswer } from '../../../../dataProviders/httpClient';
import { PASSWORD_MIN_LENGTH } from '../../../domain/password';
import { translateServerMessage } from '../../i18n/serverMessage';
import { useServices } from '../../services';
import { PageFrame } from '../PageFrame';
import { changePasswordFieldOf, isChangeSuccess, validateChangePassword, type ChangePasswordValues } from './changePasswordForm';

/**
 * changePassword (also ChangePassword, spec 2): the signed-in user's own password, under the
 * password rules; confirmation must match and the new password must differ from the old (spec 5).
 */
export function ChangePasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { httpClient } = use(useServices().loadAuth());
  const [formKey, setFormKey] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);

  async function save(values: ChangePasswordValues) {
    setFailure(null);
    let answer: HttpAnswer<unknown>;
    try {
      answer = await httpClient.api('/mobileapi/authentication/changepassword', {
        method: 'POST',
        body: { old_password: values.old_password, new_password: values.new_password },
        validateStatus: false,
      });
    } catch {
      setFailure(translate('app.message.unexpectedError'));
      return undefined;
    }
    if (isChangeSuccess(answer.status, answer.json)) {
      // The server ended this user's trusted browsers: this one asks for the code again too.
      localStorage.removeItem(MFA_SESSION_ID_KEY);
      notify('app.password.changed', { type: 'success' });
      setFormKey((key) => key + 1);
      return undefined;
    }
    const message = (answer.json as { message?: unknown } | undefined)?.message;
    const field = changePasswordFieldOf(message);
    const text = translateServerMessage(message, translate);
    if (field) return { [field]: text };
    setFailure(text);
    return undefined;
  }

  return (
    <PageFrame title="app.page.changePassword">
      <Card variant="outlined" sx={{ maxWidth: 520 }}>
        <CardContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('app.password.rules', { min: PASSWORD_MIN_LENGTH })}
          </Typography>
          <Form key={formKey} onSubmit={save} validate={validateChangePassword} mode="onSubmit" reValidateMode="onBlur">
            <Box sx={{ display: 'flex', flexDirection: 'column' }}>
              <PasswordInput source="old_password" label="app.password.oldPassword" autoComplete="current-password" fullWidth />
              <PasswordInput source="new_password" label="app.password.newPassword" autoComplete="new-password" fullWidth />
              <PasswordInput source="confirm_password" label="app.password.confirmPassword" autoComplete="new-password" fullWidth />
              {failure && (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {failure}
                </Alert>
              )}
              <Box>
                <SaveButton label="app.password.submit" alwaysEnable />
              </Box>
            </Box>
          </Form>
        </CardContent>
      </Card>
    </PageFrame>
  );
}

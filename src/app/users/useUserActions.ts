import { useNotify, useRefresh } from 'react-admin';
import { ApiError, isHandledHttpError } from '../../../dataProviders/httpErrors';
import { StatusCode } from '../../domain/statusCodes';
import { useHttpClient } from './useHttpClient';

export interface UserRef {
  id: string;
  user_id: string;
  user_name: string;
}

/** Statuses the user actions show as a message instead of an error page. */
const ACTION_STATUSES = [StatusCode.VALIDATION_FAIL, StatusCode.USER_PROFILE_NOT_FOUND];

/** Shows what went wrong, unless the httpClient already acted (error page, sign-out). */
export function useShowFailure() {
  const notify = useNotify();
  return (error: unknown) => {
    if (isHandledHttpError(error)) return;
    notify(error instanceof ApiError && error.message ? error.message : 'ra.notification.http_error', { type: 'error' });
  };
}

/** Lock, unlock and the one-time-code switch: one call each, then the list is read again. */
export function useUserActions() {
  const http = useHttpClient();
  const notify = useNotify();
  const refresh = useRefresh();
  const showFailure = useShowFailure();

  async function post(user: UserRef, action: 'lock' | 'mfa', body: object, success: string): Promise<boolean> {
    try {
      await http.classic(`/users/${encodeURIComponent(user.id)}/${action}`, { method: 'POST', body, callerHandles: ACTION_STATUSES });
      notify(success, { type: 'success', messageArgs: { user: user.user_id } });
      return true;
    } catch (error) {
      showFailure(error);
      return false;
    } finally {
      refresh();
    }
  }

  return {
    setLocked: (user: UserRef, locked: boolean) => post(user, 'lock', { locked }, locked ? 'app.users.notify.locked' : 'app.users.notify.unlocked'),
    setMfaRequired: (user: UserRef, required: boolean) => post(user, 'mfa', { required }, required ? 'app.users.notify.mfaOn' : 'app.users.notify.mfaOff'),
  };
}

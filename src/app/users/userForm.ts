import { userDraftProblems, type UserDraft } from '../../domain/userProfile';

/** The user form's rules are the domain's (the server applies the same ones). */
export const validateNewUser = (values: UserDraft) => userDraftProblems(values, true);
export const validateUserEdit = (values: UserDraft) => userDraftProblems(values, false);

interface UserFormValues extends UserDraft {
  company_id?: string;
  mfa_required?: boolean;
  is_locked?: boolean;
}

/** What POST /users receives: the confirmation stays in the browser. */
export function newUserPayload(values: UserFormValues) {
  return {
    company_id: values.company_id,
    user_id: (values.user_id ?? '').trim(),
    user_name: (values.user_name ?? '').trim(),
    email: (values.email ?? '').trim(),
    role_id: values.role_id ?? '',
    password: values.password ?? '',
    mfa_required: values.mfa_required === true,
  };
}

/** What PUT /users/:id receives: an empty password keeps the current one, so it is left out. */
export function userEditPayload(values: UserFormValues) {
  return {
    user_name: (values.user_name ?? '').trim(),
    email: (values.email ?? '').trim(),
    role_id: values.role_id ?? '',
    mfa_required: values.mfa_required === true,
    is_locked: values.is_locked === true,
    ...(values.password ? { password: values.password } : {}),
  };
}

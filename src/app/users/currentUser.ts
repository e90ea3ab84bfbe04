import { isSameAccount } from '../../domain/userProfile';
import { sessionStore } from '../../../dataProviders/sessionStore';

/** Whether a user record is the signed-in user (who cannot delete, lock or demote themselves). */
export function isCurrentUser(record: { company_id: string; user_id: string } | undefined): boolean {
  const session = sessionStore.get();
  if (!record || !session) return false;
  return isSameAccount(session, { companyId: record.company_id, userId: record.user_id });
}

export function currentCompanyId(): string {
  return sessionStore.get()?.companyId ?? '';
}

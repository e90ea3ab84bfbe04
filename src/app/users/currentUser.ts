import { sessionStore } from '../../../dataProviders/sessionStore';

/** Whether a user record is the signed-in user (who cannot delete, lock or demote themselves). */
export function isCurrentUser(record: { company_id: string; user_id: string } | undefined): boolean {
  const session = sessionStore.get();
  if (!record || !session) return false;
  return session.companyId.toUpperCase() === record.company_id.toUpperCase() && session.userId.toLowerCase() === record.user_id.toLowerCase();
}

export function currentCompanyId(): string {
  return sessionStore.get()?.companyId ?? '';
}

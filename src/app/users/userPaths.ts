import { pathFor } from '../routing/paths';
import { useLanguage } from '../routing/useLanguage';

/** Paths of the user management pages under the current language (react-admin's basename is /{lang}). */
export function useUserPaths() {
  const lang = useLanguage();
  return {
    list: pathFor('userManagement', {}, lang),
    add: pathFor('userManagementAdd', {}, lang),
    audit: pathFor('userManagementAudit', {}, lang),
    ipRanges: pathFor('userManagementIpRanges', {}, lang),
    oneRecordClients: pathFor('userManagementOneRecordClients', {}, lang),
    edit: (record: { company_id: string; user_id: string }) => pathFor('userManagementEdit', { companyId: record.company_id, userId: record.user_id }, lang),
  };
}

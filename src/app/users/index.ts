export { UserList } from './UserList';
export { UserCreate } from './UserCreate';
export { UserEdit } from './UserEdit';
export { IpRangesPage } from './IpRangesPage';
export { OneRecordClientsPage } from './OneRecordClientsPage';
export { UserAuditPage } from './UserAuditPage';

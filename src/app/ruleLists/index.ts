export { RuleListPage } from './RuleListPage';
export { ImportPage } from './ImportPage';
export { UserLogPage } from './UserLogPage';
export { ListControlPage } from './ListControlPage';

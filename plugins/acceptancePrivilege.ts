import { acceptanceStations, carrierId, editableListActions, shcCodes, sourcesOf } from './fields';
import { definePlugin, type RuleField } from './types';

/** Which company (or user) may accept shipments of a carrier at which stations. */
const fields: RuleField[] = [
  { source: 'companyId', label: 'Company ID', type: 'text', format: 'companyId', required: true, filter: true },
  { source: 'userId', label: 'User ID', type: 'text', format: 'userId', filter: true },
  carrierId({ required: true }),
  acceptanceStations({ required: true }),
  shcCodes(),
  {
    source: 'privilege',
    label: 'Privilege',
    type: 'choice',
    choices: ['Accept', 'Accept with Remark', 'Override Soft Block'],
    required: true,
    defaultValue: 'Accept',
    filter: true,
  },
];

export default definePlugin({
  name: 'acceptanceprivilege',
  route: 'acceptanceprivilege',
  functionId: 110,
  functionIdInPath: false,
  label: 'Acceptance Privilege',
  fields,
  defaultSort: { field: 'companyId', order: 'ASC' },
  uniqueKey: ['companyId', 'userId', 'carrierId'],
  actions: editableListActions(),
  importColumns: sourcesOf(fields),
  exportColumns: sourcesOf(fields),
  help:
    'Who may accept shipments of a carrier, and where: a company (or one of its users, when a user id is given) at the acceptance stations listed (separated by semicolons), ' +
    'optionally only for the special handling codes given.',
});

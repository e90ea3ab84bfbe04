import { carrierId, countryCode, editableListActions, remarks, shcCodes, sourcesOf } from './fields';
import { definePlugin, type RuleField } from './types';

/** Restrictions on shipments to or from a country. */
const fields: RuleField[] = [
  countryCode({ required: true }),
  carrierId({ required: false }),
  { source: 'direction', label: 'Direction', type: 'choice', choices: ['Both', 'Export', 'Import'], required: true, defaultValue: 'Both', filter: true },
  {
    source: 'ruleType',
    label: 'Rule',
    type: 'choice',
    choices: ['Embargo', 'Licence Required', 'Restricted', 'Customs Pre-Alert'],
    required: true,
    defaultValue: 'Restricted',
    filter: true,
  },
  shcCodes(),
  remarks(),
];

export default definePlugin({
  name: 'countryrules',
  route: 'countryrules',
  functionId: 115,
  functionIdInPath: true,
  label: 'Country Rules',
  fields,
  defaultSort: { field: 'countryCode', order: 'ASC' },
  uniqueKey: ['countryCode', 'carrierId', 'direction', 'ruleType'],
  actions: editableListActions('countryList'),
  importColumns: sourcesOf(fields),
  exportColumns: sourcesOf(fields),
  help:
    'Restrictions on shipments to (import), from (export) or both ways for a country: an embargo, a licence requirement, a restriction or a customs pre-alert, ' +
    'optionally only for one carrier or for some special handling codes. Country List shows the valid country codes.',
});

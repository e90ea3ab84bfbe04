import { carrierId, editableListActions, remarks, sourcesOf, stationCode } from './fields';
import { definePlugin, type RuleField } from './types';

/** Who receives a copy of which documents arriving for a station. */
const fields: RuleField[] = [
  stationCode({ required: true }),
  carrierId({ required: false }),
  {
    source: 'documentType',
    label: 'Document Type',
    type: 'choice',
    choices: ['AWB', 'House Manifest', 'House AWB airline', 'Pouch'],
    required: true,
    defaultValue: 'AWB',
    filter: true,
  },
  { source: 'emailAddresses', label: 'E-mail Addresses', type: 'list', format: 'email', separator: ',', required: true, filter: true },
  remarks(),
];

export default definePlugin({
  name: 'forwardemaillist',
  route: 'forwardemaillist',
  functionId: 117,
  functionIdInPath: true,
  label: 'Forward E-mail List',
  fields,
  defaultSort: { field: 'stationCode', order: 'ASC' },
  uniqueKey: ['stationCode', 'carrierId', 'documentType'],
  actions: editableListActions('resend'),
  importColumns: sourcesOf(fields),
  exportColumns: sourcesOf(fields),
  help:
    'Documents of this type arriving for the station (and carrier, when given) are forwarded to these e-mail addresses, separated by commas, at most 200 characters in all. ' +
    'Resend mails the selected rules to their addresses again, so recipients can confirm they receive them.',
  resend: { emailField: 'emailAddresses' },
});

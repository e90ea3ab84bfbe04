import { carrierId, countryCode, editableListActions, matchingMethod, matchingValue, sourcesOf } from './fields';
import { definePlugin, type RuleField } from './types';

/** Parties cleared after review: a sanction hit on them is a known false positive. */
const fields: RuleField[] = [
  matchingValue({ label: 'Party Name' }),
  matchingMethod({ defaultValue: 'Exact' }),
  {
    source: 'partyRole',
    label: 'Party Role',
    type: 'choice',
    choices: ['Any', 'Shipper', 'Consignee', 'Notify', 'Agent'],
    required: true,
    defaultValue: 'Any',
    filter: true,
  },
  countryCode({ required: false }),
  carrierId({ required: false }),
  {
    source: 'sanctionReference',
    label: 'Cleared Sanction Reference',
    type: 'text',
    uppercase: true,
    pattern: '[A-Z0-9][A-Z0-9-]{0,29}',
    patternHint: 'the sanction list reference the party was cleared against, e.g. SDN-36',
  },
  { source: 'reason', label: 'Reason', type: 'text', required: true, minLength: 10, maxLength: 500, multiline: true, inList: false },
  { source: 'validUntil', label: 'Valid Until', type: 'date' },
  { source: 'status', label: 'Status', type: 'choice', choices: ['Active', 'Cancelled'], required: true, defaultValue: 'Active', readOnly: true, filter: true },
];

export default definePlugin({
  name: 'sanctionwhitelist',
  route: 'sanctionwhitelist',
  functionId: 102,
  functionIdInPath: false,
  label: 'Sanction Whitelist',
  fields,
  defaultSort: { field: 'matchingValue', order: 'ASC' },
  uniqueKey: ['matchingValue', 'partyRole', 'countryCode', 'carrierId'],
  actions: editableListActions('cancel', 'countryList'),
  importColumns: sourcesOf(fields, ['status']),
  exportColumns: sourcesOf(fields),
  help:
    'Parties cleared after a compliance review: a sanction hit on a party that matches an active entry is treated as a known false positive. ' +
    'Give the reason of the clearance (10 to 500 characters) and, where it applies, the sanction reference it was cleared against and how long the clearance holds. ' +
    'Cancel withdraws the selected entries: they stop applying but stay in the list for the record.',
  cancel: { field: 'status', activeValue: 'Active', cancelledValue: 'Cancelled' },
});

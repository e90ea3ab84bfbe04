import { carrierId, editableListActions, matchingMethod, matchingValue, sourcesOf } from './fields';
import { definePlugin, type RuleField } from './types';

/** Checks of air waybill data: a value in a field raises an error or a warning. */
const fields: RuleField[] = [
  {
    source: 'ruleCode',
    label: 'Rule Code',
    type: 'text',
    required: true,
    uppercase: true,
    pattern: '[A-Z][A-Z0-9_]{1,19}',
    patternHint: '2 to 20 capital letters, digits or underscores, starting with a letter, e.g. GOODS_CASH',
    filter: true,
  },
  {
    source: 'fieldName',
    label: 'AWB Field',
    type: 'choice',
    choices: ['Shipper', 'Consignee', 'Notify', 'Agent', 'Goods Description', 'HS Code', 'Routing'],
    required: true,
    defaultValue: 'Goods Description',
    filter: true,
  },
  matchingValue(),
  matchingMethod(),
  { source: 'severity', label: 'Severity', type: 'choice', choices: ['Error', 'Warning'], required: true, defaultValue: 'Warning', filter: true },
  carrierId({ required: false }),
  { source: 'message', label: 'Message', type: 'text', required: true, maxLength: 200 },
];

export default definePlugin({
  name: 'validationrules',
  route: 'validationrules',
  functionId: 114,
  functionIdInPath: false,
  label: 'Validation Rules',
  fields,
  defaultSort: { field: 'ruleCode', order: 'ASC' },
  uniqueKey: ['ruleCode'],
  actions: editableListActions(),
  importColumns: sourcesOf(fields),
  exportColumns: sourcesOf(fields),
  help:
    'Checks of air waybill data: when the chosen field matches the matching value, the shipment gets the message as an error (it cannot be accepted until corrected) or a warning. ' +
    'Leave the carrier empty to apply to all carriers.',
});

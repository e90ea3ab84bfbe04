import { countryCode, editableListActions, remarks, sourcesOf } from './fields';
import { definePlugin, type RuleField } from './types';

/** HS codes (with wildcards) that need a check for a destination. */
const fields: RuleField[] = [
  {
    source: 'hsCodePattern',
    label: 'HS Code',
    type: 'text',
    wildcards: true,
    required: true,
    pattern: '(?:[0-9#?*]|![*?#!]){1,12}',
    maxLength: 24,
    patternHint: 'digits with wildcards, e.g. 8542* or 2844##',
    filter: true,
  },
  countryCode({ label: 'Destination Country', required: false }),
  {
    source: 'checkType',
    label: 'Check',
    type: 'choice',
    choices: ['Licence Required', 'Embargo', 'Dual Use', 'Dangerous Goods'],
    required: true,
    defaultValue: 'Licence Required',
    filter: true,
  },
  remarks(),
];

export default definePlugin({
  name: 'hscodechecklist',
  route: 'hscodechecklist',
  functionId: 113,
  functionIdInPath: false,
  label: 'HS Code Check List',
  fields,
  defaultSort: { field: 'hsCodePattern', order: 'ASC' },
  uniqueKey: ['hsCodePattern', 'countryCode', 'checkType'],
  actions: editableListActions('countryList'),
  importColumns: sourcesOf(fields),
  exportColumns: sourcesOf(fields),
  help:
    'HS codes that need a check before acceptance, optionally only for one destination country. ' +
    'Digits with wildcards: 8542* covers every code starting 8542, # stands for one digit.',
});

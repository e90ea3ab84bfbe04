import { editableListActions, sourcesOf } from './fields';
import { definePlugin, type RuleField } from './types';

/** Named groups of countries that other rules refer to. */
const fields: RuleField[] = [
  {
    source: 'regionCode',
    label: 'Region Code',
    type: 'text',
    required: true,
    uppercase: true,
    pattern: '[A-Z0-9]{2,10}',
    patternHint: '2 to 10 capital letters or digits, e.g. EU',
    filter: true,
  },
  { source: 'regionName', label: 'Region Name', type: 'text', required: true, maxLength: 100, filter: true },
  {
    source: 'countryCodes',
    label: 'Country Codes',
    type: 'list',
    format: 'countryCode',
    separator: ';',
    required: true,
    maxItems: 250,
    maxLength: 750,
    filter: true,
  },
];

export default definePlugin({
  name: 'regionlist',
  route: 'regionlist',
  functionId: 105,
  functionIdInPath: true,
  label: 'Region List',
  fields,
  defaultSort: { field: 'regionCode', order: 'ASC' },
  uniqueKey: ['regionCode'],
  actions: editableListActions('countryList'),
  importColumns: sourcesOf(fields),
  exportColumns: sourcesOf(fields),
  help: 'Named groups of countries (country codes separated by semicolons) that location, country and acceptance rules can refer to. Country List shows the valid country codes.',
});

import { editableListActions, sourcesOf } from './fields';
import { definePlugin, type RuleField } from './types';

/** The reject reasons offered when a shipment is rejected (awbapi/util/getlookupcode/1). */
const fields: RuleField[] = [
  {
    source: 'actionCode',
    label: 'Action Code',
    type: 'text',
    required: true,
    uppercase: true,
    pattern: '[A-Z0-9]{2,10}',
    patternHint: '2 to 10 capital letters or digits, e.g. DOC01',
    filter: true,
  },
  { source: 'description', label: 'Description', type: 'text', required: true, maxLength: 200, filter: true },
  {
    source: 'category',
    label: 'Category',
    type: 'choice',
    choices: ['Documentation', 'Security', 'Dangerous Goods', 'Capacity', 'Customs', 'Other'],
    required: true,
    defaultValue: 'Documentation',
    filter: true,
  },
  { source: 'sortOrder', label: 'Sort Order', type: 'integer', min: 0, max: 999, defaultValue: 100 },
];

export default definePlugin({
  name: 'mipactionlist',
  route: 'mipactionlist',
  functionId: 103,
  functionIdInPath: true,
  label: 'MIP Action List',
  fields,
  defaultSort: { field: 'sortOrder', order: 'ASC' },
  uniqueKey: ['actionCode'],
  actions: editableListActions(),
  importColumns: sourcesOf(fields),
  exportColumns: sourcesOf(fields),
  help:
    'The reject reasons (MIP actions) offered when a shipment is rejected, in sort order. ' +
    'Each has a unique action code of 2 to 10 capital letters or digits and the description the shipment party sees.',
});

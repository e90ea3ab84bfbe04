import { editableListActions, matchingMethod, matchingValue, shcCodes, sourcesOf } from './fields';
import { definePlugin, type RuleField } from './types';

/** Free-text goods descriptions mapped to a standard description, HS code and handling codes. */
const fields: RuleField[] = [
  matchingValue({ label: 'Goods Description' }),
  matchingMethod(),
  { source: 'mappedDescription', label: 'Mapped Description', type: 'text', required: true, maxLength: 200, filter: true },
  { source: 'hsCode', label: 'HS Code', type: 'text', format: 'hsCode', filter: true },
  shcCodes(),
];

export default definePlugin({
  name: 'descmap',
  route: 'descmap',
  functionId: 104,
  functionIdInPath: true,
  label: 'Description Map',
  fields,
  defaultSort: { field: 'matchingValue', order: 'ASC' },
  uniqueKey: ['matchingValue', 'matchingMethod'],
  actions: editableListActions(),
  importColumns: sourcesOf(fields),
  exportColumns: sourcesOf(fields),
  help:
    'Maps the free-text goods descriptions of air waybills to a standard description, with the HS code and special handling codes that go with it. ' +
    'The goods description may use wildcards (* ? #, ! as escape) and is matched by the chosen method.',
});

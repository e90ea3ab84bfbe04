import { airportCode, carrierId, editableListActions, matchingMethod, matchingValue, shcCodes, sourcesOf } from './fields';
import { definePlugin, type RuleField } from './types';

/** Special handling codes added automatically when a goods description matches. */
const fields: RuleField[] = [
  carrierId({ required: false }),
  airportCode({ source: 'originCode', label: 'Origin Airport' }),
  matchingValue({ label: 'Goods Description' }),
  matchingMethod({ defaultValue: 'Keyword' }),
  shcCodes({ required: true }),
];

export default definePlugin({
  name: 'autospecialhandlingcodelist',
  route: 'autospecialhandlingcodelist',
  functionId: 107,
  functionIdInPath: false,
  label: 'Auto Special Handling Code List',
  fields,
  defaultSort: { field: 'matchingValue', order: 'ASC' },
  uniqueKey: ['carrierId', 'originCode', 'matchingValue', 'matchingMethod'],
  actions: editableListActions(),
  importColumns: sourcesOf(fields),
  exportColumns: sourcesOf(fields),
  help:
    'When a goods description matches, these special handling codes (at most 9, separated by a slash) are added to the shipment. ' +
    'Leave the carrier or origin empty to apply to all.',
  effects: [
    {
      when: [
        { fact: 'carrier', field: 'carrierId', match: 'equal' },
        { fact: 'origin', field: 'originCode', match: 'equal' },
        { fact: 'goods', field: 'matchingValue', match: 'wildcard', method: { field: 'matchingMethod', otherwise: 'Keyword' }, required: true },
      ],
      outcome: { kind: 'addShc', field: 'shcCodes', message: "'{@goods}' adds the handling codes {@added}." },
      rule: '{matchingValue}',
    },
  ],
});

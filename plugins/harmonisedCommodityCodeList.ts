import { countryCode, editableListActions, sourcesOf } from './fields';
import { definePlugin, type RuleField } from './types';

/** Harmonised System commodity codes and their descriptions. */
const fields: RuleField[] = [
  { source: 'hsCode', label: 'HS Code', type: 'text', format: 'hsCode', required: true, filter: true },
  { source: 'description', label: 'Description', type: 'text', required: true, maxLength: 300, filter: true },
  countryCode({ label: 'Tariff Country', required: false }),
  { source: 'controlled', label: 'Controlled Commodity', type: 'choice', choices: ['No', 'Yes'], required: true, defaultValue: 'No', filter: true },
];

export default definePlugin({
  name: 'harmonisedcommoditycodelist',
  route: 'harmonisedcommoditycodelist',
  functionId: 111,
  functionIdInPath: false,
  label: 'Harmonised Commodity Code List',
  fields,
  defaultSort: { field: 'hsCode', order: 'ASC' },
  uniqueKey: ['hsCode', 'countryCode'],
  actions: editableListActions('countryList'),
  importColumns: sourcesOf(fields),
  exportColumns: sourcesOf(fields),
  help: 'Harmonised System commodity codes (6 digits, or 8 or 10 for a national tariff line with its country) and their descriptions; controlled commodities are flagged in the sanction and compliance check.',
  effects: [
    {
      // A listed code covers the AWB's code when one is the other or a national tariff line of it.
      when: [
        { fact: 'hsCode', field: 'hsCode', match: 'sharedPrefix', required: true },
        { fact: 'destinationCountry', field: 'countryCode', match: 'equal' },
      ],
      onlyRows: { controlled: 'Yes' },
      firstRowPer: 'hsCode',
      outcome: {
        kind: 'eyeball',
        category: 'Customs',
        message: 'HS code {@hsCode} is a controlled commodity ({description}): check the export authorisation.',
      },
      rule: '{hsCode} controlled',
    },
  ],
});

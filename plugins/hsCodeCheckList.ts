import { countryCode, editableListActions, remarks, sourcesOf } from './fields';
import { DANGEROUS_GOODS_CODES } from '../src/domain/specialHandling';
import { definePlugin, type RuleField } from './types';

/** How a finding names the code: the AWB's HS code, the row's country and remarks. */
const WHERE = 'HS code {@hsCode}[ to {countryCode}][: {remarks}]';

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
  effects: [
    {
      // The country first: it is cheaper to test than the pattern.
      when: [
        { fact: 'destinationCountry', field: 'countryCode', match: 'equal' },
        { fact: 'hsCode', field: 'hsCodePattern', match: 'wildcard', method: 'Exact', required: true },
      ],
      // The row's check decides: an embargo blocks, the others ask for an eyeball check unless the AWB answers it.
      outcome: {
        field: 'checkType',
        cases: {
          Embargo: { kind: 'hardBlock', category: 'Customs', message: `Embargoed commodity. ${WHERE}` },
          'Dual Use': { kind: 'eyeball', category: 'Customs', message: `Dual-use commodity: check the export authorisation. ${WHERE}` },
          'Dangerous Goods': {
            kind: 'eyeball',
            category: 'Dangerous Goods',
            message: `Dangerous goods commodity without a dangerous goods handling code: check the declaration. ${WHERE}`,
            unless: {
              fact: 'shc',
              anyOf: [...DANGEROUS_GOODS_CODES],
              outcome: { kind: 'info', message: `Dangerous goods commodity, declared with a dangerous goods handling code. ${WHERE}` },
            },
          },
        },
        otherwise: {
          kind: 'eyeball',
          category: 'Customs',
          message: `A licence is required and the AWB gives none. ${WHERE}`,
          unless: { fact: 'licence', outcome: { kind: 'info', message: `Licence required and given ({@licence}). ${WHERE}` } },
        },
      },
      rule: '{hsCodePattern} {checkType}',
    },
  ],
});

import { carrierId, countryCode, editableListActions, remarks, shcCodes, sourcesOf } from './fields';
import { definePlugin, type RuleField } from './types';

/** Why a row fires: export from or import to the country (the row's own, or one of its region's), and its remarks. */
const WHY = '{@because}[: {remarks}]';

/** Restrictions on shipments to or from a country. */
const fields: RuleField[] = [
  countryCode({ required: true }),
  carrierId({ required: false }),
  { source: 'direction', label: 'Direction', type: 'choice', choices: ['Both', 'Export', 'Import'], required: true, defaultValue: 'Both', filter: true },
  {
    source: 'ruleType',
    label: 'Rule',
    type: 'choice',
    choices: ['Embargo', 'Licence Required', 'Restricted', 'Customs Pre-Alert'],
    required: true,
    defaultValue: 'Restricted',
    filter: true,
  },
  shcCodes(),
  remarks(),
];

export default definePlugin({
  name: 'countryrules',
  route: 'countryrules',
  functionId: 115,
  functionIdInPath: true,
  label: 'Country Rules',
  fields,
  defaultSort: { field: 'countryCode', order: 'ASC' },
  uniqueKey: ['countryCode', 'carrierId', 'direction', 'ruleType'],
  actions: editableListActions('countryList'),
  importColumns: sourcesOf(fields),
  exportColumns: sourcesOf(fields),
  help:
    'Restrictions on shipments to (import), from (export) or both ways for a country: an embargo, a licence requirement, a restriction or a customs pre-alert, ' +
    'optionally only for one carrier or for some special handling codes. Country List shows the valid country codes.',
  effects: [
    {
      when: [
        { fact: 'carrier', field: 'carrierId', match: 'equal' },
        { fact: 'shc', field: 'shcCodes', match: 'inList' },
        {
          // A row's country code may be a region of the Region List; export is told before import.
          anyOf: [
            {
              when: [{ fact: 'originArea', field: 'countryCode', match: 'equal', required: true }],
              onlyRows: { direction: ['Both', 'Export'] },
              says: 'Export from {@originCountry}',
            },
            {
              when: [{ fact: 'destinationArea', field: 'countryCode', match: 'equal', required: true }],
              onlyRows: { direction: ['Both', 'Import'] },
              says: 'Import to {@destinationCountry}',
            },
          ],
        },
      ],
      outcome: {
        field: 'ruleType',
        cases: {
          Embargo: { kind: 'hardBlock', category: 'Customs', message: `Embargo. ${WHY}` },
          'Licence Required': {
            kind: 'eyeball',
            category: 'Customs',
            message: `A licence is required and the AWB gives none: check the licence before acceptance. ${WHY}`,
            unless: { fact: 'licence', outcome: { kind: 'info', category: 'Customs', message: `Licence required and given ({@licence}). ${WHY}` } },
          },
          'Customs Pre-Alert': { kind: 'info', category: 'Customs', message: `Customs pre-alert to file before loading. ${WHY}` },
        },
        otherwise: { kind: 'softBlock', category: 'Customs', message: `Restricted: accept only with a remark. ${WHY}` },
      },
      rule: '{countryCode} {ruleType} ({direction})',
      wording: { direction: { Both: 'both ways', Export: 'export', Import: 'import' } },
    },
  ],
});

import { airportCode, carrierId, editableListActions, remarks, shcCodes, sourcesOf, stationCode } from './fields';
import { definePlugin, type EffectOutcome, type RuleField } from './types';

const EYEBALL: EffectOutcome = { kind: 'eyeball', message: 'The route needs an eyeball check before acceptance.[ {remarks}]' };

/** What happens to shipments of a carrier from a station to a destination. */
const fields: RuleField[] = [
  carrierId({ required: true }),
  stationCode({ label: 'Origin Station', required: true }),
  airportCode({ source: 'destinationCode', label: 'Destination Airport' }),
  shcCodes(),
  {
    source: 'action',
    label: 'Action',
    type: 'choice',
    choices: ['Accept', 'Eyeball', 'Soft Block', 'Hard Block'],
    required: true,
    defaultValue: 'Eyeball',
    filter: true,
  },
  remarks(),
];

export default definePlugin({
  name: 'locationrules',
  route: 'locationrules',
  functionId: 106,
  functionIdInPath: true,
  label: 'Location Rules',
  fields,
  defaultSort: { field: 'stationCode', order: 'ASC' },
  uniqueKey: ['carrierId', 'stationCode', 'destinationCode', 'shcCodes'],
  actions: editableListActions(),
  importColumns: sourcesOf(fields),
  exportColumns: sourcesOf(fields),
  help:
    'Acceptance rules by route: for a carrier, an origin station and optionally a destination airport and special handling codes, ' +
    'shipments are accepted, sent for an eyeball check, soft blocked (accepted only with a remark) or hard blocked.',
  effects: [
    {
      when: [
        { fact: 'carrier', field: 'carrierId', match: 'equal' },
        { fact: 'origin', field: 'stationCode', match: 'equal', required: true },
        { fact: 'destination', field: 'destinationCode', match: 'equal' },
        { fact: 'shc', field: 'shcCodes', match: 'inList' },
      ],
      // Of the station's matching rows the most specific decides (a destination, handling codes); of those, the strictest.
      mostSpecific: ['destinationCode', 'shcCodes'],
      outcome: {
        field: 'action',
        cases: {
          Accept: { kind: 'info', message: 'The route is accepted.[ {remarks}]' },
          Eyeball: EYEBALL,
          'Soft Block': { kind: 'softBlock', category: 'Other', message: 'The route is soft blocked: accept only with a remark.[ {remarks}]' },
          'Hard Block': { kind: 'hardBlock', category: 'Other', message: 'The route is hard blocked: the shipment cannot be accepted.[ {remarks}]' },
        },
        otherwise: EYEBALL,
      },
      rule: '{@origin}-{destinationCode}[ {shcCodes}] {action}',
      wording: { destinationCode: { '': 'any' } },
    },
  ],
});

import { carrierId, editableListActions, remarks, shcCodes, sourcesOf, stationCode } from './fields';
import { definePlugin, type EffectOutcome, type RuleField } from './types';

const MANUAL: EffectOutcome = { kind: 'manualAccept', message: 'A person accepts.[ {remarks}]' };

/** How shipments of a carrier are accepted at a station. */
const fields: RuleField[] = [
  carrierId({ required: true }),
  stationCode({ required: true }),
  shcCodes(),
  {
    source: 'controlType',
    label: 'Control',
    type: 'choice',
    choices: ['Auto Accept', 'Manual Accept', 'Eyeball Check', 'Block'],
    required: true,
    defaultValue: 'Manual Accept',
    filter: true,
  },
  { source: 'effectiveFrom', label: 'Effective From', type: 'date' },
  remarks(),
];

export default definePlugin({
  name: 'acceptancecontrol',
  route: 'acceptancecontrol',
  functionId: 112,
  functionIdInPath: true,
  label: 'Acceptance Control',
  fields,
  defaultSort: { field: 'stationCode', order: 'ASC' },
  uniqueKey: ['carrierId', 'stationCode', 'shcCodes'],
  actions: editableListActions(),
  importColumns: sourcesOf(fields),
  exportColumns: sourcesOf(fields),
  help:
    'How shipments of a carrier are accepted at a station, optionally only for some special handling codes: automatically, manually, after an eyeball check, or not at all. ' +
    'A rule applies from its effective date.',
  effects: [
    {
      when: [
        { fact: 'carrier', field: 'carrierId', match: 'equal' },
        { fact: 'origin', field: 'stationCode', match: 'equal', required: true },
        { fact: 'shc', field: 'shcCodes', match: 'inList' },
        { fact: 'date', field: 'effectiveFrom', match: 'atLeast' },
      ],
      // Of the station's rules in effect the one for the shipment's handling codes decides; of those equally specific, the strictest.
      mostSpecific: ['shcCodes'],
      outcome: {
        field: 'controlType',
        cases: {
          'Auto Accept': { kind: 'autoAccept', message: 'Accepted automatically when nothing else stops it.[ {remarks}]' },
          'Manual Accept': MANUAL,
          'Eyeball Check': { kind: 'eyeball', message: 'An eyeball check is required before acceptance.[ {remarks}]' },
          Block: { kind: 'hardBlock', category: 'Other', message: 'Acceptance is blocked at this station.[ {remarks}]' },
        },
        otherwise: MANUAL,
      },
      rule: '{@origin}[ {shcCodes}] {controlType}',
      whenNone: {
        outcome: { kind: 'manualAccept', message: 'No acceptance control for {@carrier} at {@origin}: a person accepts.' },
        rule: '{@origin} (no rule)',
      },
    },
  ],
});

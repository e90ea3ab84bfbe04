import { carrierId, editableListActions, remarks, shcCodes, sourcesOf, stationCode } from './fields';
import { definePlugin, type RuleField } from './types';

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
});

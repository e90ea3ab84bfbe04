import { airportCode, carrierId, editableListActions, remarks, shcCodes, sourcesOf, stationCode } from './fields';
import { definePlugin, type RuleField } from './types';

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
});

import { airportCode, countryCode, editableListActions, sourcesOf } from './fields';
import { definePlugin, type RuleField } from './types';

/** The airports and stations the portal knows, with their city and country. */
const fields: RuleField[] = [
  airportCode({ label: 'Location Code', required: true }),
  { source: 'locationName', label: 'Location Name', type: 'text', required: true, maxLength: 100, filter: true },
  { source: 'cityName', label: 'City', type: 'text', maxLength: 100, filter: true },
  countryCode({ required: true }),
  {
    source: 'locationType',
    label: 'Location Type',
    type: 'choice',
    choices: ['Airport', 'Station', 'Off-airport Terminal'],
    required: true,
    defaultValue: 'Airport',
    filter: true,
  },
];

export default definePlugin({
  name: 'locationcodelist',
  route: 'locationcodelist',
  functionId: 108,
  functionIdInPath: false,
  label: 'Location Code List',
  fields,
  defaultSort: { field: 'airportCode', order: 'ASC' },
  uniqueKey: ['airportCode'],
  actions: editableListActions('countryList'),
  importColumns: sourcesOf(fields),
  exportColumns: sourcesOf(fields),
  help: 'The airports, stations and off-airport terminals the portal knows, with name, city and country. Codes are 3 letters (IATA location codes).',
});

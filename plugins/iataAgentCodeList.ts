import { countryCode, editableListActions, sourcesOf, stationCode } from './fields';
import { definePlugin, type RuleField } from './types';

/** Registered cargo agents by IATA code. */
const fields: RuleField[] = [
  { source: 'agentCode', label: 'IATA Agent Code', type: 'text', format: 'iataAgentCode', required: true, filter: true },
  { source: 'agentName', label: 'Agent Name', type: 'text', required: true, maxLength: 100, filter: true },
  stationCode({ required: true }),
  countryCode({ required: true }),
  { source: 'companyId', label: 'Portal Company ID', type: 'text', format: 'companyId', filter: true },
];

export default definePlugin({
  name: 'iataagentcodelist',
  route: 'iataagentcodelist',
  functionId: 109,
  functionIdInPath: false,
  label: 'IATA Agent Code List',
  fields,
  defaultSort: { field: 'agentName', order: 'ASC' },
  uniqueKey: ['agentCode'],
  actions: editableListActions('countryList'),
  importColumns: sourcesOf(fields),
  exportColumns: sourcesOf(fields),
  help: 'Registered cargo agents: the IATA agent code (7 digits, or 11 with the CASS branch), name, station and country, and the portal company that acts for the agent.',
});

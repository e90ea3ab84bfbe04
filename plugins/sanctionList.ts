import { countryCode, editableListActions, matchingMethod, matchingValue, remarks, sourcesOf } from './fields';
import { definePlugin, type RuleField } from './types';

/** Denied parties screened against shipment parties: the OFAC SDN list and the company's own entries. */
const fields: RuleField[] = [
  {
    source: 'listSource',
    label: 'List',
    type: 'choice',
    choices: ['SDN', 'EU', 'UN', 'UK', 'INTERNAL'],
    required: true,
    defaultValue: 'INTERNAL',
    filter: true,
  },
  {
    source: 'reference',
    label: 'Reference',
    type: 'text',
    required: true,
    uppercase: true,
    pattern: '[A-Z0-9][A-Z0-9-]{0,29}',
    patternHint: 'up to 30 capital letters, digits or dashes, e.g. SDN-36',
    filter: true,
  },
  matchingValue({ label: 'Name' }),
  matchingMethod({ defaultValue: 'Keyword' }),
  {
    source: 'partyType',
    label: 'Party Type',
    type: 'choice',
    choices: ['Entity', 'Individual', 'Vessel', 'Aircraft'],
    required: true,
    defaultValue: 'Entity',
    filter: true,
  },
  { source: 'program', label: 'Program', type: 'text', maxLength: 200, filter: true },
  countryCode({ required: false }),
  { source: 'aliases', label: 'Alternative Names', type: 'list', separator: ';', wildcards: true, maxItems: 100, maxLength: 4000, inList: false },
  remarks(),
];

export default definePlugin({
  name: 'sanctionlist',
  route: 'sanctionlist',
  functionId: 101,
  functionIdInPath: false,
  label: 'Sanction List',
  fields,
  defaultSort: { field: 'matchingValue', order: 'ASC' },
  uniqueKey: ['listSource', 'reference'],
  actions: editableListActions('countryList'),
  importColumns: sourcesOf(fields),
  exportColumns: sourcesOf(fields),
  help:
    'Denied parties: shipper, consignee, notify and agent names are screened against these names and their alternative names. ' +
    'Rows of the OFAC SDN list carry reference SDN-{entry number}; add your own entries to list INTERNAL. ' +
    'Names may use wildcards: * any characters, ? one character, # one digit; put ! before a wildcard to match it literally. ' +
    'Matching method Default finds the name anywhere in a party name, Keyword only as whole words, Exact only as the whole name.',
});

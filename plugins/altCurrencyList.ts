import { carrierId, countryCode, currencyCodes, editableListActions, sourcesOf, stationCode } from './fields';
import { definePlugin, type RuleField } from './types';

/** Currencies accepted besides the local one, by country (and optionally carrier and station). */
const fields: RuleField[] = [
  countryCode({ required: true }),
  carrierId({ required: false }),
  stationCode({ required: false }),
  currencyCodes({ label: 'Alternative Currency Codes', required: true }),
];

export default definePlugin({
  name: 'altcurrencylist',
  route: 'altcurrencylist',
  functionId: 116,
  functionIdInPath: false,
  label: 'Alternative Currency List',
  fields,
  defaultSort: { field: 'countryCode', order: 'ASC' },
  uniqueKey: ['countryCode', 'carrierId', 'stationCode'],
  actions: editableListActions('countryList'),
  importColumns: sourcesOf(fields),
  exportColumns: sourcesOf(fields),
  help: 'The currencies an air waybill may be charged in besides the local one, by country and optionally carrier and station: ISO currency codes separated by semicolons.',
});

import { describe, expect, it } from 'vitest';
import { isAirportCode, isCarrierId, isCountryCode, isStationCode } from '../../src/domain/ruleFieldFormats';
import type { RuleField } from '../../src/domain/ruleListFields';
import { checkRecord, fieldHint, normaliseFieldValue, uniqueKeyOf, valueProblem } from '../../src/domain/ruleListValidation';
import { acceptanceStations, carrierId, countryCode, currencyCodes, matchingMethod, matchingValue, shcCodes, stationCode } from '../../plugins/fields';

/** Normalise then check, the way form, server and import all do. */
function check(field: RuleField, input: unknown) {
  const normalised = normaliseFieldValue(field, input);
  if ('problem' in normalised) return { value: null, message: normalised.problem.message };
  return { value: normalised.value, message: valueProblem(field, normalised.value)?.message };
}

describe('field rules of spec 5', () => {
  it('carrier id: capital alphanumeric, 2 to 15 characters (input upper-cased)', () => {
    expect(isCarrierId('CX')).toBe(true);
    expect(isCarrierId('DEMOAIR12345678')).toBe(true);
    for (const bad of ['C', 'DEMOAIR123456789', 'cx', 'C X', 'C-X', '']) expect(isCarrierId(bad), bad).toBe(false);
    const field = carrierId({ required: true });
    expect(check(field, ' cx ')).toEqual({ value: 'CX', message: undefined });
    expect(check(field, 'C')).toEqual({ value: 'C', message: '* Invalid Format' });
    expect(check(field, 'ABCDEFGHIJKLMNOP')).toMatchObject({ message: '* Invalid Format' });
    expect(check(field, 'C_X')).toMatchObject({ message: '* Invalid Format' });
    expect(check(field, '  ')).toEqual({ value: null, message: '* Required' });
  });

  it('country code: 2 letters, and a code of the reference list', () => {
    expect(isCountryCode('HK')).toBe(true);
    expect(isCountryCode('XK')).toBe(true);
    for (const bad of ['H', 'HKG', 'H1', 'hk', 'XX']) expect(isCountryCode(bad), bad).toBe(false);
    const field = countryCode({ required: true });
    expect(check(field, 'hk')).toEqual({ value: 'HK', message: undefined });
    expect(check(field, 'HKG')).toMatchObject({ message: '* Invalid Format' });
    expect(check(field, 'XX')).toMatchObject({ message: '* Unknown code: XX' });
    expect(check(countryCode(), '')).toEqual({ value: null, message: undefined });
  });

  it('airport and station codes: 3 letters', () => {
    expect(isAirportCode('HKG') && isStationCode('FRA')).toBe(true);
    for (const bad of ['HK', 'HKGX', 'HK1', '']) {
      expect(isAirportCode(bad), bad).toBe(false);
      expect(isStationCode(bad), bad).toBe(false);
    }
    expect(check(stationCode({ required: true }), 'sin')).toEqual({ value: 'SIN', message: undefined });
    expect(check(stationCode({ required: true }), 'SI1')).toMatchObject({ message: '* Invalid Format' });
  });

  it('acceptance stations and currency codes: separated by semicolons, each checked', () => {
    const stations = acceptanceStations({ required: true });
    expect(check(stations, ' hkg ; sin;;fra ')).toEqual({ value: 'HKG;SIN;FRA', message: undefined });
    expect(check(stations, 'HKG,SIN')).toMatchObject({ message: '* Invalid Format' });
    expect(check(stations, 'HKG;HK')).toMatchObject({ message: '* Invalid Format' });
    expect(check(stations, 'HKG;hkg')).toMatchObject({ message: '* HKG is listed twice' });
    const currencies = currencyCodes({ required: true });
    expect(check(currencies, 'usd;eur')).toEqual({ value: 'USD;EUR', message: undefined });
    expect(check(currencies, 'USD;XYZ')).toMatchObject({ message: '* Unknown code: XYZ' });
    expect(check(currencies, 'USD/EUR')).toMatchObject({ message: '* Invalid Format' });
  });

  it('SHC codes: at most 9, separated by a slash', () => {
    const field = shcCodes();
    expect(check(field, 'dgr/eli/ PER')).toEqual({ value: 'DGR/ELI/PER', message: undefined });
    expect(check(field, 'AVI/BIG/CAO/DGR/EAP/ELI/FRO/HEA/PER')).toMatchObject({ message: undefined });
    expect(check(field, 'AVI/BIG/CAO/DGR/EAP/ELI/FRO/HEA/PER/VAL')).toMatchObject({ message: '* At most 9 items' });
    expect(check(field, 'DGR;ELI')).toMatchObject({ message: '* Invalid Format' });
    expect(check(field, 'DG')).toMatchObject({ message: '* Invalid Format' });
    expect(check(field, '')).toEqual({ value: null, message: undefined });
  });

  it('matching values: wildcards with ! as escape; matching methods Default, Keyword, Exact', () => {
    const value = matchingValue();
    expect(check(value, ' ACME* ')).toEqual({ value: 'ACME*', message: undefined });
    expect(check(value, 'OFFICE !#39')).toMatchObject({ message: undefined });
    expect(check(value, '*')).toMatchObject({ message: '* Invalid Format' });
    expect(check(value, 'ACME!')).toMatchObject({ message: '* Invalid Format' });
    expect(check(value, '')).toMatchObject({ message: '* Required' });
    expect(check(value, 'A'.repeat(201))).toMatchObject({ message: '* At most 200 characters' });
    const method = matchingMethod();
    expect(check(method, 'keyword')).toEqual({ value: 'Keyword', message: undefined });
    expect(check(method, 'Fuzzy')).toMatchObject({ message: '* Choose one of: Default, Keyword, Exact' });
  });

  it('e-mail lists: comma separated, valid addresses, at most 200 characters', () => {
    const field: RuleField = { source: 'emails', label: 'E-mail', type: 'list', format: 'email', separator: ',', required: true };
    expect(check(field, 'a@x.example,  b@y.example')).toEqual({ value: 'a@x.example, b@y.example', message: undefined });
    expect(check(field, 'a@x.example; b@y.example')).toMatchObject({ message: '* Invalid Format' });
    expect(check(field, `${'a'.repeat(191)}@x.example`)).toMatchObject({ message: '* At most 200 characters' });
  });

  it('integers, dates, lengths and wrong types', () => {
    const order: RuleField = { source: 'order', label: 'Order', type: 'integer', min: 0, max: 999 };
    expect(check(order, '12')).toEqual({ value: 12, message: undefined });
    expect(check(order, 1000)).toMatchObject({ message: '* A whole number from 0 to 999' });
    expect(check(order, '1.5')).toMatchObject({ message: '* Invalid Format' });
    const date: RuleField = { source: 'from', label: 'From', type: 'date' };
    expect(check(date, '2026-02-28')).toMatchObject({ message: undefined });
    expect(check(date, '2026-02-30')).toMatchObject({ message: '* Invalid Format' });
    expect(check(date, '28/02/2026')).toMatchObject({ message: '* Invalid Format' });
    const reason: RuleField = { source: 'reason', label: 'Reason', type: 'text', minLength: 10, maxLength: 20 };
    expect(check(reason, 'too short')).toMatchObject({ message: '* At least 10 characters' });
    expect(check(reason, { evil: true })).toMatchObject({ message: '* Invalid Format' });
    expect(check(reason, ['a'])).toMatchObject({ message: '* Invalid Format' });
  });

  it('checks a whole record and builds its unique key without regard to case', () => {
    const fields = [carrierId({ required: true }), stationCode({ required: true }), shcCodes()];
    const { values, problems } = checkRecord(fields, { carrierId: 'cx', stationCode: 'HK', extra: 'ignored' });
    expect(values).toEqual({ carrierId: 'CX', stationCode: 'HK', shcCodes: null });
    expect(Object.keys(problems)).toEqual(['stationCode']);
    expect(uniqueKeyOf(['carrierId', 'shcCodes'], { carrierId: 'CX', shcCodes: null })).toBe(
      uniqueKeyOf(['carrierId', 'shcCodes'], { carrierId: 'cx', shcCodes: '' }),
    );
    expect(fieldHint(shcCodes())).toBe('Separated by "/", at most 9; each 3 letters, e.g. DGR');
  });
});

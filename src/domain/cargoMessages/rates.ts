import { isKnownCountryCode } from '../countries';
import type { Segment, SegmentLine } from './cargoImpLines';
import { checkText, ModelChecks } from './fieldChecks';
import { formatDecimal, formatVolume, formatWeight, readDecimal, readInteger, readVolume, readWeight, HS_CODE } from './fields';
import type { FaultList, ModelFault } from './faults';
import type { GoodsData, RateLine } from './model';

/**
 * RTD, the rate description. Lines are numbered like the rows of the paper air waybill: the rate
 * line `RTD/1/P4/K245/CQ/W245/R3/T735` is row 1 and its first goods line (`/NG/...`) continues that
 * row unnumbered; each further row is numbered (`/2/NG/ATTACHED LIST`, `/8/ND//NDA`). A numbered
 * row that starts with rate fields (`/9/P2/K10/...`) begins the next rate line.
 *
 * Goods data identifiers: NG nature of goods, NC consolidation, ND dimensions, NV volume, NU ULD,
 * NS shipper's load and count, NH harmonised commodity code, NO country of origin of the goods.
 */

export const GOODS_TEXT_MAX = 20;
const GOODS_IDENTIFIERS = new Set(['NG', 'NC', 'ND', 'NV', 'NU', 'NS', 'NH', 'NO']);
const ULD = /^[A-Z0-9]{1,12}$/;
const DIMENSIONS = /^(CMT|INH)(\d{1,4})-(\d{1,4})-(\d{1,4})$/;

function readRateFields(fields: string[], line: number, faults: FaultList): RateLine | undefined {
  const rate: RateLine = { goods: [] };
  const seen = new Set<string>();
  for (const field of fields) {
    const letter = field.charAt(0);
    const value = field.slice(1);
    const key = letter === 'L' ? 'K' : letter;
    if (seen.has(key)) return faults.add(line, 'malformed', `The rate line gives ${field} twice.`, 'RTD');
    seen.add(key);
    let ok = true;
    switch (letter) {
      case 'P':
        rate.pieces = readInteger(value, 4);
        ok = rate.pieces !== undefined;
        break;
      case 'K':
      case 'L':
        rate.grossWeight = readWeight(field);
        ok = rate.grossWeight !== undefined;
        break;
      case 'C':
        ok = /^[A-Z]$/.test(value);
        if (ok) rate.rateClass = value;
        break;
      case 'S':
        ok = /^[A-Z0-9]{1,7}$/.test(value);
        if (ok) rate.commodityItem = value;
        break;
      case 'W':
        rate.chargeableWeight = readDecimal(value, 7, 2);
        ok = rate.chargeableWeight !== undefined;
        break;
      case 'R':
        rate.rateOrCharge = readDecimal(value, 8, 4);
        ok = rate.rateOrCharge !== undefined;
        break;
      case 'T':
        rate.total = readDecimal(value, 12, 2);
        ok = rate.total !== undefined;
        break;
      default:
        return faults.add(
          line,
          'malformed',
          `'${field}' is not a rate field: use P pieces, K or L weight, C rate class, S commodity item, W chargeable weight, R rate, T total.`,
          'RTD',
        );
    }
    if (!ok) return faults.add(line, 'malformed', `The rate field '${field}' is malformed.`, 'RTD');
  }
  return rate;
}

function readGoods(fields: string[], line: number, faults: FaultList): GoodsData | undefined {
  const [identifier, ...values] = fields;
  const single = () => (values.length === 1 ? values[0] : faults.add(line, 'malformed', `${identifier} takes one field; '/' cannot appear in it.`, 'RTD'));
  switch (identifier) {
    case 'NG':
    case 'NC': {
      const text = single();
      if (text === undefined || !checkText(text, GOODS_TEXT_MAX, `the goods description (${identifier})`, line, faults, 'RTD')) return undefined;
      return { kind: identifier, text };
    }
    case 'ND': {
      const [weightText = '', dimensionText = '', piecesText, ...extra] = values;
      const weight = weightText === '' ? undefined : readWeight(weightText);
      if (weightText !== '' && !weight) return faults.add(line, 'malformed', `The dimension weight '${weightText}' must be K or L and a weight.`, 'RTD');
      if (dimensionText === 'NDA') {
        if (piecesText !== undefined || extra.length > 0) return faults.add(line, 'malformed', 'NDA (no dimensions available) takes no further fields.', 'RTD');
        return { kind: 'ND', ...(weight ? { weight } : {}), dimensions: 'NDA' };
      }
      const match = DIMENSIONS.exec(dimensionText);
      const pieces = piecesText === undefined ? undefined : readInteger(piecesText, 4);
      if (!match || pieces === undefined || extra.length > 0) {
        return faults.add(
          line,
          'malformed',
          `Dimensions must read like ND/K100/CMT120-80-60/10 (unit CMT or INH, length-width-height, pieces) or ND//NDA.`,
          'RTD',
        );
      }
      return {
        kind: 'ND',
        ...(weight ? { weight } : {}),
        dimensions: { unit: match[1] as 'CMT' | 'INH', length: Number(match[2]), width: Number(match[3]), height: Number(match[4]), pieces },
      };
    }
    case 'NV': {
      const text = single();
      const volume = text === undefined ? undefined : readVolume(text);
      return volume ? { kind: 'NV', volume } : faults.add(line, 'malformed', `The volume must read like NV/MC1.03 (MC, CC, CF or CI and the amount).`, 'RTD');
    }
    case 'NU': {
      const uld = values[0] ?? '';
      return ULD.test(uld)
        ? { kind: 'NU', uld }
        : faults.add(line, 'malformed', `The ULD '${uld}' must be up to 12 letters and digits, e.g. AKE12345DL.`, 'RTD');
    }
    case 'NS': {
      const slac = readInteger(single() ?? '', 5);
      return slac !== undefined ? { kind: 'NS', slac } : faults.add(line, 'malformed', "The shipper's load and count (NS) must be up to 5 digits.", 'RTD');
    }
    case 'NH': {
      const hsCode = single() ?? '';
      return HS_CODE.test(hsCode)
        ? { kind: 'NH', hsCode }
        : faults.add(line, 'malformed', `The harmonised commodity code '${hsCode}' must be 6 to 18 digits.`, 'RTD');
    }
    case 'NO': {
      const countryCode = single() ?? '';
      return isKnownCountryCode(countryCode)
        ? { kind: 'NO', countryCode }
        : faults.add(line, 'unknown-code', `The goods' country of origin '${countryCode}' is not an ISO 3166 country.`, 'RTD');
    }
    default:
      return faults.add(line, 'malformed', `'${identifier}' is not a goods data identifier: use NG, NC, ND, NV, NU, NS, NH or NO.`, 'RTD');
  }
}

const isGoodsLine = (fields: string[]) => GOODS_IDENTIFIERS.has(fields[0]) || /^N[A-Z]$/.test(fields[0] ?? '');

/** Reads one RTD segment into its rate lines. */
export function readRateDescription(segment: Segment, faults: FaultList): RateLine[] {
  const rateLines: RateLine[] = [];
  const lines: SegmentLine[] = [segment.head, ...segment.continuations];
  lines.forEach((line, index) => {
    let fields = line.fields;
    const numbered = /^\d{1,2}$/.test(fields[0] ?? '');
    if (numbered) fields = fields.slice(1);
    else if (index === 0) {
      faults.add(line.number, 'malformed', 'RTD must start with the rate line number, e.g. RTD/1/P4/K245.', 'RTD');
      return;
    }
    if (fields.length > 0 && isGoodsLine(fields)) {
      const current = rateLines.at(-1);
      if (!current) {
        faults.add(line.number, 'malformed', 'The goods data must follow a rate line (pieces, weight, rate).', 'RTD');
        return;
      }
      const goods = readGoods(fields, line.number, faults);
      if (goods) current.goods.push(goods);
      return;
    }
    if (!numbered) {
      faults.add(line.number, 'malformed', 'A new rate line must start with its row number, e.g. /9/P2/K10.', 'RTD');
      return;
    }
    const rate = readRateFields(fields, line.number, faults);
    if (rate) rateLines.push(rate);
  });
  return rateLines;
}

function formatGoods(goods: GoodsData): string {
  switch (goods.kind) {
    case 'NG':
    case 'NC':
      return `${goods.kind}/${goods.text}`;
    case 'ND': {
      const weight = goods.weight ? formatWeight(goods.weight) : '';
      if (goods.dimensions === 'NDA') return `ND/${weight}/NDA`;
      const { unit, length, width, height, pieces } = goods.dimensions;
      return `ND/${weight}/${unit}${length}-${width}-${height}/${pieces}`;
    }
    case 'NV':
      return `NV/${formatVolume(goods.volume)}`;
    case 'NU':
      return `NU/${goods.uld}`;
    case 'NS':
      return `NS/${goods.slac}`;
    case 'NH':
      return `NH/${goods.hsCode}`;
    case 'NO':
      return `NO/${goods.countryCode}`;
  }
}

function formatRateFields(rate: RateLine): string[] {
  const fields: string[] = [];
  if (rate.pieces !== undefined) fields.push(`P${rate.pieces}`);
  if (rate.grossWeight) fields.push(formatWeight(rate.grossWeight));
  if (rate.rateClass !== undefined) fields.push(`C${rate.rateClass}`);
  if (rate.commodityItem !== undefined) fields.push(`S${rate.commodityItem}`);
  if (rate.chargeableWeight !== undefined) fields.push(`W${formatDecimal(rate.chargeableWeight, 2)}`);
  if (rate.rateOrCharge !== undefined) fields.push(`R${formatDecimal(rate.rateOrCharge, 4)}`);
  if (rate.total !== undefined) fields.push(`T${formatDecimal(rate.total, 2)}`);
  return fields;
}

export function formatRateDescription(rateLines: RateLine[]): string[] {
  const lines: string[] = [];
  let row = 0;
  for (const rate of rateLines) {
    row++;
    const fields = [String(row), ...formatRateFields(rate)].join('/');
    lines.push(lines.length === 0 ? `RTD/${fields}` : `/${fields}`);
    rate.goods.forEach((goods, index) => {
      if (index === 0) lines.push(`/${formatGoods(goods)}`);
      else lines.push(`/${++row}/${formatGoods(goods)}`);
    });
  }
  return lines;
}

export function rateLineProblems(rateLines: RateLine[], path: string): ModelFault[] {
  const checks = new ModelChecks(path);
  if (rateLines.length === 0) checks.add('', 'At least one rate line is needed.');
  // Row numbers are 1 or 2 digits.
  const rows = rateLines.reduce((sum, rate) => sum + Math.max(1, rate.goods.length), 0);
  if (rows > 99) checks.add('', 'The rate description has more than 99 rows.');
  rateLines.forEach((rate, index) => {
    const at = `[${index}]`;
    checks.amount(rate.pieces, `${at}.pieces`, 4, 0, true);
    if (rate.grossWeight) checks.amount(rate.grossWeight.value, `${at}.grossWeight`, 7, 2);
    checks.pattern(rate.rateClass, /^[A-Z]$/, `${at}.rateClass`, 'one capital letter', true);
    checks.pattern(rate.commodityItem, /^[A-Z0-9]{1,7}$/, `${at}.commodityItem`, 'up to 7 letters and digits', true);
    checks.amount(rate.chargeableWeight, `${at}.chargeableWeight`, 7, 2, true);
    checks.amount(rate.rateOrCharge, `${at}.rateOrCharge`, 8, 4, true);
    checks.amount(rate.total, `${at}.total`, 12, 2, true);
    rate.goods.forEach((goods, goodsIndex) => {
      const field = `${at}.goods[${goodsIndex}]`;
      switch (goods.kind) {
        case 'NG':
        case 'NC':
          checks.text(goods.text, GOODS_TEXT_MAX, field);
          break;
        case 'ND':
          if (goods.weight) checks.amount(goods.weight.value, `${field}.weight`, 7, 2);
          if (goods.dimensions !== 'NDA') {
            for (const side of ['length', 'width', 'height', 'pieces'] as const) checks.amount(goods.dimensions[side], `${field}.${side}`, 4, 0);
          }
          break;
        case 'NV':
          checks.amount(goods.volume.value, `${field}.volume`, 9, 2);
          break;
        case 'NU':
          checks.pattern(goods.uld, ULD, field, 'up to 12 letters and digits');
          break;
        case 'NS':
          checks.amount(goods.slac, field, 5, 0);
          break;
        case 'NH':
          checks.pattern(goods.hsCode, HS_CODE, field, '6 to 18 digits');
          break;
        case 'NO':
          if (!isKnownCountryCode(goods.countryCode)) checks.add(field, `${goods.countryCode} is not an ISO 3166 country.`);
          break;
      }
    });
  });
  return checks.problems;
}

import { isKnownCurrencyCode } from '../currencies';
import type { Segment } from './cargoImpLines';
import { segmentLines } from './cargoImpLines';
import { ModelChecks } from './fieldChecks';
import { formatDecimal, readDecimal } from './fields';
import type { FaultList, ModelFault } from './faults';
import type { ChargeDeclarations, ChargeSummary, OtherCharge, PrepaidCollect } from './model';

/**
 * Charges: CVD (charge declarations), OTH (other charges), PPD and COL (charge summaries).
 *
 *   CVD/USD/PP/PP/NVD/NCV/XXX    currency / charge code (FWB) / weight-valuation and other charges,
 *                                P or C each / value for carriage / for customs / insurance
 *   OTH/P/MYC196                 prepaid or collect / charge code, A or C (due agent or carrier), amount
 *   PPD/WT735  /OC262.15/CT997.15
 */

export function readChargeDeclarations(segment: Segment, faults: FaultList): ChargeDeclarations | undefined {
  const fields = segment.head.fields;
  const line = segment.line;
  if (segment.continuations.length > 0) faults.add(segment.continuations[0].number, 'malformed', 'CVD is one line.', 'CVD');
  if (fields.length !== 5 && fields.length !== 6) {
    return faults.add(
      line,
      'malformed',
      'CVD must read currency / [charge code /] P or C for weight and for other charges / value for carriage (or NVD) / for customs (or NCV) / insurance (or XXX), e.g. CVD/USD/PP/PP/NVD/NCV/XXX.',
      'CVD',
    );
  }
  const [currency, chargeCode, prepaidCollect, carriage, customs, insurance] = fields.length === 6 ? fields : [fields[0], '', ...fields.slice(1)];
  const before = faults.faults.length;
  if (!isKnownCurrencyCode(currency)) faults.add(line, 'unknown-code', `The currency ${currency} is not an ISO 4217 currency code.`, 'CVD');
  if (chargeCode !== '' && !/^[A-Z]{2}$/.test(chargeCode))
    faults.add(line, 'malformed', `The charge code '${chargeCode}' must be 2 letters, e.g. PP or CC.`, 'CVD');
  if (!/^[PC][PC]$/.test(prepaidCollect))
    faults.add(
      line,
      'malformed',
      `'${prepaidCollect}' must be two letters P (prepaid) or C (collect): weight and valuation charges, then other charges.`,
      'CVD',
    );
  const value = <N extends string>(text: string, nil: N, what: string): number | N | undefined => {
    if (text === nil) return nil;
    const amount = readDecimal(text, 12, 2);
    return amount ?? faults.add(line, 'malformed', `The ${what} '${text}' must be an amount or ${nil}.`, 'CVD');
  };
  const carriageValue = value(carriage, 'NVD', 'declared value for carriage');
  const customsValue = value(customs, 'NCV', 'declared value for customs');
  const insuranceAmount = value(insurance, 'XXX', 'amount of insurance');
  if (faults.faults.length > before || carriageValue === undefined || customsValue === undefined || insuranceAmount === undefined) return undefined;
  return {
    currency,
    ...(chargeCode !== '' ? { chargeCode } : {}),
    weightValuation: prepaidCollect[0] as PrepaidCollect,
    otherCharges: prepaidCollect[1] as PrepaidCollect,
    carriageValue,
    customsValue,
    insuranceAmount,
  };
}

/** FWB writes the charge code field (empty when there is none); FHL has no such field. */
export function formatChargeDeclarations(declarations: ChargeDeclarations, withChargeCode: boolean): string {
  const amount = (value: number | string) => (typeof value === 'number' ? formatDecimal(value, 2) : value);
  const fields = [declarations.currency];
  if (withChargeCode) fields.push(declarations.chargeCode ?? '');
  fields.push(
    declarations.weightValuation + declarations.otherCharges,
    amount(declarations.carriageValue),
    amount(declarations.customsValue),
    amount(declarations.insuranceAmount),
  );
  return `CVD/${fields.join('/')}`;
}

export function chargeDeclarationProblems(declarations: ChargeDeclarations, path: string, withChargeCode: boolean): ModelFault[] {
  const checks = new ModelChecks(path);
  if (!isKnownCurrencyCode(declarations.currency)) checks.add('currency', `${declarations.currency} is not an ISO 4217 currency code.`);
  if (withChargeCode) checks.pattern(declarations.chargeCode, /^[A-Z]{2}$/, 'chargeCode', '2 letters', true);
  else if (declarations.chargeCode !== undefined) checks.add('chargeCode', 'An FHL carries no charge code.');
  checks.pattern(declarations.weightValuation, /^[PC]$/, 'weightValuation', 'P or C');
  checks.pattern(declarations.otherCharges, /^[PC]$/, 'otherCharges', 'P or C');
  if (declarations.carriageValue !== 'NVD') checks.amount(declarations.carriageValue, 'carriageValue', 12, 2);
  if (declarations.customsValue !== 'NCV') checks.amount(declarations.customsValue, 'customsValue', 12, 2);
  if (declarations.insuranceAmount !== 'XXX') checks.amount(declarations.insuranceAmount, 'insuranceAmount', 12, 2);
  return checks.problems;
}

const OTHER_CHARGE = /([A-Z]{2})([AC])(\d{1,12}(?:\.\d{1,2})?)/y;

export function readOtherCharges(segment: Segment, faults: FaultList): OtherCharge[] {
  const charges: OtherCharge[] = [];
  for (const line of segmentLines(segment)) {
    const [indicator, ...items] = line.fields;
    if (indicator !== 'P' && indicator !== 'C') {
      faults.add(line.number, 'malformed', `Each other-charges line starts with P (prepaid) or C (collect), not '${indicator ?? ''}'.`, 'OTH');
      continue;
    }
    if (items.length === 0) faults.add(line.number, 'malformed', 'The other-charges line names no charge.', 'OTH');
    for (const item of items) {
      OTHER_CHARGE.lastIndex = 0;
      let position = 0;
      while (position < item.length) {
        OTHER_CHARGE.lastIndex = position;
        const match = OTHER_CHARGE.exec(item);
        if (!match) {
          faults.add(
            line.number,
            'malformed',
            `'${item.slice(position)}' must be a charge code (2 letters), A or C (due agent or carrier) and an amount, e.g. MYC196.`,
            'OTH',
          );
          break;
        }
        charges.push({ prepaidCollect: indicator, chargeCode: match[1], entitlement: match[2] as 'A' | 'C', amount: Number(match[3]) });
        position = OTHER_CHARGE.lastIndex;
      }
    }
  }
  return charges;
}

export function formatOtherCharges(charges: OtherCharge[]): string[] {
  return charges.map(
    (charge, index) => `${index === 0 ? 'OTH' : ''}/${charge.prepaidCollect}/${charge.chargeCode}${charge.entitlement}${formatDecimal(charge.amount, 2)}`,
  );
}

export function otherChargeProblems(charges: OtherCharge[], path: string): ModelFault[] {
  const checks = new ModelChecks(path);
  charges.forEach((charge, index) => {
    checks.pattern(charge.prepaidCollect, /^[PC]$/, `[${index}].prepaidCollect`, 'P or C');
    checks.pattern(charge.chargeCode, /^[A-Z]{2}$/, `[${index}].chargeCode`, '2 letters');
    checks.pattern(charge.entitlement, /^[AC]$/, `[${index}].entitlement`, 'A or C');
    checks.amount(charge.amount, `[${index}].amount`, 12, 2);
  });
  return checks.problems;
}

const SUMMARY_FIELDS = {
  WT: 'weightCharge',
  VC: 'valuationCharge',
  TX: 'taxes',
  OA: 'totalOtherChargesDueAgent',
  OC: 'totalOtherChargesDueCarrier',
  CT: 'total',
} as const satisfies Record<string, keyof ChargeSummary>;
type SummaryCode = keyof typeof SUMMARY_FIELDS;

export function readChargeSummary(segment: Segment, faults: FaultList): ChargeSummary | undefined {
  const summary: ChargeSummary = {};
  const before = faults.faults.length;
  for (const line of segmentLines(segment)) {
    for (const field of line.fields) {
      if (field === '') continue;
      const code = field.slice(0, 2) as SummaryCode;
      const amount = readDecimal(field.slice(2), 12, 2);
      if (!(code in SUMMARY_FIELDS) || amount === undefined) {
        faults.add(line.number, 'malformed', `'${field}' must be WT, VC, TX, OA, OC or CT followed by an amount, e.g. WT735.`, segment.tag);
        continue;
      }
      const key = SUMMARY_FIELDS[code];
      if (summary[key] !== undefined) faults.add(line.number, 'malformed', `${code} is given twice.`, segment.tag);
      summary[key] = amount;
    }
  }
  return faults.faults.length > before ? undefined : summary;
}

export function formatChargeSummary(tag: 'PPD' | 'COL', summary: ChargeSummary): string[] {
  const items = (codes: SummaryCode[]) =>
    codes.flatMap((code) => {
      const value = summary[SUMMARY_FIELDS[code]];
      return value === undefined ? [] : [`${code}${formatDecimal(value, 2)}`];
    });
  const first = items(['WT', 'VC', 'TX']);
  const second = items(['OA', 'OC', 'CT']);
  const lines = [first.length > 0 ? `${tag}/${first.join('/')}` : tag];
  if (second.length > 0) lines.push(`/${second.join('/')}`);
  return lines;
}

export function chargeSummaryProblems(summary: ChargeSummary, path: string): ModelFault[] {
  const checks = new ModelChecks(path);
  for (const key of Object.values(SUMMARY_FIELDS)) checks.amount(summary[key], key, 12, 2, true);
  return checks.problems;
}

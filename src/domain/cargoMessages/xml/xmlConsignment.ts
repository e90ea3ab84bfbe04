import { hasValidCheckDigit, awbCheckDigit, parseAwbNumber, type AwbNumber } from '../../awb';
import { isKnownCurrencyCode } from '../../currencies';
import type { ChargeDeclarations, PrepaidCollect } from '../model';
import type { XmlElement } from './xmlElement';
import type { XmlReading } from './xmlValues';

/** Pieces of a Cargo-XML consignment shared by XFWB and XFHL: the AWB number, airports, charge declarations. */

export function readXmlAwb(element: XmlElement | undefined, parent: XmlElement, reading: XmlReading): AwbNumber | undefined {
  const text = element?.text();
  if (!element || !text) return reading.missing(parent, 'TransportContractDocument/ID', 'air waybill number');
  const awb = parseAwbNumber(text);
  if (!awb) return reading.fault(element, `'${text}' must be an AWB number: a 3-digit airline prefix, a hyphen and an 8-digit serial.`);
  if (!hasValidCheckDigit(awb.suffix)) {
    const seven = awb.suffix.slice(0, 7);
    reading.faults.add(
      element.line,
      'check-digit',
      `${element.path}: AWB ${awb.prefix}-${awb.suffix} fails its check digit: the 8th digit must be the first seven digits modulo 7 (${seven} mod 7 = ${awbCheckDigit(seven)}), not ${awb.suffix[7]}.`,
      element.name,
    );
    return undefined;
  }
  return awb;
}

export function readXmlAirport(parent: XmlElement, locationName: string, what: string, reading: XmlReading): string | undefined {
  const code = reading.requiredText(parent, [locationName, 'ID'], what);
  if (code === undefined) return undefined;
  if (!/^[A-Z]{3}$/.test(code))
    return reading.fault(parent.at(locationName, 'ID') as XmlElement, `the ${what} '${code}' must be an airport code of 3 capital letters.`);
  return code;
}

/** The charge declarations of a consignment; undefined (without a fault) when `optional` and no currency is given. */
export function readXmlChargeDeclarations(
  consignment: XmlElement,
  reading: XmlReading,
  withChargeCode: boolean,
  optional: boolean,
): ChargeDeclarations | undefined {
  const currencyElement = consignment.at('ApplicableOriginCurrencyExchange', 'SourceCurrencyCode');
  const currency = currencyElement?.text();
  if (!currency) return optional ? undefined : reading.missing(consignment, 'ApplicableOriginCurrencyExchange/SourceCurrencyCode', 'currency');
  if (!isKnownCurrencyCode(currency)) {
    reading.faults.add(
      currencyElement?.line ?? consignment.line,
      'unknown-code',
      `${consignment.path}/ApplicableOriginCurrencyExchange/SourceCurrencyCode: ${currency} is not an ISO 4217 currency code.`,
      'SourceCurrencyCode',
    );
    return undefined;
  }
  const weightPrepaid = reading.indicator(consignment.child('TotalChargePrepaidIndicator'));
  if (weightPrepaid === undefined) return reading.missing(consignment, 'TotalChargePrepaidIndicator', 'whether weight charges are prepaid');
  const otherPrepaid = reading.indicator(consignment.child('TotalDisbursementPrepaidIndicator')) ?? weightPrepaid;
  const pc = (prepaid: boolean): PrepaidCollect => (prepaid ? 'P' : 'C');
  const value = <N extends string>(amountName: string, nilName: string, nil: N): number | N | undefined => {
    if (reading.indicator(consignment.child(nilName))) return nil;
    const amount = consignment.child(amountName);
    return amount ? reading.decimal(amount, amountName) : nil;
  };
  const carriageValue = value('DeclaredValueForCarriageAmount', 'NilCarriageValueIndicator', 'NVD');
  const customsValue = value('DeclaredValueForCustomsAmount', 'NilCustomsValueIndicator', 'NCV');
  const insuranceAmount = value('InsuranceValueAmount', 'NilInsuranceValueIndicator', 'XXX');
  if (carriageValue === undefined || customsValue === undefined || insuranceAmount === undefined) return undefined;
  const chargeCode = withChargeCode ? consignment.textAt('ApplicableLogisticsServiceCharge', 'TransportPaymentMethodCode') : undefined;
  return {
    currency,
    ...(chargeCode ? { chargeCode } : {}),
    weightValuation: pc(weightPrepaid),
    otherCharges: pc(otherPrepaid),
    carriageValue,
    customsValue,
    insuranceAmount,
  };
}

/** Air waybill numbers: a 3-digit airline prefix and an 8-digit serial whose last digit checks the first 7. */

export interface AwbNumber {
  prefix: string;
  suffix: string;
}

const AWB_PATTERN = /^(\d{3})-?(\d{8})$/;

export const AWB_FORMAT_MESSAGE = 'Please enter AWB number in valid format.';

/** Parses "16012345675" or "160-12345675"; undefined when the text is not an AWB number. */
export function parseAwbNumber(text: string): AwbNumber | undefined {
  const match = AWB_PATTERN.exec(text.trim());
  return match ? { prefix: match[1], suffix: match[2] } : undefined;
}

/** The check digit is the first seven digits of the serial modulo 7. */
export function awbCheckDigit(serialSeven: string): number {
  return Number(serialSeven) % 7;
}

export function hasValidCheckDigit(suffix: string): boolean {
  return /^\d{8}$/.test(suffix) && awbCheckDigit(suffix.slice(0, 7)) === Number(suffix[7]);
}

/** Builds a full suffix with its check digit from a 7-digit serial. */
export function suffixWithCheckDigit(serialSeven: number): string {
  const serial = String(serialSeven).padStart(7, '0');
  return serial + String(awbCheckDigit(serial));
}

export function formatAwbNumber(awb: AwbNumber): string {
  return `${awb.prefix}-${awb.suffix}`;
}

/** The e-mail one-time code (spec 5, 9): digits only, exactly 6. */

export const ONE_TIME_CODE_LENGTH = 6;

/** Keeps the digits of what the user typed or pasted, at most six ("12 34-56" -> "123456"). */
export function oneTimeCodeDigits(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, ONE_TIME_CODE_LENGTH);
}

export function isValidOneTimeCode(code: string): boolean {
  return new RegExp(`^\\d{${ONE_TIME_CODE_LENGTH}}$`).test(code);
}

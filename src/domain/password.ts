import { Messages } from './statusCodes';

/** The password policy of spec 5: at least 8 characters with digits, upper and lower case and special characters, no spaces. */

export const PASSWORD_MIN_LENGTH = 8;

export type PasswordProblem = 'required' | 'tooShort' | 'hasSpace' | 'missingDigit' | 'missingLower' | 'missingUpper' | 'missingSpecial';

export const PasswordProblemMessages: Record<PasswordProblem, string> = {
  required: Messages.fillField,
  tooShort: 'Password must be at least 8 characters.',
  hasSpace: 'Password must not contain spaces.',
  missingDigit: 'Password must contain a digit.',
  missingLower: 'Password must contain a lower case letter.',
  missingUpper: 'Password must contain an upper case letter.',
  missingSpecial: 'Password must contain a special character.',
};

/** The first rule the password breaks, or undefined when it satisfies the policy. */
export function passwordProblem(password: string): PasswordProblem | undefined {
  if (!password) return 'required';
  if (/\s/.test(password)) return 'hasSpace';
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (!/\d/.test(password)) return 'missingDigit';
  if (!/\p{Ll}/u.test(password)) return 'missingLower';
  if (!/\p{Lu}/u.test(password)) return 'missingUpper';
  if (!/[^\p{L}\p{N}\s]/u.test(password)) return 'missingSpecial';
  return undefined;
}

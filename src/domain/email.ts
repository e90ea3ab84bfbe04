import { Messages } from './statusCodes';

/** E-mail rules of spec 5: an address in valid format; several are comma separated; each list at most 200 characters. */

export const EMAIL_LIST_MAX_LENGTH = 200;

/**
 * The WHATWG form of a valid e-mail address (what `<input type="email">` accepts), with a dot
 * required in the domain: portal mail leaves the company, so "user@localhost" is refused.
 */
const EMAIL_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export type EmailProblem = 'required' | 'tooLong' | 'format' | 'single';

export const EmailProblemMessages: Record<EmailProblem, string> = {
  required: Messages.fillField,
  tooLong: `E-mail addresses may be at most ${EMAIL_LIST_MAX_LENGTH} characters in all.`,
  format: 'Please enter the e-mail address in a valid format, e.g. name@example.com.',
  single: 'Please enter one e-mail address only.',
};

export function isEmailAddress(text: string): boolean {
  return EMAIL_ADDRESS.test(text);
}

/** The addresses of a comma-separated list, trimmed, empty entries dropped. */
export function splitEmailList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** The first problem of a comma-separated list, with the offending address when one is malformed. */
export function emailListProblem(text: string): { problem: EmailProblem; address?: string } | undefined {
  if (text.trim() === '') return { problem: 'required' };
  if (text.length > EMAIL_LIST_MAX_LENGTH) return { problem: 'tooLong' };
  const bad = splitEmailList(text).find((address) => !isEmailAddress(address));
  return bad === undefined ? undefined : { problem: 'format', address: bad };
}

/** One address (a user's e-mail, which receives one-time codes): the list rules, and no second address. */
export function singleEmailProblem(text: string): EmailProblem | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length > EMAIL_LIST_MAX_LENGTH) return 'tooLong';
  if (splitEmailList(trimmed).length > 1 || /[;\s]/.test(trimmed)) return 'single';
  return isEmailAddress(trimmed) ? undefined : 'format';
}

/** The message of a list problem, naming the malformed address. */
export function emailListMessage(result: { problem: EmailProblem; address?: string }): string {
  if (result.problem === 'format' && result.address !== undefined) return `"${result.address}" is not a valid e-mail address.`;
  return EmailProblemMessages[result.problem];
}

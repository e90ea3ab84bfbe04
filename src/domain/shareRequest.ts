import { emailListMessage, emailListProblem } from './email';
import { ShipmentMessages } from './shipmentMessages';

/**
 * The Share AWB e-mail list: the spec's list rules (valid addresses, comma separated, at most 200
 * characters; src/domain/email.ts) and, before them, no line breaks or other control characters,
 * so that nothing can be smuggled into mail headers.
 */
export function shareEmailListProblem(text: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters (header injection) is this check's purpose
  if (/[\u0000-\u001f\u007f\u2028\u2029]/.test(text)) return ShipmentMessages.emailListHeaderInjection;
  const problem = emailListProblem(text);
  return problem ? emailListMessage(problem) : undefined;
}

export function shareOptionsProblem(options: readonly string[]): string | undefined {
  return options.length === 0 ? ShipmentMessages.selectShareInformation : undefined;
}

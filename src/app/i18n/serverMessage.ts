import { Messages } from '../../domain/statusCodes';
import type { Translate } from './translate';

/**
 * Spec 7: a failure shows the translated server message, or the raw message when there is no
 * translation. The server speaks the spec's messages, which are keys of the messages file.
 */
export function translateServerMessage(message: unknown, translate: Translate, fallbackKey = 'app.message.unexpectedError'): string {
  if (typeof message !== 'string' || message.trim() === '') return translate(fallbackKey);
  const key = (Object.keys(Messages) as (keyof typeof Messages)[]).find((name) => Messages[name] === message);
  return key ? translate(`app.message.${key}`) : message;
}

import type { TranslationMessages } from 'ra-core';

let messages: Promise<TranslationMessages> | undefined;

/**
 * react-admin's messages and all of ours, for the signed-in screens: fetched with their own chunk, so
 * the login page carries only the shell's words (`shellMessages.ts`). The same promise on every call,
 * as React's `use` needs; a failed load is tried again on the next call.
 */
export function loadEnglishMessages(): Promise<TranslationMessages> {
  messages ??= Promise.all([import('ra-language-english'), import('./en')])
    .then(([raEnglish, app]): TranslationMessages => ({ ...raEnglish.default, ...app.appMessages }))
    .catch((error: unknown) => {
      messages = undefined;
      throw error;
    });
  return messages;
}

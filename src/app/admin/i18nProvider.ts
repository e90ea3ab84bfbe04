import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';

/** Only English is available (spec 1). */
export function createI18nProvider(messages: TranslationMessages): I18nProvider {
  return polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
}

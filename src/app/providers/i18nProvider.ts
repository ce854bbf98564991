import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { id } from '../../../i18n/id';
import { setDisplayLocale } from '../components/figures';

const LOCALES = [
  { locale: 'id', name: 'Bahasa Indonesia' },
  { locale: 'en', name: 'English' },
];

/**
 * Indonesian by default; English is loaded only when chosen. Plural rules are polyglot's own:
 * Indonesian has one form (the first of ' |||| '), English two. Numbers and dates follow the
 * chosen language too.
 */
const polyglot = polyglotI18nProvider(
  (locale) => (locale === 'en' ? import('../../../i18n/en').then((m) => m.en) : id),
  'id',
  LOCALES,
);

export const i18nProvider: I18nProvider = {
  ...polyglot,
  changeLocale: async (locale, options) => {
    await polyglot.changeLocale(locale, options);
    setDisplayLocale(locale);
  },
};

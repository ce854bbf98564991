import polyglotI18nProvider from 'ra-i18n-polyglot';
import { id } from '../../../i18n/id';

const LOCALES = [
  { locale: 'id', name: 'Bahasa Indonesia' },
  { locale: 'en', name: 'English' },
];

/** Indonesian by default; English is loaded only when chosen. */
export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'en' ? import('../../../i18n/en').then((m) => m.en) : id),
  'id',
  LOCALES,
  {
    // polyglot treats 'id' like Chinese (one form); our messages carry two forms like English.
    pluralRules: {
      pluralTypes: { indonesian: (n: number) => (n === 1 ? 0 : 1) },
      pluralTypeToLanguages: { indonesian: ['id'] },
    },
  } as any,
);

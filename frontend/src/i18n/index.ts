import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, Language } from '@memory-wall/contracts';
import { en, type CoreResources, type Resources } from './en';
import { zh } from './zh';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}

const resources: Record<Language, { translation: CoreResources }> = {
  en: { translation: en },
  zh: { translation: zh },
};

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18n.use(initReactI18next).init({
  resources,
  lng: Language.En,
  fallbackLng: Language.En,
  supportedLngs: LANGUAGES,
  // Resources are bundled, so initialise synchronously: the first render already has its texts.
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes already
});

export default i18n;

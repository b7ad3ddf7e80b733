import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { chooseLanguage } from '../../i18n/language';

/** The language switcher: each language named in itself; the choice is remembered on this browser. */
export function LanguageSelect() {
  const { t, language } = useTranslation();
  return (
    <select
      className="language-select"
      aria-label={t('nav.language')}
      value={language}
      onChange={(e) => chooseLanguage(e.target.value as Language)}
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LANGUAGE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}

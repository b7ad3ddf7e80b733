import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@memory-wall/contracts';
import { useSaveLanguageMutation, useSessionUser } from '../../api/auth';
import { useTranslation } from '../../i18n';
import { chooseLanguage } from '../../i18n/language';

/**
 * The language switcher: each language named in itself; the choice is remembered on this browser and, for
 * a signed-in user, as theirs (their mail is written in it).
 */
export function LanguageSelect() {
  const { t, language } = useTranslation();
  const { user } = useSessionUser();
  const [saveLanguage] = useSaveLanguageMutation();
  const choose = (chosen: Language) => {
    chooseLanguage(chosen);
    // Best effort: the screen has switched already, and the next sign-in says the language again.
    if (user) void saveLanguage({ language: chosen });
  };
  return (
    <select
      className="language-select"
      aria-label={t('nav.language')}
      value={language}
      onChange={(e) => choose(e.target.value as Language)}
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LANGUAGE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { KeywordMessages, MAX_MODERATION_KEYWORDS, normalizeKeywords } from '@memory-wall/contracts';
import { errorMessage } from '../../api/api';
import { useSetModerationKeywordsMutation } from '../../api/moderation';
import { showError, showSuccess } from '../../components/ui/toast';
import { useTranslation } from '../../i18n';

/**
 * The event's keyword list (issue #27), on the moderation page where the memories it holds appear: one word
 * or phrase per line. The server checks the same limits and keeps the list as it stores it.
 */
export function KeywordsPanel({ eventId, keywords }: { eventId: string; keywords: readonly string[] }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(() => keywords.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useSetModerationKeywordsMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const lines = text.split('\n');
    const words = normalizeKeywords(lines);
    if (!words) {
      setError(lines.length > MAX_MODERATION_KEYWORDS ? KeywordMessages.tooMany : KeywordMessages.wordInvalid);
      return;
    }
    setError(null);
    try {
      const stored = await save({ eventId, keywords: words }).unwrap();
      setText(stored.join('\n'));
      showSuccess(t('moderationPage.keywordsSaved'));
    } catch (failure) {
      showError(t('moderationPage.keywordsFailed'), errorMessage(failure));
    }
  };

  return (
    <details className="card mod-keywords">
      <summary>
        {t('moderationPage.keywordsTitle')}{' '}
        <span className="muted">
          (
          {keywords.length
            ? t('moderationPage.keywordsCount', { count: keywords.length })
            : t('moderationPage.keywordsNone')}
          )
        </span>
      </summary>
      <form onSubmit={(e) => void submit(e)}>
        <p className="muted" id={`${id}-hint`}>
          {t('moderationPage.keywordsIntro')}
        </p>
        <div className="field">
          <label htmlFor={id}>{t('moderationPage.keywordsLabel')}</label>
          <textarea
            id={id}
            rows={5}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          />
          {error && (
            <p className="field-error" id={`${id}-error`}>
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={isLoading}>
          {t('moderationPage.keywordsSave')}
        </button>
      </form>
    </details>
  );
}

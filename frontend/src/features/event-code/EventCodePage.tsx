import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { EVENT_CODE_LENGTH, normalizeEventCode } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorMessage, errorStatus } from '../../api/api';
import { useLazyGetEventByCodeQuery } from '../../api/events';
import { Card } from '../../components/ui/Card';
import { TextField } from '../../components/ui/TextField';
import { showError } from '../../components/ui/toast';
import { eventCodeTexts } from '../../i18n/pages/eventCode';
import { addPageTexts } from '../../i18n/lazy';

addPageTexts('eventCode', eventCodeTexts);

/**
 * /event-code (spec §2 Join-an-event page), a guest's page: kept small. The code is upper-cased and at
 * most 6 characters; Continue looks it up and goes on to /contribute?code={code}.
 */
export function EventCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [lookUp, { isFetching }] = useLazyGetEventByCodeQuery();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const wanted = normalizeEventCode(code);
    if (!wanted) {
      showError(t('eventCode.required'));
      return;
    }
    try {
      await lookUp(wanted, true).unwrap();
    } catch (failure) {
      if (errorStatus(failure) === 404 || errorStatus(failure) === 400) {
        showError(t('eventCode.invalidTitle'), t('eventCode.invalidText'));
      } else {
        showError(t('eventCode.lookupFailed'), errorMessage(failure));
      }
      return;
    }
    void navigate(`/contribute?code=${encodeURIComponent(wanted)}`);
  };

  return (
    <main className="page page-narrow">
      <Card title={t('pages.eventCode')} headingLevel={1}>
        <p className="muted">{t('eventCode.intro')}</p>
        <form onSubmit={onSubmit} noValidate className="form">
          <TextField
            label={t('eventCode.label')}
            value={code}
            maxLength={EVENT_CODE_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="ec-code-input"
            onChange={(e) => setCode(e.target.value.toUpperCase().slice(0, EVENT_CODE_LENGTH))}
          />
          <button type="submit" className="button" disabled={isFetching}>
            {isFetching ? t('eventCode.checking') : t('eventCode.continue')}
          </button>
        </form>
      </Card>
    </main>
  );
}

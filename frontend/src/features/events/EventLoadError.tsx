import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { errorStatus } from '../../api/api';

/** Spec §8 Event dashboard: not found (or not yours), or any other failure. */
export function EventLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const status = errorStatus(error);
  const missing = status === 404 || status === 403 || status === 400;
  return (
    <div role="alert" className="card ev-empty">
      {missing && <h2 className="card-title">{t('events.notFoundTitle')}</h2>}
      <p>{missing ? t('events.notFound') : t('events.loadDetailsFailed')}</p>
      <Link to="/events" className="button button-secondary">
        {t('events.backToEvents')}
      </Link>
    </div>
  );
}

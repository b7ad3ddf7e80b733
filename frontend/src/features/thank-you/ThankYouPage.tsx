import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useGetEventBySlugQuery } from '../../api/events';
import { Card } from '../../components/ui/Card';

export function ThankYouPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const slug = searchParams.get('event');
  const { data: event } = useGetEventBySlugQuery(slug || skipToken);

  if (!slug) return <Navigate to="/" replace />;

  return (
    <main className="page page-narrow">
      <Card title={t('thankYou.title')} headingLevel={1}>
        <p>{t('thankYou.text')}</p>
        <div className="actions">
          <Link to="/" className="button">
            {t('common.goHome')}
          </Link>
          {event && (
            <>
              <Link to={`/presentation/${event.id}`} className="button button-secondary">
                {t('thankYou.viewWall')}
              </Link>
              <Link to={`/contribute/${event.id}`} className="button button-secondary">
                {t('thankYou.shareAnother')}
              </Link>
            </>
          )}
        </div>
      </Card>
    </main>
  );
}

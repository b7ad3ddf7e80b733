import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ModerationType } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useGetEventBySlugQuery } from '../../api/events';
import { Card } from '../../components/ui/Card';
import { addPageTexts } from '../../i18n/lazy';
import { thankYouCardTexts, thankYouTexts } from '../../i18n/pages/contribute';

addPageTexts('thankYouPage', thankYouTexts);
addPageTexts('thankYou', thankYouCardTexts);

/** Spec §9: an auto-approving event's guest goes on to the wall after 4 s, the bar moving every 50 ms. */
export const THANK_YOU_REDIRECT = { durationMs: 4000, tickMs: 50 } as const;

/** /thank-you?event={slug}: thanks the guest; for an auto-approving event, goes on to the wall. */
export function ThankYouPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const slug = searchParams.get('event');
  const { data: event } = useGetEventBySlugQuery(slug || skipToken);

  if (!slug) return <Navigate to="/" replace />;
  const autoApproved = event?.moderationType === ModerationType.AutoApprove;

  return (
    <main className="page page-narrow">
      <Card title={t('thankYou.title')} headingLevel={1}>
        <p>{t('thankYou.text')}</p>
        {event && (
          <p className="muted">{autoApproved ? t('thankYouPage.approvedSoon') : t('thankYouPage.awaitingApproval')}</p>
        )}
        {event && autoApproved && <RedirectProgress to={`/presentation/${event.id}`} />}
        <div className="actions">
          <Link to="/" className="button">
            {t('common.goHome')}
          </Link>
          {event && (
            <>
              <Link to={`/gallery/${event.id}`} className="button button-secondary">
                {t('thankYou.seeGallery')}
              </Link>
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

/** A bar filling over THANK_YOU_REDIRECT.durationMs, then the browser goes to `to`. */
function RedirectProgress({ to }: { to: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    const timer = setInterval(
      () => setElapsed((ms) => Math.min(ms + THANK_YOU_REDIRECT.tickMs, THANK_YOU_REDIRECT.durationMs)),
      THANK_YOU_REDIRECT.tickMs,
    );
    return () => clearInterval(timer);
  }, []);

  const done = elapsed >= THANK_YOU_REDIRECT.durationMs;
  useEffect(() => {
    if (done) void navigate(to, { replace: true });
  }, [done, navigate, to]);

  const percent = Math.round((elapsed / THANK_YOU_REDIRECT.durationMs) * 100);
  return (
    <div className="thank-you-redirect">
      <p className="muted" id="thank-you-redirect-label">
        {t('thankYouPage.redirecting')}
      </p>
      <div
        className="mw-progress"
        role="progressbar"
        aria-labelledby="thank-you-redirect-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="mw-progress-bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

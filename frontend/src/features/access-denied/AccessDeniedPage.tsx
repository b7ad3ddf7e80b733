import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Card } from '../../components/ui/Card';
import { accessTexts } from '../../i18n/pages/access';
import { addPageTexts } from '../../i18n/lazy';

addPageTexts('access', accessTexts);

/** What a signed-in user sees on a page their role may not open (spec §2). */
export function AccessDeniedPage() {
  const { t } = useTranslation();
  return (
    <main className="page page-narrow">
      <Card title={t('access.deniedTitle')} headingLevel={1}>
        <p>{t('access.deniedText')}</p>
        <Link to="/" className="button button-secondary">
          {t('common.goHome')}
        </Link>
      </Card>
    </main>
  );
}

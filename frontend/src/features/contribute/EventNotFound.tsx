import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Card } from '../../components/ui/Card';

export function EventNotFound() {
  const { t } = useTranslation();
  return (
    <Card title={t('contribute.notFoundTitle')} headingLevel={1}>
      <p>{t('contribute.notFoundText')}</p>
      <Link to="/event-code" className="button">
        {t('contribute.enterCode')}
      </Link>
    </Card>
  );
}

import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Card } from '../../components/ui/Card';

/** `refusal`: the server's reason when it would not look the event up (429), shown instead of 'not found'. */
export function EventNotFound({ refusal }: { refusal?: string }) {
  const { t } = useTranslation();
  return (
    <Card title={t('contribute.notFoundTitle')} headingLevel={1}>
      <p role={refusal ? 'alert' : undefined}>{refusal ?? t('contribute.notFoundText')}</p>
      <Link to="/event-code" className="button">
        {t('contribute.enterCode')}
      </Link>
    </Card>
  );
}

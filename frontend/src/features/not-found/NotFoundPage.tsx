import { useTranslation } from '../../i18n';
import { Card } from '../../components/ui/Card';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="page">
      <Card title={t('notFound.title')} headingLevel={1}>
        <p>{t('notFound.text')}</p>
      </Card>
    </main>
  );
}

import { useTranslation } from '../../i18n';
import type { Resources } from '../../i18n/en';
import { Card } from './Card';

export type PageName = keyof Resources['pages'];

/** Stand-in for a page a later issue builds: names the page and says it is coming. */
export function Placeholder({ page }: { page: PageName }) {
  const { t } = useTranslation();
  return (
    <main className="page">
      <Card title={t(`pages.${page}`)} headingLevel={1}>
        <p>{t('placeholder.comingSoon')}</p>
      </Card>
    </main>
  );
}

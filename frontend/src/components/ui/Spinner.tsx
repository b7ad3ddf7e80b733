import { useTranslation } from '../../i18n';

export function Spinner() {
  const { t } = useTranslation();
  return (
    <div className="spinner" role="status">
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

import { useTranslation } from 'react-i18next';

export function Spinner() {
  const { t } = useTranslation();
  return (
    <div className="spinner" role="status">
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

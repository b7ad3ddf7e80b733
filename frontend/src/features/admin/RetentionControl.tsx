import { useState, type FormEvent } from 'react';
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, type AdminServiceProvider } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../../api/api';
import { useSetProviderRetentionMutation } from '../../api/admin';
import { showError, showSuccess } from '../../components/ui/toast';

/**
 * A provider's media retention in the owner's providers table: its days or the platform's default, and an
 * inline form to change it (a number of days, or back to the default).
 */
export function RetentionControl({ provider }: { provider: AdminServiceProvider }) {
  const { t } = useTranslation();
  const [setRetention, { isLoading }] = useSetProviderRetentionMutation();
  const [editing, setEditing] = useState(false);
  const [days, setDays] = useState('');
  const label =
    provider.retentionDays === null
      ? t('admin.retentionDefault', { days: provider.defaultRetentionDays })
      : t('admin.retentionDays', { days: provider.retentionDays });

  const save = async (retentionDays: number | null) => {
    try {
      const saved = await setRetention({ serviceProviderId: provider.id, retentionDays }).unwrap();
      setEditing(false);
      showSuccess(
        t('admin.retentionSaved'),
        t('admin.retentionSavedText', {
          name: saved.companyName,
          retention:
            saved.retentionDays === null
              ? t('admin.retentionDefault', { days: saved.defaultRetentionDays })
              : t('admin.retentionDays', { days: saved.retentionDays }),
        }),
      );
    } catch (error) {
      showError(t('admin.retentionFailed'), errorMessage(error) ?? t('common.unknownError'));
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(days);
    if (days.trim() === '' || !Number.isInteger(value) || value < MIN_RETENTION_DAYS || value > MAX_RETENTION_DAYS) {
      showError(
        t('admin.retentionFailed'),
        t('admin.retentionRange', { min: MIN_RETENTION_DAYS, max: MAX_RETENTION_DAYS }),
      );
      return;
    }
    void save(value);
  };

  if (!editing)
    return (
      <span className="cr-retention">
        <span>{label}</span>
        <button
          type="button"
          className="button button-secondary cr-small"
          aria-label={t('admin.retentionEdit', { name: provider.companyName })}
          onClick={() => {
            setDays(String(provider.retentionDays ?? provider.defaultRetentionDays));
            setEditing(true);
          }}
        >
          {t('common.edit')}
        </button>
      </span>
    );
  return (
    <form className="cr-retention" onSubmit={onSubmit} noValidate>
      <input
        type="number"
        inputMode="numeric"
        min={MIN_RETENTION_DAYS}
        max={MAX_RETENTION_DAYS}
        step={1}
        className="cr-retention-days"
        aria-label={t('admin.retentionInput', { name: provider.companyName })}
        value={days}
        onChange={(event) => setDays(event.target.value)}
        disabled={isLoading}
        autoFocus
      />
      <span className="muted">{t('admin.retentionUnit')}</span>
      <button type="submit" className="button cr-small" disabled={isLoading}>
        {t('common.save')}
      </button>
      <button
        type="button"
        className="button button-secondary cr-small"
        disabled={isLoading || provider.retentionDays === null}
        onClick={() => void save(null)}
      >
        {t('admin.retentionUseDefault')}
      </button>
      <button
        type="button"
        className="button button-secondary cr-small"
        disabled={isLoading}
        onClick={() => setEditing(false)}
      >
        {t('common.cancel')}
      </button>
    </form>
  );
}

import type { AdminServiceProvider } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../../api/api';
import { useSetProviderVerifiedMutation } from '../../api/admin';
import { showError } from '../../components/ui/toast';

/** The owner's switch of a provider's verification, showing its badge (Verified / Not Verified). */
export function VerifiedToggle({ provider }: { provider: AdminServiceProvider }) {
  const { t } = useTranslation();
  const [setVerified, { isLoading }] = useSetProviderVerifiedMutation();
  const toggle = async () => {
    try {
      await setVerified({ serviceProviderId: provider.id, verified: !provider.verified }).unwrap();
    } catch (error) {
      showError(t('admin.verifyFailed'), errorMessage(error) ?? t('common.unknownError'));
    }
  };
  return (
    <button
      type="button"
      role="switch"
      aria-checked={provider.verified}
      aria-label={t('admin.verifiedSwitch', { name: provider.companyName })}
      className="cr-switch"
      disabled={isLoading}
      onClick={() => void toggle()}
    >
      <span className="cr-switch-track" aria-hidden="true">
        <span className="cr-switch-thumb" />
      </span>
      <span className={provider.verified ? 'cr-badge cr-badge-active' : 'cr-badge cr-badge-muted'}>
        {provider.verified ? t('admin.verified') : t('admin.notVerified')}
      </span>
    </button>
  );
}

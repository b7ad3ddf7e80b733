import { useTranslation } from '../../i18n';
import { DetailList } from '../../components/ui/DetailList';
import { CopyButton } from './CopyButton';

/** A customer's username and PIN, each copyable: shown once, right after the login was created. */
export function CustomerCredentials({ username, pin }: { username: string; pin: string }) {
  const { t } = useTranslation();
  return (
    <DetailList
      rows={[
        [
          t('customers.username'),
          <span className="ev-copy-row">
            <code>{username}</code>
            <CopyButton text={username} label={t('customers.copyUsername', { username })} />
          </span>,
        ],
        [
          t('customers.pin'),
          <span className="ev-copy-row">
            <code data-testid="customer-pin">{pin}</code>
            <CopyButton text={pin} label={t('customers.copyPin')} />
          </span>,
        ],
      ]}
    />
  );
}

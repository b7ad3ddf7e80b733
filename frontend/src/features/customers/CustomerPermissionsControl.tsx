import type { CustomerPermissions, EventCustomer } from '@memory-wall/contracts';
import { errorMessage } from '../../api/api';
import { useSetCustomerPermissionsMutation } from '../../api/hostEvents';
import { showError, showSuccess } from '../../components/ui/toast';
import { useTranslation } from '../../i18n';

const PERMISSIONS: Array<keyof CustomerPermissions> = ['canModerate', 'canEditTheme', 'canEditDetails'];

/** What one customer may do with the event, each a switch that saves at once (the server enforces them). */
export function CustomerPermissionsControl({ eventId, customer }: { eventId: string; customer: EventCustomer }) {
  const { t } = useTranslation();
  const [save, { isLoading }] = useSetCustomerPermissionsMutation();

  const toggle = async (permission: keyof CustomerPermissions, allowed: boolean) => {
    try {
      await save({ eventId, customerId: customer.id, [permission]: allowed }).unwrap();
      showSuccess(t('customers.permissionsSaved', { username: customer.username }));
    } catch (error) {
      showError(t('customers.permissionsFailed'), errorMessage(error));
    }
  };

  return (
    <fieldset className="ev-permissions" disabled={isLoading}>
      <legend className="visually-hidden">{t('customers.permissionsFor', { username: customer.username })}</legend>
      {PERMISSIONS.map((permission) => (
        <label key={permission} className="ev-permission">
          <input
            type="checkbox"
            checked={customer.permissions[permission]}
            onChange={(e) => void toggle(permission, e.target.checked)}
          />
          {t(`customers.permission.${permission}`)}
        </label>
      ))}
    </fieldset>
  );
}

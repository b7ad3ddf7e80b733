import { startTransition, useOptimistic } from 'react';
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
  // The switch moves as it is clicked, while its change is saved; then it shows the list's answer.
  const [shown, show] = useOptimistic(
    customer.permissions,
    (current, change: Partial<CustomerPermissions>): CustomerPermissions => ({ ...current, ...change }),
  );

  const toggle = (permission: keyof CustomerPermissions, allowed: boolean) =>
    startTransition(async () => {
      show({ [permission]: allowed });
      try {
        await save({ eventId, customerId: customer.id, [permission]: allowed }).unwrap();
        showSuccess(t('customers.permissionsSaved', { username: customer.username }));
      } catch (error) {
        showError(t('customers.permissionsFailed'), errorMessage(error));
      }
    });

  return (
    <fieldset className="ev-permissions" disabled={isLoading}>
      <legend className="visually-hidden">{t('customers.permissionsFor', { username: customer.username })}</legend>
      {PERMISSIONS.map((permission) => (
        <label key={permission} className="ev-permission">
          <input type="checkbox" checked={shown[permission]} onChange={(e) => toggle(permission, e.target.checked)} />
          {t(`customers.permission.${permission}`)}
        </label>
      ))}
    </fieldset>
  );
}

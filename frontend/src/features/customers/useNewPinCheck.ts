import { EventMessages, isCustomerPin } from '@memory-wall/contracts';
import { showError } from '../../components/ui/toast';
import type { FieldErrors } from '../../components/ui/useFormFields';
import { useTranslation } from '../../i18n';

interface Entered<F extends string> {
  field: F;
  value: string;
}

/**
 * The check of a new customer PIN and its confirmation (spec §5: exactly 6 digits, typed twice). It marks
 * the field at fault and says why; it answers whether both are right.
 */
export function useNewPinCheck() {
  const { t } = useTranslation();
  return <F extends string>(
    setErrors: (errors: FieldErrors<F>) => void,
    pin: Entered<F>,
    confirmation: Entered<F>,
  ): boolean => {
    if (!isCustomerPin(pin.value)) {
      setErrors({ [pin.field]: EventMessages.pinLength } as FieldErrors<F>);
      showError(t('customers.invalidPasswordFormat'), EventMessages.pinLength);
      return false;
    }
    if (confirmation.value !== pin.value) {
      setErrors({ [confirmation.field]: t('customers.passwordsDontMatchText') } as FieldErrors<F>);
      showError(t('customers.passwordsDontMatch'));
      return false;
    }
    return true;
  };
}

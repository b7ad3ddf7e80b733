import type { FormEvent } from 'react';
import type { EventCustomer } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../../api/api';
import { useResetCustomerPasswordMutation } from '../../api/hostEvents';
import { FormActions } from '../../components/ui/FormActions';
import { showError, showSuccess } from '../../components/ui/toast';
import { useFormFields } from '../../components/ui/useFormFields';
import { PinField } from './PinField';
import { useNewPinCheck } from './useNewPinCheck';

type Field = 'password' | 'confirmPassword';

/** Spec §5 Customer password reset: exactly 6 digits, confirmed. */
export function ResetPinForm({ customer, onDone }: { customer: EventCustomer; onDone(): void }) {
  const { t } = useTranslation();
  const [resetPassword, { isLoading }] = useResetCustomerPasswordMutation();
  const form = useFormFields<Field>({ password: '', confirmPassword: '' });
  const checkNewPin = useNewPinCheck();
  const { values } = form;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (
      !checkNewPin(
        form.setErrors,
        { field: 'password', value: values.password },
        { field: 'confirmPassword', value: values.confirmPassword },
      )
    )
      return;
    try {
      await resetPassword({ customerId: customer.id, password: values.password }).unwrap();
      showSuccess(t('customers.pinReset'), t('customers.pinResetText', { username: customer.username }));
      onDone();
    } catch (error) {
      showError(t('customers.resetFailed'), errorMessage(error));
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="form ev-subform"
      aria-label={t('customers.resetPinFor', { username: customer.username })}
    >
      <PinField label={t('customers.newPin')} {...form.field('password')} />
      <PinField label={t('customers.confirmPin')} {...form.field('confirmPassword')} />
      <FormActions submit={t('customers.savePin')} busy={isLoading} onCancel={onDone} />
    </form>
  );
}

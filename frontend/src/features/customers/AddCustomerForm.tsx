import type { FormEvent } from 'react';
import { EventMessages } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorFields, errorMessage } from '../../api/api';
import type { CustomerCreated } from '@memory-wall/contracts';
import { useAddEventCustomerMutation } from '../../api/hostEvents';
import { TextField } from '../../components/ui/TextField';
import { PinField } from './PinField';
import { FormActions } from '../../components/ui/FormActions';
import { showError, showSuccess } from '../../components/ui/toast';
import { pickFieldErrors, useFormFields } from '../../components/ui/useFormFields';
import { generatePin } from './pin';
import { useNewPinCheck } from './useNewPinCheck';

type Field = 'customerName' | 'customerEmail' | 'customerUsername' | 'customerPassword' | 'confirmPassword';

const EMPTY: Record<Field, string> = {
  customerName: '',
  customerEmail: '',
  customerUsername: '',
  customerPassword: '',
  confirmPassword: '',
};
const SERVER_FIELDS: Record<Field, readonly string[]> = {
  customerName: ['customerName'],
  customerEmail: ['customerEmail'],
  customerUsername: ['customerUsername'],
  customerPassword: ['customerPassword', 'password'],
  confirmPassword: [],
};

interface Props {
  eventId: string;
  onAdded(created: CustomerCreated): void;
  onCancel(): void;
}

/** Spec §5 Customer add: all four fields, a 6-digit PIN and its confirmation. */
export function AddCustomerForm({ eventId, onAdded, onCancel }: Props) {
  const { t } = useTranslation();
  const [addCustomer, { isLoading }] = useAddEventCustomerMutation();
  const form = useFormFields<Field>(EMPTY);
  const checkNewPin = useNewPinCheck();
  const { values } = form;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const name = values.customerName.trim();
    const email = values.customerEmail.trim();
    const username = values.customerUsername.trim();
    if (!name || !email || !username || !values.customerPassword) {
      showError(t('customers.missingInformation'), EventMessages.missingInformation);
      return;
    }
    const pin = { field: 'customerPassword', value: values.customerPassword } as const;
    if (!checkNewPin(form.setErrors, pin, { field: 'confirmPassword', value: values.confirmPassword })) return;

    try {
      const created = await addCustomer({
        eventId,
        customerName: name,
        customerEmail: email,
        customerUsername: username,
        customerPassword: values.customerPassword,
      }).unwrap();
      showSuccess(t('customers.added'), t('customers.addedText', { username: created.customer.username }));
      onAdded(created);
    } catch (error) {
      form.setErrors(pickFieldErrors(errorFields(error), SERVER_FIELDS));
      showError(t('customers.addFailed'), errorMessage(error) ?? t('customers.addFailedText'));
    }
  };

  const fillPin = () => {
    const pin = generatePin();
    form.reset({ ...values, customerPassword: pin, confirmPassword: pin });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="form ev-subform" aria-label={t('customers.addCustomer')}>
      <p className="field-hint">{t('customers.addHint')}</p>
      <TextField label={t('customers.customerName')} autoComplete="off" {...form.field('customerName')} />
      <TextField
        label={t('customers.customerEmail')}
        type="email"
        autoComplete="off"
        {...form.field('customerEmail')}
      />
      <TextField label={t('customers.customerUsername')} autoComplete="off" {...form.field('customerUsername')} />
      <PinField label={t('customers.pin')} {...form.field('customerPassword')} />
      <PinField label={t('customers.confirmPin')} {...form.field('confirmPassword')} />
      <FormActions
        submit={isLoading ? t('customers.adding') : t('customers.addCustomer')}
        busy={isLoading}
        onCancel={onCancel}
      >
        <button type="button" className="button button-secondary" onClick={fillPin}>
          {t('customers.generatePin')}
        </button>
      </FormActions>
    </form>
  );
}

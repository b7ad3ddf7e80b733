import { useId, type ChangeEvent, type ChangeEventHandler, type FormEvent } from 'react';
import { CreditMessages, MAX_CREDIT_ADJUSTMENT, type AdminServiceProvider } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorFields, errorMessage } from '../../api/api';
import { useAdjustCreditsMutation } from '../../api/admin';
import { TextField } from '../../components/ui/TextField';
import { FormActions } from '../../components/ui/FormActions';
import { showError, showSuccess } from '../../components/ui/toast';
import { hasErrors, pickFieldErrors, useFormFields, type FieldErrors } from '../../components/ui/useFormFields';

type Field = 'serviceProviderId' | 'amount' | 'reason';
const EMPTY: Record<Field, string> = { serviceProviderId: '', amount: '', reason: '' };
const SERVER_FIELDS: Record<Field, readonly string[]> = {
  serviceProviderId: ['serviceProviderId'],
  amount: ['amount'],
  reason: ['reason'],
};
const WHOLE_NUMBER = /^[+-]?\d+$/;

/** Spec §5 Credit adjustment: a provider, a non-zero whole number of credits (either way) and a reason. */
function validate(values: Record<Field, string>): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (!values.serviceProviderId) errors.serviceProviderId = CreditMessages.providerRequired;
  const amount = values.amount.trim();
  if (!WHOLE_NUMBER.test(amount) || Number(amount) === 0) errors.amount = CreditMessages.amountRequired;
  else if (Math.abs(Number(amount)) > MAX_CREDIT_ADJUSTMENT) errors.amount = CreditMessages.amountTooLarge;
  if (!values.reason.trim()) errors.reason = CreditMessages.reasonRequired;
  return errors;
}

/** The owner adds or removes a provider's credits; the server never lets a balance go below zero. */
export function AdjustCreditsForm({ providers }: { providers: readonly AdminServiceProvider[] }) {
  const { t } = useTranslation();
  const selectId = useId();
  const [adjustCredits, { isLoading }] = useAdjustCreditsMutation();
  const { values, errors, setErrors, field, reset } = useFormFields<Field>(EMPTY);
  const providerField = field('serviceProviderId');
  const amountField = field('amount');

  const step = (by: number) => {
    const current = WHOLE_NUMBER.test(values.amount.trim()) ? Number(values.amount.trim()) : 0;
    amountField.onChange({ target: { value: String(current + by) } } as ChangeEvent<HTMLInputElement>);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = validate(values);
    setErrors(invalid);
    if (hasErrors(invalid)) return;

    const provider = providers.find((p) => p.id === values.serviceProviderId);
    try {
      const result = await adjustCredits({
        serviceProviderId: values.serviceProviderId,
        amount: Number(values.amount.trim()),
        reason: values.reason.trim(),
      }).unwrap();
      showSuccess(
        t('billing.adjusted'),
        t('billing.adjustedText', {
          name: provider?.companyName ?? result.transaction.serviceProviderName,
          count: result.availableCredits,
        }),
      );
      // The next adjustment is most often for the same provider.
      reset({ ...EMPTY, serviceProviderId: values.serviceProviderId });
    } catch (error) {
      setErrors(pickFieldErrors(errorFields(error), SERVER_FIELDS));
      showError(t('billing.adjustFailed'), errorMessage(error));
    }
  };

  const selectError = errors.serviceProviderId;
  return (
    <form onSubmit={onSubmit} noValidate className="form cr-adjust">
      <p className="muted">{t('billing.adjustIntro')}</p>
      <div className="field">
        <label htmlFor={selectId}>{t('billing.providerLabel')}</label>
        <select
          id={selectId}
          className="cr-select"
          name="serviceProviderId"
          value={providerField.value}
          onChange={providerField.onChange as unknown as ChangeEventHandler<HTMLSelectElement>}
          aria-invalid={selectError ? true : undefined}
          aria-describedby={selectError ? `${selectId}-error` : undefined}
        >
          <option value="">{t('billing.chooseProvider')}</option>
          {providers.map((provider) => (
            <option key={provider.id} value={provider.id}>
              {t('billing.providerOption', {
                name: provider.companyName,
                username: provider.userName,
                count: provider.availableCredits,
              })}
            </option>
          ))}
        </select>
        {selectError && (
          <p className="field-error" id={`${selectId}-error`}>
            {selectError}
          </p>
        )}
      </div>
      <div className="cr-stepper">
        <button
          type="button"
          className="button button-secondary cr-step"
          aria-label={t('billing.decrease')}
          onClick={() => step(-1)}
        >
          −
        </button>
        <TextField
          label={t('billing.amountLabel')}
          type="text"
          autoComplete="off"
          hint={t('billing.amountHint')}
          {...amountField}
        />
        <button
          type="button"
          className="button button-secondary cr-step"
          aria-label={t('billing.increase')}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
      <TextField label={t('billing.reasonLabel')} multiline rows={3} maxLength={500} {...field('reason')} />
      <FormActions submit={isLoading ? t('billing.submitting') : t('billing.submit')} busy={isLoading} />
    </form>
  );
}

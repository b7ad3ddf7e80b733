import { CUSTOMER_PIN_LENGTH } from '@memory-wall/contracts';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { useTranslation } from '../../../i18n';
import { generatePin } from '../../customers/pin';
import type { EventFormState } from './useEventFormValues';

/** A new event's customer login (optional): filled in, the event is published and charged at once. */
export function CustomerAccessCard({ form }: { form: EventFormState }) {
  const { t } = useTranslation();
  const { set, text } = form;
  return (
    <Card title={t('events.customerAccess')}>
      <p className="field-hint">{t('events.customerAccessHint')}</p>
      <div className="form">
        <TextField label={t('events.customerName')} autoComplete="off" {...text('customerName')} />
        <TextField label={t('events.customerEmail')} type="email" autoComplete="off" {...text('customerEmail')} />
        <TextField label={t('events.customerUsername')} autoComplete="off" {...text('customerUsername')} />
        <div className="ev-pin">
          <TextField
            label={t('events.customerPassword')}
            hint={t('events.customerPasswordHint')}
            inputMode="numeric"
            maxLength={CUSTOMER_PIN_LENGTH}
            autoComplete="off"
            {...text('customerPassword')}
          />
          <button
            type="button"
            className="button button-secondary"
            onClick={() => set('customerPassword', generatePin())}
          >
            {t('events.generatePin')}
          </button>
        </div>
      </div>
    </Card>
  );
}

import {
  EVENT_CODE_LENGTH,
  EVENT_TYPES,
  LANGUAGE_NAMES,
  LANGUAGES,
  type EventType,
  type Language,
} from '@memory-wall/contracts';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { useTranslation } from '../../../i18n';
import { todayIso } from '../eventFormat';
import { SelectField } from '../fields';
import type { EventFormState } from './useEventFormValues';

/** The event's details: name, type, dates, code and the guests' default language. */
export function EventDetailsCard({ form }: { form: EventFormState }) {
  const { t } = useTranslation();
  const { values, set, text } = form;
  const today = todayIso();
  return (
    <Card title={t('events.details')}>
      <div className="form">
        <TextField label={t('events.name')} autoComplete="off" {...text('name')} />
        <SelectField
          label={t('events.type')}
          value={values.eventType}
          onChange={(e) => set('eventType', e.target.value as EventType)}
          options={EVENT_TYPES.map((type) => ({ value: type, label: t(`events.eventType.${type}`) }))}
        />
        <div className="ev-two">
          <TextField
            label={t('events.date')}
            type="date"
            min={today}
            hint={t('events.dateHint')}
            {...text('eventDate')}
          />
          <TextField
            label={t('events.endDate')}
            type="date"
            min={values.eventDate && values.eventDate > today ? values.eventDate : today}
            {...text('eventEndDate')}
          />
        </div>
        <TextField
          label={t('events.eventCode')}
          hint={t('events.eventCodeHint')}
          maxLength={EVENT_CODE_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          {...text('eventCode', (v) => v.toUpperCase())}
        />
        <SelectField
          label={t('events.defaultLanguage')}
          value={values.defaultLanguage}
          onChange={(e) => set('defaultLanguage', e.target.value as Language)}
          options={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
        />
      </div>
    </Card>
  );
}

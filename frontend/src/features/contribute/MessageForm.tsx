import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { PublicEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { errorFields, errorMessage } from '../../api/api';
import { useSubmitMessageMutation } from '../../api/submissions';
import { TextField } from '../../components/ui/TextField';
import { NameField } from './NameField';
import { showError } from '../../components/ui/toast';

type FieldName = 'name' | 'title' | 'message';
type FieldErrors = Partial<Record<FieldName, string>>;
const FIELD_NAMES: readonly FieldName[] = ['name', 'title', 'message'];

export function MessageForm({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [submitMessage, { isLoading }] = useSubmitMessageMutation();
  const [values, setValues] = useState<Record<FieldName, string>>({ name: '', title: '', message: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  const change = (field: FieldName) => (e: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: e.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    if (!values.name.trim()) found.name = t('contribute.nameRequired');
    if (!values.message.trim()) found.message = t('contribute.messageRequired');
    return found;
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = validate();
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;

    try {
      await submitMessage({
        eventId: event.id,
        name: values.name.trim(),
        message: values.message.trim(),
        title: values.title.trim(),
      }).unwrap();
      void navigate(`/thank-you?event=${encodeURIComponent(event.slug)}`);
    } catch (error) {
      const serverErrors = pickFieldErrors(errorFields(error));
      if (Object.keys(serverErrors).length > 0) setErrors(serverErrors);
      else showError(t('contribute.submitError'), errorMessage(error) ?? t('common.unknownError'));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="form">
      <NameField name="name" value={values.name} onChange={change('name')} error={errors.name} />
      <TextField
        label={t('contribute.titleLabel')}
        name="title"
        placeholder={t('contribute.titlePlaceholder')}
        value={values.title}
        onChange={change('title')}
        error={errors.title}
      />
      <TextField
        multiline
        label={t('contribute.messageLabel')}
        name="message"
        rows={5}
        value={values.message}
        onChange={change('message')}
        error={errors.message}
      />
      <button type="submit" className="button" disabled={isLoading}>
        {t('common.submit')}
      </button>
    </form>
  );
}

/** The server's per-field messages for the fields this form shows. */
function pickFieldErrors(fields: Record<string, string>): FieldErrors {
  const picked: FieldErrors = {};
  for (const name of FIELD_NAMES) if (fields[name]) picked[name] = fields[name];
  return picked;
}
